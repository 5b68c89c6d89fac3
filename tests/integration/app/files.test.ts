/**
 * Files use cases: preview and online edit against the in-process sandbox through the
 * real adapter; rename and the page addresses. The screens' models are in
 * files.models.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { HttpFilesApi } from '../../../infrastructure/files/filesApi';
import { ApiError } from '../../../application/ports/errors';
import type { FilesApi } from '../../../application/files/ports';
import { canEditOnline } from '../../../application/files/fileListModel';
import {
  absoluteFileAddress,
  editPagePath,
  fileNameFromUrl,
  filePagePath,
  parseSizeParam,
  previewPagePath,
  resolveOnlineEdit,
  resolvePreview,
  serviceAddress,
} from '../../../application/files/useCases';
import { renameKeepingExtension, splitFileName } from '../../../domain/files/files';
import {
  FILE_NAME_BLANK,
  FILE_NAME_REQUIRED,
  FILE_NAME_TOO_LONG,
  PREVIEW_UNSUPPORTED,
  RENAME_TITLE,
  DELETE_CONFIRM_CONTENT,
  DELETE_CONFIRM_TITLE,
  DELETE_SUCCESS,
  DOWNLOAD_FILE,
} from '../../../domain/files/messages';
import { err, ok } from '../../../domain/shared/result';
import type { Outcome } from '../../../application/shared/failure';
import { loginAs } from '../contract/support/partA';

const sb = testSandbox();

const filesFor = async (account: string) => new HttpFilesApi((await loginAs(sb.url, account)).http);
const fault = (body: Record<string, unknown>) =>
  fetch(`${sb.url}/sandbox/admin/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const PDF = `/sandbox/files/${encodeURIComponent('seed')}/${encodeURIComponent('2026春季校历.pdf')}`;
const TXT = `/sandbox/files/seed/${encodeURIComponent('实习报告模板.txt')}`;
const APP = 'https://campus.example.edu/app/page/onlinePreview?url=x';

const valueOf = <T>(outcome: Outcome<T>): T => {
  if (!outcome.ok) throw new Error(`failed: ${outcome.error.message}`);
  return outcome.value;
};

describe('the spec strings', () => {
  it.each([
    [RENAME_TITLE, '修改文件名'],
    [DOWNLOAD_FILE, '下载文件'],
    [DELETE_CONFIRM_TITLE, '确认删除'],
    [DELETE_CONFIRM_CONTENT, '是否删除此文件？'],
    [DELETE_SUCCESS, '删除成功'],
    [PREVIEW_UNSUPPORTED, '暂不支持预览'],
  ])('%s is %s', (constant, literal) => expect(constant).toBe(literal));
});

describe('page/onlinePreview', () => {
  it.each(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'ico'])('a .%s image is shown inline from its own address, without asking the server', async (ext) => {
    const api = { previewableExtensions: vi.fn(), onlineViewUrl: vi.fn() };
    const outcome = await resolvePreview({ api, base: APP }, { url: `/files/photo.${ext}`, name: '' });
    expect(outcome).toEqual(ok({ kind: 'image', src: `https://campus.example.edu/files/photo.${ext}` }));
    expect(api.previewableExtensions).not.toHaveBeenCalled();
  });

  it('a type file-type-view lists gets the online-view address in a frame', async () => {
    const api = await filesFor('t1001');
    const outcome = valueOf(await resolvePreview({ api, base: `${sb.url}/page/onlinePreview` }, { url: PDF, name: '2026春季校历.pdf' }));
    expect(outcome.kind).toBe('frame');
    const src = outcome.kind === 'frame' ? new URL(outcome.src) : null;
    expect(src?.origin).toBe(sb.url);
    expect(src?.pathname).toBe('/sandbox/preview');
    expect(src?.searchParams.get('mode')).toBe('view');
    const page = await fetch(src!.toString()).then((r) => r.text());
    expect(page).toContain('2026春季校历.pdf');
  });

  it('the name is read from the address when the page has none; a same-origin address goes as its path', async () => {
    const api = await filesFor('t1001');
    const outcome = valueOf(await resolvePreview({ api, base: `${sb.url}/page/onlinePreview` }, { url: `${sb.url}${TXT}`, name: '' }));
    expect(outcome.kind).toBe('frame');
    expect(fileNameFromUrl(TXT)).toBe('实习报告模板.txt');
    expect(serviceAddress(`${sb.url}${TXT}?a=1`, `${sb.url}/x`)).toBe(`${TXT}?a=1`);
    expect(serviceAddress('https://cdn.example.com/a.pdf', `${sb.url}/x`)).toBe('https://cdn.example.com/a.pdf');
  });

  it('a type file-type-view does not list is 暂不支持预览', async () => {
    const api = await filesFor('t1001');
    expect(await resolvePreview({ api, base: APP }, { url: '/files/setup.exe', name: 'setup.exe' })).toEqual(
      ok({
        kind: 'unsupported',
        message: '暂不支持预览',
      }),
    );
    expect(await resolvePreview({ api, base: APP }, { url: '/files/noext', name: 'README' })).toEqual(ok({ kind: 'unsupported', message: PREVIEW_UNSUPPORTED }));
  });

  it('a missing address (no url, or none from the server) is only logged', async () => {
    const log = vi.fn();
    const api: Pick<FilesApi, 'previewableExtensions' | 'onlineViewUrl'> = {
      previewableExtensions: async () => ['pdf'],
      onlineViewUrl: async () => null,
    };
    expect(await resolvePreview({ api, base: APP, log }, { url: '', name: '' })).toEqual(ok({ kind: 'missing' }));
    expect(await resolvePreview({ api, base: APP, log }, { url: '/a.pdf', name: 'a.pdf' })).toEqual(ok({ kind: 'missing' }));
    expect(await resolvePreview({ api: { ...api, onlineViewUrl: async () => 'javascript:alert(1)' }, base: APP, log }, { url: '/a.pdf', name: 'a.pdf' })).toEqual(
      ok({ kind: 'missing' }),
    );
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('a failing call answers a refusal with the server message; a cancelled one says it was cancelled', async () => {
    const api = await filesFor('t1001');
    await fault({ path: '/stored-file/file-type-view', status: 500, message: '预览服务故障' });
    expect(await resolvePreview({ api, base: APP }, { url: '/a.pdf', name: 'a.pdf' })).toMatchObject(err({ kind: 'refused', message: '预览服务故障' }));
    const cancelled = {
      previewableExtensions: async () => {
        throw new ApiError('cancelled', '');
      },
      onlineViewUrl: vi.fn(),
    };
    expect(await resolvePreview({ api: cancelled, base: APP }, { url: '/a.pdf', name: 'a.pdf' })).toMatchObject(err({ kind: 'cancelled' }));
  });
});

describe('page/onlineEditing', () => {
  it('an office or text file gets the online-edit address in a frame', async () => {
    const api = await filesFor('t1001');
    const outcome = valueOf(await resolveOnlineEdit({ api, base: `${sb.url}/page/onlineEditing` }, { url: TXT, name: '实习报告模板.txt' }));
    expect(outcome.kind).toBe('frame');
    expect(outcome.kind === 'frame' && new URL(outcome.src).searchParams.get('mode')).toBe('edit');
  });

  it('no edit address from the server is only logged', async () => {
    const api = await filesFor('t1001');
    const log = vi.fn();
    expect(await resolveOnlineEdit({ api, base: sb.url, log }, { url: PDF, name: '2026春季校历.pdf' })).toEqual(ok({ kind: 'missing' }));
    expect(await resolveOnlineEdit({ api, base: sb.url, log }, { url: '', name: '' })).toEqual(ok({ kind: 'missing' }));
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('a failing call answers the server message', async () => {
    const api = await filesFor('t1001');
    expect(await resolveOnlineEdit({ api, base: sb.url }, { url: '/sandbox/files/none.txt', name: 'none.txt' })).toMatchObject(err({ kind: 'refused', message: '文件不存在' }));
  });

  it('online edit is offered for office documents and text only', () => {
    expect(['a.doc', 'a.docx', 'b.xlsx', 'c.pptx', 'd.txt'].every(canEditOnline)).toBe(true);
    expect(['a.pdf', 'b.png', 'c.zip', 'noext', ''].some(canEditOnline)).toBe(false);
  });
});

describe('file addresses', () => {
  it('an address that is not http(s) is no file address', () => {
    expect(absoluteFileAddress('/files/a.pdf', APP)).toBe('https://campus.example.edu/files/a.pdf');
    expect(absoluteFileAddress('javascript:alert(1)', APP)).toBeNull();
    expect(absoluteFileAddress('data:text/html,hi', APP)).toBeNull();
    expect(absoluteFileAddress('', APP)).toBeNull();
  });
});

describe('修改文件名', () => {
  it.each([
    ['报告.docx', '新报告', ok('新报告.docx')],
    ['报告.docx', '  新报告  ', ok('新报告.docx')],
    ['报告.docx', '新报告.docx', ok('新报告.docx')],
    ['README', '说明', ok('说明')],
    ['a.pdf', '', err('请输入文件名')],
    ['a.pdf', '   ', err('文件名不能为空')],
    ['a.pdf', '名'.repeat(41), err('文件名不能超过40个字符')],
    ['a.pdf', '名'.repeat(40), ok(`${'名'.repeat(40)}.pdf`)],
  ])('%s renamed to %j gives %j', (original, input, expected) => {
    expect(renameKeepingExtension(original, input)).toEqual(expected);
  });

  it('uses the domain messages', () => {
    expect([FILE_NAME_REQUIRED, FILE_NAME_BLANK, FILE_NAME_TOO_LONG]).toEqual(['请输入文件名', '文件名不能为空', '文件名不能超过40个字符']);
    expect(splitFileName('季度报表.final.xlsx').base).toBe('季度报表.final');
  });
});

describe('page addresses and query', () => {
  it('builds page/file, page/onlinePreview and page/onlineEditing', () => {
    expect(filePagePath({ url: '/f/a b.pdf', name: 'a b.pdf', size: 1025 })).toBe('/page/file?url=%2Ff%2Fa+b.pdf&name=a+b.pdf&size=1025');
    expect(filePagePath({ url: '/f/a.pdf', name: 'a.pdf', size: null })).toBe('/page/file?url=%2Ff%2Fa.pdf&name=a.pdf');
    expect(previewPagePath({ url: '/f/a.pdf', name: 'a.pdf' })).toBe('/page/onlinePreview?url=%2Ff%2Fa.pdf&name=a.pdf');
    expect(editPagePath({ url: '/f/a.docx', name: '' })).toBe('/page/onlineEditing?url=%2Ff%2Fa.docx');
  });

  it('reads a name from the address and the size query', () => {
    expect(fileNameFromUrl('https://x.example/d/%E6%8A%A5%E5%91%8A.pdf?sig=1')).toBe('报告.pdf');
    expect(fileNameFromUrl('/download?id=3&name=%E6%8A%A5%E5%91%8A.docx')).toBe('报告.docx');
    expect(fileNameFromUrl('')).toBe('');
    expect(fileNameFromUrl(42)).toBe('');
    expect(parseSizeParam('2048')).toBe(2048);
    expect([parseSizeParam(''), parseSizeParam('-1'), parseSizeParam('abc'), parseSizeParam(null)]).toEqual([null, null, null, null]);
  });

});
