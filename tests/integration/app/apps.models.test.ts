/**
 * The apps context's screen models in fork() scopes, against the sandbox: the home app
 * grid with its common-apps edit, the launcher, the app opener, and the service host
 * the backend's paths are read against.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { HttpAppsApi } from '../../../infrastructure/apps/appsApi';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { createAppWidgetModel } from '../../../application/apps/appWidgetModel';
import { createLauncherModel } from '../../../application/apps/launcherModel';
import { createAppOpenerModel } from '../../../application/apps/openerModel';
import { APP_CONFIG_ERROR } from '../../../application/apps/useCases';
import { createServiceHostModel, resolveAsset, serviceOrigin } from '../../../application/apps/serviceHost';
import type { AppsApi } from '../../../application/apps/ports';
import { ApiError } from '../../../application/ports/errors';
import { createLinkOpener } from '../../../application/shell/links';
import { loginAs } from '../contract/support/partA';
import { recordingNavigator, recordingNotifier } from './screenModels.fixtures';

const sb = testSandbox();

const clientFor = async (account: string) => {
  const c = await loginAs(sb.url, account);
  return { apps: new HttpAppsApi(c.http), approval: new HttpApprovalApi(c.http) };
};

describe('the home app grid model', () => {
  it('loads the apps; the edit removes, 取消 reverts, 完成 saves the removals and says 删除成功', async () => {
    const { apps } = await clientFor('t1001');
    const notifier = recordingNotifier();
    const model = createAppWidgetModel({ api: apps, notifier, userType: 1 });
    const scope = fork();
    expect(scope.getState(model.$apps)).toBeNull();
    await allSettled(model.opened, { scope });
    const common = scope.getState(model.$apps)!.common;
    expect(common).toHaveLength(13);
    expect(scope.getState(model.$edit).saved).toEqual(common);

    await allSettled(model.editStarted, { scope });
    await allSettled(model.appRemoved, { scope, params: common[0]!.id });
    expect(scope.getState(model.$edit).draft).toHaveLength(12);
    await allSettled(model.editCancelled, { scope });
    expect(scope.getState(model.$edit)).toMatchObject({ editing: false, draft: common });

    await allSettled(model.editStarted, { scope });
    await allSettled(model.appRemoved, { scope, params: common[0]!.id });
    await allSettled(model.editFinished, { scope });
    expect(notifier.said).toEqual(['ok:删除成功']);
    expect(scope.getState(model.$edit)).toMatchObject({ editing: false });
    expect(scope.getState(model.$edit).saved.map((a) => a.id)).toEqual(common.slice(1).map((a) => a.id));
    expect(scope.getState(model.$saving)).toBe(false);
  });

  it('renew (a newer answer behind what was drawn from the device) loads the apps again, but never while the user edits the common apps', async () => {
    const { apps } = await clientFor('t1001');
    let calls = 0;
    const api: Pick<AppsApi, 'myApps' | 'removeCommonApps'> = {
      myApps: (q, o) => ((calls += 1), apps.myApps(q, o)),
      removeCommonApps: (ids) => apps.removeCommonApps(ids),
    };
    const model = createAppWidgetModel({ api, notifier: recordingNotifier(), userType: 1 });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(calls).toBe(1);
    await allSettled(model.renew, { scope });
    expect(calls).toBe(2);
    const common = scope.getState(model.$apps)!.common;
    await allSettled(model.editStarted, { scope });
    await allSettled(model.appRemoved, { scope, params: common[0]!.id });
    await allSettled(model.renew, { scope });
    expect(calls).toBe(2);
    // The edit in hand is untouched.
    expect(scope.getState(model.$edit)).toMatchObject({ editing: true });
    expect(scope.getState(model.$edit).draft).toHaveLength(common.length - 1);
    await allSettled(model.editCancelled, { scope });
    await allSettled(model.renew, { scope });
    expect(calls).toBe(3);
  });

  it('a failed save is told and keeps the edit as it was, still editing; a failed load is told and stands failed (never "no apps") until 重试 brings them', async () => {
    const { apps } = await clientFor('t1001');
    const api: Pick<AppsApi, 'myApps' | 'removeCommonApps'> = {
      myApps: (q, o) => apps.myApps(q, o),
      removeCommonApps: () => Promise.reject(new ApiError('http', '不能删除')),
    };
    const notifier = recordingNotifier();
    const model = createAppWidgetModel({ api, notifier, userType: 1 });
    const scope = fork();
    await allSettled(model.opened, { scope });
    const common = scope.getState(model.$apps)!.common;
    await allSettled(model.editStarted, { scope });
    await allSettled(model.appRemoved, { scope, params: common[0]!.id });
    await allSettled(model.editFinished, { scope });
    expect(notifier.said).toEqual(['fail:不能删除']);
    expect(scope.getState(model.$edit)).toMatchObject({ editing: true });
    expect(scope.getState(model.$edit).draft).toHaveLength(12);

    let fail = true;
    const failing = createAppWidgetModel({
      api: { ...api, myApps: (q, o) => (fail ? Promise.reject(new ApiError('network', '请求失败')) : apps.myApps(q, o)) },
      notifier,
      userType: 1,
    });
    await allSettled(failing.opened, { scope });
    expect(scope.getState(failing.$apps)).toBeNull();
    expect(scope.getState(failing.$failed)).toBe(true);
    expect(notifier.said.at(-1)).toBe('fail:网络不可用，请检查网络后重试');
    fail = false;
    await allSettled(failing.retried, { scope });
    expect(scope.getState(failing.$failed)).toBe(false);
    expect(scope.getState(failing.$apps)?.all.length).toBeGreaterThan(0);
  });
});

describe('the launcher model', () => {
  it('loads every app by category; a failure is told and 重试 loads again', async () => {
    const { apps } = await clientFor('t1001');
    let fail = true;
    const api: Pick<AppsApi, 'myApps'> = { myApps: (q, o) => (fail ? Promise.reject(new ApiError('http', '服务不可用')) : apps.myApps(q, o)) };
    const notifier = recordingNotifier();
    const model = createLauncherModel({ api, notifier, userType: 1 });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$failed)).toBe(true);
    expect(notifier.said).toEqual(['fail:服务不可用']);
    fail = false;
    await allSettled(model.retried, { scope });
    expect(scope.getState(model.$failed)).toBe(false);
    expect(scope.getState(model.$apps)!.groups.map((g) => g.name)).toEqual(['办公审批', '教学服务', '校园生活']);
  });
});

describe('the app opener model', () => {
  it('opens an app by the shared rule and a carousel address through the link policy', async () => {
    const { apps, approval } = await clientFor('t1001');
    const navigator = recordingNavigator();
    const notifier = recordingNotifier();
    const shell = { isInShell: () => false, openLink: vi.fn(() => true), openFile: vi.fn(() => true), scan: vi.fn(async () => null) };
    const links = createLinkOpener({ shell, navigator, appBase: () => 'https://campus.example/', pageUrl: () => 'https://campus.example/', openSystem: vi.fn() });
    const model = createAppOpenerModel({ api: apps, approval, shell, links, navigator, notifier, log: vi.fn() });
    const scope = fork();
    await allSettled(model.appOpened, { scope, params: { id: 'w1', name: '网页', useAppType: 1, content: 'https://example.com/a' } });
    expect(navigator.gone).toEqual(['/web-view']);
    expect(navigator.states[0]).toEqual({ title: '网页', uri: 'https://example.com/a' });
    await allSettled(model.webAddressOpened, { scope, params: { url: 'javascript:alert(1)', title: 'x' } });
    expect(navigator.gone).toHaveLength(1);
    await allSettled(model.appOpened, { scope, params: { id: 'w2', name: '坏的', useAppType: 1, content: 'ftp://x' } });
    expect(notifier.said).toEqual([`fail:${APP_CONFIG_ERROR}`]);
  });
});

describe('the service host', () => {
  it('is the school host, else the configured default; paths on it resolve there, other addresses pass', () => {
    const scope = fork();
    expect(scope.getState(createServiceHostModel({ hosts: { get: () => 'https://s.cn/' }, config: { defaultHost: '' } }).$host)).toBe('https://s.cn/');
    expect(scope.getState(createServiceHostModel({ hosts: { get: () => null }, config: { defaultHost: 'https://d.cn' } }).$host)).toBe('https://d.cn');
    expect(resolveAsset('/i/a.png', 'https://s.cn/')).toBe('https://s.cn/i/a.png');
    expect(resolveAsset('data:image/png;base64,x', 'https://s.cn')).toBe('data:image/png;base64,x');
    expect(resolveAsset('  ', 'https://s.cn')).toBeNull();
    expect(serviceOrigin('', 'https://page.cn/app/')).toBe('https://page.cn');
    expect(serviceOrigin('https://s.cn/x', 'https://page.cn/app/')).toBe('https://s.cn');
  });
});
