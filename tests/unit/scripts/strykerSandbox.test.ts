import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the Stryker config is plain JavaScript, without types.
import strykerConfig, { SANDBOX_EXTRA_FILES } from '../../../stryker.config.mjs';

/**
 * The mutation run (stryker.config.mjs) copies only the domain, its tests and a short
 * list of other files into its sandbox. A domain test that imports anything else fails
 * to load there without failing the run: the code it covers is reported as "no coverage"
 * (domain/shell/linkPolicy.ts was, until 2026-11-27). Every file the domain tests reach
 * through relative imports must be one the sandbox has.
 */
const ROOT = resolve(import.meta.dirname, '../../..');

const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return testFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });

/** Relative imports of a module (static imports and exports, and import() with a literal), resolved to files. */
function localImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const specs = [...code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1] as string);
  return specs.map((spec) => {
    const base = resolve(dirname(file), spec);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f) && statSync(f).isFile());
    if (!found) throw new Error(`${relative(ROOT, file)}: cannot resolve ${spec}`);
    return found;
  });
}

/** Whether the sandbox has a file: the domain, the domain tests, tests/setup.ts, and the extra files. */
const inSandbox = (file: string): boolean => {
  const rel = relative(ROOT, file).split('\\').join('/');
  return rel.startsWith('domain/') || rel.startsWith('tests/unit/domain/') || rel === 'tests/setup.ts' || (SANDBOX_EXTRA_FILES as string[]).includes(rel);
};

describe('Stryker sandbox', () => {
  it('has every file the domain tests import, directly or through what they import', () => {
    const seen = new Set<string>();
    const queue = [...testFiles(join(ROOT, 'tests/unit/domain')), join(ROOT, 'tests/setup.ts')];
    const missing: string[] = [];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      if (!inSandbox(file)) missing.push(relative(ROOT, file));
      queue.push(...localImports(file));
    }
    expect(missing).toEqual([]);
    // The walk did reach the files the list names, so none of them is kept for nothing.
    for (const extra of SANDBOX_EXTRA_FILES as string[]) expect(seen.has(join(ROOT, extra))).toBe(true);
  });

  it('lets the extra files in, and nothing else beside the domain and its tests', () => {
    const patterns = (strykerConfig as { ignorePatterns: string[] }).ignorePatterns;
    expect(patterns[0]).toBe('/*');
    for (const extra of SANDBOX_EXTRA_FILES as string[]) expect(patterns).toContain(`!/${extra}`);
    const letIn = patterns.filter((p) => p.startsWith('!') && /\.[a-z]+$/.test(p));
    expect(letIn.sort()).toEqual(['!/package.json', '!/tests/setup.ts', '!/tsconfig.json', '!/vitest.stryker.config.mjs', ...(SANDBOX_EXTRA_FILES as string[]).map((f) => `!/${f}`)].sort());
  });
});
