import { createHash, randomBytes } from 'node:crypto';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../application/ports/errors';
import type { HashMode, UploadedFile } from '../../../application/ports/upload';
import { UPLOAD_FAILED } from '../../../domain/files/messages';
import type { TokenRecord } from '../../../domain/session/types';
import { HttpClient } from '../../../infrastructure/http/httpClient';
import { IDLE_WORKER_MS, Md5FileHasher } from '../../../infrastructure/upload/fileHasher';
import { createMd5Engine, md5OfBlob, type Md5EngineKind } from '../../../infrastructure/upload/md5';
import type { Md5WorkerReply, Md5WorkerRequest } from '../../../infrastructure/upload/md5.worker';
import {
  HASH_SHARE,
  HttpUploader,
  STORED_FILE_PATH,
  UPLOAD_CONFIG_PATH,
} from '../../../infrastructure/upload/uploader';

const HOST = 'http://api.test';
const OBS = 'http://obs.test/bucket';
/** 2026-03-07 09:30 UTC: the object key's date parts. */
const NOW = Date.UTC(2026, 2, 7, 9, 30);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const md5Hex = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

/** The bytes each mode hashes, written out independently of the implementation. */
const expectedInput = (bytes: Uint8Array, mode: HashMode): Uint8Array => {
  if (mode === 'whole' || bytes.length <= 2048) return bytes;
  return Buffer.concat([bytes.subarray(0, 1024), bytes.subarray(bytes.length - 1024)]);
};

function makeUploader(transferLog?: string[]) {
  const token: TokenRecord = { encryptedAccessToken: 'secret-token', refreshToken: 'r' };
  const client = new HttpClient({
    host: () => HOST,
    timeoutMs: () => 60000,
    tokens: { get: () => token, set: () => {}, clear: () => {} },
    campus: { get: () => 'campus-1', set: () => {}, clear: () => {} },
    clock: { now: () => NOW },
    onSessionLost: () => transferLog?.push('session lost'),
  });
  let n = 0;
  return new HttpUploader({
    http: client,
    hasher: new Md5FileHasher({ createWorker: null }),
    clock: { now: () => NOW },
    newUid: () => `uid-${++n}`,
  });
}

type Calls = { config: unknown[]; put: Array<{ headers: Headers; body: Uint8Array; url: string }>; stored: unknown[] };

function backend(opts: { isBe: boolean; putStatus?: () => number; onPut?: () => Promise<void> | void; stored?: object }) {
  const calls: Calls = { config: [], put: [], stored: [] };
  server.use(
    http.post(`${HOST}${UPLOAD_CONFIG_PATH}`, async ({ request }) => {
      expect(request.headers.get('Authorization')).toBe('Bearer secret-token');
      const body = (await request.json()) as { objectKey: string };
      calls.config.push(body);
      return HttpResponse.json({
        isBe: opts.isBe,
        fileId: 'file-1',
        value: opts.isBe ? null : `${OBS}/${body.objectKey}?sig=abc`,
        actualSignedRequestHeaders: opts.isBe
          ? null
          : { 'Content-Type': 'text/plain', 'x-obs-date': 'Sat, 07 Mar 2026 09:30:00 GMT', 'Content-MD5': 'q1w2e3' },
        extra: 'unknown fields pass',
      });
    }),
    http.put(`${OBS}/*`, async ({ request }) => {
      await opts.onPut?.();
      const body = new Uint8Array(await request.arrayBuffer());
      calls.put.push({ headers: request.headers, body, url: request.url });
      const status = opts.putStatus?.() ?? 200;
      return new HttpResponse(null, { status });
    }),
    http.post(`${HOST}${STORED_FILE_PATH}`, async ({ request }) => {
      calls.stored.push(await request.json());
      return HttpResponse.json(
        opts.stored ?? { url: 'http://files.test/2026/03/07/x.txt', fileName: 'notes.txt', size: 999, userFileId: 77, other: 1 },
      );
    }),
  );
  return calls;
}

const textFile = (bytes: Uint8Array, name = 'notes.txt', type = '') => new File([new Uint8Array(bytes)], name, { type });

