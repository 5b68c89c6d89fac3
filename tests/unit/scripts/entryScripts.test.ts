import { describe, expect, it } from 'vitest';
import { facadeTarget, retarget, selfStart } from '../../../scripts/vite/entryScripts';

describe('entry facades collapsed into the chunk they run (scripts/vite/entryScripts.ts)', () => {
  it.each([
    ['import{t as e}from"./main-Bqyr3LUw.js";e();', { file: 'main-Bqyr3LUw.js', exported: 't' }],
    ['import { n as r } from "./early-P3YIrCkD.js";\nr();\n', { file: 'early-P3YIrCkD.js', exported: 'n' }],
  ])('reads the chunk and the export a facade runs: %s', (code, target) => {
    expect(facadeTarget(code)).toEqual(target);
  });

  it.each([
    ['an entry with code of its own', 'import{t as e}from"./main.js";e();console.log(1);'],
    ['a call of another name', 'import{t as e}from"./main.js";f();'],
    ['a chunk in another folder', 'import{t as e}from"../x/main.js";e();'],
    ['two imports', 'import{t as e}from"./a.js";import"./b.js";e();'],
    ['a re-export', 'export{t}from"./main.js";'],
  ])('leaves any other code alone: %s', (_what, code) => {
    expect(facadeTarget(code)).toBeNull();
  });

  it('the chunk ends by importing itself and making the call', () => {
    expect(selfStart('main-x.js', 't')).toBe('\nimport{t as __entryStart}from"./main-x.js";__entryStart();\n');
  });

  it('index.html loads the chunk where it loaded the facade, and preloads it no more', () => {
    const html = [
      '<script type="module" crossorigin src="./assets/index-a.js"></script>',
      '<link rel="modulepreload" crossorigin href="./assets/rolldown-runtime-b.js">',
      '<link rel="modulepreload" crossorigin href="./assets/main-c.js">',
      '<link rel="stylesheet" crossorigin href="./assets/main-c.css">',
    ].join('\n    ');
    expect(retarget(html, 'assets/index-a.js', 'assets/main-c.js')).toBe(
      [
        '<script type="module" crossorigin src="./assets/main-c.js"></script>',
        '<link rel="modulepreload" crossorigin href="./assets/rolldown-runtime-b.js">',
        '<link rel="stylesheet" crossorigin href="./assets/main-c.css">',
      ].join('\n    '),
    );
    expect(retarget(html, 'assets/other.js', 'assets/main-c.js')).toBe(html);
  });
});
