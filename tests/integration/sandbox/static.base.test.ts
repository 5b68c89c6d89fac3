import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/server';

const dist = mkdtempSync(join(tmpdir(), 'dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<html><head><base href="/" /><script src="./assets/app-abcdefgh.js"></script></head></html>');
writeFileSync(join(dist, 'assets', 'app-abcdefgh.js'), 'console.log(1)');

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('the built client under a base path', () => {
  it.each([
    ['/', '/'],
    ['/campus/', '/campus/'],
    ['campus', '/campus/'],
  ])('a deep link gets index.html with absolute asset addresses under basePath %s and no <base> (base-uri none)', async (basePath, base) => {
    const sb = await startSandbox({ port: 0, dataFile: null, quiet: true, distDir: dist, config: { basePath } });
    close = sb.close;
    const res = await fetch(`${sb.url}/page/notice?id=1&name=x`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<script src="${base}assets/app-abcdefgh.js"></script>`);
    expect(html).not.toMatch(/<base|"\.\//);
    expect(res.headers.get('content-security-policy')).toContain("base-uri 'none'");
    const asset = await fetch(`${sb.url}/assets/app-abcdefgh.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-security-policy')).toContain("worker-src 'self' blob:");
  });
});
