import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every test file name under tests/, to check the rows point at real tests. */
function testFiles(dir = 'tests'): Set<string> {
  const out = new Set<string>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) for (const f of testFiles(path)) out.add(f);
    else if (/\.(test|spec)\.tsx?$/.test(name)) out.add(name);
  }
  return out;
}

const api = readFileSync('docs/api.md', 'utf8');
const rows = api.split('\n').filter((l) => l.startsWith('| `'));
const calls = readFileSync('tests/fixtures/spec-point7-calls.txt', 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter(Boolean);
const tests = testFiles();

describe('docs/api.md covers every call of SPEC point 7', () => {
  it('the fixture still matches the spec when the spec is beside the repository', () => {
    const spec = '../shared/spec/SPEC.md';
    if (!existsSync(spec)) return;
    const point7 = readFileSync(spec, 'utf8').split('## 7.')[1]?.split('## 8.')[0] ?? '';
    for (const call of calls) {
      const [, path] = call.split(' ');
      if (path!.startsWith('{')) continue;
      const tail = path!.split('/').filter((s) => s && !s.startsWith('{')).at(-1)!;
      expect(point7, `${call} is in SPEC point 7`).toContain(tail);
    }
  });

  it.each(calls)('%s has a row naming a test that exists', (call) => {
    const [method, path] = call.split(' ') as [string, string];
    const row = rows.find((r) => {
      const cell = r.split('|')[1] ?? '';
      if (!cell.includes(method)) return false;
      const pattern = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[^}]*\\\}/g, '[^/`?]+');
      return new RegExp(`${pattern}(?![\\w/-])`).test(cell);
    });
    expect(row, `no row in docs/api.md for ${call}`).toBeDefined();
    const named = [...row!.matchAll(/([\w.-]+\.(?:test|spec)\.tsx?)/g)].map((m) => m[1]!);
    expect(named.length, `row for ${call} names no test`).toBeGreaterThan(0);
    for (const t of named) expect(tests.has(t), `${t} exists`).toBe(true);
  });
});
