import SparkMD5 from 'spark-md5';
import { ApiError } from '../../application/ports/errors';
import type { HashMode } from '../../application/ports/upload';
import { HASH_CHUNK_SIZE, hashChunkRanges, hashEdgeRanges } from '../../domain/files/files';
import { UPLOAD_FAILED } from '../../domain/files/messages';
import { createMd5Wasm } from './md5Wasm';

/**
 * The MD5 engines and the chunked reading, shared by the worker and the in-thread
 * fallback. The WebAssembly one (./md5Wasm.ts) is the fast one; spark-md5 (plain JS) is
 * kept for the browsers and embedded web views where WebAssembly is missing or blocked
 * by a CSP.
 */
export type Md5EngineKind = 'wasm' | 'spark';
export type Md5EngineChoice = Md5EngineKind | 'auto';

export interface Md5Engine {
  readonly kind: Md5EngineKind;
  update(bytes: Uint8Array): void;
  /** Lower-case hex. */
  digest(): string;
}

export const wasmAvailable = (): boolean =>
  typeof WebAssembly === 'object' && WebAssembly !== null && typeof WebAssembly.instantiate === 'function';

const sparkEngine = (): Md5Engine => {
  const spark = new SparkMD5.ArrayBuffer();
  return {
    kind: 'spark',
    update(bytes) {
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      spark.append((whole ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer);
    },
    digest: () => spark.end(),
  };
};

const wasmEngine = async (): Promise<Md5Engine> => {
  const md5 = await createMd5Wasm();
  return {
    kind: 'wasm',
    update(bytes) {
      md5.update(bytes);
    },
    digest: () => md5.digest(),
  };
};

/** 'auto' prefers WebAssembly and falls back to spark-md5 when it is unavailable or fails to load. */
export async function createMd5Engine(choice: Md5EngineChoice = 'auto'): Promise<Md5Engine> {
  if (choice === 'spark') return sparkEngine();
  if (choice === 'wasm') return wasmEngine();
  if (!wasmAvailable()) return sparkEngine();
  try {
    return await wasmEngine();
  } catch {
    return sparkEngine();
  }
}

/** The byte ranges hashed for a mode; 'headTail' concatenates head and tail (see the FileHasher port). */
export const hashRanges = (size: number, mode: HashMode): Array<readonly [number, number]> =>
  mode === 'headTail' ? hashEdgeRanges(size) : hashChunkRanges(size);

export const cancelledError = (): ApiError => new ApiError('cancelled', UPLOAD_FAILED);

const ignore = (): void => undefined;

/**
 * The first read of each span of the file, and the reads after it where the runtime
 * hands a stream's bytes over in one piece (see bytesOf).
 */
export const HASH_READ_SIZE = 2 * 1024 * 1024;

/** The parts of one stream (a Blob's, or one already opened) as they arrive; stops early, and lets go of the stream, when `signal` aborts. */
async function* streamed(blob: Blob | ReadableStream<Uint8Array>, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
  const reader = ('getReader' in blob ? blob : blob.stream()).getReader();
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.cancel().catch(ignore);
  }
}

/**
 * The buffer a runtime that streams a Blob in parts fills again and again (see bytesOf).
 * 4 MB: Chromium fills more of it per read than of a 1 MB one. A 64 MB file from disk,
 * through the port in its worker, 10 runs alternated: 92-115 ms against 106-143 ms with
 * 1 MB; 8 MB measured as 4 MB, and reading into a second buffer while one is hashed was
 * no faster (bench/notes.md).
 */
export const HASH_BYOB_SIZE = 4 * 1024 * 1024;

