/**
 * The to-do list's screen model (application/todo/model.ts) in fork() scopes, against
 * the sandbox: what a tap does (complete, restore, open, an approval item's page, a
 * campus the user lacks), one check at a time, the tab kept in the address, and what
 * the user is told of a failed page or refresh.
 */
import { allSettled, createStore, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { HttpTodoApi } from '../../../infrastructure/todo/todoApi';
import { createTodoListModel } from '../../../application/todo/model';
import type { TodoApi, TodoItem } from '../../../application/todo/ports';
import { ApiError } from '../../../application/ports/errors';
import { err, ok, type Result } from '../../../domain/shared/result';
import { CAMPUS_NOT_FOUND } from '../../../domain/session/messages';
import { loginAs } from '../contract/support/partA';
import { recordingNavigator, recordingNotifier } from './screenModels.fixtures';
import type { OfflineQueue } from '../../../application/offline/outboxModel';
import { todoOutboxSenders } from '../../../application/todo/outboxKinds';
import { OUTBOX_QUEUED } from '../../../domain/offline';
import { USER } from '../../../sandbox/seed/ids';
import { offlineDevice } from './offline.fixtures';

const sb = testSandbox();

const setup = async (over: { api?: TodoApi; linkCampus?: () => Promise<Result<unknown, string>>; offline?: OfflineQueue } = {}) => {
  const api = over.api ?? new HttpTodoApi((await loginAs(sb.url, 't1001')).http);
  const notifier = recordingNotifier();
  const navigator = recordingNavigator();
  const linkCampus = vi.fn(over.linkCampus ?? (async (): Promise<Result<unknown, string>> => ok('none')));
  const model = createTodoListModel({ api, log: () => undefined, notifier, navigator, $campuses: createStore([]), linkCampus, ...(over.offline ? { offline: over.offline } : {}) });
  return { api, model, notifier, navigator, linkCampus, scope: fork() };
};

const item = (id: string, patch: Partial<TodoItem> = {}): TodoItem => ({ id, name: `待办${id}`, todoTime: null, type: 0, ...patch });

describe('the to-do list model: renew (a newer answer behind what was drawn from the device)', () => {
  it('does nothing before the list has a page; with one, asks page 1 and the counts again, quietly', async () => {
    const real = new HttpTodoApi((await loginAs(sb.url, 't1001')).http);
    const list = vi.spyOn(real, 'list');
    const tabs = vi.spyOn(real, 'tabs');
    const { model, notifier, scope } = await setup({ api: real });
    await allSettled(model.renew, { scope });
    expect(list).not.toHaveBeenCalled();
    expect(tabs).not.toHaveBeenCalled();
    await allSettled(model.loadMoreFx, { scope });
    expect(list).toHaveBeenCalledOnce();
    const drawn = scope.getState(model.$items);
    await allSettled(model.renew, { scope });
    expect(list).toHaveBeenCalledTimes(2);
    expect(list.mock.calls[1]![0]).toEqual(list.mock.calls[0]![0]);
    expect(tabs).toHaveBeenCalledOnce();
    expect(scope.getState(model.$items)).toEqual(drawn);
    expect(notifier.said).toEqual([]);
  });
});

describe('the to-do list model: taps', () => {
  it('完成 with no network waits in the outbox (the item says 待发送) and is sent once when the network is back', async () => {
    const real = new HttpTodoApi((await loginAs(sb.url, 't1001')).http);
    const device = offlineDevice(USER.t1001, (net) => todoOutboxSenders({ makeState: (r, o) => net.guard(() => real.makeState(r, o)), create: (b, o) => real.create(b, o), update: (i, b, o) => real.update(i, b, o) }));
    const makeState = vi.spyOn(real, 'makeState');
    const phoneApi = Object.assign(Object.create(real) as TodoApi, { makeState: (r: never, o?: never) => device.net.guard(() => real.makeState(r, o)) });
    const { model, notifier, scope } = await setup({ api: phoneApi, offline: device.offline });
    device.net.down = false;
    await allSettled(device.outboxModel.started, { scope });
    await allSettled(model.loadMoreFx, { scope });
    const first = scope.getState(model.$items).find((i) => i.type === 0)!;
    device.net.down = true;
    await allSettled(model.toggled, { scope, params: first });
    expect(notifier.said).toEqual([]);
    expect(device.notifier.said).toEqual([`info:${OUTBOX_QUEUED}`]);
    expect(scope.getState(model.$busyId)).toBeNull();
    expect(scope.getState(model.$pendingTargets).has(`todo:${first.id}`)).toBe(true);
    const [kept] = scope.getState(device.outboxModel.$entries);
    expect(kept).toMatchObject({ label: `${first.name}（完成）`, payload: { matterIds: [first.id], state: 1 } });
    expect(makeState).not.toHaveBeenCalled();

    device.backOnline();
    await allSettled(scope);
    expect(makeState).toHaveBeenCalledOnce();
    expect(makeState).toHaveBeenCalledWith({ matterIds: [first.id], state: 1 }, { idempotencyKey: kept!.id });
    expect(sb.db.todos.find((t) => t.id === first.id)?.todoTime).toBeTruthy();
    expect(scope.getState(model.$pendingTargets).size).toBe(0);
    // The list was asked again: the item done left the tab.
    expect(scope.getState(model.$items).some((i) => i.id === first.id)).toBe(false);
    device.outboxModel.dispose();
  });

  it('checking an open item completes it (已完成1条待办) and loads the list again; one check at a time', async () => {
    const { model, notifier, scope, api } = await setup();
    await allSettled(model.loadMoreFx, { scope });
    const first = scope.getState(model.$items).find((i) => i.type === 0)!;
    const makeState = vi.spyOn(api, 'makeState');
    const list = vi.spyOn(api, 'list');
    const running = allSettled(model.toggled, { scope, params: first });
    expect(scope.getState(model.$busyId)).toBe(first.id);
    await allSettled(model.toggled, { scope, params: scope.getState(model.$items)[1]! });
    await running;
    expect(makeState).toHaveBeenCalledTimes(1);
    expect(notifier.said).toEqual(['ok:已完成1条待办']);
    expect(list).toHaveBeenCalled();
    expect(scope.getState(model.$items).some((i) => i.id === first.id)).toBe(false);
    expect(scope.getState(model.$busyId)).toBeNull();
  });

  it('an approval-type item opens its approval page after applying the campus its link names', async () => {
    const { model, navigator, linkCampus, scope } = await setup();
    const approval = item('a', { type: 1, data: JSON.stringify({ id: 'run-1', type: 1, tab: 0, campus: 'c2' }) });
    await allSettled(model.toggled, { scope, params: approval });
    expect(linkCampus).toHaveBeenCalledWith({ campuses: [], campusId: 'c2' });
    expect(navigator.gone).toEqual(['/page/approvalCenter/flowApproval?FlowRunId=run-1&type=1&tab=0']);
    await allSettled(model.itemOpened, { scope, params: approval });
    expect(navigator.gone).toHaveLength(2);
    await allSettled(model.itemOpened, { scope, params: item('p1') });
    expect(navigator.gone.at(-1)).toBe('/page/todo/add?todoId=p1');
    await allSettled(model.addRequested, { scope });
    expect(navigator.gone.at(-1)).toBe('/page/todo/add');
  });

  it('a campus the user does not have says 该校区不存在 and opens nothing', async () => {
    const { model, navigator, notifier, scope } = await setup({ linkCampus: async () => err(CAMPUS_NOT_FOUND) });
    const approval = item('a', { type: 1, data: JSON.stringify({ id: 'run-1', type: 1, tab: 0, campus: 'gone' }) });
    await allSettled(model.toggled, { scope, params: approval });
    await allSettled(model.itemOpened, { scope, params: approval });
    expect(notifier.said).toEqual(['fail:该校区不存在', 'fail:该校区不存在']);
    expect(navigator.gone).toEqual([]);
    expect(scope.getState(model.$busyId)).toBeNull();
  });

  it('a refused change is told and frees the item; an ended session tells nothing', async () => {
    const refusing = { makeState: vi.fn(() => Promise.reject(new ApiError('http', '只能处理自己的待办', { status: 403 }))) } as unknown as TodoApi;
    const { model, notifier, scope } = await setup({ api: refusing });
    await allSettled(model.toggled, { scope, params: item('y') });
    expect(notifier.said).toEqual(['fail:只能处理自己的待办']);
    expect(scope.getState(model.$busyId)).toBeNull();

    const ended = { makeState: vi.fn(() => Promise.reject(new ApiError('unauthorized', '请求失败', { status: 401 }))) } as unknown as TodoApi;
    const s2 = await setup({ api: ended });
    await allSettled(s2.model.toggled, { scope: s2.scope, params: item('y') });
    expect(s2.notifier.said).toEqual([]);
  });
});

describe('the to-do list model: the address and failures', () => {
  it('keeps the tab in the address (replacing it)', async () => {
    const { model, navigator, scope } = await setup();
    await allSettled(model.tabChanged, { scope, params: 2 });
    await allSettled(model.tabChanged, { scope, params: 0 });
    expect(navigator.gone).toEqual(['replace:/page/todo?tab=2', 'replace:/page/todo']);
  });

  it('a failed page is told and still rejects (the list offers 重试); a failed pull is told and does not reject', async () => {
    const { model, notifier, scope } = await setup();
    // A fault answers once.
    const fault = () =>
      fetch(`${sb.url}/sandbox/admin/fault`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ path: '/todo-matter?', status: 500, message: '列表故障' }),
      });
    await fault();
    expect((await allSettled(model.loadMoreFx, { scope })).status).toBe('fail');
    await fault();
    expect((await allSettled(model.pulledFx, { scope })).status).toBe('done');
    expect(notifier.said).toEqual(['fail:列表故障', 'fail:列表故障']);
  });
});
