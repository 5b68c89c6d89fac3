/**
 * The upload-rows units (application/files/uploads.ts) on their own, in fork() scopes: how
 * a failure leaves a file (waiting on the phone or an error, told or not) and the bytes
 * of the files waiting on the phone, read for an outbox entry (keptFiles).
 */
import { allSettled, createStore, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { createUploads, failedStatus, type UploadFailedStatus } from '../../../application/files/uploads';
import type { Uploader, UploadResult, UploadSource } from '../../../application/ports/upload';
import type { Failure, FailureKind } from '../../../application/shared/failure';

const failure = (kind: FailureKind): Failure => ({ kind, message: `${kind} 失败` });

const source = (name: string, bytes: number[], type = 'application/pdf'): UploadSource => Object.assign(new Blob([new Uint8Array(bytes)], { type }), { name }) as UploadSource;

/** An uploader that fails every upload with `kind`, or answers done when `kind` is null. */
const uploaderFailing = (kind: FailureKind | null): Uploader => ({
  upload: async (f) => {
    if (kind) throw failure(kind);
    return { uid: f.name, name: f.name, size: f.size, status: 'done', percent: 100, url: `/f/${f.name}`, fileName: f.name, path: `obj/${f.name}` } as UploadResult;
  },
});

const setup = (opts: { kind: FailureKind | null; waitsOffline?: boolean }) => {
  const told: Failure[] = [];
  let uid = 0;
  const uploads = createUploads({
    uploader: uploaderFailing(opts.kind),
    newUid: () => `u${uid++}`,
    tell: (f) => told.push(f),
    ...(opts.waitsOffline === undefined ? {} : { waitsOffline: opts.waitsOffline }),
  });
  const $failed = createStore<ReadonlyArray<{ uid: string; kind: FailureKind; status: UploadFailedStatus }>>([]).on(uploads.uploadFailed, (all, { uid, failure: f, status }) => [
    ...all,
    { uid, kind: f.kind, status },
  ]);
  const $done = createStore<readonly string[]>([]).on(uploads.uploadDone, (all, { uid }) => [...all, uid]);
  return { uploads, told, $failed, $done, scope: fork() };
};

describe('how a failed upload leaves its file (failedStatus)', () => {
  it.each<[FailureKind, boolean, UploadFailedStatus]>([
    ['offline', true, 'waiting'],
    ['timeout', true, 'waiting'],
    ['offline', false, 'error'],
    ['timeout', false, 'error'],
    ['refused', true, 'error'],
    ['malformed', true, 'error'],
    ['sessionEnded', true, 'error'],
    ['invalid', true, 'error'],
    ['refused', false, 'error'],
  ])('%s, the owner can wait offline: %s -> %s', (kind, waitsOffline, expected) => {
    expect(failedStatus(failure(kind), waitsOffline)).toBe(expected);
  });
});

describe('the uploads units', () => {
  it.each<[string, { kind: FailureKind; waitsOffline?: boolean }, UploadFailedStatus, boolean]>([
    ['no network, the owner can wait: waiting, not told', { kind: 'offline', waitsOffline: true }, 'waiting', false],
    ['no answer in time, the owner can wait: waiting, not told', { kind: 'timeout', waitsOffline: true }, 'waiting', false],
    ['no network, the owner cannot wait: an error, told', { kind: 'offline', waitsOffline: false }, 'error', true],
    ['no network, waitsOffline not given (it cannot wait): an error, told', { kind: 'offline' }, 'error', true],
    ['refused by the server, the owner can wait: an error, told', { kind: 'refused', waitsOffline: true }, 'error', true],
    ['refused by the server, the owner cannot wait: an error, told', { kind: 'refused', waitsOffline: false }, 'error', true],
  ])('%s', async (_, opts, status, told) => {
    const t = setup(opts);
    await allSettled(t.uploads.filesPicked, { scope: t.scope, params: [source('a.pdf', [1])] });
    await vi.waitFor(() => expect(t.scope.getState(t.$failed)).toEqual([{ uid: 'u0', kind: opts.kind, status }]));
    expect(t.told.map((f) => f.kind)).toEqual(told ? [opts.kind] : []);
    // Either way its bytes are still here for 重试.
    expect(t.uploads.canRetry('u0')).toBe(true);
  });

  it('keptFiles reads the waiting files, in the order asked, only when its reader is called', async () => {
    const t = setup({ kind: 'offline', waitsOffline: true });
    const a = source('病假证明.pdf', [1, 2, 3]);
    const b = source('照片.png', [137, 80], 'image/png');
    const read = vi.spyOn(a, 'arrayBuffer');
    await allSettled(t.uploads.filesPicked, { scope: t.scope, params: [a, b] });
    await vi.waitFor(() => expect(t.scope.getState(t.$failed).map((f) => f.status)).toEqual(['waiting', 'waiting']));

    const reader = t.uploads.keptFiles(['u1', 'u0']);
    expect(reader).not.toBeNull();
    expect(read).not.toHaveBeenCalled();
    const kept = await reader!();
    expect(kept.map((k) => [k.name, k.type, [...new Uint8Array(k.bytes)]])).toEqual([
      ['照片.png', 'image/png', [137, 80]],
      ['病假证明.pdf', 'application/pdf', [1, 2, 3]],
    ]);
    expect(read).toHaveBeenCalledOnce();
    await expect(t.uploads.keptFiles([])!()).resolves.toEqual([]);
  });

  it.each<[string, (t: ReturnType<typeof setup>) => Promise<unknown> | void, readonly string[]]>([
    ['a file never picked', () => undefined, ['u9']],
    ['one of two whose bytes are gone', () => undefined, ['u0', 'u9']],
    ['a file removed (its bytes forgotten)', (t) => allSettled(t.uploads.uploadForgotten, { scope: t.scope, params: 'u0' }), ['u0']],
    ['the owner dropped (the queue stopped)', (t) => t.uploads.dispose(), ['u0']],
  ])('keptFiles answers null at once for %s', async (_, meanwhile, uids) => {
    const t = setup({ kind: 'offline', waitsOffline: true });
    await allSettled(t.uploads.filesPicked, { scope: t.scope, params: [source('a.pdf', [1])] });
    await vi.waitFor(() => expect(t.scope.getState(t.$failed)).toHaveLength(1));
    await meanwhile(t);
    expect(t.uploads.keptFiles(uids)).toBeNull();
  });

  it('keptFiles answers null for a file uploaded already (its bytes are not kept after it went up)', async () => {
    const t = setup({ kind: null, waitsOffline: true });
    await allSettled(t.uploads.filesPicked, { scope: t.scope, params: [source('a.pdf', [1])] });
    await vi.waitFor(() => expect(t.scope.getState(t.$done)).toEqual(['u0']));
    expect(t.scope.getState(t.$failed)).toEqual([]);
    expect(t.uploads.keptFiles(['u0'])).toBeNull();
  });
});