describe('HttpUploader', () => {
  it('prepare warms the hasher and sends nothing', async () => {
    const calls = backend({ isBe: true });
    const warmed: string[] = [];
    const uploader = new HttpUploader({
      http: {} as never,
      hasher: { md5: () => Promise.reject(new Error('not asked')), warm: () => warmed.push('warm') },
      clock: { now: () => NOW },
    });
    await expect(uploader.prepare()).resolves.toBeUndefined();
    expect(warmed).toEqual(['warm']);
    expect(calls.config).toHaveLength(0);
    // A hasher with nothing to warm is fine too.
    await expect(new HttpUploader({ http: {} as never, hasher: { md5: () => Promise.resolve('') }, clock: { now: () => NOW } }).prepare()).resolves.toBeUndefined();
  });

  it('isBe true: asks for the config, skips the PUT, saves the record, done', async () => {
    const bytes = randomBytes(3000);
    const md5 = md5Hex(bytes);
    const calls = backend({ isBe: true });
    const changes: UploadedFile[] = [];

    const result = await makeUploader().upload(textFile(bytes), { onChange: (f) => changes.push(f) });

    expect(calls.config).toEqual([
      { objectKey: `2026/03/07/${md5}.txt`, size: 3000, fileMd5: md5, httpVerb: 2, contentType: 'text/plain' },
    ]);
    expect(calls.put).toHaveLength(0);
    expect(calls.stored).toEqual([
      { id: 'file-1', showName: 'notes.txt', name: `2026/03/07/${md5}.txt`, extension: 'txt', size: 3000, storedType: 1, fileMD5: md5 },
    ]);
    expect(result).toEqual({
      uid: 'uid-1',
      name: 'notes.txt',
      domain: 'http://files.test',
      path: `2026/03/07/${md5}.txt`,
      size: 999,
      userFileId: '77',
      url: 'http://files.test/2026/03/07/x.txt',
      fileName: 'notes.txt',
      status: 'done',
      percent: 100,
    });
    expect(changes[0]).toMatchObject({ uid: 'uid-1', status: 'uploading', percent: 0 });
    expect(changes.at(-1)).toBe(result);
  });

  it('isBe false: PUTs the raw bytes to the signed address with exactly the signed headers', async () => {
    const bytes = randomBytes(50_000);
    const calls = backend({ isBe: false });

    await makeUploader().upload(textFile(bytes, 'scan.PDF', 'application/pdf'), { hashMode: 'headTail' });

    const md5 = md5Hex(expectedInput(bytes, 'headTail'));
    expect(calls.config[0]).toMatchObject({ objectKey: `2026/03/07/${md5}.pdf`, fileMd5: md5, contentType: 'application/pdf' });
    expect(calls.put).toHaveLength(1);
    const put = calls.put[0]!;
    expect(put.url).toBe(`${OBS}/2026/03/07/${md5}.pdf?sig=abc`);
    expect(Buffer.from(put.body).equals(bytes)).toBe(true);
    // The signed Content-Type wins over the file's own type.
    expect(put.headers.get('content-type')).toBe('text/plain');
    expect(put.headers.get('x-obs-date')).toBe('Sat, 07 Mar 2026 09:30:00 GMT');
    expect(put.headers.get('content-md5')).toBe('q1w2e3');
    expect(put.headers.get('authorization')).toBeNull();
    expect(put.headers.get('campus')).toBeNull();
    expect(put.headers.get('accept')).toBeNull();
    expect(calls.stored[0]).toMatchObject({ extension: 'pdf', showName: 'scan.PDF', fileMD5: md5 });
  });

  it('a server answer without domain and path keeps its own; a server that gives them wins', async () => {
    backend({
      isBe: true,
      stored: { url: 'http://files.test/a', fileName: 'a', size: 1, userFileId: 'u', domain: 'http://cdn.test', path: 'p/a' },
    });
    const result = await makeUploader().upload(textFile(randomBytes(10)));
    expect(result).toMatchObject({ domain: 'http://cdn.test', path: 'p/a', userFileId: 'u' });
  });

  it('reports progress: hashing up to 10, the transfer up to 99, then 100 with status done', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    backend({ isBe: false });
    const percents: number[] = [];
    const statuses: string[] = [];

    await makeUploader().upload(textFile(bytes), {
      onProgress: (p) => percents.push(p),
      onChange: (f) => statuses.push(`${f.status}:${f.percent}`),
    });

    expect(percents.at(-1)).toBe(100);
    expect(percents).toContain(HASH_SHARE);
    expect(percents).toContain(99);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(new Set(percents).size).toBe(percents.length);
    // Some progress strictly inside the transfer.
    expect(percents.some((p) => p > HASH_SHARE && p < 99)).toBe(true);
    expect(statuses[0]).toBe('uploading:0');
    expect(statuses.at(-1)).toBe('done:100');
  });

  it('a failed PUT ends in error with 上传失败; calling again with the same uid succeeds', async () => {
    let putStatus = 500;
    const calls = backend({ isBe: false, putStatus: () => putStatus });
    const uploader = makeUploader();
    const file = textFile(randomBytes(4096));
    const changes: UploadedFile[] = [];

    const failed = await uploader.upload(file, { onChange: (f) => changes.push(f) }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).message).toBe(UPLOAD_FAILED);
    expect((failed as ApiError).message).toBe('上传失败');
    expect((failed as ApiError).status).toBe(500);
    expect(changes.at(-1)).toMatchObject({ uid: 'uid-1', status: 'error' });
    expect(calls.stored).toHaveLength(0);

    putStatus = 200;
    const retried = await uploader.upload(file, { uid: 'uid-1', onChange: (f) => changes.push(f) });
    expect(retried).toMatchObject({ uid: 'uid-1', status: 'done', percent: 100 });
    // The retry restarted the whole pipeline.
    expect(calls.config).toHaveLength(2);
    expect(calls.put).toHaveLength(2);
    expect(changes.at(-1)).toMatchObject({ uid: 'uid-1', status: 'done' });
  });

  it.each([
    ['a config answer without fileId', HttpResponse.json({ isBe: true })],
    ['a config error answer', HttpResponse.json({ error: { message: '配置失败' } }, { status: 500 })],
    ['isBe false without a signed address', HttpResponse.json({ isBe: false, fileId: 'f' })],
  ])('%s ends in error with 上传失败', async (_, answer) => {
    server.use(http.post(`${HOST}${UPLOAD_CONFIG_PATH}`, () => answer.clone()));
    const changes: UploadedFile[] = [];
    const e = await makeUploader()
      .upload(textFile(randomBytes(10)), { onChange: (f) => changes.push(f) })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).message).toBe(UPLOAD_FAILED);
    expect((e as ApiError).kind).not.toBe('cancelled');
    expect(changes.at(-1)?.status).toBe('error');
  });

  it('a PUT that cannot reach the storage ends in a network error', async () => {
    backend({ isBe: false });
    server.use(http.put(`${OBS}/*`, () => HttpResponse.error()));
    const e = await makeUploader().upload(textFile(randomBytes(10))).catch((x: unknown) => x);
    expect(e).toMatchObject({ kind: 'network', message: UPLOAD_FAILED });
  });

  it('aborting the signal cancels the transfer', async () => {
    const controller = new AbortController();
    const calls = backend({
      isBe: false,
      onPut: async () => {
        controller.abort();
        await delay(2000);
      },
    });
    const changes: UploadedFile[] = [];
    const e = await makeUploader()
      .upload(textFile(randomBytes(100)), { signal: controller.signal, onChange: (f) => changes.push(f) })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).kind).toBe('cancelled');
    expect(calls.stored).toHaveLength(0);
    expect(changes.at(-1)?.status).toBe('error');
  });

  it('an already aborted signal sends nothing', async () => {
    const calls = backend({ isBe: true });
    const controller = new AbortController();
    controller.abort();
    const e = await makeUploader()
      .upload(textFile(randomBytes(100)), { signal: controller.signal })
      .catch((x: unknown) => x);
    expect((e as ApiError).kind).toBe('cancelled');
    expect(calls.config).toHaveLength(0);
  });

  it('aborting while hashing stops before the config call', async () => {
    const calls = backend({ isBe: true });
    const controller = new AbortController();
    const e = await makeUploader()
      .upload(textFile(randomBytes(25 * 1024 * 1024)), {
        signal: controller.signal,
        onProgress: (p) => p > 0 && controller.abort(),
      })
      .catch((x: unknown) => x);
    expect((e as ApiError).kind).toBe('cancelled');
    expect(calls.config).toHaveLength(0);
  });
});

