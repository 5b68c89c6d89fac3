import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, login, startTestSandbox } from '../../../sandbox/testkit';
import type { SandboxHandle } from '../../../sandbox/server';

const FILE = '/v1/file-service/api';
const md5 = (b: Uint8Array): string => createHash('md5').update(b).digest('hex');

let sb: SandboxHandle;
let client: ApiClient;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  sb.reset();
  client = (await login(sb, 't1001')).client;
});

async function upload(bytes: Uint8Array<ArrayBuffer>, name: string, contentType: string) {
  const cfg = await client.post(`${FILE}/upload-file/obs-config`, { objectKey: `uploads/2026/${name}`, size: bytes.length, fileMd5: md5(bytes), httpVerb: 2, contentType });
  expect(cfg.status).toBe(200);
  if (!cfg.body.isBe) {
    const put = await fetch(new URL(cfg.body.value, sb.url), { method: 'PUT', headers: cfg.body.actualSignedRequestHeaders, body: bytes });
    expect(put.status).toBe(200);
  }
  const saved = await client.post(`${FILE}/stored-file`, { id: cfg.body.fileId, showName: name, name, extension: name.split('.').pop(), size: bytes.length, storedType: 1, fileMD5: md5(bytes) });
  expect(saved.status).toBe(200);
  return { cfg: cfg.body, saved: saved.body };
}