/** A reader that fills the caller's buffer, where the stream is a byte stream; null where it is not. */
const byobReaderOf = (stream: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | null => {
  try {
    return stream.getReader({ mode: 'byob' });
  } catch {
    return null;
  }
};

/**
 * Like `streamed`, but every part lands in the same HASH_BYOB_SIZE buffer: each part
 * yielded is only good until the next one is asked for (the engine has copied it by then).
 * A stream that is not a byte stream is read as `streamed` reads it.
 */
async function* streamedInto(blob: Blob, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
  const stream = blob.stream();
  const reader = byobReaderOf(stream);
  if (!reader) {
    yield* streamed(stream, signal);
    return;
  }
  let buffer = new ArrayBuffer(HASH_BYOB_SIZE);
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { done, value } = await reader.read(new Uint8Array(buffer));
      if (done || !value) return;
      yield value;
      buffer = value.buffer as ArrayBuffer;
    }
  } finally {
    reader.cancel().catch(ignore);
  }
}

/**
 * The bytes of file[start, end), in the order of the file.
 *
 * - A browser streams a Blob in parts of tens to hundreds of KB, reading the next ones
 *   while these are hashed. There the span is read as one stream after its first
 *   HASH_READ_SIZE bytes, into one buffer filled again and again (a BYOB reader). Chromium,
 *   in a worker: a 64 MB in-memory Blob read in 33 ms, against 240-470 ms for the same
 *   stream read part by part into new memory and 280 ms for an `arrayBuffer()` per 10 MB
 *   chunk; a 64 MB file chosen from disk hashed through the port in 177-225 ms, against
 *   380-410 ms (bench/hash.ts, its Chromium row).
 * - Node hands a slice of an in-memory Blob over whole, as one copy (its BYOB reads are
 *   no faster: a copy more). There the span is read HASH_READ_SIZE at a time, which is
 *   still in the CPU's cache when it is hashed.
 * - Without `stream()`, one `arrayBuffer()` per SPEC chunk (10 MB).
 *
 * Whatever the reads, the bytes and so the digest are the same.
 */
async function* bytesOf(file: Blob, start: number, end: number, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
  if (typeof file.stream !== 'function') {
    for (let at = start; at < end && !signal?.aborted; at += HASH_CHUNK_SIZE) {
      yield new Uint8Array(await file.slice(at, Math.min(end, at + HASH_CHUNK_SIZE)).arrayBuffer());
    }
    return;
  }
  for (let at = start; at < end && !signal?.aborted; at += HASH_READ_SIZE) {
    let parts = 0;
    for await (const part of streamed(file.slice(at, Math.min(end, at + HASH_READ_SIZE)), signal)) {
      parts++;
      yield part;
    }
    if (parts > 1 && at + HASH_READ_SIZE < end) {
      yield* streamedInto(file.slice(at + HASH_READ_SIZE, end), signal);
      return;
    }
  }
}

/**
 * Hashes the ranges of `mode` in turn. Progress is reported as each range (each 10 MB
 * chunk of the whole file, or the head and the tail) is hashed; adjoining ranges are
 * read as one stream.
 */
export async function md5OfBlob(
  file: Blob,
  mode: HashMode,
  engine: Md5Engine,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const ranges = hashRanges(file.size, mode);
  const total = ranges.reduce((sum, [a, b]) => sum + (b - a), 0);
  /** Bytes hashed when each range is done. */
  const marks: number[] = [];
  /** The ranges joined where one ends where the next starts. */
  const spans: Array<[number, number]> = [];
  for (const [start, end] of ranges) {
    marks.push((marks.at(-1) ?? 0) + (end - start));
    const last = spans.at(-1);
    if (last && last[1] === start) last[1] = end;
    else if (end > start) spans.push([start, end]);
  }
  let done = 0;
  let reported = 0;
  const report = (): void => {
    for (; reported < marks.length && marks[reported]! <= done; reported++) onProgress?.(total === 0 ? 100 : (marks[reported]! / total) * 100);
  };
  if (signal?.aborted) throw cancelledError();
  for (const [start, end] of spans) {
    for await (const part of bytesOf(file, start, end, signal)) {
      engine.update(part);
      done += part.length;
      report();
    }
    if (signal?.aborted) throw cancelledError();
  }
  report();
  if (signal?.aborted) throw cancelledError();
  return engine.digest();
}
