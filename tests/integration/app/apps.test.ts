/**
 * App use cases (application/apps/useCases.ts): the lists, the common-apps edit and the
 * one opener shared by the home grid, the launcher and search. Against the in-process
 * sandbox through the real adapters, with fakes for the shell, navigator and notifier.
 */
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { HttpAppsApi } from '../../../infrastructure/apps/appsApi';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import {
  APP_CONFIG_ERROR,
  APP_ROUTES,
  loadMyApps,
  openApp,
  openWebAddress,
  saveCommonApps,
  TEACHER_SCANNER_CONTENT,
  TEACHER_SCANNER_TITLE,
  type OpenAppDeps,
} from '../../../application/apps/useCases';
import type { AppsApi } from '../../../application/apps/ports';
import { ApiError } from '../../../application/ports/errors';
import { commonAppsEdit, removeInEdit, startEdit, homeAppTiles, showCommonSection } from '../../../domain/apps/apps';
import { DELETE_SUCCESS, NO_FLOW } from '../../../domain/apps/messages';
import type { App } from '../../../domain/apps/types';
import { loginAs } from '../contract/support/partA';
import { createLinkOpener } from '../../../application/shell/links';

const sb = testSandbox();

const clientFor = async (account: string) => {
  const c = await loginAs(sb.url, account);
  const apps = new HttpAppsApi(c.http);
  return { apps, api: apps, approval: new HttpApprovalApi(c.http), userId: c.userId };
};

interface Fakes {
  deps: OpenAppDeps;
  go: ReturnType<typeof vi.fn>;
  fail: ReturnType<typeof vi.fn>;
  openLink: ReturnType<typeof vi.fn>;
  scan: ReturnType<typeof vi.fn>;
  log: ReturnType<typeof vi.fn>;
}

function fakes(base: Pick<OpenAppDeps, 'api' | 'approval'>, opts: { inShell?: boolean; scanned?: string | null } = {}): Fakes {
  const go = vi.fn();
  const fail = vi.fn();
  const openLink = vi.fn(() => true);
  const scan = vi.fn(() => Promise.resolve(opts.scanned ?? null));
  const log = vi.fn();
  const shell = { isInShell: () => opts.inShell === true, openLink, openFile: vi.fn(() => true), scan };
  const links = createLinkOpener({
    shell,
    navigator: { go },
    appBase: () => 'https://campus.example/',
    pageUrl: () => 'https://campus.example/',
    openSystem: vi.fn(),
  });
  return {
    deps: { ...base, shell, links, navigator: { go }, notifier: { fail }, log },
    go,
    fail,
    openLink,
    scan,
    log,
  };
}

const app = (over: Partial<App>): App => ({ id: 'app-x', name: 'X', useAppType: 2, ...over });

describe('app lists (my-use-app)', () => {
  it('gives a staff member 13 common apps and three categories of 18 apps: the home shows 11 and 更多', async () => {
    const { apps } = await clientFor('t1001');
    const mine = await loadMyApps({ api: apps }, 1);
    expect(mine.common).toHaveLength(13);
    expect(mine.groups.map((g) => g.name)).toEqual(['办公审批', '教学服务', '校园生活']);
    expect(mine.all).toHaveLength(18);
    expect(showCommonSection(mine.common, mine.all)).toBe(true);
    const tiles = homeAppTiles(mine.common);
    expect(tiles.apps).toHaveLength(11);
    expect(tiles.more).toBe(true);
  });

  it('asks with type 1 and the user type, and drops empty categories', async () => {
    const myApps = vi.fn<AppsApi['myApps']>(() =>
      Promise.resolve({
        commonList: [],
        useList: [
          { id: 'g1', name: '空', useAppTree: [] },
          { id: 'g2', name: '有', useAppTree: [app({ id: 'a' })] },
        ],
      }),
    );
    const mine = await loadMyApps({ api: { myApps } }, 3);
    expect(myApps).toHaveBeenCalledWith({ type: 1, userType: 3 }, { signal: undefined });
    expect(mine.groups.map((g) => g.name)).toEqual(['有']);
    expect(mine.common).toEqual([]);
  });

  it('gives an enterprise user no common apps, so the home shows every app instead', async () => {
    const { apps } = await clientFor('e4001');
    const mine = await loadMyApps({ api: apps }, 4);
    expect(mine.common).toEqual([]);
    expect(showCommonSection(mine.common, mine.all)).toBe(false);
    expect(mine.all.map((a) => a.name)).toEqual(['招聘会', '校企合作']);
  });
});