describe('upload', () => {
  it('obs-config -> signed PUT -> stored-file -> download gives the same bytes', async () => {
    const bytes = new Uint8Array(5000).map((_, i) => (i * 7) % 256);
    const { cfg, saved } = await upload(bytes, '实验数据.bin', 'application/octet-stream');
    expect(cfg).toMatchObject({ isBe: false, fileId: expect.any(String), value: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/obs\/.+\?sig=/) });
    expect(cfg.actualSignedRequestHeaders).toEqual({ 'Content-Type': 'application/octet-stream', 'x-obs-sig': expect.any(String) });
    expect(saved).toMatchObject({ url: expect.stringMatching(/^\/sandbox\/files\//), fileName: '实验数据.bin', size: 5000, userFileId: expect.any(String), domain: '/sandbox/files/', path: expect.any(String) });
    const res = await fetch(sb.url + saved.url + '?download=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('实验数据.bin')}`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    expect(saved.domain + saved.path).toBe(decodeURIComponent(saved.url));
  });

  it('answers isBe for identical md5 and size, and the record points at the first bytes', async () => {
    const bytes = new TextEncoder().encode('hello sandbox');
    const first = await upload(bytes, 'a.txt', 'text/plain');
    const second = await upload(bytes, 'b.txt', 'text/plain');
    expect(second.cfg.isBe).toBe(true);
    expect(second.saved.path).toBe(first.saved.path);
    expect(second.saved.fileName).toBe('b.txt');
    expect(await (await fetch(sb.url + second.saved.url)).text()).toBe('hello sandbox');
  });

  it('checks the signature, the signed headers and the size', async () => {
    const bytes = new TextEncoder().encode('abc');
    const cfg = (await client.post(`${FILE}/upload-file/obs-config`, { objectKey: 'x/abc.txt', size: 3, fileMd5: md5(bytes), httpVerb: 2, contentType: 'text/plain' })).body;
    const put = (url: string, headers: Record<string, string>, body: Uint8Array<ArrayBuffer> = bytes) => fetch(new URL(url, sb.url), { method: 'PUT', headers, body });
    expect((await put(cfg.value.replace(/sig=.*/, 'sig=bad'), cfg.actualSignedRequestHeaders)).status).toBe(403);
    expect((await put(cfg.value, { 'Content-Type': 'text/plain' })).status).toBe(403);
    expect((await put(cfg.value, { ...cfg.actualSignedRequestHeaders, 'Content-Type': 'image/png' })).status).toBe(403);
    const wrongSize = await put(cfg.value, cfg.actualSignedRequestHeaders, new TextEncoder().encode('abcd'));
    expect(wrongSize.status).toBe(400);
    // Not uploaded yet: saving the record is a conflict.
    const early = await client.post(`${FILE}/stored-file`, { id: cfg.fileId, showName: 'abc.txt', storedType: 1 });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('文件尚未上传完成');
    expect((await put(cfg.value, cfg.actualSignedRequestHeaders)).status).toBe(200);
  });

  it.each([
    [{ size: 1, fileMd5: 'x', httpVerb: 2 }, 'objectKey 不能为空'],
    [{ objectKey: '../etc/passwd', size: 1, fileMd5: 'x', httpVerb: 2 }, 'objectKey 不正确'],
    [{ objectKey: 'a.txt', size: -1, fileMd5: 'x', httpVerb: 2 }, 'size 不能小于0'],
    [{ objectKey: 'a.txt', size: 1, fileMd5: 'x', httpVerb: 1 }, '不支持的上传方式'],
    [{ objectKey: 'a.txt', size: 1, httpVerb: 2 }, 'fileMd5 不能为空'],
  ])('obs-config refuses %j: %s', async (body, message) => {
    const res = await client.post(`${FILE}/upload-file/obs-config`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('stored-file: unknown id 404, missing name 400', async () => {
    const res = await client.post(`${FILE}/stored-file`, { id: 'nope', showName: 'a.txt', storedType: 1 });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('文件不存在');
    expect((await client.post(`${FILE}/stored-file`, { id: 'nope' })).status).toBe(400);
  });

  it('never overwrites another upload under the same key', async () => {
    const a = await upload(new TextEncoder().encode('first'), 'same.txt', 'text/plain');
    const b = await upload(new TextEncoder().encode('second'), 'same.txt', 'text/plain');
    expect(b.saved.path).not.toBe(a.saved.path);
    expect(await (await fetch(sb.url + a.saved.url)).text()).toBe('first');
  });
});

describe('documents and previews', () => {
  it('creates an empty document with new-files', async () => {
    const res = await client.post(`${FILE}/stored-file/new-files`, { name: '会议纪要', suffix: 'docx' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fileName: '会议纪要.docx', size: 0, userFileId: expect.any(String) });
    const file = await fetch(sb.url + res.body.url);
    expect(file.headers.get('content-type')).toContain('wordprocessingml');
  });

  it.each([
    [{ name: '', suffix: 'docx' }, '请输入文件名称'],
    [{ name: 'x'.repeat(41), suffix: 'docx' }, '文件名称不能超过40个字符'],
    [{ name: 'ok' }, '请选择文件类型'],
    [{ name: 'ok', suffix: 'exe' }, '不支持的文件类型'],
  ])('new-files refuses %j: %s', async (body, message) => {
    const res = await client.post(`${FILE}/stored-file/new-files`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('lists file types and previewable extensions', async () => {
    const types = (await client.get(`${FILE}/stored-file/file-type`)).body;
    expect(types).toContainEqual({ suffix: 'docx', suffixMsg: 'Word 文档' });
    const view = await client.post(`${FILE}/stored-file/file-type-view`);
    expect(typeof view.body).toBe('string');
    expect(view.body.split(',')).toEqual(expect.arrayContaining(['pdf', 'docx', 'png']));
  });

  it('answers preview and edit addresses as strings, empty when not possible', async () => {
    const doc = (await client.post(`${FILE}/stored-file/new-files`, { name: '笔记', suffix: 'txt' })).body;
    const q = `domain=${encodeURIComponent(doc.domain)}&path=${encodeURIComponent(doc.path)}&name=${encodeURIComponent(doc.fileName)}&userFileId=${doc.userFileId}`;
    const view = await client.get(`${FILE}/stored-file/online-view?${q}`);
    expect(view.body).toMatch(/^\/sandbox\/preview\?mode=view&/);
    const page = await fetch(sb.url + view.body);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('笔记.txt');
    const edit = await client.get(`${FILE}/stored-file/online-edit?${q}`);
    expect(edit.body).toMatch(/^\/sandbox\/preview\?mode=edit&/);
    const zip = await upload(new TextEncoder().encode('PK'), 'a.zip', 'application/zip');
    expect((await client.get(`${FILE}/stored-file/online-view?path=${encodeURIComponent(zip.saved.path)}&name=a.zip`)).body).toBe('');
    expect((await client.get(`${FILE}/stored-file/online-view?path=nope`)).status).toBe(404);
    expect((await client.get(`${FILE}/stored-file/online-view`)).status).toBe(400);
  });

  it('sets the avatar with user-head', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const { saved } = await upload(png, 'avatar.png', 'image/png');
    const res = await client.put('/v1/system-service/api/account/user-head', { userObject: saved.path, userPath: saved.url });
    expect(res.status).toBe(200);
    expect((await client.get('/v1/saas-basic-data-service/api/user-info/info')).body.userImage).toBe(saved.url);
    expect((await client.put('/v1/system-service/api/account/user-head', { userPath: '/sandbox/files/nope.png' })).status).toBe(404);
    expect((await client.put('/v1/system-service/api/account/user-head', {})).body.error.message).toBe('头像地址不能为空');
  });

  it('serves unknown files as 404 and needs no token for downloads', async () => {
    const res = await new ApiClient(sb.url).get('/sandbox/files/nope/x.txt');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('文件不存在');
  });
});
