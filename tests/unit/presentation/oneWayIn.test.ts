import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../../application/shared/routes';
import { ROUTES } from '../../../presentation/routes';

/**
 * What the backend sends reaches the screen one way only: server HTML through
 * ServerHtml (the sanitizer and the link policy), pages through SandboxedFrame (the
 * frame rule). A new screen that drew its own iframe or inner HTML would step around
 * both, so this fails on it.
 */
const ROOT = join(__dirname, '../../../presentation');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(tsx?|ts)$/.test(e.name) ? [join(dir, e.name)] : [],
  );

const filesWith = (pattern: RegExp): string[] =>
  sources(ROOT)
    .filter((f) => pattern.test(readFileSync(f, 'utf8')))
    .map((f) => relative(ROOT, f))
    .sort();

describe('one way in for backend content', () => {
  it('only SandboxedFrame draws a frame (and the sanitizer its inert one)', () => {
    expect(filesWith(/<iframe\b|createElement\(\s*['"]iframe['"]/)).toEqual(['shared/SandboxedFrame.tsx', 'shared/serverHtml/sanitize.ts']);
  });

  it('only ServerHtml sets inner HTML', () => {
    expect(filesWith(/dangerouslySetInnerHTML|\.innerHTML\s*=|insertAdjacentHTML|outerHTML\s*=/)).toEqual([
      'shared/serverHtml/ServerHtml.tsx',
      'shared/serverHtml/sanitize.ts',
    ]);
  });

  it('no screen follows a backend address by itself', () => {
    expect(filesWith(/\.openLink\(|window\.open\(|location\.(href\s*=|assign\(|replace\()/)).toEqual(['shell/SettingsPage.tsx']);
  });

  it('the route table and the route names are the same set of paths', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(PATHS)));
  });
});
