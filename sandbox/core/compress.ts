import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { StaticFile } from './static';

/**
 * Compression of the built client's text files (Lighthouse "enable text
 * compression"): brotli when the browser accepts it, else gzip, else as is. A file the
 * build precompressed (scripts/vite/precompress.ts, quality 11) goes out as that copy. The bytes of
 * a file are compressed once and kept (keyed by their hash, so a rebuilt file is
 * compressed again); brotli quality 5 costs milliseconds and lands within ~10% of 11.
 * Kept apart from static.ts so the static server's headers stay in one place.
 */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|wasm)|image\/svg\+xml)/;
/** Below this the headers cost more than the saving. */
const MIN_BYTES = 1024;
const MAX_CACHED = 400;

type Encoding = 'br' | 'gzip';
const cache = new Map<string, Buffer>();

/** The best encoding the Accept-Encoding header allows (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (e: string) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function encode(data: Buffer, encoding: Encoding): Buffer {
  const key = `${encoding}:${createHash('sha1').update(data).digest('base64')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const out =
    encoding === 'br'
      ? brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } })
      : gzipSync(data, { level: 9 });
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, out);
  return out;
}

/** The file compressed for this request, with Content-Encoding and Vary; otherwise unchanged. */
export function compressStatic(file: StaticFile | null, acceptEncoding: string | undefined): StaticFile | null {
  if (file === null || file.status !== 200 || file.data.length < MIN_BYTES) return file;
  const type = Object.entries(file.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  if (!COMPRESSIBLE.test(type)) return file;
  const vary = { Vary: 'Accept-Encoding' };
  const encoding = pickEncoding(acceptEncoding);
  if (encoding === null) return { ...file, headers: { ...file.headers, ...vary } };
  const { brotli, ...plain } = file;
  // The build's own copy when there is one: smaller than what is affordable per request.
  const data = encoding === 'br' && brotli ? brotli : encode(file.data, encoding);
  if (data.length >= file.data.length) return { ...plain, headers: { ...plain.headers, ...vary } };
  return { ...plain, headers: { ...plain.headers, ...vary, 'Content-Encoding': encoding }, data };
}
