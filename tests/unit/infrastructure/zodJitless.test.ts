import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from '../../../infrastructure/zod';

/** Every .ts/.tsx file of the client's layers. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("zod under the production CSP (no 'unsafe-eval')", () => {
  it('is jitless, so it never probes new Function (a reported violation)', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });

  it("the client imports zod's runtime only through infrastructure/zod.ts (type imports are free)", () => {
    const offenders = ['domain', 'application', 'infrastructure', 'presentation', 'composition']
      .flatMap(sources)
      .filter((f) => f !== join('infrastructure', 'zod.ts'))
      .filter((f) => /^\s*import\s+(?!type\b)[^;]*from\s+['"]zod(\/[^'"]*)?['"]/m.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
