/**
 * The files screens' models in fork() scopes, no React: the file list's own actions
 * (preview, online edit, download through the link policy and the shell, delete after
 * the confirm), page/file, and page/onlinePreview / page/onlineEditing against the
 * in-process sandbox.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { HttpFilesApi } from '../../../infrastructure/files/filesApi';
import { createFileListModel, fileActionKeys } from '../../../application/files/fileListModel';
import { createFilePageModel } from '../../../application/files/filePageModel';
import { createOnlineFileModel } from '../../../application/files/onlineFileModel';
import { ApiError } from '../../../application/ports/errors';
import type { Notifier } from '../../../application/ports/runtime';
import type { ShellFile } from '../../../application/ports/shell';
import { createLinkOpener } from '../../../application/shell/links';
import { loginAs } from '../contract/support/partA';

const sb = testSandbox();

const APP = 'https://campus.example.edu/app/';
const PAGE = `${APP}page/todo/add`;
const PDF = `/sandbox/files/seed/${encodeURIComponent('2026春季校历.pdf')}`;

const notifier = (answer = true): Notifier & { said: string[] } => {
  const said: string[] = [];
  return {
    said,
    success: (t) => void said.push(`ok:${t}`),
    fail: (t) => void said.push(`fail:${t}`),
    info: (t) => void said.push(`info:${t}`),
    confirm: vi.fn(async () => answer),
  };
};

const shellFake = (inShell: boolean, takes = true) => {
  const opened: ShellFile[] = [];
  return {
    opened,
    isInShell: () => inShell,
    openLink: () => true,
    openFile: (f: ShellFile) => {
      opened.push(f);
      return takes;
    },
  };
};

const linksFor = (shell: ReturnType<typeof shellFake>) =>
  createLinkOpener({ shell, navigator: { go: vi.fn() }, appBase: () => APP, pageUrl: () => PAGE, openSystem: vi.fn() });

describe('the file list model', () => {
  const setup = (answer = true) => {
    const shell = shellFake(false);
    const n = notifier(answer);
    const navigator = { go: vi.fn() };
    const model = createFileListModel({ links: linksFor(shell), shell, navigator, notifier: n });
    return { model, shell, n, navigator, scope: fork() };
  };
  const done = { name: '报告.docx', url: '/files/报告.docx', size: 10 };
  const uploading = { name: 'a.pdf', status: 'uploading' as const };

  it('previews and edits a finished file through its page; an upload in progress opens nothing', async () => {
    const { model, navigator, scope } = setup();
    await allSettled(model.previewRequested, { scope, params: uploading });
    expect(navigator.go).not.toHaveBeenCalled();
    await allSettled(model.previewRequested, { scope, params: done });
    await allSettled(model.editRequested, { scope, params: done });
    expect(navigator.go.mock.calls.map((c) => c[0])).toEqual([
      '/page/onlinePreview?url=%2Ffiles%2F%E6%8A%A5%E5%91%8A.docx&name=%E6%8A%A5%E5%91%8A.docx',
      '/page/onlineEditing?url=%2Ffiles%2F%E6%8A%A5%E5%91%8A.docx&name=%E6%8A%A5%E5%91%8A.docx',
    ]);
  });

  it('downloads through the shell with the absolute address the link policy gives; a script address is refused', async () => {
    const { model, shell, scope } = setup();
    await allSettled(model.downloadRequested, { scope, params: done });
    expect(shell.opened).toEqual([{ url: 'https://campus.example.edu/files/%E6%8A%A5%E5%91%8A.docx', name: '报告.docx', size: 10 }]);
    await allSettled(model.downloadRequested, { scope, params: { name: 'x', url: 'javascript:alert(1)' } });
    await allSettled(model.downloadRequested, { scope, params: { name: 'x', url: 'data:text/html,hi' } });
    expect(shell.opened).toHaveLength(1);
  });

  it('delete asks 确认删除 first; the owner removes the file; 删除成功, or the failure told', async () => {
    const no = setup(false);
    const remove = vi.fn();
    await allSettled(no.model.deleteRequested, { scope: no.scope, params: { file: done, remove } });
    expect(no.n.confirm).toHaveBeenCalledWith({ title: '确认删除', content: '是否删除此文件？' });
    expect(remove).not.toHaveBeenCalled();
    expect(no.n.said).toEqual([]);

    const { model, n, scope } = setup();
    await allSettled(model.deleteRequested, { scope, params: { file: done, remove } });
    expect(remove).toHaveBeenCalledTimes(1);
    await allSettled(model.deleteRequested, { scope, params: { file: done, remove: () => Promise.reject(new ApiError('http', '文件已被引用')) } });
    await allSettled(model.deleteRequested, { scope, params: { file: done, remove: () => Promise.reject(new ApiError('unauthorized', '')) } });
    expect(n.said).toEqual(['ok:删除成功', 'fail:文件已被引用']);
  });

  it('the menu: rename and delete only with their callbacks; edit for office and text; nothing but delete while uploading', () => {
    const all = { rename: true, edit: true, download: true, delete: true };
    expect(fileActionKeys(done, all)).toEqual(['rename', 'edit', 'download', 'delete']);
    expect(fileActionKeys({ name: 'a.pdf', url: '/a.pdf' }, all)).toEqual(['rename', 'download', 'delete']);
    expect(fileActionKeys(uploading, all)).toEqual(['delete']);
    expect(fileActionKeys(done, { rename: false, edit: false, download: true, delete: false })).toEqual(['download']);
  });
});

describe('the page/file model', () => {
  it('in a browser: the name from the address, the size, a download link; nothing logged', async () => {
    const shell = shellFake(false);
    const log = vi.fn();
    const model = createFilePageModel({ links: linksFor(shell), shell, notifier: notifier(), log }, { url: PDF, name: '', size: '1500' });
    expect(model.view).toEqual({ name: '2026春季校历.pdf', size: 1500, href: `https://campus.example.edu${PDF}`, newWindow: false, inShell: false });
    await allSettled(model.opened, { scope: fork() });
    expect(log).not.toHaveBeenCalled();
    const foreign = createFilePageModel({ links: linksFor(shell), shell, notifier: notifier() }, { url: 'https://cdn.example.com/a.pdf', name: 'a.pdf', size: '' });
    expect(foreign.view).toMatchObject({ href: 'https://cdn.example.com/a.pdf', newWindow: true, size: null });
  });

  it('an address that is not http(s) offers nothing and is logged', async () => {
    const shell = shellFake(false);
    const log = vi.fn();
    const model = createFilePageModel({ links: linksFor(shell), shell, notifier: notifier(), log }, { url: 'javascript:alert(1)', name: 'x.pdf', size: '' });
    expect(model.view.href).toBeNull();
    await allSettled(model.opened, { scope: fork() });
    expect(log).toHaveBeenCalledWith('[files] page/file without a usable url', 'javascript:alert(1)');
  });

  it('inside the shell 下载文件 hands the file to the shell; a refusal says 文件地址无效', async () => {
    const shell = shellFake(true);
    const n = notifier();
    const model = createFilePageModel({ links: linksFor(shell), shell, notifier: n }, { url: PDF, name: '校历.pdf', size: '2048' });
    expect(model.view.inShell).toBe(true);
    await allSettled(model.downloadPressed, { scope: fork() });
    expect(shell.opened).toEqual([{ url: `https://campus.example.edu${PDF}`, name: '校历.pdf', size: 2048 }]);
    expect(n.said).toEqual([]);

    const refusing = shellFake(true, false);
    const m2 = createFilePageModel({ links: linksFor(refusing), shell: refusing, notifier: n }, { url: PDF, name: '校历.pdf', size: '' });
    await allSettled(m2.downloadPressed, { scope: fork() });
    expect(n.said).toEqual(['fail:文件地址无效']);
  });
});

describe('the online preview and edit model', () => {
  const fault = (body: Record<string, unknown>) =>
    fetch(`${sb.url}/sandbox/admin/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('a previewable file: the online-view address for a frame', async () => {
    const api = new HttpFilesApi((await loginAs(sb.url, 't1001')).http);
    const n = notifier();
    const model = createOnlineFileModel({ api, notifier: n }, { mode: 'preview', url: PDF, name: '', base: `${sb.url}/page/onlinePreview` });
    expect(model.name).toBe('2026春季校历.pdf');
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$status)).toBe('ready');
    expect(scope.getState(model.$preview)).toMatchObject({ kind: 'frame', src: expect.stringContaining('/sandbox/preview?mode=view') });
    expect(n.said).toEqual([]);
  });

  it('a failing service is told and kept for 重新加载, which asks again', async () => {
    const api = new HttpFilesApi((await loginAs(sb.url, 't1001')).http);
    await fault({ path: '/stored-file/file-type-view', status: 500, message: '预览服务暂不可用', times: 1 });
    const n = notifier();
    const model = createOnlineFileModel({ api, notifier: n }, { mode: 'preview', url: PDF, name: '校历.pdf', base: `${sb.url}/x` });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(n.said).toEqual(['fail:预览服务暂不可用']);
    expect(scope.getState(model.$status)).toBe('failed');
    expect(scope.getState(model.$failure)?.message).toBe('预览服务暂不可用');
    await allSettled(model.retried, { scope });
    expect(scope.getState(model.$status)).toBe('ready');
    expect(scope.getState(model.$preview)?.kind).toBe('frame');
  });

  it('online edit: the online-edit address; an ended session is not told', async () => {
    const api = new HttpFilesApi((await loginAs(sb.url, 't1001')).http);
    const n = notifier();
    const txt = `/sandbox/files/seed/${encodeURIComponent('实习报告模板.txt')}`;
    const model = createOnlineFileModel({ api, notifier: n }, { mode: 'edit', url: txt, name: '', base: `${sb.url}/x` });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$preview)).toMatchObject({ kind: 'frame', src: expect.stringContaining('mode=edit') });

    vi.spyOn(api, 'onlineEditUrl').mockRejectedValue(new ApiError('unauthorized', ''));
    const m2 = createOnlineFileModel({ api, notifier: n }, { mode: 'edit', url: txt, name: '', base: `${sb.url}/x` });
    await allSettled(m2.opened, { scope });
    expect(n.said).toEqual([]);
  });
});
