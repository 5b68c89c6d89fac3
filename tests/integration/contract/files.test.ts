import { describe, expect, it } from 'vitest';
import { testSandbox } from '../testSandbox';
import { ApiError } from '../../../application/ports/errors';
import { PREVIEW_UNSUPPORTED } from '../../../domain/files/messages';
import { previewDecision } from '../../../domain/files/files';
import { HttpFilesApi } from '../../../infrastructure/files/filesApi';
import { HttpFormsApi } from '../../../infrastructure/forms/formsApi';
import { cannedServer, loginAs } from './support/partB';

const sb = testSandbox();

/** Seeded stored files of t1001 (sandbox/seed/files.ts). */
const CALENDAR = {
  domain: '/sandbox/files/',
  path: 'seed/2026春季校历.pdf',
  name: '2026春季校历.pdf',
  userFileId: '3a11e000-0000-4000-8000-000000000001',
};
const TEMPLATE = { domain: '/sandbox/files/', path: 'seed/实习报告模板.txt', name: '实习报告模板.txt', userFileId: '3a11e000-0000-4000-8000-000000000002' };

const filesApi = async (account = 't1001') => new HttpFilesApi((await loginAs(sb.url, account)).http);

describe('HttpFilesApi against the sandbox', () => {
  it('GET stored-file/file-type lists the document types as { suffix, suffixMsg }', async () => {
    const types = await (await filesApi()).fileTypes();
    expect(types).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ suffix: 'docx', suffixMsg: 'Word 文档' }),
        expect.objectContaining({ suffix: 'xlsx', suffixMsg: 'Excel 表格' }),
      ]),
    );
    for (const t of types) expect(t.suffix).not.toMatch(/^\./);
  });

  it('POST stored-file/file-type-view: the comma-separated answer becomes lower-case extensions', async () => {
    const previewable = await (await filesApi()).previewableExtensions();
    expect(previewable).toEqual(expect.arrayContaining(['pdf', 'docx', 'txt']));
    for (const ext of previewable) expect(ext).toMatch(/^[a-z0-9]+$/);
    // What the file page then decides: an archive cannot be previewed.
    expect(previewDecision('资料.zip', previewable)).toEqual({ kind: 'unsupported', message: PREVIEW_UNSUPPORTED });
    expect(previewDecision('校历.pdf', previewable)).toEqual({ kind: 'online' });
  });

  it('GET stored-file/online-view answers the preview address as the body, and it opens', async () => {
    const url = await (await filesApi()).onlineViewUrl(CALENDAR);
    expect(url).toEqual(expect.stringContaining('/sandbox/preview?mode=view'));
    const page = await fetch(new URL(url!, sb.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('2026春季校历.pdf');
  });

  it('online-view by path alone (no userFileId) works too', async () => {
    const url = await (await filesApi()).onlineViewUrl({ path: TEMPLATE.path, name: TEMPLATE.name });
    expect(url).toEqual(expect.stringContaining('mode=view'));
  });

  it('GET stored-file/online-edit answers the editor address for an editable file', async () => {
    const url = await (await filesApi()).onlineEditUrl(TEMPLATE);
    expect(url).toEqual(expect.stringContaining('/sandbox/preview?mode=edit'));
    const page = await fetch(new URL(url!, sb.url));
    expect(await page.text()).toContain('<textarea');
  });

  it('a missing address (empty body) is null, for the caller to log', async () => {
    // A PDF cannot be edited online: the server answers an empty address.
    await expect((await filesApi()).onlineEditUrl(CALENDAR)).resolves.toBeNull();
  });

  it('a file the server does not know rejects with its error.message', async () => {
    const api = await filesApi();
    const failure = await api.onlineViewUrl({ path: 'seed/none.pdf', name: 'none.pdf' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'http', status: 404, message: '文件不存在' });
  });

  it('a new document (forms adapter) can be opened for online editing by its userFileId', async () => {
    const session = await loginAs(sb.url, 't1002');
    const doc = await new HttpFormsApi(session.http).newDocument({ name: '教研记录', suffix: 'docx' });
    const url = await new HttpFilesApi(session.http).onlineEditUrl({ domain: doc.domain, path: doc.path ?? '', name: doc.fileName, userFileId: doc.userFileId });
    expect(url).toEqual(expect.stringContaining('mode=edit'));
    expect(decodeURIComponent(url!)).toContain('教研记录.docx');
  });
});

describe('the zod boundary of the files adapter', () => {
  it.each([
    ['a file type without suffixMsg', (api: HttpFilesApi) => api.fileTypes(), [{ suffix: 'docx' }]],
    ['extensions sent as a number', (api: HttpFilesApi) => api.previewableExtensions(), 42],
    ['an address that is an object', (api: HttpFilesApi) => api.onlineViewUrl({ path: 'p', name: 'n' }), { url: '/x' }],
  ])('%s is an ApiError malformed', async (_name, call, body) => {
    const canned = await cannedServer(body);
    try {
      await expect(call(new HttpFilesApi(canned.http))).rejects.toMatchObject({ kind: 'malformed' });
    } finally {
      await canned.close();
    }
  });

  it('a null address is null; a null extension list is empty', async () => {
    const canned = await cannedServer(null);
    try {
      const api = new HttpFilesApi(canned.http);
      await expect(api.onlineEditUrl({ path: 'p', name: 'n' })).resolves.toBeNull();
      await expect(api.previewableExtensions()).resolves.toEqual([]);
    } finally {
      await canned.close();
    }
  });
});