describe('MD5 of files against node:crypto', () => {
  const sizes = [0, 1, 1023, 1024, 2047, 2048, 2049, 10 * 1024 * 1024 + 1];
  const data = new Map(sizes.map((n) => [n, new Uint8Array(randomBytes(n))]));
  const cases = (['wasm', 'spark'] as const).flatMap((engine) =>
    (['whole', 'headTail'] as const).flatMap((mode) => sizes.map((size) => [engine, mode, size] as const)),
  );

  it.each(cases)('%s %s size %i', async (engine: Md5EngineKind, mode: HashMode, size: number) => {
    const bytes = data.get(size)!;
    const got = await md5OfBlob(new Blob([bytes]), mode, await createMd5Engine(engine));
    expect(got).toBe(md5Hex(expectedInput(bytes, mode)));
  });

  it.each(['wasm', 'spark'] as const)('%s engine over a sub-array view hashes only the view', async (engine) => {
    const e = await createMd5Engine(engine);
    const big = new Uint8Array(randomBytes(100));
    e.update(big.subarray(10, 60));
    expect(e.digest()).toBe(md5Hex(big.subarray(10, 60)));
  });

  it('the auto engine is the WebAssembly one when WebAssembly is present', async () => {
    expect((await createMd5Engine()).kind).toBe('wasm');
  });

  it('the auto engine falls back to spark-md5 without WebAssembly', async () => {
    const saved = globalThis.WebAssembly;
    try {
      // @ts-expect-error simulating a web view without WebAssembly
      delete globalThis.WebAssembly;
      expect((await createMd5Engine('auto')).kind).toBe('spark');
      const hasher = new Md5FileHasher({ createWorker: null });
      const bytes = data.get(2049)!;
      expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
    } finally {
      globalThis.WebAssembly = saved;
    }
  });

  it('the hasher reports progress per 10 MB chunk up to 100', async () => {
    const bytes = data.get(10 * 1024 * 1024 + 1)!;
    const progress: number[] = [];
    const got = await new Md5FileHasher({ createWorker: null }).md5(new Blob([bytes]), 'whole', (p) => progress.push(p));
    expect(got).toBe(md5Hex(bytes));
    expect(progress).toHaveLength(2);
    expect(progress.at(-1)).toBe(100);
  });
});