describe('common-apps edit (完成 saves deletions, 取消 reverts)', () => {
  it('完成 removes the deleted apps on the server and says 删除成功', async () => {
    const { apps } = await clientFor('t1001');
    const mine = await loadMyApps({ api: apps }, 1);
    const [first, second] = mine.common;
    let edit = startEdit(commonAppsEdit(mine.common));
    edit = removeInEdit(removeInEdit(edit, first!.id), second!.id);
    const saved = await saveCommonApps({ api: apps }, edit);
    expect(saved.message).toBe(DELETE_SUCCESS);
    expect(saved.message).toBe('删除成功');
    expect(saved.state.editing).toBe(false);
    expect(saved.state.saved.map((a) => a.id)).toEqual(mine.common.slice(2).map((a) => a.id));
    const again = await loadMyApps({ api: apps }, 1);
    expect(again.common.map((a) => a.id)).toEqual(mine.common.slice(2).map((a) => a.id));
  });

  it('完成 with nothing removed makes no call and shows nothing', async () => {
    const removeCommonApps = vi.fn(() => Promise.resolve());
    const saved = await saveCommonApps({ api: { removeCommonApps } }, startEdit(commonAppsEdit([app({ id: 'a' })])));
    expect(removeCommonApps).not.toHaveBeenCalled();
    expect(saved.message).toBeNull();
    expect(saved.state.editing).toBe(false);
  });

  it('a failed save rethrows the server message and loses nothing the user removed', async () => {
    const removeCommonApps = vi.fn(() => Promise.reject(new ApiError('http', '应用不存在：app-a', { status: 404 })));
    const edit = removeInEdit(startEdit(commonAppsEdit([app({ id: 'app-a' }), app({ id: 'app-b' })])), 'app-a');
    await expect(saveCommonApps({ api: { removeCommonApps } }, edit)).rejects.toMatchObject({ message: '应用不存在：app-a' });
    expect(edit.editing).toBe(true);
    expect(edit.draft.map((a) => a.id)).toEqual(['app-b']);
  });
});

