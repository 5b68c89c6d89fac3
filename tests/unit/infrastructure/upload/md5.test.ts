import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../application/ports/errors';
import type { HashMode } from '../../../../application/ports/upload';
import { HASH_CHUNK_SIZE, HASH_EDGE_BYTES } from '../../../../domain/files/files';
import { Md5FileHasher } from '../../../../infrastructure/upload/fileHasher';
import { createMd5Engine, HASH_BYOB_SIZE, HASH_READ_SIZE, md5OfBlob } from '../../../../infrastructure/upload/md5';
import { createMd5Wasm, MD5_WASM_BUFFER } from '../../../../infrastructure/upload/md5Wasm';

const md5Hex = (...parts: Uint8Array[]): string => {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

/** The bytes each mode hashes, written out from SPEC point 9 rather than from the code. */
const expectedInput = (bytes: Uint8Array, mode: HashMode): Uint8Array => {
  if (mode === 'whole' || bytes.length <= 2 * HASH_EDGE_BYTES) return bytes;
  return Buffer.concat([bytes.subarray(0, HASH_EDGE_BYTES), bytes.subarray(bytes.length - HASH_EDGE_BYTES)]);
};

const MB = 1024 * 1024;
const data = new Uint8Array(randomBytes(2 * HASH_CHUNK_SIZE + HASH_READ_SIZE + 64));

describe('md5 WebAssembly engine against node:crypto', () => {
  it('every length up to 3 blocks, in one update', async () => {
    const md5 = await createMd5Wasm();
    for (let n = 0; n <= 192; n++) {
      md5.update(data.subarray(0, n));
      expect(md5.digest(), `length ${n}`).toBe(md5Hex(data.subarray(0, n)));
    }
  });

  it('lengths around its buffer, in pieces of many sizes', async () => {
    const md5 = await createMd5Wasm();
    for (const n of [MD5_WASM_BUFFER - 65, MD5_WASM_BUFFER - 1, MD5_WASM_BUFFER, MD5_WASM_BUFFER + 1, 2 * MD5_WASM_BUFFER + 56, 3 * MD5_WASM_BUFFER + 63]) {
      for (const piece of [1, 63, 64, 65, 1000, MD5_WASM_BUFFER - 1, MD5_WASM_BUFFER + 7, n]) {
        if (piece < 64 && n > MD5_WASM_BUFFER + 1) continue;
        for (let at = 0; at < n; at += piece) md5.update(data.subarray(at, Math.min(n, at + piece)));
        expect(md5.digest(), `length ${n} in pieces of ${piece}`).toBe(md5Hex(data.subarray(0, n)));
      }
    }
  });

  it('any bytes split anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), fc.array(fc.nat({ max: 3000 }), { maxLength: 6 }), async (bytes, cuts) => {
        const md5 = await createMd5Wasm();
        const at = [...new Set([0, ...cuts.filter((c) => c < bytes.length), bytes.length])].sort((a, b) => a - b);
        for (let i = 1; i < at.length; i++) md5.update(bytes.subarray(at[i - 1], at[i]));
        expect(md5.digest()).toBe(md5Hex(bytes));
      }),
      { numRuns: 200 },
    );
  });

  it('starts over after a digest, and instances do not share state', async () => {
    const [a, b] = await Promise.all([createMd5Wasm(), createMd5Wasm()]);
    a.update(data.subarray(0, 100));
    b.update(data.subarray(0, 5000));
    expect(a.digest()).toBe(md5Hex(data.subarray(0, 100)));
    expect(a.digest()).toBe(md5Hex(new Uint8Array(0)));
    a.update(data.subarray(7, 77));
    expect(a.digest()).toBe(md5Hex(data.subarray(7, 77)));
    expect(b.digest()).toBe(md5Hex(data.subarray(0, 5000)));
  });

  it('a length past 2^32 bits (over 512 MB) carries into the high word', async () => {
    const md5 = await createMd5Wasm();
    const mb = data.subarray(0, MB);
    const h = createHash('md5');
    for (let i = 0; i < 512; i++) {
      md5.update(mb);
      h.update(mb);
    }
    md5.update(data.subarray(0, 100));
    h.update(data.subarray(0, 100));
    expect(md5.digest()).toBe(h.digest('hex'));
  }, 60_000);
});

