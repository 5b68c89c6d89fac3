import axios from 'axios';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileHasher } from '../../../infrastructure/upload/fileHasher';
import { HttpUploader } from '../../../infrastructure/upload/uploader';
import { startSandbox } from '../../../sandbox/server';
import { loginAs } from './support/partA';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sb: Sandbox;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataFile: null, quiet: true });
});
afterAll(async () => {
  await sb.close();
});

describe('upload pipeline against the sandbox (obs-config, signed PUT, stored-file)', () => {
  it('uploads bytes that come back identical, and a second upload of the same bytes skips the PUT (isBe)', async () => {
    const c = await loginAs(sb.url, 't1001');
    const uploader = new HttpUploader({ http: c.http, hasher: createFileHasher(), clock: { now: () => Date.now() } });
    const bytes = randomBytes(300_000);
    const file = new File([bytes], '请假证明.pdf', { type: 'application/pdf' });
    const seen: number[] = [];
    const first = await uploader.upload(file, { onProgress: (p) => seen.push(p) });
    expect(first).toMatchObject({ status: 'done', percent: 100, name: '请假证明.pdf', size: bytes.length });
    expect(first.userFileId).toBeTruthy();
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const url = new URL(first.url, sb.url).toString();
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

    // Same bytes again: the server already has them (isBe), so nothing is transferred.
    const transfer = axios.create();
    let puts = 0;
    transfer.interceptors.request.use((config) => {
      puts++;
      return config;
    });
    const counting = new HttpUploader({ http: c.http, hasher: createFileHasher(), clock: { now: () => Date.now() }, transfer });
    const again = await counting.upload(new File([bytes], 'copy.pdf', { type: 'application/pdf' }));
    expect(again.status).toBe('done');
    expect(puts).toBe(0);
    const fresh = await counting.upload(new File([randomBytes(10)], 'fresh.txt'));
    expect(fresh.status).toBe('done');
    expect(puts).toBe(1);
  });

  it('a failing signed PUT ends as 上传失败 and a retry succeeds', async () => {
    const c = await loginAs(sb.url, 't1002');
    const uploader = new HttpUploader({ http: c.http, hasher: createFileHasher(), clock: { now: () => Date.now() } });
    await fetch(`${sb.url}/sandbox/admin/fault`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/sandbox/obs/', status: 500, times: 1 }),
    });
    const file = new File([randomBytes(5000)], 'notes.txt', { type: '' });
    await expect(uploader.upload(file, { uid: 'u1' })).rejects.toMatchObject({ message: '上传失败' });
    const retried = await uploader.upload(file, { uid: 'u1' });
    expect(retried).toMatchObject({ uid: 'u1', status: 'done' });
  });
});
