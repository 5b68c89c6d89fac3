/**
 * Writes a Brotli copy (`name.br`, quality 11) beside every compressible file of the
 * build, so servers send the smallest form without compressing per request: the sandbox
 * (sandbox/core/compress.ts) and nginx with `brotli_static on` (docs/deploy.md). Quality
 * 11 is about 10% smaller than the quality a server can afford on the fly (a
 * slow network pays for every byte before the first screen); it costs a few seconds
 * once, at build time, spread over zlib's thread pool.
 *
 * index.html is left out (servers rewrite it for the base path) and so is config.json (a
 * school edits it in place): their copies would go stale.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const compress = promisify(brotliCompress);

export const PRECOMPRESSED = /\.(js|mjs|css|svg|json|html|wasm|txt)$/;
/** Below this the headers cost more than the saving (as in sandbox/core/compress.ts). */
export const MIN_BYTES = 1024;

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))));
  return nested.flat();
}

/** Writes the .br copies of the files under `outDir` worth compressing; answers how many. */
export async function precompressDir(outDir: string): Promise<number> {
  const targets = (await files(outDir)).filter((f) => {
    const rel = relative(outDir, f).split(sep).join('/');
    return PRECOMPRESSED.test(f) && rel !== 'index.html' && rel !== 'config.json' && !rel.startsWith('.vite/');
  });
  let written = 0;
  await Promise.all(
    targets.map(async (f) => {
      const data = await readFile(f);
      if (data.length < MIN_BYTES) return;
      const br = await compress(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_LGWIN]: 24,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      });
      if (br.length >= data.length) return;
      await writeFile(`${f}.br`, br);
      written += 1;
    }),
  );
  return written;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'campus:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
