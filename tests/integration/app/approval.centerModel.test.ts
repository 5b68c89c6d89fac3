/**
 * The approval centre's screen model (application/approval/centerModel.ts) in fork()
 * scopes, against the sandbox and with fakes: no React. Which flow it shows, the list's
 * loads and their failures, the card actions one at a time, 全部标记为已读, the filter
 * popup's parts, and what the user is told.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { createApprovalCenterModel, runPathOfCard, type CenterQuery } from '../../../application/approval';
import type { ApprovalApi, ApprovalListPage } from '../../../application/approval/ports';
import { ApiError } from '../../../application/ports/errors';
import { ACTION_AGREE, ACTION_REJECT, type FlowRunListItem } from '../../../domain/approval';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { loginAs } from '../contract/support/partB';
import { recordingNavigator, recordingNotifier } from './approval.fixtures';
import type { OfflineQueue } from '../../../application/offline/outboxModel';
import { approvalOutboxSenders } from '../../../application/approval/outboxKinds';
import { OUTBOX_QUEUED } from '../../../domain/offline';
import { offlineDevice as phone } from './offline.fixtures';
import { USER } from '../../../sandbox/seed/ids';

const sb = testSandbox();

const sandboxApi = async (account: string): Promise<ApprovalApi> => new HttpApprovalApi((await loginAs(sb.url, account)).http);

const setup = (api: ApprovalApi, query: CenterQuery = {}, confirmAnswer = true, offline?: OfflineQueue) => {
  const notifier = recordingNotifier(confirmAnswer);
  const navigator = recordingNavigator();
  const model = createApprovalCenterModel({ api, notifier, navigator, query, ...(offline ? { offline } : {}) });
  return { model, notifier, navigator, scope: fork() };
};

const item = (id: string, over: Partial<FlowRunListItem> = {}): FlowRunListItem => ({
  id,
  title: id,
  creationTime: '2026-01-01T00:00:00',
  creatorName: 'x',
  state: 0,
  numberStr: id,
  ...over,
});

const page = (items: FlowRunListItem[]): ApprovalListPage => ({ items, totalCount: items.length, counts: { waiting: items.length, receive: 0, already: 0, send: 0 } });

describe('the centre model', () => {
  it('the whole centre is there at once: no call to know it, the list loads, coming back refreshes quietly', async () => {
    const list = vi.fn(async () => page([item('a')]));
    const approvalCenter = vi.fn();
    const { model, scope, notifier } = setup({ list, approvalCenter } as unknown as ApprovalApi);
    expect(scope.getState(model.$status)).toBe('ready');
    await allSettled(model.shown, { scope });
    expect(approvalCenter).not.toHaveBeenCalled();
    await allSettled(model.loadMoreFx, { scope });
    expect(scope.getState(model.$items).map((i) => i.id)).toEqual(['a']);
    list.mockRejectedValueOnce(new ApiError('network', '请求失败'));
    await allSettled(model.shown, { scope });
    expect(list).toHaveBeenCalledTimes(2);
    // A background refresh that fails keeps the list and says nothing.
    expect(scope.getState(model.$items).map((i) => i.id)).toEqual(['a']);
    expect(notifier.said).toEqual([]);
  });

  it('renew (a newer answer behind a first page drawn from the device) asks again only once the list has a page, quietly', async () => {
    const list = vi.fn(async () => page([item('a')]));
    const { model, scope, notifier } = setup({ list, approvalCenter: vi.fn() } as unknown as ApprovalApi);
    await allSettled(model.renew, { scope });
    expect(list).not.toHaveBeenCalled();
    await allSettled(model.loadMoreFx, { scope });
    expect(list).toHaveBeenCalledOnce();
    list.mockResolvedValueOnce(page([item('a'), item('b')]));
    await allSettled(model.renew, { scope });
    expect(list).toHaveBeenCalledTimes(2);
    expect(scope.getState(model.$items).map((i) => i.id)).toEqual(['a', 'b']);
    expect(notifier.said).toEqual([]);
  });

  it('renew leaves a list scrolled past page 1 as it is (the user reads on; the pages after came from the network)', async () => {
    const full = (prefix: string) => Array.from({ length: 10 }, (_, i) => item(`${prefix}${i}`));
    const list = vi.fn(async () => ({ ...page(full('a')), totalCount: 30 }));
    const { model, scope } = setup({ list, approvalCenter: vi.fn() } as unknown as ApprovalApi);
    await allSettled(model.loadMoreFx, { scope });
    list.mockResolvedValueOnce({ ...page(full('b')), totalCount: 30 });
    await allSettled(model.loadMoreFx, { scope });
    expect(scope.getState(model.$items)).toHaveLength(20);
    await allSettled(model.renew, { scope });
    expect(list).toHaveBeenCalledTimes(2);
    expect(scope.getState(model.$items)).toHaveLength(20);
  });

  it('发起审批 is offered only when the user can start something: any launchable flow, or the centre\'s own flow', async () => {
    const none = setup({ list: vi.fn(async () => page([])), launchableFlows: vi.fn(async () => [{ name: '办公', flows: [] }]) } as unknown as ApprovalApi);
    await allSettled(none.model.shown, { scope: none.scope });
    await allSettled(none.model.listDrawn, { scope: none.scope });
    expect(none.scope.getState(none.model.$canInitiate)).toBe(false);
    const launchableFlows = vi.fn(async () => [{ name: '办公', flows: [{ id: 'f', code: 'leave', name: '请假申请' }] }]);
    const some = setup({ list: vi.fn(async () => page([])), launchableFlows } as unknown as ApprovalApi);
    await allSettled(some.model.shown, { scope: some.scope });
    // Asked once the list's first page is drawn, not before: the list's call and code go first.
    expect(launchableFlows).not.toHaveBeenCalled();
    await allSettled(some.model.listDrawn, { scope: some.scope });
    await allSettled(some.model.shown, { scope: some.scope });
    await allSettled(some.model.listDrawn, { scope: some.scope });
    expect(some.scope.getState(some.model.$canInitiate)).toBe(true);
    expect(launchableFlows).toHaveBeenCalledOnce();

    // A student's centre of the purchase flow, which only staff start; staff may. The
    // list drawn before the flow is known: asked when the flow is.
    const student = setup(await sandboxApi('s2001'), { code: 'purchase' });
    await allSettled(student.model.listDrawn, { scope: student.scope });
    await allSettled(student.model.shown, { scope: student.scope });
    expect(student.scope.getState(student.model.$status)).toBe('ready');
    expect(student.scope.getState(student.model.$canInitiate)).toBe(false);
    const staff = setup(await sandboxApi('t1001'), { code: 'purchase' });
    await allSettled(staff.model.shown, { scope: staff.scope });
    expect(staff.scope.getState(staff.model.$canInitiate)).toBe(false);
    await allSettled(staff.model.listDrawn, { scope: staff.scope });
    expect(staff.scope.getState(staff.model.$canInitiate)).toBe(true);
  });

  it('the outbox given to the centre starts once the list is drawn (what waits, and the 待发送 tags), not with the page', async () => {
    const device = phone(USER.t1002, () => ({}));
    const { model, scope } = setup({ list: vi.fn(async () => page([item('a')])) } as unknown as ApprovalApi, {}, true, device.offline);
    const ensured = vi.fn();
    const unwatch = device.outboxModel.ensured.watch(ensured);
    await allSettled(model.shown, { scope });
    await allSettled(model.loadMoreFx, { scope });
    expect(ensured).not.toHaveBeenCalled();
    await allSettled(model.listDrawn, { scope });
    expect(ensured).toHaveBeenCalledOnce();
    await allSettled(model.listDrawn, { scope });
    expect(ensured).toHaveBeenCalledOnce();
    unwatch();
  });

  it('an app code resolves to its flow, named, and the list narrows to it', async () => {
    const api = await sandboxApi('t1001');
    const { model, scope } = setup(api, { code: 'leave' });
    expect(scope.getState(model.$status)).toBe('loading');
    await allSettled(model.shown, { scope });
    expect(scope.getState(model.$status)).toBe('ready');
    expect(scope.getState(model.$title)).toBe('请假申请');
    expect(scope.getState(model.$query).flowId).toEqual(expect.any(String));
    await allSettled(model.tabChanged, { scope, params: 3 });
    await allSettled(model.loadMoreFx, { scope });
    const items = scope.getState(model.$items);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.title.includes('请假'))).toBe(true);
  });

  it('an app with no flow: 未开通审批流程 in place, asked again when the page is shown again', async () => {
    const api = await sandboxApi('t1002');
    const { model, scope, notifier } = setup(api, { code: 'unconfigured' });
    await allSettled(model.shown, { scope });
    expect(scope.getState(model.$status)).toBe('failed');
    expect(scope.getState(model.$scopeError)).toBe('未开通审批流程');
    expect(notifier.said).toEqual([]);
    const spy = vi.spyOn(api, 'flowIdByAppCode');
    await allSettled(model.shown, { scope });
    expect(spy).toHaveBeenCalledOnce();
  });

  it('a page that fails is told, the footer offers 重试, the list keeps what it has', async () => {
    const list = vi.fn().mockResolvedValueOnce({ ...page(Array.from({ length: 10 }, (_, i) => item(`r${i}`))) }).mockRejectedValueOnce(new ApiError('http', '模拟故障', { status: 500 }));
    const { model, scope, notifier } = setup({ list } as unknown as ApprovalApi);
    await allSettled(model.loadMoreFx, { scope });
    const failed = await allSettled(model.loadMoreFx, { scope });
    expect(failed.status).toBe('fail');
    expect(scope.getState(model.$loadFailed)).toBe(true);
    expect(scope.getState(model.$items)).toHaveLength(10);
    expect(notifier.said).toEqual(['fail:模拟故障']);
    list.mockResolvedValueOnce(page([item('r10')]));
    await allSettled(model.loadMoreFx, { scope });
    expect(scope.getState(model.$loadFailed)).toBe(false);
    expect(scope.getState(model.$items)).toHaveLength(11);
  });

  it('pull to refresh: a failure is told and the list stays', async () => {
    const list = vi.fn().mockResolvedValueOnce(page([item('a')])).mockRejectedValueOnce(new ApiError('timeout', '请求失败'));
    const { model, scope, notifier } = setup({ list } as unknown as ApprovalApi);
    await allSettled(model.loadMoreFx, { scope });
    const r = await allSettled(model.reloadFx, { scope });
    expect(r.status).toBe('done');
    expect(notifier.said).toEqual(['fail:网络超时，请稍后重试']);
    expect(scope.getState(model.$items).map((i) => i.id)).toEqual(['a']);
  });

  it('同意 on a quick step goes through its sheet: the opinion is sent and kept by the sandbox, 操作成功, the sheet closes and the list refreshes; 拒绝 opens the run', async () => {
    const api = await sandboxApi('t1002');
    const quickHandling = vi.spyOn(api, 'quickHandling');
    const { model, scope, notifier, navigator } = setup(api);
    await allSettled(model.loadMoreFx, { scope });
    const leave = scope.getState(model.$items).find((i) => i.title === '王老师的请假申请')!;
    await allSettled(model.cardAction, { scope, params: { item: leave, key: 'reject' } });
    expect(navigator.go).toHaveBeenCalledWith(runPathOfCard(leave, 0));
    expect(notifier.said).toEqual([]);
    quickHandling.mockClear();
    await allSettled(model.cardAction, { scope, params: { item: leave, key: 'approve' } });
    // Nothing is sent yet: the sheet is open for the run, its quick opinions asked.
    expect(quickHandling).not.toHaveBeenCalled();
    expect(scope.getState(model.$quickAgree)?.id).toBe(leave.id);
    expect(scope.getState(model.$quickOpinions).length).toBeGreaterThan(0);
    await allSettled(model.quickOpinionTyped, { scope, params: '情况 属实' });
    await allSettled(model.quickOpinionPicked, { scope, params: '，同意' });
    expect(scope.getState(model.$quickOpinion)).toBe('情况属实，同意');
    await allSettled(model.quickAgreeConfirmed, { scope });
    expect(quickHandling).toHaveBeenCalledWith({ flowRunId: leave.id, type: 1, mark: '情况属实，同意' }, { idempotencyKey: expect.any(String) });
    expect(notifier.said).toEqual(['ok:操作成功']);
    expect(scope.getState(model.$quickAgree)).toBeNull();
    expect(scope.getState(model.$quickOpinion)).toBe('');
    expect(scope.getState(model.$items).some((i) => i.id === leave.id)).toBe(false);
    expect(scope.getState(model.$busy)).toBe(false);
    const run = await api.info({ flowRunId: leave.id, type: 1 });
    expect(JSON.stringify(run)).toContain('情况属实，同意');
  });

  it('a quick 同意 that fails keeps the sheet and the opinion, and 确认同意 can be tapped again; closing drops the opinion', async () => {
    const quickHandling = vi.fn().mockRejectedValueOnce(new ApiError('http', '模拟故障')).mockResolvedValueOnce({ isQuick: true });
    const list = vi.fn(async () => page([]));
    const quickFeedback = vi.fn(async () => [{ content: '同意' }]);
    const { model, scope, notifier } = setup({ quickHandling, list, quickFeedback } as unknown as ApprovalApi);
    await allSettled(model.cardAction, { scope, params: { item: item('a'), key: 'approve' } });
    await allSettled(model.quickOpinionTyped, { scope, params: '可以' });
    await allSettled(model.quickAgreeConfirmed, { scope });
    expect(notifier.said).toEqual(['fail:模拟故障']);
    expect(scope.getState(model.$quickAgree)?.id).toBe('a');
    expect(scope.getState(model.$quickOpinion)).toBe('可以');
    expect(scope.getState(model.$busy)).toBe(false);
    expect(list).not.toHaveBeenCalled();
    await allSettled(model.quickAgreeConfirmed, { scope });
    expect(quickHandling).toHaveBeenLastCalledWith({ flowRunId: 'a', type: 1, mark: '可以' }, { idempotencyKey: expect.any(String) });
    expect(notifier.said).toEqual(['fail:模拟故障', 'ok:操作成功']);
    expect(scope.getState(model.$quickAgree)).toBeNull();
    expect(list).toHaveBeenCalledOnce();

    // Opened again and closed without sending: nothing sent, nothing kept; quick opinions asked once.
    await allSettled(model.cardAction, { scope, params: { item: item('b'), key: 'approve' } });
    await allSettled(model.quickOpinionTyped, { scope, params: '草稿' });
    await allSettled(model.quickAgreeClosed, { scope });
    await allSettled(model.cardAction, { scope, params: { item: item('b'), key: 'approve' } });
    expect(scope.getState(model.$quickOpinion)).toBe('');
    expect(quickHandling).toHaveBeenCalledTimes(2);
    expect(quickFeedback).toHaveBeenCalledOnce();
  });

  it('the quick opinions are asked once per action type for the quick 同意 and the batch together, and again while none came', async () => {
    const quickFeedback = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('network', '网络不可用'))
      .mockImplementation(async (type: number) => [{ content: type === ACTION_AGREE ? '同意' : '不同意' }]);
    const list = vi.fn(async () => page([item('a'), item('b')]));
    const { model, scope } = setup({ list, quickFeedback } as unknown as ApprovalApi);
    const { batch } = model;
    // The first ask fails: the sheet works without them, and the next open asks again.
    await allSettled(model.cardAction, { scope, params: { item: item('a'), key: 'approve' } });
    expect(scope.getState(model.$quickOpinions)).toEqual([]);
    await allSettled(model.quickAgreeClosed, { scope });
    await allSettled(model.cardAction, { scope, params: { item: item('a'), key: 'approve' } });
    expect(scope.getState(model.$quickOpinions).map((o) => o.value)).toEqual(['同意']);
    await allSettled(model.quickAgreeClosed, { scope });
    expect(quickFeedback).toHaveBeenCalledTimes(2);
    // 批量同意 finds them known; 批量拒绝 asks for its own type once.
    await allSettled(batch.batchToggled, { scope, params: true });
    await allSettled(batch.runToggled, { scope, params: item('a') });
    await allSettled(batch.actionChosen, { scope, params: 'approve' });
    expect(scope.getState(batch.$quickOpinions).map((o) => o.value)).toEqual(['同意']);
    await allSettled(batch.sheetCloseRequested, { scope });
    await allSettled(batch.actionChosen, { scope, params: 'reject' });
    expect(scope.getState(batch.$quickOpinions).map((o) => o.value)).toEqual(['不同意']);
    await allSettled(batch.sheetCloseRequested, { scope });
    await allSettled(batch.actionChosen, { scope, params: 'reject' });
    expect(quickFeedback.mock.calls.map(([type]) => type)).toEqual([ACTION_AGREE, ACTION_AGREE, ACTION_REJECT]);
  });

  it('撤销申请 asks 确认撤销 / 此操作将撤销当前流程！ first; 撤销成功 and the list refreshes; no means nothing', async () => {
    const revoke = vi.fn(async () => undefined);
    const list = vi.fn(async () => page([item('mine')]));
    const no = setup({ revoke, list } as unknown as ApprovalApi, {}, false);
    await allSettled(no.model.cardAction, { scope: no.scope, params: { item: item('mine'), key: 'revoke' } });
    expect(no.notifier.confirms).toEqual([{ title: '确认撤销', content: '此操作将撤销当前流程！' }]);
    expect(revoke).not.toHaveBeenCalled();
    const yes = setup({ revoke, list } as unknown as ApprovalApi);
    await allSettled(yes.model.cardAction, { scope: yes.scope, params: { item: item('mine'), key: 'revoke' } });
    expect(revoke).toHaveBeenCalledWith('mine');
    expect(yes.notifier.said).toEqual(['ok:撤销成功']);
    expect(list).toHaveBeenCalledOnce();
  });

  it('one action at a time: a tap on another card while one runs is ignored; a failure is told', async () => {
    let release: () => void = () => undefined;
    const quickHandling = vi.fn(
      () =>
        new Promise((_, reject) => {
          release = () => reject(new ApiError('http', '模拟故障'));
        }),
    );
    const { model, scope, notifier } = setup({ quickHandling, list: vi.fn(async () => page([])) } as unknown as ApprovalApi);
    const first = allSettled(model.cardAction, { scope, params: { item: item('a'), key: 'reject' } });
    await vi.waitFor(() => expect(quickHandling).toHaveBeenCalledOnce());
    expect(scope.getState(model.$busy)).toBe(true);
    const second = allSettled(model.cardAction, { scope, params: { item: item('b'), key: 'reject' } });
    const sheet = allSettled(model.cardAction, { scope, params: { item: item('c'), key: 'approve' } });
    release();
    await Promise.all([first, second, sheet]);
    expect(quickHandling).toHaveBeenCalledOnce();
    expect(scope.getState(model.$quickAgree)).toBeNull();
    expect(notifier.said).toEqual(['fail:模拟故障']);
    expect(scope.getState(model.$busy)).toBe(false);
  });

  it('全部标记为已读: 操作成功 and the received count goes to 0', async () => {
    const api = await sandboxApi('t1001');
    const { model, scope, notifier } = setup(api);
    await allSettled(model.tabChanged, { scope, params: 1 });
    await allSettled(model.loadMoreFx, { scope });
    expect(scope.getState(model.$counts)?.receive).toBeGreaterThan(0);
    await allSettled(model.markAllRead, { scope });
    expect(notifier.said).toEqual(['ok:操作成功']);
    expect(scope.getState(model.$counts)?.receive).toBe(0);
  });

  describe('the filter popup', () => {
    it('asks the 流程 options the first time it opens, not for a centre of one flow', async () => {
      const flowOptions = vi.fn(async () => [{ id: 'f1', name: '请假申请' }]);
      const { model, scope } = setup({ flowOptions } as unknown as ApprovalApi);
      await allSettled(model.filterOpened, { scope });
      await allSettled(model.filterClosed, { scope });
      await allSettled(model.filterOpened, { scope });
      expect(flowOptions).toHaveBeenCalledOnce();
      expect(scope.getState(model.$flowOptions)).toEqual([{ id: 'f1', name: '请假申请' }]);

      const api = await sandboxApi('t1001');
      const scoped = setup(api, { code: 'leave' });
      const spy = vi.spyOn(api, 'flowOptions');
      await allSettled(scoped.model.shown, { scope: scoped.scope });
      await allSettled(scoped.model.filterOpened, { scope: scoped.scope });
      expect(spy).not.toHaveBeenCalled();
    });

    it('发起人 before a user type says 请先选择用户类型; chosen people keep their names; a new user type drops them', async () => {
      const { model, scope, notifier } = setup({ flowOptions: vi.fn(async () => []) } as unknown as ApprovalApi);
      await allSettled(model.filterOpened, { scope });
      expect(scope.getState(model.$initiatorProblem)).toBe('请先选择用户类型');
      await allSettled(model.initiatorsRefused, { scope });
      expect(notifier.said).toEqual(['info:请先选择用户类型']);
      await allSettled(model.userTypeChosen, { scope, params: 1 });
      expect(scope.getState(model.$initiatorProblem)).toBeNull();
      await allSettled(model.initiatorsChosen, { scope, params: [{ id: 'u1', name: '王老师', type: 0 }] });
      expect(scope.getState(model.$filterDraft).initiateUser).toEqual(['u1']);
      expect(scope.getState(model.$initiatorNames)).toEqual({ u1: '王老师' });
      await allSettled(model.userTypeChosen, { scope, params: 2 });
      expect(scope.getState(model.$filterDraft)).toMatchObject({ userType: 2, initiateUser: [] });
    });

    it('its code failing to download while wanted says 加载失败 and closes it', async () => {
      const { model, scope, notifier } = setup({ flowOptions: vi.fn(async () => []) } as unknown as ApprovalApi);
      await allSettled(model.filterOpened, { scope });
      await allSettled(model.filterCodeFailed, { scope });
      expect(scope.getState(model.$filterOpen)).toBe(false);
      expect(notifier.said).toEqual(['fail:加载失败']);
    });
  });

  describe('without a network (the outbox)', () => {
    const offlineDevice = (api: ApprovalApi) => {
      const device = phone(USER.t1002, (net) => approvalOutboxSenders({ ...api, quickHandling: (body, opts) => net.guard(() => api.quickHandling(body, opts)) } as ApprovalApi));
      const guarded: Pick<ApprovalApi, 'quickHandling'> = { quickHandling: (body, opts) => device.net.guard(() => api.quickHandling(body, opts)) };
      return { ...device, guarded };
    };
    /** 李主任's centre (t1002, the sandbox's) on a phone with no network, its first page in. */
    const offlineCentre = async () => {
      const api = await sandboxApi('t1002');
      const device = offlineDevice(api);
      const quickHandling = vi.spyOn(api, 'quickHandling');
      const view = setup({ ...api, list: api.list.bind(api), quickFeedback: api.quickFeedback.bind(api), quickHandling: device.guarded.quickHandling } as ApprovalApi, {}, true, device.offline);
      await allSettled(view.model.loadMoreFx, { scope: view.scope });
      return { ...view, api, device, quickHandling };
    };
    /** 批量处理 on, every run chosen, the 批量同意 sheet open with `opinion` typed: the runs chosen. */
    const batchAgreeAll = async ({ model, scope }: Awaited<ReturnType<typeof offlineCentre>>, opinion: string): Promise<readonly string[]> => {
      await allSettled(model.batch.batchToggled, { scope, params: true });
      await allSettled(model.batch.allToggled, { scope });
      const chosen = scope.getState(model.batch.$chosen);
      expect(chosen.length).toBeGreaterThan(1);
      await allSettled(model.batch.actionChosen, { scope, params: 'approve' });
      await allSettled(model.batch.opinionTyped, { scope, params: opinion });
      return chosen;
    };

    it('a quick 同意 with the phone offline is kept, not tried: the sheet closes, the card says 待发送, and the network back sends it once', async () => {
      const { model, scope, notifier, api, device, quickHandling } = await offlineCentre();
      const leave = scope.getState(model.$items).find((i) => i.title === '王老师的请假申请')!;
      await allSettled(device.outboxModel.started, { scope });
      await allSettled(model.cardAction, { scope, params: { item: leave, key: 'approve' } });
      await allSettled(model.quickOpinionTyped, { scope, params: '路上批的，同意' });
      await allSettled(model.quickAgreeConfirmed, { scope });
      expect(quickHandling).not.toHaveBeenCalled();
      expect(scope.getState(model.$quickAgree)).toBeNull();
      expect(notifier.said).toEqual([]);
      expect(device.notifier.said).toEqual([`info:${OUTBOX_QUEUED}`]);
      expect(scope.getState(model.$pendingTargets).has(`run:${leave.id}`)).toBe(true);
      const [kept] = scope.getState(device.outboxModel.$entries);
      expect(kept).toMatchObject({ label: '王老师的请假申请（同意）', text: '路上批的，同意', state: 'waiting', payload: { flowRunId: leave.id, type: 1, mark: '路上批的，同意' } });

      device.backOnline();
      await allSettled(scope);
      expect(quickHandling).toHaveBeenCalledOnce();
      expect(quickHandling).toHaveBeenCalledWith(expect.anything(), { idempotencyKey: kept!.id });
      expect(scope.getState(device.outboxModel.$entries).map((e) => e.state)).toEqual(['sent']);
      expect(scope.getState(model.$pendingTargets).size).toBe(0);
      // What was sent changed the run: the list was asked again, and the run left the to-do tab.
      expect(scope.getState(model.$items).some((i) => i.id === leave.id)).toBe(false);
      expect(JSON.stringify(await api.info({ flowRunId: leave.id, type: 1 }))).toContain('路上批的，同意');
      device.outboxModel.dispose();
    });

    it('a quick 同意 the outbox cannot take (its code not on the phone yet): told, the sheet stays with the opinion, and 确认同意 again keeps it', async () => {
      const device = offlineDevice(await sandboxApi('t1002'));
      const quickHandling = vi.fn();
      const { model, scope, notifier } = setup({ list: vi.fn(async () => page([item('a')])), quickFeedback: vi.fn(async () => []), quickHandling } as unknown as ApprovalApi, {}, true, device.offline);
      await allSettled(model.loadMoreFx, { scope });
      // The outbox's store is code fetched later (composition/lazyPorts.ts): offline before it came, it cannot load.
      const write = vi.spyOn(device.store, 'write').mockRejectedValueOnce(new ApiError('network', '网络不可用'));
      await allSettled(model.cardAction, { scope, params: { item: item('a'), key: 'approve' } });
      await allSettled(model.quickOpinionTyped, { scope, params: '路上批的，同意' });
      await allSettled(model.quickAgreeConfirmed, { scope });
      expect(quickHandling).not.toHaveBeenCalled();
      expect(device.notifier.said).toEqual(['fail:网络不可用']);
      expect(scope.getState(model.$quickAgree)?.id).toBe('a');
      expect(scope.getState(model.$quickOpinion)).toBe('路上批的，同意');
      expect(scope.getState(device.outboxModel.$entries)).toEqual([]);
      expect(notifier.said).toEqual([]);

      await allSettled(model.quickAgreeConfirmed, { scope });
      expect(write).toHaveBeenCalledTimes(2);
      expect(scope.getState(model.$quickAgree)).toBeNull();
      expect(device.notifier.said).toEqual(['fail:网络不可用', `info:${OUTBOX_QUEUED}`]);
      expect(scope.getState(device.outboxModel.$entries)).toMatchObject([{ target: 'run:a', text: '路上批的，同意', state: 'waiting' }]);
      device.outboxModel.dispose();
    });

    it('an attempt that gets no answer is kept with its own key; a refusal is told and kept nowhere', async () => {
      const api = await sandboxApi('t1002');
      const device = offlineDevice(api);
      let attempts = 0;
      const keys: string[] = [];
      const quickHandling = vi.fn(async (_body: unknown, opts?: { idempotencyKey?: string }) => {
        keys.push(opts?.idempotencyKey ?? '');
        attempts += 1;
        throw attempts === 1 ? new ApiError('timeout', '') : new ApiError('http', '该流程已被处理');
      });
      // The phone believes it is online: the attempt is made.
      device.net.down = false;
      const { model, scope, notifier } = setup({ list: vi.fn(async () => page([item('a'), item('b')])), quickFeedback: vi.fn(async () => []), quickHandling } as unknown as ApprovalApi, {}, true, device.offline);
      await allSettled(model.loadMoreFx, { scope });
      await allSettled(model.cardAction, { scope, params: { item: item('a'), key: 'approve' } });
      await allSettled(model.quickAgreeConfirmed, { scope });
      expect(keys).toHaveLength(1);
      const entries = scope.getState(device.outboxModel.$entries);
      expect(entries.map((e) => [e.id, e.target])).toEqual([[keys[0], 'run:a']]);
      expect(notifier.said).toEqual([]);
      // A refusal is the server's answer: told, the sheet stays, nothing kept.
      await allSettled(model.cardAction, { scope, params: { item: item('b'), key: 'approve' } });
      await allSettled(model.quickOpinionTyped, { scope, params: '好' });
      await allSettled(model.quickAgreeConfirmed, { scope });
      expect(notifier.said).toEqual(['fail:该流程已被处理']);
      expect(scope.getState(model.$quickOpinion)).toBe('好');
      expect(scope.getState(device.outboxModel.$entries)).toHaveLength(1);
      device.outboxModel.dispose();
    });

    it('批量同意 offline that the outbox cannot take: told, not said kept; the sheet, its opinion and the runs chosen stay; 确认 again keeps them', async () => {
      const centre = await offlineCentre();
      const { model, scope, notifier, device, quickHandling } = centre;
      const { batch } = model;
      const chosen = await batchAgreeAll(centre, '统一同意');
      const write = vi.spyOn(device.store, 'write').mockRejectedValueOnce(new ApiError('network', '网络不可用'));
      await allSettled(batch.confirmed, { scope });
      expect(quickHandling).not.toHaveBeenCalled();
      expect(device.notifier.said).toEqual(['fail:网络不可用']);
      expect(notifier.said).toEqual([]);
      expect(scope.getState(batch.$sheet)).toBe('approve');
      expect(scope.getState(batch.$opinion)).toBe('统一同意');
      expect(scope.getState(batch.$chosen)).toEqual(chosen);
      expect(scope.getState(batch.$running)).toBe(false);
      expect(scope.getState(device.outboxModel.$entries)).toEqual([]);

      await allSettled(batch.confirmed, { scope });
      expect(write).toHaveBeenCalled();
      expect(notifier.said).toEqual([`info:${OUTBOX_QUEUED}`]);
      expect(scope.getState(batch.$sheet)).toBeNull();
      expect(scope.getState(device.outboxModel.$entries).map((e) => e.target).sort()).toEqual(chosen.map((id) => `run:${id}`).sort());
      device.outboxModel.dispose();
    });

    it('批量同意 with the phone offline: every chosen run kept at once with its own key, said once, not chosen again; the network back handles each once', async () => {
      const centre = await offlineCentre();
      const { model, scope, notifier, device, quickHandling } = centre;
      const { batch } = model;
      await allSettled(device.outboxModel.started, { scope });
      const chosen = await batchAgreeAll(centre, '统一同意');
      await allSettled(batch.confirmed, { scope });
      expect(quickHandling).not.toHaveBeenCalled();
      expect(scope.getState(batch.$sheet)).toBeNull();
      expect(scope.getState(batch.$result)).toBeNull();
      expect(notifier.said).toEqual([`info:${OUTBOX_QUEUED}`]);
      // Kept together: one save, no toast of the outbox's own.
      expect(device.notifier.said).toEqual([]);
      const entries = scope.getState(device.outboxModel.$entries);
      expect(entries.map((e) => e.target).sort()).toEqual(chosen.map((id) => `run:${id}`).sort());
      expect(new Set(entries.map((e) => e.id)).size).toBe(chosen.length);
      expect(entries.every((e) => e.text === '统一同意' && e.state === 'waiting')).toBe(true);
      // Kept runs leave the choice and are not chosen again.
      expect(scope.getState(batch.$chosen)).toEqual([]);
      await allSettled(batch.allToggled, { scope });
      expect(scope.getState(batch.$chosen).filter((id) => chosen.includes(id))).toEqual([]);
      const [first] = scope.getState(model.$items).filter((i) => chosen.includes(i.id));
      await allSettled(batch.runToggled, { scope, params: first! });
      expect(notifier.said.at(-1)).toBe('info:此审批已存入待发送');

      device.backOnline();
      await allSettled(scope);
      expect(quickHandling).toHaveBeenCalledTimes(chosen.length);
      expect(new Set(quickHandling.mock.calls.map(([body]) => body.flowRunId))).toEqual(new Set(chosen));
      // Each answered: handled, or refused as a batch refuses a step that needs its page.
      const states = scope.getState(device.outboxModel.$entries).map((e) => e.state);
      expect(states.includes('waiting')).toBe(false);
      expect(states.filter((st) => st === 'sent').length).toBeGreaterThan(0);
      device.outboxModel.dispose();
    });

    it('全部标记为已读 with the phone offline: kept, the received runs drawn read and their count 0 at once; sent once when the network is back', async () => {
      const api = await sandboxApi('t1001');
      const device = phone(USER.t1001, (net) => approvalOutboxSenders({ ...api, markAllAsRead: () => net.guard(() => api.markAllAsRead()) } as ApprovalApi));
      const markAllAsRead = vi.spyOn(api, 'markAllAsRead');
      const { model, scope, notifier } = setup({ ...api, list: (q, o) => device.net.guard(() => api.list(q, o)), markAllAsRead: () => device.net.guard(() => api.markAllAsRead()) } as ApprovalApi, {}, true, device.offline);
      device.net.down = false;
      await allSettled(device.outboxModel.started, { scope });
      await allSettled(model.tabChanged, { scope, params: 1 });
      await allSettled(model.loadMoreFx, { scope });
      expect(scope.getState(model.$counts)?.receive).toBeGreaterThan(0);
      expect(scope.getState(model.$items).some((i) => i.isRead === false)).toBe(true);
      device.net.down = true;
      await allSettled(model.markAllRead, { scope });
      expect(markAllAsRead).not.toHaveBeenCalled();
      expect(notifier.said).toEqual([]);
      expect(device.notifier.said).toEqual([`info:${OUTBOX_QUEUED}`]);
      expect(scope.getState(model.$counts)?.receive).toBe(0);
      expect(scope.getState(model.$items).every((i) => i.isRead !== false)).toBe(true);
      expect(scope.getState(model.$busy)).toBe(false);
      expect(scope.getState(device.outboxModel.$entries)).toMatchObject([{ label: '全部标记为已读', target: 'runs:read', state: 'waiting' }]);

      device.backOnline();
      await allSettled(scope);
      expect(markAllAsRead).toHaveBeenCalledOnce();
      expect(scope.getState(device.outboxModel.$entries).map((e) => e.state)).toEqual(['sent']);
      // The list asked again from the server: still read, the count still 0.
      expect(scope.getState(model.$counts)?.receive).toBe(0);
      expect(scope.getState(model.$items).every((i) => i.isRead !== false)).toBe(true);
      device.outboxModel.dispose();
    });
  });
});