/** Runs the worker's job in-thread, like a real worker would, through the same protocol. */
class FakeWorker {
  onmessage: ((e: MessageEvent<Md5WorkerReply>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  requests = 0;
  /** The next request errors before any answer (a worker that died while kept). */
  failNext = false;
  constructor(private readonly mode: 'ok' | 'fail-to-load' | 'crash' | 'error-reply') {}
  postMessage(req: Md5WorkerRequest): void {
    if (this.terminated) return;
    this.requests++;
    if (this.mode === 'fail-to-load' || this.failNext) {
      queueMicrotask(() => this.onerror?.({ message: 'blocked', preventDefault: () => {} } as ErrorEvent));
      return;
    }
    void (async () => {
      const reply = (m: Md5WorkerReply) => !this.terminated && this.onmessage?.({ data: m } as MessageEvent<Md5WorkerReply>);
      if (this.mode === 'error-reply') {
        reply({ type: 'error', message: 'file vanished' });
        return;
      }
      if (this.mode === 'crash') {
        reply({ type: 'progress', percent: 1 });
        this.onerror?.({ message: 'out of memory', preventDefault: () => {} } as ErrorEvent);
        return;
      }
      const md5 = await md5OfBlob(req.file, req.mode, await createMd5Engine(req.engine), (percent) =>
        reply({ type: 'progress', percent }),
      );
      reply({ type: 'done', md5 });
    })();
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe('Md5FileHasher worker path', () => {
  const bytes = new Uint8Array(randomBytes(5000));

  /** A hasher whose workers are FakeWorkers of `mode`, listed in `workers` as they are made. */
  const hasherWith = (workers: FakeWorker[], opts: { idleMs?: number; mode?: 'ok' | 'crash' | 'error-reply' } = {}) =>
    new Md5FileHasher({
      idleMs: opts.idleMs,
      createWorker: () => {
        const w = new FakeWorker(opts.mode ?? 'ok');
        workers.push(w);
        return w as unknown as Worker;
      },
    });

  it('hashes in the worker, keeps it for the next file, and lets it go when no file comes', async () => {
    const workers: FakeWorker[] = [];
    const hasher = hasherWith(workers, { idleMs: 50 });
    const progress: number[] = [];
    expect(await hasher.md5(new Blob([bytes]), 'headTail', (p) => progress.push(p))).toBe(md5Hex(expectedInput(bytes, 'headTail')));
    expect(progress.at(-1)).toBe(100);
    expect(workers).toHaveLength(1);
    expect(workers[0]?.terminated).toBe(false);
    // The next file goes to the same worker, its progress to its own caller only.
    const second: number[] = [];
    const other = new Uint8Array(randomBytes(3000));
    expect(await hasher.md5(new Blob([other]), 'whole', (p) => second.push(p))).toBe(md5Hex(other));
    expect(workers).toHaveLength(1);
    expect(second).toEqual([100]);
    expect(progress.at(-1)).toBe(100);
    expect(workers[0]?.requests).toBe(2);
    await expect.poll(() => workers[0]?.terminated).toBe(true);
    // Once let go, the next file gets a new one.
    expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
    expect(workers).toHaveLength(2);
  });

  it('by default a worker is kept IDLE_WORKER_MS (30 s) after its answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const workers: FakeWorker[] = [];
      const hasher = hasherWith(workers);
      expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
      expect(IDLE_WORKER_MS).toBe(30_000);
      vi.advanceTimersByTime(IDLE_WORKER_MS - 1);
      expect(workers[0]?.terminated).toBe(false);
      vi.advanceTimersByTime(1);
      expect(workers[0]?.terminated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('files hashed at the same time each get a worker; one is kept after, the other let go', async () => {
    const workers: FakeWorker[] = [];
    const hasher = hasherWith(workers);
    const other = new Uint8Array(randomBytes(7000));
    expect(await Promise.all([hasher.md5(new Blob([bytes]), 'whole'), hasher.md5(new Blob([other]), 'whole')])).toEqual([md5Hex(bytes), md5Hex(other)]);
    expect(workers).toHaveLength(2);
    expect(workers.filter((w) => w.terminated)).toHaveLength(1);
    expect(await hasher.md5(new Blob([other]), 'whole')).toBe(md5Hex(other));
    expect(workers).toHaveLength(2);
  });

  it('a worker that answered with an error is let go, not kept', async () => {
    const workers: FakeWorker[] = [];
    const hasher = hasherWith(workers, { mode: 'error-reply' });
    await expect(hasher.md5(new Blob([bytes]), 'whole')).rejects.toThrow('file vanished');
    expect(workers[0]?.terminated).toBe(true);
    await expect(hasher.md5(new Blob([bytes]), 'whole')).rejects.toThrow('file vanished');
    expect(workers).toHaveLength(2);
  });

  it('warm starts a worker and keeps it for the file about to come; warm again starts no second one', async () => {
    const workers: FakeWorker[] = [];
    const hasher = hasherWith(workers, { idleMs: 60_000 });
    hasher.warm();
    hasher.warm();
    expect(workers).toHaveLength(1);
    expect(workers[0]?.requests).toBe(0);
    expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
    expect(workers).toHaveLength(1);
    expect(workers[0]?.requests).toBe(1);
  });

  it('a warmed worker no file came for is let go after the idle time', async () => {
    const workers: FakeWorker[] = [];
    const hasher = hasherWith(workers, { idleMs: 30 });
    hasher.warm();
    await expect.poll(() => workers[0]?.terminated).toBe(true);
    expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
    expect(workers).toHaveLength(2);
  });

  it('a warmed worker that cannot load is let go; the file then starts its own (here: in-thread)', async () => {
    const made: FakeWorker[] = [];
    const hasher = new Md5FileHasher({
      createWorker: () => {
        const w = new FakeWorker(made.length === 0 ? 'fail-to-load' : 'ok');
        made.push(w);
        return w as unknown as Worker;
      },
    });
    hasher.warm();
    // A load failure shows as the worker's error event, as a blocked script does.
    made[0]!.onerror?.({ message: 'blocked', preventDefault: () => {} } as ErrorEvent);
    expect(made[0]?.terminated).toBe(true);
    expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
    expect(made).toHaveLength(2);
    expect(made[1]?.requests).toBe(1);
  });

  it('warm does nothing without workers, and never throws when one cannot be made', async () => {
    expect(() => new Md5FileHasher({ createWorker: null }).warm()).not.toThrow();
    const hasher = new Md5FileHasher({
      createWorker: () => {
        throw new Error('no module workers');
      },
    });
    expect(() => hasher.warm()).not.toThrow();
    expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
  });

  it('a worker that cannot load falls back to hashing in-thread', async () => {
    const hasher = new Md5FileHasher({ createWorker: () => new FakeWorker('fail-to-load') as unknown as Worker });
    expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
  });

  it('a worker constructor that throws falls back to hashing in-thread', async () => {
    const hasher = new Md5FileHasher({
      createWorker: () => {
        throw new Error('no module workers');
      },
    });
    expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
  });

  it('a worker that crashes mid-way rejects', async () => {
    const hasher = new Md5FileHasher({ createWorker: () => new FakeWorker('crash') as unknown as Worker });
    await expect(hasher.md5(new Blob([bytes]), 'whole')).rejects.toThrow('out of memory');
  });

  it('aborting terminates the worker and rejects with cancelled', async () => {
    const w = new FakeWorker('ok');
    const controller = new AbortController();
    const hasher = new Md5FileHasher({ createWorker: () => w as unknown as Worker });
    const p = hasher.md5(new Blob([new Uint8Array(randomBytes(30 * 1024 * 1024))]), 'whole', undefined, controller.signal);
    controller.abort();
    await expect(p).rejects.toSatisfy((e: unknown) => e instanceof ApiError && e.kind === 'cancelled');
    expect(w.terminated).toBe(true);
  });

  it('a cancelled file lets its worker go; the next file gets a new one', async () => {
    const workers: FakeWorker[] = [];
    const hasher = hasherWith(workers);
    expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
    const controller = new AbortController();
    const p = hasher.md5(new Blob([new Uint8Array(randomBytes(30 * 1024 * 1024))]), 'whole', undefined, controller.signal);
    controller.abort();
    await expect(p).rejects.toSatisfy((e: unknown) => e instanceof ApiError && e.kind === 'cancelled');
    expect(workers).toHaveLength(1);
    expect(workers[0]?.terminated).toBe(true);
    expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
    expect(workers).toHaveLength(2);
  });

  it('a kept worker that errors before it answers the next file: that file is hashed in-thread', async () => {
    const workers: FakeWorker[] = [];
    const hasher = hasherWith(workers);
    expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
    workers[0]!.failNext = true;
    expect(await hasher.md5(new Blob([bytes]), 'whole')).toBe(md5Hex(bytes));
    expect(workers[0]?.terminated).toBe(true);
  });
});

describe('md5.worker', () => {
  it('answers progress then the digest, or an error, over its message protocol', async () => {
    const replies: Md5WorkerReply[] = [];
    const scope = new EventTarget() as EventTarget & { postMessage(m: Md5WorkerReply): void };
    scope.postMessage = (m) => replies.push(m);
    const g = globalThis as unknown as { self?: unknown };
    const saved = g.self;
    g.self = scope;
    try {
      await import('../../../infrastructure/upload/md5.worker');
      const bytes = new Uint8Array(randomBytes(3000));
      const request: Md5WorkerRequest = { file: new Blob([bytes]), mode: 'headTail', engine: 'auto' };
      scope.dispatchEvent(new MessageEvent('message', { data: request }));
      await expect.poll(() => replies.at(-1)?.type).toBe('done');
      expect(replies.at(-1)).toEqual({ type: 'done', md5: md5Hex(expectedInput(bytes, 'headTail')) });
      expect(replies.slice(0, 2)).toEqual([
        { type: 'progress', percent: 50 },
        { type: 'progress', percent: 100 },
      ]);

      const broken = { size: 10, slice: () => ({ arrayBuffer: () => Promise.reject(new Error('file vanished')) }) };
      scope.dispatchEvent(new MessageEvent('message', { data: { file: broken, mode: 'whole', engine: 'spark' } }));
      await expect.poll(() => replies.at(-1)).toEqual({ type: 'error', message: 'file vanished' });
    } finally {
      g.self = saved;
    }
  });
});
