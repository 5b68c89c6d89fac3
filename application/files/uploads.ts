/**
 * The upload queue (./uploadQueue.ts) as effector units, for a screen model: picked
 * files go up, each reports its start, progress, end or failure as events the model
 * keeps its own rows by, failures are told (deps.tell), and retry and remove
 * are events too. The queue's callbacks come from outside effector; they are bound to
 * the scope of the effect that started the upload.
 *
 * An owner whose action can wait in the outbox (application/offline) says so
 * (deps.waitsOffline): a file that found no network then waits on the phone (待上传)
 * instead of failing. Its failure is not told, uploadFailed says 'waiting', and the
 * owner keeps the bytes with its outbox entry (keptFiles).
 */
import { createEffect, createEvent, sample, scopeBind } from 'effector';
import type { Uploader, UploadResult, UploadSource } from '../ports/upload';
import { keepFile, type KeptFile } from '../offline/keptFiles';
import { waitsForNetwork, type Failure } from '../shared/failure';
import { createUploadQueue } from './uploadQueue';

export interface UploadsDeps {
  readonly uploader: Uploader | undefined;
  readonly newUid: () => string;
  /** Tells the user a failed upload (the failure table's text, or a screen's own words). */
  readonly tell: (failure: Failure) => void;
  /**
   * Whether the owner's action can wait in the outbox (an outbox is there): an upload
   * that found no network then waits on the phone (待上传), and it is not told.
   */
  readonly waitsOffline?: boolean;
}

/** What a failed upload's row shows: 'waiting' (待上传, kept on the phone) or 'error' (上传失败, 重试). */
export type UploadFailedStatus = 'waiting' | 'error';

/** How a failure leaves a file: waiting on the phone when it found no network and the owner can wait, else an error. */
export const failedStatus = (failure: Failure, waitsOffline: boolean): UploadFailedStatus => (waitsOffline && waitsForNetwork(failure) ? 'waiting' : 'error');

export function createUploads(deps: UploadsDeps) {
  const waitsOffline = deps.waitsOffline ?? false;
  // ----- what the owner fires -----
  const filesPicked = createEvent<readonly UploadSource[]>();
  const uploadRetried = createEvent<string>();
  /** The file was removed from the owner's list: its upload stops and its bytes are forgotten. */
  const uploadForgotten = createEvent<string>();

  // ----- what the owner keeps its rows by -----
  const uploadStarted = createEvent<{ uid: string; name: string; size: number }>();
  const uploadProgressed = createEvent<{ uid: string; percent: number }>();
  const uploadDone = createEvent<{ uid: string; result: UploadResult }>();
  /** status: 'waiting' when the file waits on the phone (not told), else 'error' (told). */
  const uploadFailed = createEvent<{ uid: string; failure: Failure; status: UploadFailedStatus }>();

  let report: {
    progressed: (p: { uid: string; percent: number }) => void;
    done: (p: { uid: string; result: UploadResult }) => void;
    failed: (p: { uid: string; failure: Failure; status: UploadFailedStatus }) => void;
  } = { progressed: uploadProgressed, done: uploadDone, failed: uploadFailed };
  const bindReports = (): void => {
    report = {
      progressed: scopeBind(uploadProgressed, { safe: true }),
      done: scopeBind(uploadDone, { safe: true }),
      failed: scopeBind(uploadFailed, { safe: true }),
    };
  };
  const queue = createUploadQueue(deps.uploader, {
    progress: (uid, percent) => report.progressed({ uid, percent }),
    done: (uid, result) => report.done({ uid, result }),
    failed: (uid, failure) => {
      const status = failedStatus(failure, waitsOffline);
      report.failed({ uid, failure, status });
      if (status === 'error') deps.tell(failure);
    },
  });

  const startFx = createEffect((picked: readonly UploadSource[]) => {
    bindReports();
    for (const file of picked) {
      const uid = deps.newUid();
      uploadStarted({ uid, name: file.name, size: file.size });
      queue.start(uid, file);
    }
  });
  const retryFx = createEffect((uid: string) => {
    bindReports();
    return queue.retry(uid);
  });
  sample({ clock: filesPicked, target: startFx });
  sample({ clock: uploadRetried, target: retryFx });
  sample({ clock: uploadForgotten, target: createEffect((uid: string) => queue.forget(uid)) });

  return {
    filesPicked,
    uploadRetried,
    uploadForgotten,
    uploadStarted,
    uploadProgressed,
    uploadDone,
    uploadFailed,
    /** Whether a failed upload can be tried again (its bytes are still here). */
    canRetry: (uid: string) => queue.canRetry(uid),
    /**
     * The bytes of files waiting on the phone (待上传), to be kept with an outbox entry:
     * null at once when one's bytes are gone (removed, or the queue stopped with its owner),
     * else a reader of them, in the order of `uids` (nothing is read before it is called).
     */
    keptFiles: (uids: readonly string[]): (() => Promise<KeptFile[]>) | null => {
      const sources = uids.map((uid) => queue.sourceOf(uid));
      if (sources.some((s) => s === null)) return null;
      return () => Promise.all((sources as UploadSource[]).map((s) => keepFile(s, s.name)));
    },
    /** Stops every upload (the owner is dropped). */
    dispose: () => queue.stopAll(),
  };
}

export type Uploads = ReturnType<typeof createUploads>;
