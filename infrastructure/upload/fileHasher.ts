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
  /** How long a worker that answered waits for the next file before it is let go (default IDLE_WORKER_MS). */
  idleMs?: number;
}

/**
 * A worker that answered is kept this long for the next file. Starting one (a thread,
 * its script, the WebAssembly) took 32-59 ms in Chromium here against 3-4 ms for a file
 * handed to one already running: a form's nine photos chosen at once, or one after the
 * other, pay it once.
 */
export const IDLE_WORKER_MS = 30_000;

// The literal `new Worker(new URL(...), ...)` form is what Vite recognises to bundle the worker.
const defaultWorker = (): (() => Worker) | null =>
  typeof Worker === 'function'
    ? () => new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' })
    : null;

/** Signals that the worker could not run at all, so the same job is redone in-thread. */
class WorkerUnavailable extends Error {}

/**
 * FileHasher behind the port: each file in a worker of its own, or in-thread when
 * workers are unavailable or fail to start. A worker is terminated on cancel, on an
 * error, and IDLE_WORKER_MS after its answer; until then the next file goes to it (one
 * such worker is kept; files hashed at the same time each get one).
 */
export class Md5FileHasher implements FileHasher {
  private readonly engine: Md5EngineChoice;
  private readonly createWorker: (() => Worker) | null;
  private readonly idleMs: number;
  private idle: { worker: Worker; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(opts: FileHasherOptions = {}) {
    this.engine = opts.engine ?? 'auto';
    this.createWorker = opts.createWorker === undefined ? defaultWorker() : opts.createWorker;
    this.idleMs = opts.idleMs ?? IDLE_WORKER_MS;
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

  /** Starts a worker and keeps it for the file about to come, unless one is kept already. */
  warm(): void {
    if (!this.createWorker || this.idle) return;
    let worker: Worker;
    try {
      worker = this.createWorker();
    } catch {
      return;
    }
    // One that cannot load is let go; the file then finds none kept, and starts its own.
    worker.onerror = (event) => {
      event.preventDefault?.();
      if (this.idle?.worker === worker) this.takeIdle();
      worker.terminate();
    };
    this.keep(worker);
  }

  /** The kept worker, now taken, if there is one. */
  private takeIdle(): Worker | null {
    const kept = this.idle;
    if (!kept) return null;
    clearTimeout(kept.timer);
    this.idle = null;
    return kept.worker;
  }

  /** Keeps a worker (one that answered, or one warmed) for the next file, or lets it go when one is kept already. */
  private keep(worker: Worker): void {
    if (this.idle) {
      worker.terminate();
      return;
    }
    const timer = setTimeout(() => {
      if (this.idle?.worker !== worker) return;
      this.idle = null;
      worker.terminate();
    }, this.idleMs);
    // In Node (tests), a kept worker's timer does not hold the process open.
    (timer as { unref?: () => void }).unref?.();
    this.idle = { worker, timer };
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
      worker = this.takeIdle() ?? create();
    } catch {
      return Promise.reject(new WorkerUnavailable());
    }
    return new Promise<string>((resolve, reject) => {
      let answered = false;
      const finish = (reusable = false): void => {
        worker.onmessage = null;
        worker.onerror = null;
        signal?.removeEventListener('abort', onAbort);
        if (reusable) this.keep(worker);
        else worker.terminate();
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
          finish(true);
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
