import { createMD5 } from 'hash-wasm';
import SparkMD5 from 'spark-md5';
import { ApiError } from '../../application/ports/errors';
import type { HashMode } from '../../application/ports/upload';
import { hashChunkRanges, hashEdgeRanges } from '../../domain/files/files';
import { UPLOAD_FAILED } from '../../domain/files/messages';

/**
 * The MD5 engines and the chunked reading, shared by the worker and the in-thread
 * fallback. hash-wasm (WebAssembly) is the fast one; spark-md5 (plain JS) is kept for
 * the browsers and embedded web views where WebAssembly is missing or blocked by a CSP.
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
  const hasher = await createMD5();
  hasher.init();
  return {
    kind: 'wasm',
    update(bytes) {
      hasher.update(bytes);
    },
    digest: () => hasher.digest('hex'),
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

/** Reads `file` range by range (10 MB at most at a time) into the engine. */
export async function md5OfBlob(
  file: Blob,
  mode: HashMode,
  engine: Md5Engine,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const ranges = hashRanges(file.size, mode);
  const total = ranges.reduce((sum, [a, b]) => sum + (b - a), 0);
  let done = 0;
  for (const [start, end] of ranges) {
    if (signal?.aborted) throw cancelledError();
    if (end > start) engine.update(new Uint8Array(await file.slice(start, end).arrayBuffer()));
    done += end - start;
    onProgress?.(total === 0 ? 100 : (done / total) * 100);
  }
  if (signal?.aborted) throw cancelledError();
  return engine.digest();
}
