import type { FileHasher, HashMode } from '../../application/ports/upload';
import type { Md5WorkerReply, Md5WorkerRequest } from './md5.worker';
import { cancelledError, createMd5Engine, md5OfBlob, type Md5EngineChoice } from './md5';

export interface FileHasherOptions {
  /** 'auto' (default): the WebAssembly MD5 (md5Wasm.ts), spark-md5 when WebAssembly is unavailable. */
  engine?: Md5EngineChoice;
  /**
   * Makes the worker; null to hash in the calling thread. Defaults to the module worker
   * when `Worker` exists (browsers), in-thread otherwise (node, tests).
   */
  createWorker?: (() => Worker) | null;
}

// The literal `new Worker(new URL(...), ...)` form is what Vite recognises to bundle the worker.
const defaultWorker = (): (() => Worker) | null =>
  typeof Worker === 'function'
    ? () => new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' })
    : null;

/** Signals that the worker could not run at all, so the same job is redone in-thread. */
class WorkerUnavailable extends Error {}

/**
 * FileHasher behind the port: one short-lived worker per file (terminated on the
 * answer or on cancel), or in-thread when workers are unavailable or fail to start.
 */
export class Md5FileHasher implements FileHasher {
  private readonly engine: Md5EngineChoice;
  private readonly createWorker: (() => Worker) | null;

  constructor(opts: FileHasherOptions = {}) {
    this.engine = opts.engine ?? 'auto';
    this.createWorker = opts.createWorker === undefined ? defaultWorker() : opts.createWorker;
  }

  async md5(file: Blob, mode: HashMode, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<string> {
    if (signal?.aborted) throw cancelledError();
    if (this.createWorker) {
      try {
        return await this.inWorker(this.createWorker, file, mode, onProgress, signal);
      } catch (e) {
        if (!(e instanceof WorkerUnavailable)) throw e;
      }
    }
    return md5OfBlob(file, mode, await createMd5Engine(this.engine), onProgress, signal);
  }

  private inWorker(
    create: () => Worker,
    file: Blob,
    mode: HashMode,
    onProgress: ((percent: number) => void) | undefined,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    let worker: Worker;
    try {
      worker = create();
    } catch {
      return Promise.reject(new WorkerUnavailable());
    }
    return new Promise<string>((resolve, reject) => {
      let answered = false;
      const finish = (): void => {
        worker.terminate();
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        finish();
        reject(cancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.onmessage = (event: MessageEvent<Md5WorkerReply>) => {
        const reply = event.data;
        answered = true;
        if (reply.type === 'progress') onProgress?.(reply.percent);
        else if (reply.type === 'done') {
          finish();
          resolve(reply.md5);
        } else {
          finish();
          reject(new Error(reply.message));
        }
      };
      // A worker that cannot even load (blocked by a CSP, no module workers) errors before any answer.
      worker.onerror = (event) => {
        event.preventDefault?.();
        finish();
        reject(answered ? new Error(event.message) : new WorkerUnavailable());
      };
      const request: Md5WorkerRequest = { file, mode, engine: this.engine };
      worker.postMessage(request);
    });
  }
}

export const createFileHasher = (opts?: FileHasherOptions): FileHasher => new Md5FileHasher(opts);