describe('opening an app by useAppType', () => {
  it('a web link opens in the web-view page with its title and address outside the shell, and is logged', async () => {
    const c = await clientFor('t1001');
    const f = fakes(c);
    const before = sb.db.appLogs.length;
    const timetable = (await loadMyApps({ api: c.apps }, 1)).all.find((a) => a.code === 'timetable')!;
    const outcome = await openApp(f.deps, timetable);
    expect(f.go).toHaveBeenCalledWith('/web-view', { state: { title: '课表查询', uri: 'https://example.com/campus/timetable' } });
    expect(outcome).toMatchObject({ kind: 'navigated', path: '/web-view' });
    await vi.waitFor(() => expect(sb.db.appLogs.length).toBe(before + 1));
    expect(sb.db.appLogs[sb.db.appLogs.length - 1]).toMatchObject({ appId: timetable.id, userId: c.userId, type: 1 });
  });

  it('a web link goes through the shell inside the native shell', async () => {
    const c = await clientFor('t1001');
    const f = fakes(c, { inShell: true });
    const outcome = await openApp(f.deps, app({ id: 'app-timetable', name: '课表查询', useAppType: 1, content: 'https://example.com/t' }));
    expect(f.openLink).toHaveBeenCalledWith('https://example.com/t', '课表查询');
    expect(f.go).not.toHaveBeenCalled();
    expect(outcome).toEqual({ kind: 'shellLink', url: 'https://example.com/t' });
  });

  it.each([
    ['javascript:alert(1)'],
    ['/relative/path'],
    [''],
  ])('a web link to %j is refused with 应用配置有误，请联系管理员', async (content) => {
    const c = await clientFor('t1001');
    const f = fakes(c);
    const outcome = await openApp(f.deps, app({ id: 'app-timetable', useAppType: 1, content }));
    expect(f.fail).toHaveBeenCalledWith(APP_CONFIG_ERROR);
    expect(APP_CONFIG_ERROR).toBe('应用配置有误，请联系管理员');
    expect(f.go).not.toHaveBeenCalled();
    expect(outcome.kind).toBe('failed');
  });

  it('a flow app opens the approval centre on its flow (flowid-by-appcode)', async () => {
    const c = await clientFor('t1001');
    const f = fakes(c);
    const leave = (await loadMyApps({ api: c.apps }, 1)).all.find((a) => a.code === 'leave')!;
    const outcome = await openApp(f.deps, leave);
    expect(outcome.kind).toBe('navigated');
    const path = (outcome as { path: string }).path;
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe(APP_ROUTES.approvalCenter);
    expect(url.searchParams.get('code')).toBe('leave');
    expect(url.searchParams.get('flowId')).toBe(await c.approval.flowIdByAppCode('leave'));
    expect(f.go).toHaveBeenCalledWith(path);
  });

  it('a flow app without a flow says 未开通审批流程 and goes nowhere', async () => {
    const c = await clientFor('t1001');
    const f = fakes(c);
    const noflow = (await loadMyApps({ api: c.apps }, 1)).all.find((a) => a.code === 'noflow')!;
    const outcome = await openApp(f.deps, noflow);
    expect(f.fail).toHaveBeenCalledWith(NO_FLOW);
    expect(NO_FLOW).toBe('未开通审批流程');
    expect(f.go).not.toHaveBeenCalled();
    expect(outcome).toEqual({ kind: 'failed', message: '未开通审批流程' });
  });

  it('a flow app whose lookup fails shows the server message', async () => {
    const c = await clientFor('t1001');
    const f = fakes({ api: c.apps, approval: { flowIdByAppCode: () => Promise.reject(new ApiError('http', '服务暂不可用', { status: 503 })) } });
    const outcome = await openApp(f.deps, app({ id: 'app-leave', useAppType: 3, code: 'leave' }));
    expect(f.fail).toHaveBeenCalledWith('服务暂不可用');
    expect(outcome).toEqual({ kind: 'failed', message: '服务暂不可用' });
  });

  it.each([
    ['approvalCenter', '/page/approvalCenter'],
    ['studentReport', '/page/student/report'],
  ])('the built-in %s opens %s', async (code, path) => {
    const c = await clientFor('t1001');
    const f = fakes(c);
    await openApp(f.deps, app({ id: 'app-approval', useAppType: 2, code }));
    expect(f.go).toHaveBeenCalledWith(path);
  });

  it('the teacher student report opens the scanner page outside the shell, back to the report page', async () => {
    const c = await clientFor('t1001');
    const f = fakes(c);
    await openApp(f.deps, app({ id: 'app-teareport', useAppType: 2, code: 'teacherStudentReport' }));
    expect(f.scan).not.toHaveBeenCalled();
    const url = new URL(f.go.mock.calls[0]![0] as string, 'http://x');
    expect(url.pathname).toBe('/scanner');
    expect(url.searchParams.get('redirect')).toBe('/page/student/report');
    expect(url.searchParams.get('modalTitle')).toBe(TEACHER_SCANNER_TITLE);
    expect(url.searchParams.get('modalContent')).toBe(TEACHER_SCANNER_CONTENT);
  });

  it('the teacher student report scans natively in the shell and opens the report for the scanned ID card', async () => {
    const c = await clientFor('t1001');
    const f = fakes(c, { inShell: true, scanned: ' 110101200803151234 ' });
    const outcome = await openApp(f.deps, app({ id: 'app-teareport', useAppType: 2, code: 'teacherStudentReport' }));
    expect(f.scan).toHaveBeenCalledOnce();
    expect(f.go).toHaveBeenCalledWith('/page/student/report?idCard=110101200803151234');
    expect(outcome).toEqual({ kind: 'scanned', text: '110101200803151234' });
  });

  it('a cancelled native scan goes nowhere', async () => {
    const c = await clientFor('t1001');
    const f = fakes(c, { inShell: true, scanned: null });
    await openApp(f.deps, app({ id: 'app-teareport', useAppType: 2, code: 'teacherStudentReport' }));
    expect(f.go).not.toHaveBeenCalled();
  });

  it('an unknown built-in code is a configuration error', async () => {
    const c = await clientFor('t1001');
    const f = fakes(c);
    expect(await openApp(f.deps, app({ id: 'app-x', useAppType: 2, code: 'nothing' }))).toEqual({ kind: 'failed', message: APP_CONFIG_ERROR });
  });

  it('a failed use-app-log is only logged: the app still opens and nobody is told', async () => {
    const logAppOpen = vi.fn(() => Promise.reject(new ApiError('http', '应用不存在', { status: 404 })));
    const f = fakes({ api: { logAppOpen }, approval: { flowIdByAppCode: () => Promise.resolve(null) } });
    await openApp(f.deps, app({ id: 'app-approval', code: 'approvalCenter' }));
    expect(f.go).toHaveBeenCalledWith('/page/approvalCenter');
    await vi.waitFor(() => expect(f.log).toHaveBeenCalled());
    expect(f.fail).not.toHaveBeenCalled();
  });
});

describe('opening a web address (carousel jump address)', () => {
  const base = { api: { logAppOpen: vi.fn() }, approval: { flowIdByAppCode: vi.fn() } };

  it('opens the web-view page outside the shell, the shell inside it, and logs nothing', async () => {
    const out = fakes(base as unknown as OpenAppDeps);
    await openWebAddress(out.deps, 'https://example.com/news', '开学典礼');
    expect(out.go).toHaveBeenCalledWith('/web-view', { state: { title: '开学典礼', uri: 'https://example.com/news' } });
    const inShell = fakes(base as unknown as OpenAppDeps, { inShell: true });
    await openWebAddress(inShell.deps, 'https://example.com/news', '开学典礼');
    expect(inShell.openLink).toHaveBeenCalledWith('https://example.com/news', '开学典礼');
    expect(base.api.logAppOpen).not.toHaveBeenCalled();
  });

  it('ignores an address that is not http(s)', async () => {
    const f = fakes(base as unknown as OpenAppDeps);
    expect(await openWebAddress(f.deps, 'javascript:alert(1)', 'x')).toEqual({ kind: 'ignored' });
    expect(await openWebAddress(f.deps, '/\\evil.example', 'x')).toEqual({ kind: 'ignored' });
    expect(f.go).not.toHaveBeenCalled();
    expect(f.fail).not.toHaveBeenCalled();
  });
});
