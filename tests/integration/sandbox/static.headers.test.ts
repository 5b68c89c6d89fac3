import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';

/** The production server's security headers (sandbox/core/securityHeaders.ts) as it sends them. */
const dist = mkdtempSync(join(tmpdir(), 'dist-headers-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<html><head><base href="/" /><script type="module" src="./assets/app-abcdefgh.js"></script></head></html>');
writeFileSync(join(dist, 'assets', 'app-abcdefgh.js'), 'console.log(1)');

let sb: SandboxHandle | null = null;
afterEach(async () => {
  await sb?.close();
  sb = null;
  rmSync(join(dist, 'config.json'), { force: true });
});

const csp = async (path: string, accept = 'text/html'): Promise<string> => (await fetch(`${sb!.url}${path}`, { headers: { accept } })).headers.get('content-security-policy') ?? '';

describe('security headers of the served client', () => {
  it('every page and asset: CSP, Referrer-Policy, nosniff, X-Frame-Options; API answers: nosniff', async () => {
    sb = await startSandbox({ port: 0, dataFile: null, quiet: true, distDir: dist });
    for (const path of ['/', '/page/notice?id=1', '/assets/app-abcdefgh.js', '/config.json']) {
      const res = await fetch(`${sb.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-security-policy'), path).toContain("object-src 'none'");
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
    const api = await fetch(`${sb.url}/v1/no-such-call`);
    expect(api.status).toBe(404);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('without a build config.json the policy follows the generated one (startSandbox config)', async () => {
    sb = await startSandbox({ port: 0, dataFile: null, quiet: true, distDir: dist, config: { defaultHost: 'https://api.school.edu' } });
    expect(await csp('/')).toContain("connect-src 'self' https://api.school.edu wss://api.school.edu");
  });

  it("the build's config.json is the one the policy is computed from, re-read when a school edits it", async () => {
    const write = (config: unknown, mtime: number) => {
      writeFileSync(join(dist, 'config.json'), JSON.stringify(config));
      utimesSync(join(dist, 'config.json'), mtime, mtime);
    };
    write({ defaultHost: '', security: { apiOrigins: ['https://obs.school.edu'], frameOrigins: ['https://apps.school.edu'], frameAncestors: ['https://portal.school.edu'] } }, 1_000_000);
    sb = await startSandbox({ port: 0, dataFile: null, quiet: true, distDir: dist, config: { defaultHost: 'https://ignored.example' } });
    const first = await csp('/page/home');
    expect(first).toContain("img-src 'self' data: blob: https://obs.school.edu");
    expect(first).toContain("frame-src 'self' https://apps.school.edu");
    expect(first).toContain("frame-ancestors 'self' https://portal.school.edu");
    expect(first).not.toContain('ignored.example');
    expect((await fetch(`${sb.url}/`)).headers.get('x-frame-options')).toBeNull();

    write({ defaultHost: 'https://api2.school.edu' }, 2_000_000);
    const second = await csp('/assets/app-abcdefgh.js', '*/*');
    expect(second).toContain('https://api2.school.edu');
    expect(second).not.toContain('obs.school.edu');
    expect(second).toContain("frame-src 'self' https:");
  });
});
