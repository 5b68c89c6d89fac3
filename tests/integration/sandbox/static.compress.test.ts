import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../../../sandbox/core/compress';
import { precompressDir } from '../../../scripts/vite/precompress';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';

/**
 * The served client's text files are compressed (Lighthouse "enable text
 * compression"): brotli, else gzip, as the request allows; small and binary files as is.
 */
const dist = mkdtempSync(join(tmpdir(), 'dist-compress-'));
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];\n`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), `<html><head><script type="module" src="./assets/app-abcdefgh.js"></script></head><body>${'<p>x</p>'.repeat(300)}</body></html>`);
writeFileSync(join(dist, 'assets', 'app-abcdefgh.js'), script);
writeFileSync(join(dist, 'assets', 'tiny-abcdefgh.js'), 'export {};');
writeFileSync(join(dist, 'assets', 'logo-abcdefgh.png'), Buffer.alloc(4096, 7));
const styles = `.row{color:red}\n`.repeat(200);
writeFileSync(join(dist, 'assets', 'app-abcdefgh.css'), styles);
// A school's config.json, edited in place after the build: never precompressed.
writeFileSync(join(dist, 'config.json'), JSON.stringify({ supportPhone: '400-000-0000', note: 'x'.repeat(2000) }));

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataFile: null, quiet: true, distDir: dist });
});
afterAll(async () => {
  await sb.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Node's fetch decodes bodies itself; the raw bytes and headers come from http.get. */
async function raw(path: string, acceptEncoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { get } = await import('node:http');
  return new Promise((done, fail) => {
    get(`${sb.url}${path}`, { headers: { 'accept-encoding': acceptEncoding, accept: 'text/html' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}

describe('compression of the served client', () => {
  it('sends brotli when accepted, with Vary and the length of the compressed bytes', async () => {
    const res = await raw('/assets/app-abcdefgh.js', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['vary'])).toContain('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 2);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('falls back to gzip, then to the file as is', async () => {
    const gz = await raw('/assets/app-abcdefgh.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await raw('/assets/app-abcdefgh.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses pages too (the SPA fallback), but not tiny or binary files', async () => {
    const page = await raw('/page/todo', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<p>x</p>');
    expect((await raw('/assets/tiny-abcdefgh.js', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await raw('/assets/logo-abcdefgh.png', 'br')).headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding with q-values', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('the Brotli copies written by the build (scripts/vite/precompress.ts)', () => {
  it('writes a .br beside each compressible file, not index.html, config.json, tiny or binary files', async () => {
    await precompressDir(dist);
    expect(existsSync(join(dist, 'assets', 'app-abcdefgh.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'app-abcdefgh.css.br'))).toBe(true);
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'app-abcdefgh.js.br'))).toString()).toBe(script);
    for (const f of ['index.html.br', 'config.json.br', 'assets/tiny-abcdefgh.js.br', 'assets/logo-abcdefgh.png.br']) expect(existsSync(join(dist, f)), f).toBe(false);
  });

  it('the server sends the copy (quality 11: no larger than its own), and its own compression once the file is newer', async () => {
    const copy = join(dist, 'assets', 'app-abcdefgh.css.br');
    // Mark the copy so the test can tell it from the server's own compression.
    const marked = brotliCompressSync(Buffer.from(styles));
    writeFileSync(copy, marked);
    const sent = await raw('/assets/app-abcdefgh.css', 'gzip, br');
    expect(sent.headers['content-encoding']).toBe('br');
    expect(sent.body.equals(marked)).toBe(true);
    expect(Number(sent.headers['content-length'])).toBe(marked.length);

    // The file changed after its copy was written: the copy is stale and not used.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dist, 'assets', 'app-abcdefgh.css'), later, later);
    const fresh = await raw('/assets/app-abcdefgh.css', 'br');
    expect(fresh.body.equals(marked)).toBe(false);
    expect(brotliDecompressSync(fresh.body).toString()).toBe(styles);
  });
});
