/**
 * THE upload queue: picked files go up through the Uploader port, each with its own
 * cancel, its progress reported, its bytes kept until it is done so a failed upload can
 * be tried again (from the hash on), and every upload stopped when its owner goes away.
 * The form engine, the to-do form and the action screen all upload through it; what an
 * owner does with a finished file (a field value, the to-do's files, the opinion's
 * attachments) is its own business, told through the callbacks.
 */
import type { UploadedFile } from '../../domain/files/types';
import type { Uploader, UploadResult, UploadSource } from '../ports/upload';
import { failureOf, type Failure } from '../shared/failure';

export interface UploadQueueCallbacks {
  /** Progress of an upload in flight (0..100, whole numbers). */
  progress?(uid: string, percent: number): void;
  done(uid: string, result: UploadResult): void;
  /** It failed (not when it was stopped on purpose). */
  failed(uid: string, failure: Failure): void;
}

export interface UploadQueue {
  /** Starts (or restarts) the upload of `file` under `uid`. */
  start(uid: string, file: UploadSource): void;
  /** Uploads a failed file again; false when its bytes are gone. */
  retry(uid: string): boolean;
  /** Whether a failed upload can be tried again (its bytes are still here). */
  canRetry(uid: string): boolean;
  /** The bytes of a file not uploaded yet (kept for 重试), or null. */
  sourceOf(uid: string): UploadSource | null;
  /** Whether `uid` is uploading now. */
  isUploading(uid: string): boolean;
  /** Stops an upload and forgets its bytes (the file was removed). */
  forget(uid: string): void;
  /** Stops everything (the owner is gone or starts over); the queue can be used again. */
  stopAll(): void;
}

export function createUploadQueue(uploader: Uploader | undefined, callbacks: UploadQueueCallbacks): UploadQueue {
  const sources = new Map<string, UploadSource>();
  const inFlight = new Map<string, AbortController>();

  const start = (uid: string, file: UploadSource): void => {
    inFlight.get(uid)?.abort();
    sources.set(uid, file);
    callbacks.progress?.(uid, 0);
    if (!uploader) {
      callbacks.failed(uid, failureOf(undefined));
      return;
    }
    const controller = new AbortController();
    inFlight.set(uid, controller);
    uploader
      .upload(file, {
        uid,
        signal: controller.signal,
        onChange: (f: UploadedFile) => {
          if (f.status === 'uploading' && !controller.signal.aborted) callbacks.progress?.(uid, Math.round(f.percent ?? 0));
        },
      })
      .then((result) => {
        if (controller.signal.aborted) return;
        inFlight.delete(uid);
        sources.delete(uid);
        callbacks.done(uid, result);
      })
      .catch((e: unknown) => {
        // Stopped on purpose (removed, its row cancelled, the owner gone, a newer try started).
        if (controller.signal.aborted) return;
        inFlight.delete(uid);
        const failure = failureOf(e);
        if (failure.kind !== 'cancelled') callbacks.failed(uid, failure);
      });
  };

  return {
    start,
    retry(uid) {
      const file = sources.get(uid);
      if (!file) return false;
      start(uid, file);
      return true;
    },
    canRetry: (uid) => sources.has(uid) && !inFlight.has(uid),
    sourceOf: (uid) => sources.get(uid) ?? null,
    isUploading: (uid) => inFlight.has(uid),
    forget(uid) {
      inFlight.get(uid)?.abort();
      inFlight.delete(uid);
      sources.delete(uid);
    },
    stopAll() {
      for (const c of inFlight.values()) c.abort();
      inFlight.clear();
      sources.clear();
    },
  };
}
