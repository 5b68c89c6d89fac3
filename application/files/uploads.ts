/**
 * The upload queue (./uploadQueue.ts) as effector units, for a screen model: picked
 * files go up, each reports its start, progress, end or failure as events the model
 * keeps its own rows by, failures are told (deps.tell), and retry and remove
 * are events too. The queue's callbacks come from outside effector; they are bound to
 * the scope of the effect that started the upload.
 */
import { createEffect, createEvent, sample, scopeBind } from 'effector';
import type { Uploader, UploadResult, UploadSource } from '../ports/upload';
import type { Failure } from '../shared/failure';
import { createUploadQueue } from './uploadQueue';

export interface UploadsDeps {
  readonly uploader: Uploader | undefined;
  readonly newUid: () => string;
  /** Tells the user a failed upload (the failure table's text, or a screen's own words). */
  readonly tell: (failure: Failure) => void;
}

export function createUploads(deps: UploadsDeps) {
  // ----- what the owner fires -----
  const filesPicked = createEvent<readonly UploadSource[]>();
  const uploadRetried = createEvent<string>();
  /** The file was removed from the owner's list: its upload stops and its bytes are forgotten. */
  const uploadForgotten = createEvent<string>();

  // ----- what the owner keeps its rows by -----
  const uploadStarted = createEvent<{ uid: string; name: string; size: number }>();
  const uploadProgressed = createEvent<{ uid: string; percent: number }>();
  const uploadDone = createEvent<{ uid: string; result: UploadResult }>();
  const uploadFailed = createEvent<{ uid: string; failure: Failure }>();

  let report: {
    progressed: (p: { uid: string; percent: number }) => void;
    done: (p: { uid: string; result: UploadResult }) => void;
    failed: (p: { uid: string; failure: Failure }) => void;
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
      report.failed({ uid, failure });
      deps.tell(failure);
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
    /** The bytes of a file not uploaded yet, or null (./uploadQueue.ts). */
    sourceOf: (uid: string) => queue.sourceOf(uid),
    /** Stops every upload (the owner is dropped). */
    dispose: () => queue.stopAll(),
  };
}

export type Uploads = ReturnType<typeof createUploads>;