describe('md5 of a Blob through the port against node:crypto', () => {
  // Around 2 MB and the SPEC's 10 MB chunks; the last spans three chunks.
  const sizes = [
    0, 1, 2 * HASH_EDGE_BYTES, 2 * HASH_EDGE_BYTES + 1,
    HASH_READ_SIZE - 1, HASH_READ_SIZE, HASH_READ_SIZE + 1,
    HASH_CHUNK_SIZE - 1, HASH_CHUNK_SIZE, HASH_CHUNK_SIZE + 1,
    2 * HASH_CHUNK_SIZE + HASH_READ_SIZE + 64,
  ];

  it.each(sizes)('whole and headTail, size %i', async (size) => {
    const bytes = data.subarray(0, size);
    const hasher = new Md5FileHasher({ createWorker: null, engine: 'wasm' });
    for (const mode of ['whole', 'headTail'] as const) {
      const progress: number[] = [];
      expect(await hasher.md5(new Blob([bytes]), mode, (p) => progress.push(p)), mode).toBe(md5Hex(expectedInput(bytes, mode)));
      // One report per 10 MB chunk (or per head/tail range), rising to 100.
      const reports = mode === 'whole' ? Math.max(1, Math.ceil(size / HASH_CHUNK_SIZE)) : size > 2 * HASH_EDGE_BYTES ? 2 : 1;
      expect(progress).toHaveLength(reports);
      expect(progress.at(-1)).toBe(100);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    }
  });

  /** A Blob that streams in parts of `part` bytes, as a browser's does; counts the streams opened. */
  const browserLike = (bytes: Uint8Array, part: number, opened: { streams: number }): Blob =>
    ({
      size: bytes.length,
      slice: (start = 0, end = bytes.length) => browserLike(bytes.subarray(start, Math.min(end, bytes.length)), part, opened),
      arrayBuffer: () => Promise.resolve(bytes.slice().buffer),
      stream: () => {
        opened.streams++;
        let at = 0;
        return new ReadableStream<Uint8Array>({
          pull(c) {
            if (at >= bytes.length) return c.close();
            c.enqueue(bytes.slice(at, at + part));
            at += part;
          },
        });
      },
    }) as unknown as Blob;

  it.each([
    [HASH_READ_SIZE + 1, 100_000],
    [HASH_CHUNK_SIZE + 1, 65_537],
    [2 * HASH_CHUNK_SIZE + HASH_READ_SIZE + 64, 262_144],
  ])('a Blob streamed in parts (size %i, parts of %i) is read as two streams, the same digest', async (size, part) => {
    const bytes = data.subarray(0, size);
    const opened = { streams: 0 };
    const progress: number[] = [];
    const got = await md5OfBlob(browserLike(bytes, part, opened), 'whole', await createMd5Engine('wasm'), (p) => progress.push(p));
    expect(got).toBe(md5Hex(bytes));
    expect(opened.streams).toBe(2);
    expect(progress).toHaveLength(Math.ceil(size / HASH_CHUNK_SIZE));
    expect(progress.at(-1)).toBe(100);
  });

  /**
   * A Blob whose stream is a byte stream in parts of `part` bytes, as Chromium's is; counts
   * the streams opened, the reads that filled a buffer of the caller's (BYOB) and the
   * streams cancelled.
   */
  const byteStreamed = (bytes: Uint8Array, part: number, seen: { streams: number; byob: number; sizes: Set<number>; cancelled: number }): Blob =>
    ({
      size: bytes.length,
      slice: (start = 0, end = bytes.length) => byteStreamed(bytes.subarray(start, Math.min(end, bytes.length)), part, seen),
      arrayBuffer: () => Promise.resolve(bytes.slice().buffer),
      stream: () => {
        seen.streams++;
        let at = 0;
        return new ReadableStream({
          type: 'bytes',
          pull(c) {
            if (at >= bytes.length) {
              c.close();
              c.byobRequest?.respond(0);
              return;
            }
            const request = c.byobRequest;
            if (request?.view) {
              seen.byob++;
              seen.sizes.add(request.view.byteLength);
              const n = Math.min(part, request.view.byteLength, bytes.length - at);
              new Uint8Array(request.view.buffer, request.view.byteOffset, n).set(bytes.subarray(at, at + n));
              request.respond(n);
              at += n;
            } else {
              c.enqueue(bytes.slice(at, at + part));
              at += part;
            }
          },
          cancel() {
            seen.cancelled++;
          },
        });
      },
    }) as unknown as Blob;

  it.each([
    [HASH_READ_SIZE + 1, 100_000],
    [HASH_CHUNK_SIZE + HASH_BYOB_SIZE + 7, 65_536],
    [2 * HASH_CHUNK_SIZE + HASH_READ_SIZE + 64, 524_288],
  ])('a byte stream (size %i, parts of %i): after the first read, the rest fills one buffer again and again, the same digest', async (size, part) => {
    const bytes = data.subarray(0, size);
    const seen = { streams: 0, byob: 0, sizes: new Set<number>(), cancelled: 0 };
    const progress: number[] = [];
    const got = await md5OfBlob(byteStreamed(bytes, part, seen), 'whole', await createMd5Engine('wasm'), (p) => progress.push(p));
    expect(got).toBe(md5Hex(bytes));
    expect(seen.streams).toBe(2);
    // Every byte after the first read went through the caller's buffer, HASH_BYOB_SIZE long.
    expect(seen.byob).toBeGreaterThanOrEqual(Math.ceil((size - HASH_READ_SIZE) / Math.min(part, HASH_BYOB_SIZE)));
    expect([...seen.sizes].every((n) => n <= HASH_BYOB_SIZE)).toBe(true);
    expect(seen.sizes.has(HASH_BYOB_SIZE)).toBe(true);
    expect(progress).toHaveLength(Math.ceil(size / HASH_CHUNK_SIZE));
    expect(progress.at(-1)).toBe(100);
  });

  it('the spark-md5 fallback hashes a byte stream read into one buffer the same', async () => {
    const bytes = data.subarray(0, HASH_CHUNK_SIZE + HASH_READ_SIZE + 3);
    const seen = { streams: 0, byob: 0, sizes: new Set<number>(), cancelled: 0 };
    expect(await md5OfBlob(byteStreamed(bytes, 300_000, seen), 'whole', await createMd5Engine('spark'))).toBe(md5Hex(bytes));
    expect(seen.byob).toBeGreaterThan(0);
  });

  it('an abort while a byte stream is read rejects with cancelled and lets go of the stream', async () => {
    const controller = new AbortController();
    const seen = { streams: 0, byob: 0, sizes: new Set<number>(), cancelled: 0 };
    const e = await md5OfBlob(byteStreamed(data, 500_000, seen), 'whole', await createMd5Engine('wasm'), () => controller.abort(), controller.signal).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).kind).toBe('cancelled');
    expect(seen.byob).toBeGreaterThan(0);
    expect(seen.cancelled).toBeGreaterThanOrEqual(1);
  });

  it('the spark-md5 fallback reads the same bytes', async () => {
    const bytes = data.subarray(0, HASH_CHUNK_SIZE + HASH_READ_SIZE + 3);
    expect(await new Md5FileHasher({ createWorker: null, engine: 'spark' }).md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
  });

  it('a Blob without stream() is read with arrayBuffer()', async () => {
    const blob = new Blob([data.subarray(0, HASH_CHUNK_SIZE + 5)]);
    const noStream = (b: Blob): Blob =>
      ({ size: b.size, slice: (start?: number, end?: number) => noStream(b.slice(start, end)), arrayBuffer: () => b.arrayBuffer() }) as unknown as Blob;
    expect(await md5OfBlob(noStream(blob), 'whole', await createMd5Engine('wasm'))).toBe(md5Hex(data.subarray(0, HASH_CHUNK_SIZE + 5)));
  });

  it('an abort between chunks rejects with cancelled', async () => {
    const controller = new AbortController();
    const blob = new Blob([data]);
    const e = await md5OfBlob(blob, 'whole', await createMd5Engine('wasm'), () => controller.abort(), controller.signal).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).kind).toBe('cancelled');
  });

  it('a read that fails rejects the hash', async () => {
    const failing = { size: 3 * HASH_READ_SIZE, slice: () => ({ size: HASH_READ_SIZE, arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }) } as unknown as Blob;
    await expect(md5OfBlob(failing, 'whole', await createMd5Engine('wasm'))).rejects.toThrow('NotReadableError');
  });
});
