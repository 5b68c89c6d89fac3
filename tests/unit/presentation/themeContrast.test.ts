import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Text colours keep a contrast of at least 4.5:1 (WCAG AA; Lighthouse's colour-contrast
 * audit in npm run bench): the theme's text tokens on the page's white, grey and tinted
 * backgrounds, and no stylesheet colouring text with one of the lighter literals the
 * tokens replaced.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');
const THEME = readFileSync(join(ROOT, 'presentation', 'shared', 'theme.css'), 'utf8');

const token = (name: string): string => {
  const found = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6})`).exec(THEME);
  if (!found?.[1]) throw new Error(`${name} is not a colour in theme.css`);
  return found[1];
};

const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('theme text colours', () => {
  // The backgrounds text sits on: cards, the page, grey chips, and the state tags' tints.
  const WHITE = '#ffffff';
  const PAGE = token('--cw-bg');
  it.each([
    ['--adm-color-primary', [WHITE, PAGE]],
    ['--cw-text-2', [WHITE, PAGE]],
    ['--cw-text-3', [WHITE, PAGE, '#f2f3f5']],
    ['--cw-success-text', [WHITE, '#e8f8f1']],
    ['--cw-warning-text', [WHITE, '#fff7e6']],
    ['--cw-danger-text', [WHITE, '#fff0f0']],
  ] as const)('%s reads at 4.5:1 or more', (name, backgrounds) => {
    for (const bg of backgrounds) expect(contrast(token(name), bg), `${name} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });

  it('white text on the primary and danger buttons reads at 4.5:1 or more', () => {
    expect(contrast(WHITE, token('--adm-color-primary'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(WHITE, token('--cw-danger-text'))).toBeGreaterThanOrEqual(4.5);
  });

  it('no stylesheet colours text with a literal the tokens replaced', () => {
    const replaced = ['#8f959e', '#a0a5ad', '#8a8f99', '#86909c', '#a0a6b0', '#00b578', '#00a854', '#d48806', '#fa8c16', '#d46b08', '#ff3141', '#1677ff'];
    const sheets = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sheets(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : []));
    const offenders = sheets(join(ROOT, 'presentation')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?<![-\w])color:\s*(#[0-9a-fA-F]{6})\b/g)]
        .filter((m) => replaced.includes(m[1]!.toLowerCase()))
        .map((m) => `${file.slice(ROOT.length + 1)}: ${m[0]}`),
    );
    expect(offenders).toEqual([]);
  });
});
