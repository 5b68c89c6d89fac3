/**
 * Approval use cases and the list model: against the in-process sandbox through the real
 * adapters (the workflow engine moves the runs), and with fakes where a rule is easier to
 * pin down with a hand-made answer (stale pages, failures, uploads).
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import {
  actionDraftKey,
  appendRuns,
  attachmentFromUpload,
  checkAction,
  createApprovalHandOff,
  createApprovalListModel,
  EMPTY_ACTION_DRAFT,
  flowApprovalPath,
  flowLaunchPath,
  handOffIdentity,
  loadActionData,
  loadApprovalPage,
  loadLaunchableFlows,
  loadRun,
  markAllRunsRead,
  needsSignature,
  openLaunch,
  quickHandle,
  requestNextNodes,
  immediateCenterScope,
  resolveCenterScope,
  restoreActionDraft,
  restoreActionSession,
  restoreFlowSession,
  revokeRun,
  runPathOfCard,
  runView,
  saveLaunchDraft,
  selectNodePath,
  startApproval,
  storeActionDraft,
  storeActionSession,
  storeFlowSession,
  submissionKey,
  submitAction,
  submitNodeChoice,
  uploadSignature,
  WHOLE_CENTER,
  type ActionSession,
  type FlowSession,
} from '../../../application/approval';
import type { ApprovalApi, ApprovalListPage, ApprovalRunDetail } from '../../../application/approval/ports';
import { ApiError } from '../../../application/ports/errors';
import type { KeyValueStorage } from '../../../application/ports/runtime';
import type { Uploader, UploadResult } from '../../../application/ports/upload';
import {
  APP_CONFIG_ERROR,
  CHOOSE_USER_TYPE_FIRST,
  HANDLER_REQUIRED,
  initialNextStep,
  NO_APPROVAL_FLOW,
  NO_NEXT_NODES,
  OPERATION_SUCCESS,
  OPINION_REQUIRED,
  RETURN_STEP_REQUIRED,
  REVOKE_CONFIRM_CONTENT,
  REVOKE_CONFIRM_TITLE,
  REVOKE_SUCCESS,
  SAVE_SUCCESS,
  type FlowRunListItem,
  type NextNodeData,
} from '../../../domain/approval';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { launchLeave, leaveFormData, loginAs, type Session } from '../contract/support/partB';

const sb = testSandbox();

const as = async (account: string): Promise<{ s: Session; api: HttpApprovalApi }> => {
  const s = await loginAs(sb.url, account);
  return { s, api: new HttpApprovalApi(s.http) };
};

const memoryStorage = (): KeyValueStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return {
    map,
    get: (k) => map.get(k) ?? null,
    set: (k, v) => void map.set(k, v),
    remove: (k) => void map.delete(k),
    keys: () => [...map.keys()],
  };
};

const todoOf = async (api: ApprovalApi, title: string): Promise<FlowRunListItem> => {
  const page = await loadApprovalPage(api, { filter: { titleOrNumber: title }, tab: 0, page: 1 });
  if (!page.ok) throw new Error(page.error.message);
  const item = page.value.items[0];
  if (!item) throw new Error(`no to-do ${title}`);
  return item;
};

describe('the spec strings, word for word', () => {
  it.each([
    [NO_APPROVAL_FLOW, '未开通审批流程'],
    [APP_CONFIG_ERROR, '应用配置有误，请联系管理员'],
    [NO_NEXT_NODES, '无符合条件的办理节点，请确认流程设置是否正确'],
    [REVOKE_CONFIRM_TITLE, '确认撤销'],
    [REVOKE_CONFIRM_CONTENT, '此操作将撤销当前流程！'],
    [REVOKE_SUCCESS, '撤销成功'],
    [OPERATION_SUCCESS, '操作成功'],
    [SAVE_SUCCESS, '保存成功'],
    [HANDLER_REQUIRED, '请选择审批人'],
    [OPINION_REQUIRED, '请填写审批意见！'],
    [RETURN_STEP_REQUIRED, '请选择退回节点！'],
    [CHOOSE_USER_TYPE_FIRST, '请先选择用户类型'],
  ])('%s', (constant, literal) => {
    expect(constant).toBe(literal);
  });
});

describe('routes', () => {
  it('builds the query of each page', () => {
    expect(flowLaunchPath({ code: 'leave' })).toBe('/page/approvalCenter/flowLaunch?code=leave');
    expect(flowApprovalPath({ runId: 'r1', type: 0, tab: 0 })).toBe('/page/approvalCenter/flowApproval?FlowRunId=r1&type=0&tab=0');
    expect(runPathOfCard({ id: 'r1', nodeType: 1 }, 0)).toBe('/page/approvalCenter/flowApproval?FlowRunId=r1&type=1&tab=0');
    // Other tabs open the run as a reader (type 1).
    expect(runPathOfCard({ id: 'r1', nodeType: 0 }, 3)).toBe('/page/approvalCenter/flowApproval?FlowRunId=r1&type=1&tab=3');
    expect(selectNodePath({ flowLaunchType: 1, flowRunPrcsId: 'p1' })).toBe('/page/approvalCenter/flowLaunch/selectNode?flowLaunchType=1&flowRunPrcsId=p1');
    expect(selectNodePath({ flowLaunchType: 0, flowRunPrcsId: null })).toBe('/page/approvalCenter/flowLaunch/selectNode?flowLaunchType=0');
  });
});

describe('the centre scope (query flowId and code)', () => {
  it('is the whole centre without either, known without a call', async () => {
    const { api } = await as('t1002');
    await expect(resolveCenterScope(api, {})).resolves.toEqual({ ok: true, value: WHOLE_CENTER });
    for (const query of [{}, { flowId: ' ', code: '' }, { flowId: null, code: null }]) expect(immediateCenterScope(query)).toBe(WHOLE_CENTER);
    expect(immediateCenterScope({ code: 'leave' })).toBeNull();
    expect(immediateCenterScope({ flowId: 'f1' })).toBeNull();
  });

  it('finds the flow of an app code, names it and says whether the user may start it', async () => {
    const { api } = await as('t1002');
    const r = await resolveCenterScope(api, { code: 'leave' });
    expect(r).toEqual({ ok: true, value: { flowId: expect.any(String), code: 'leave', name: '请假申请', canInitiate: true } });
  });

  it('gives 未开通审批流程 for an app with no flow', async () => {
    const { api } = await as('t1002');
    await expect(resolveCenterScope(api, { code: 'unconfigured' })).resolves.toEqual({ ok: false, error: { kind: 'invalid', message: '未开通审批流程' } });
    await expect(resolveCenterScope(api, { code: 'no-such-app' })).resolves.toEqual({ ok: false, error: { kind: 'invalid', message: '未开通审批流程' } });
  });
});

describe('the list', () => {
  it('pages by 10 and says when there is no more', async () => {
    const { api } = await as('t1001');
    const first = await loadApprovalPage(api, { filter: {}, tab: 3, page: 1 });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.items.length).toBeLessThanOrEqual(10);
    expect(first.value.hasMore).toBe(first.value.items.length === 10);
    expect(first.value.counts).toMatchObject({ waiting: expect.any(Number), send: expect.any(Number) });
  });

  it('refuses initiators without a user type (请先选择用户类型)', async () => {
    const { api } = await as('t1002');
    await expect(loadApprovalPage(api, { filter: { initiateUser: ['x'] }, tab: 2, page: 1 })).resolves.toEqual({ ok: false, error: { kind: 'invalid', message: '请先选择用户类型' } });
  });

  it('narrows to the scoped flow', async () => {
    const { api } = await as('t1001');
    const scope = await resolveCenterScope(api, { code: 'leave' });
    if (!scope.ok) throw new Error(scope.error.message);
    const r = await loadApprovalPage(api, { filter: {}, tab: 3, page: 1, flowId: scope.value.flowId });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.items.length).toBeGreaterThan(0);
    expect(r.value.items.every((i) => i.title.includes('请假'))).toBe(true);
  });

  it('appends pages without repeating a run', () => {
    const a = { id: 'a' } as FlowRunListItem;
    const b = { id: 'b' } as FlowRunListItem;
    expect(appendRuns([a], [a, b]).map((i) => i.id)).toEqual(['a', 'b']);
  });

  describe('the model', () => {
    const item = (id: string): FlowRunListItem => ({ id, title: id, creationTime: '2026-01-01T00:00:00', creatorName: 'x', state: 0, numberStr: id });

    it('loads page by page, switches tabs, keeps the counts and the unread switch on the received tab', async () => {
      const { api } = await as('t1001');
      const model = createApprovalListModel({ api });
      const scope = fork();
      await allSettled(model.loadMoreFx, { scope });
      expect(scope.getState(model.$page)).toBe(1);
      expect(scope.getState(model.$counts)?.waiting).toBe(3);
      await allSettled(model.tabChanged, { scope, params: 1 });
      expect(scope.getState(model.$items)).toEqual([]);
      await allSettled(model.unreadOnlyToggled, { scope, params: true });
      await allSettled(model.loadMoreFx, { scope });
      const unread = scope.getState(model.$items);
      expect(unread.length).toBe(2);
      expect(unread.every((i) => i.isRead === false)).toBe(true);
    });

    it('drops the answer to a query that changed meanwhile', async () => {
      let release: (p: ApprovalListPage) => void = () => undefined;
      const calls: number[] = [];
      const api = {
        list: vi.fn((q: { type: number }) => {
          calls.push(q.type);
          if (q.type === 0) return new Promise<ApprovalListPage>((r) => (release = r));
          return Promise.resolve({ items: [item('received')], totalCount: 1, counts: { waiting: 1, receive: 1, already: 0, send: 0 } });
        }),
      } as unknown as ApprovalApi;
      const model = createApprovalListModel({ api });
      const scope = fork();
      // allSettled waits for everything in the scope, so the slow page is released last, unawaited until then.
      const slow = allSettled(model.loadMoreFx, { scope });
      const switched = allSettled(model.tabChanged, { scope, params: 1 });
      const fresh = allSettled(model.loadMoreFx, { scope });
      await new Promise((r) => setTimeout(r, 20));
      release({ items: [item('stale')], totalCount: 1, counts: null });
      await Promise.all([slow, switched, fresh]);
      expect(scope.getState(model.$items).map((i) => i.id)).toEqual(['received']);
      expect(calls).toEqual([0, 1]);
    });

    it('applies and resets the filter, keeps the popup draft apart, searches by title', async () => {
      const api = { list: vi.fn(async () => ({ items: [], totalCount: 0, counts: null })) } as unknown as ApprovalApi;
      const model = createApprovalListModel({ api, initialTab: 2 });
      const scope = fork();
      await allSettled(model.searchSubmitted, { scope, params: '  请假 ' });
      expect(scope.getState(model.$query).filter.titleOrNumber).toBe('请假');
      await allSettled(model.filterOpened, { scope });
      expect(scope.getState(model.$filterOpen)).toBe(true);
      expect(scope.getState(model.$filterDraft).titleOrNumber).toBe('请假');
      await allSettled(model.filterDraftChanged, { scope, params: { state: 1, titleOrNumber: '请假' } });
      expect(scope.getState(model.$query).filter.state).toBeUndefined();
      await allSettled(model.filterApplied, { scope, params: scope.getState(model.$filterDraft) });
      expect(scope.getState(model.$query).filter).toMatchObject({ state: 1, titleOrNumber: '请假' });
      expect(scope.getState(model.$filterOpen)).toBe(false);
      await allSettled(model.loadMoreFx, { scope });
      expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ type: 2, state: 1, titleOrNumber: '请假', skipCount: 0, maxResultCount: 10 }), expect.anything());
      await allSettled(model.filterReset, { scope });
      expect(scope.getState(model.$query).filter).toEqual({ isNotRead: null });
      expect(scope.getState(model.$filterDraft)).toEqual({});
    });

    it('shows the filter problem instead of the list', async () => {
      const api = { list: vi.fn() } as unknown as ApprovalApi;
      const model = createApprovalListModel({ api });
      const scope = fork();
      await allSettled(model.filterApplied, { scope, params: { initiateUser: ['u1'] } });
      await allSettled(model.loadMoreFx, { scope });
      expect(scope.getState(model.$queryError)).toBe('请先选择用户类型');
      expect(scope.getState(model.$hasMore)).toBe(false);
      expect(api.list).not.toHaveBeenCalled();
    });

    it('keeps what it has when a page fails (the scroll offers a retry)', async () => {
      const api = { list: vi.fn(async () => Promise.reject(new ApiError('http', '模拟故障', { status: 500 }))) } as unknown as ApprovalApi;
      const model = createApprovalListModel({ api });
      const scope = fork();
      const r = await allSettled(model.loadMoreFx, { scope });
      expect(r.status).toBe('fail');
      expect(scope.getState(model.$hasMore)).toBe(true);
    });
  });
});

describe('card actions', () => {
  it('quick approve: a quick step is agreed at once (操作成功, refresh)', async () => {
    const { api } = await as('t1002');
    const card = await todoOf(api, '王老师的请假申请');
    await expect(quickHandle(api, card, 'approve', 0)).resolves.toEqual({ ok: true, value: { kind: 'refresh', toast: '操作成功' } });
    const after = await loadApprovalPage(api, { filter: { titleOrNumber: card.numberStr }, tab: 0, page: 1 });
    expect(after.ok && after.value.items).toEqual([]);
  });

  it('quick reject is never quick: the run opens instead', async () => {
    const { api } = await as('t1002');
    const card = await todoOf(api, '王老师的请假申请');
    await expect(quickHandle(api, card, 'reject', 0)).resolves.toEqual({ ok: true, value: { kind: 'open', path: runPathOfCard(card, 0) } });
  });

  it('a step that needs the page (a chosen reviewer, a countersign with a form field) opens it', async () => {
    const { api } = await as('t1002');
    const card = await todoOf(api, '王老师的采购申请');
    await expect(quickHandle(api, card, 'approve', 0)).resolves.toMatchObject({ ok: true, value: { kind: 'open' } });
  });

  it('a failure is the server message, refused', async () => {
    const api = { quickHandling: vi.fn(async () => Promise.reject(new ApiError('http', '模拟故障'))) } as unknown as ApprovalApi;
    await expect(quickHandle(api, { id: 'x' } as FlowRunListItem, 'approve', 0)).resolves.toEqual({ ok: false, error: { kind: 'refused', message: '模拟故障' } });
  });

  it('revoke takes the run back; a second revoke is refused by the server', async () => {
    const { s, api } = await as('t1001');
    const { flowRunId } = await launchLeave(s, { days: 1, reason: '体检', handover: { id: s.userId, name: s.name } });
    await expect(revokeRun(api, flowRunId)).resolves.toEqual({ ok: true, value: undefined });
    expect((await api.info({ flowRunId, type: 1 })).state).toBe(3);
    const again = await revokeRun(api, flowRunId);
    expect(again.ok).toBe(false);
  });

  it('全部标记为已读 clears the received unread count', async () => {
    const { api } = await as('t1001');
    await expect(markAllRunsRead(api)).resolves.toMatchObject({ ok: true });
    const page = await loadApprovalPage(api, { filter: {}, tab: 1, page: 1 });
    expect(page.ok && page.value.counts?.receive).toBe(0);
  });
});

describe('launch', () => {
  it('lists the flows the user may start', async () => {
    const { api } = await as('t1001');
    const r = await loadLaunchableFlows(api);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.flatMap((c) => c.flows.map((f) => f.code))).toEqual(expect.arrayContaining(['leave', 'purchase', 'seal', 'notice-draft']));
  });

  it('opens a configured flow, refuses an unconfigured one with its message', async () => {
    const { api } = await as('t1001');
    await expect(openLaunch(api, 'leave')).resolves.toMatchObject({ ok: true, value: { appId: 'app-leave', code: 'leave', title: '请假申请' } });
    await expect(openLaunch(api, 'unconfigured')).resolves.toEqual({ ok: false, error: { kind: 'invalid', message: '应用配置有误，请联系管理员' } });
    // Not for this user type: the server's own message.
    const visitor = await as('o5001');
    const r = await openLaunch(visitor.api, 'leave');
    expect(r.ok).toBe(false);
  });

  it('saves a draft that initiate-flow gives back', async () => {
    const { s, api } = await as('t1001');
    const { formData } = await leaveFormData(s, { days: 2, reason: '草稿里的事由', handover: { id: s.userId, name: s.name } });
    await expect(saveLaunchDraft(api, formData)).resolves.toEqual({ ok: true, value: undefined });
    expect(JSON.stringify((await api.initiateFlow('leave')).draftData)).toContain('草稿里的事由');
  });

  it('a failed draft save is the server message', async () => {
    const api = { initiate: vi.fn(async () => Promise.reject(new ApiError('http', '模拟故障'))) } as unknown as ApprovalApi;
    await expect(saveLaunchDraft(api, {})).resolves.toEqual({ ok: false, error: { kind: 'refused', message: '模拟故障' } });
  });

  it('asks for the next nodes; none is 无符合条件的办理节点，请确认流程设置是否正确', async () => {
    const { s, api } = await as('t1001');
    const { info, formData } = await leaveFormData(s, { days: 2, reason: '事由', handover: { id: s.userId, name: s.name } });
    const r = await requestNextNodes(api, { appId: info.appId!, flowRunPrcsId: null, formData });
    expect(r.ok && r.value.flowNodes.map((n) => n.name)).toEqual(['部门审批']);
    const empty = { nextNodes: async () => ({ flowNodes: [], sends: [], sendIsSelect: false, isMark: false }) } as unknown as ApprovalApi;
    await expect(requestNextNodes(empty, { appId: 'a', flowRunPrcsId: null, formData: {} })).resolves.toEqual({ ok: false, error: { kind: 'invalid', message: NO_NEXT_NODES } });
  });

  it('selectNode: initiates with the chosen step and recipients, 操作成功, back 3', async () => {
    const { s, api } = await as('t1001');
    const li = await as('t1002');
    const zhao = await as('t1003');
    const { info, formData } = await leaveFormData(s, { days: 2, reason: '参加市教研活动', handover: { id: li.s.userId, name: li.s.name } });
    const next = await requestNextNodes(api, { appId: info.appId!, flowRunPrcsId: null, formData });
    if (!next.ok) throw new Error(next.error.message);
    const session: FlowSession = { flowLaunchType: 0, code: 'leave', appId: info.appId!, title: '请假申请', runId: null, flowRunPrcsId: null, formData, draftKey: null, next: next.value };
    const selection = { ...initialNextStep(next.value), recipients: [{ value: zhao.s.userId, name: '赵校长', preset: false }] };
    await expect(submitNodeChoice(api, session, selection)).resolves.toEqual({ ok: true, value: { kind: 'done', backSteps: 3 } });
    const waiting = await todoOf(li.api, '王老师的请假申请');
    expect(waiting.precis).toContain('参加市教研活动');
    const copies = await loadApprovalPage(zhao.api, { filter: {}, tab: 1, page: 1 });
    expect(copies.ok && copies.value.items.some((i) => i.precis?.includes('参加市教研活动'))).toBe(true);
  });

  it('selectNode: a node that wants a chosen approver blocks the call (请选择审批人)', async () => {
    const api = { initiate: vi.fn(), handle: vi.fn() } as unknown as ApprovalApi;
    const next: NextNodeData = {
      flowNodes: [{ id: 'n', name: '审核', type: 1, isSelect: true, isAuto: false, handlers: [], selectComponentId: 'sc-staff' }],
      sends: [],
      sendIsSelect: false,
      isMark: false,
    };
    const session: FlowSession = { flowLaunchType: 0, code: 'x', appId: 'a', title: '', runId: null, flowRunPrcsId: null, formData: {}, draftKey: null, next };
    await expect(submitNodeChoice(api, session, initialNextStep(next))).resolves.toEqual({
      ok: false,
      error: { kind: 'invalid', code: 'handler-required', message: '请选择审批人' },
    });
    expect(api.initiate).not.toHaveBeenCalled();
  });

  it('selectNode: asks is-node-auto before submitting to an automatic node; a failure is the server message', async () => {
    const order: string[] = [];
    const api = {
      isNodeAuto: vi.fn(async () => {
        order.push('auto');
        return { isAuto: true };
      }),
      handle: vi.fn(async () => {
        order.push('handle');
        throw new ApiError('http', '模拟故障');
      }),
    } as unknown as ApprovalApi;
    const next: NextNodeData = { flowNodes: [{ id: 'sync', name: '考勤同步', type: 3, isSelect: false, isAuto: true, handlers: [] }], sends: [], sendIsSelect: false, isMark: false };
    const session: FlowSession = { flowLaunchType: 1, code: 'x', appId: 'a', title: '', runId: 'r', flowRunPrcsId: 'p', formData: {}, draftKey: null, next, submissionId: 's1' };
    await expect(submitNodeChoice(api, session, initialNextStep(next))).resolves.toEqual({ ok: false, error: { kind: 'refused', message: '模拟故障' } });
    expect(order).toEqual(['auto', 'handle']);
    expect(api.handle).toHaveBeenCalledWith(expect.objectContaining({ type: 3, flowRunPrcsId: 'p', flowNodeId: 'sync' }), { idempotencyKey: 's1' });
  });
});

describe('the run page', () => {
  it('derives the effective type, the read-only form, the stamp, the buttons and the history', async () => {
    const { api } = await as('t1002');
    const card = await todoOf(api, '王老师的请假申请');
    const r = await loadRun(api, { FlowRunId: card.id, type: String(card.nodeType), tab: '0' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ effective: 1, readOnly: true, stamp: null, initiator: '王老师', state: { label: '审批中' } });
    expect(r.value.buttons.map((b) => b.text)).toEqual(['更多', '拒绝', '同意']);
    expect(r.value.buttons[0]!.menu.map((b) => b.text)).toEqual(['退回']);
    expect(r.value.history.map((n) => n.title)).toEqual(['发起人', '部门审批']);
  });

  it('type 0 without a step of the user degrades to a reader; the initiator may revoke on tab 3', () => {
    const detail = { id: 'r', numberStr: 'N', title: 't', state: 0, type: 0, appId: 'a', code: 'c', flowRunPrcsId: null, flowRunNodeDtos: [] } as ApprovalRunDetail;
    expect(runView(detail, { type: '0', tab: '0' })).toMatchObject({ effective: 1, readOnly: true });
    expect(runView({ ...detail, flowRunPrcsId: 'p' }, { type: '0', tab: '0' }).buttons.map((b) => b.text)).toEqual(['提交']);
    expect(runView(detail, { type: '1', tab: '3' }).buttons.map((b) => b.text)).toEqual(['撤销']);
    expect(runView({ ...detail, state: 1 }, { type: '1', tab: '3' })).toMatchObject({ buttons: [], stamp: { text: '审批通过' } });
    expect(runView({ ...detail, state: 4 }, { type: '1', tab: '3' }).stamp).toMatchObject({ kind: 'returned', text: null, alt: '已退回' });
  });

  it('a run the user has nothing to do with is refused with the server message', async () => {
    const { api } = await as('s2003');
    const { api: li } = await as('t1002');
    const card = await todoOf(li, '王老师的请假申请');
    const r = await loadRun(api, { FlowRunId: card.id, type: 1, tab: 0 });
    expect(r.ok).toBe(false);
  });

  const detailFor = (flowRunPrcsId: string | null): ApprovalRunDetail =>
    ({ id: 'r', numberStr: 'N', title: 't', state: 0, type: 1, appId: 'a', code: 'c', flowRunPrcsId, flowRunNodeDtos: [], draftData: { saved: true }, isSign: true, isMark: false }) as ApprovalRunDetail;

  it('agree validates the form first (blocked when it does not pass), then opens approvalPass', async () => {
    const api = {} as ApprovalApi;
    const run = runView(detailFor('p'), { type: 1, tab: 0 });
    const bad = { validate: () => ({ ok: false as const, error: 'x' }), submitData: () => ({ partial: true }) };
    await expect(startApproval(api, run, 0, bad, { draftKey: null })).resolves.toEqual({ ok: true, value: { kind: 'blocked' } });
    const good = { validate: () => ({ ok: true as const, value: { checked: true } }), submitData: () => ({}) };
    const step = await startApproval(api, run, 0, good, { draftKey: null });
    expect(step).toMatchObject({
      ok: true,
      value: {
        kind: 'approval-pass',
        route: { title: '同意', actionType: 0 },
        session: { actionType: 0, formData: { checked: true }, isSign: true, flowRunPrcsId: 'p' },
      },
    });
  });

  it('reject and return take the form as it is, errors and all, with backCount 2', async () => {
    const run = runView(detailFor('p'), { type: 1, tab: 0 });
    const bad = { validate: vi.fn(() => ({ ok: false as const, error: 'x' })), submitData: () => ({ partial: true }) };
    const reject = await startApproval({} as ApprovalApi, run, 1, bad, { draftKey: null });
    expect(reject).toMatchObject({ ok: true, value: { kind: 'approval-pass', route: { title: '拒绝', backCount: 2 }, session: { formData: { partial: true } } } });
    const ret = await startApproval({} as ApprovalApi, run, 2, bad, { draftKey: null });
    expect(ret).toMatchObject({ ok: true, value: { kind: 'approval-pass', route: { title: '退回', backCount: 2 } } });
    expect(bad.validate).not.toHaveBeenCalled();
  });

  it('submit (the returned run) asks for the next nodes and goes to selectNode type 1', async () => {
    const { api } = await as('t1001');
    const card = await todoOf(api, '王老师的采购申请');
    const r = await loadRun(api, { FlowRunId: card.id, type: card.nodeType ?? 1, tab: 0 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.effective).toBe(0);
    expect(r.value.readOnly).toBe(false);
    const data = r.value.detail.draftData;
    const answer = await startApproval(api, r.value, 3, { validate: () => ({ ok: true, value: data }), submitData: () => data }, { draftKey: 'k' });
    expect(answer).toMatchObject({
      ok: true,
      value: { kind: 'select-node', route: { flowLaunchType: 1, flowRunPrcsId: r.value.detail.flowRunPrcsId }, session: { draftKey: 'k', runId: card.id } },
    });
    const step = answer.ok ? answer.value : null;
    if (step?.kind !== 'select-node') return;
    await expect(submitNodeChoice(api, step.session, initialNextStep(step.session.next))).resolves.toEqual({ ok: true, value: { kind: 'done', backSteps: 2 } });
    expect((await api.info({ flowRunId: card.id, type: 1 })).state).toBe(0);
  });
});

describe('the action screen', () => {
  const sessionOf = async (api: ApprovalApi, title: string, actionType: 0 | 1 | 2): Promise<ActionSession> => {
    const card = await todoOf(api, title);
    const r = await loadRun(api, { FlowRunId: card.id, type: card.nodeType ?? 1, tab: 0 });
    if (!r.ok) throw new Error(r.error.message);
    const d = r.value.detail;
    return { actionType, runId: d.id, code: d.code, appId: d.appId, title: d.title, flowRunPrcsId: d.flowRunPrcsId ?? null, formData: d.draftData, isSign: d.isSign === true, isMark: d.isMark === true, draftKey: null };
  };

  it('agree: next nodes and quick opinions; the automatic node is asked about; 操作成功, back 2', async () => {
    const { api } = await as('t1002');
    const session = await sessionOf(api, '王老师的请假申请', 0);
    const data = await loadActionData(api, session);
    if (!data.ok) throw new Error(data.error.message);
    expect(data.value.next?.flowNodes.map((n) => n.name)).toEqual(['考勤同步']);
    expect(data.value.quickOpinions.length).toBe(3);
    const spy = vi.spyOn(api, 'isNodeAuto');
    const selection = initialNextStep(data.value.next!);
    const outcome = await submitAction(
      { api, uploader: {} as Uploader },
      { session, data: data.value, opinion: '同意', returnNodeId: null, selection, files: [] },
      { backSteps: 2 },
    );
    expect(outcome).toEqual({ ok: true, value: { kind: 'done', backSteps: 2 } });
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ nodeId: 'leave-sync', appId: 'app-leave' }));
  });

  it('reject needs an opinion (请填写审批意见！); with one the run ends 审批不通过', async () => {
    const { api } = await as('t1002');
    const session = await sessionOf(api, '王老师的请假申请', 1);
    const data = await loadActionData(api, session);
    if (!data.ok) throw new Error(data.error.message);
    const deps = { api, uploader: {} as Uploader };
    const empty = await submitAction(deps, { session, data: data.value, opinion: '', returnNodeId: null, selection: null, files: [] }, { backSteps: 2 });
    expect(empty).toMatchObject({ ok: false, error: { kind: 'invalid', problem: { field: 'opinion', code: 'required', message: '请填写审批意见！' } } });
    const done = await submitAction(deps, { session, data: data.value, opinion: '时间冲突', returnNodeId: null, selection: null, files: [] }, { backSteps: 2 });
    expect(done).toMatchObject({ ok: true, value: { kind: 'done' } });
    expect((await api.info({ flowRunId: session.runId, type: 1 })).state).toBe(2);
  });

  it('return needs a step (请选择退回节点！) and goes back to it', async () => {
    const { api } = await as('t1002');
    const session = await sessionOf(api, '王老师的请假申请', 2);
    const data = await loadActionData(api, session);
    if (!data.ok) throw new Error(data.error.message);
    expect(data.value.returnNodes.map((n) => n.name)).toEqual(['发起人']);
    const deps = { api, uploader: {} as Uploader };
    const none = await submitAction(deps, { session, data: data.value, opinion: '补充材料', returnNodeId: null, selection: null, files: [] }, { backSteps: 2 });
    expect(none).toMatchObject({ ok: false, error: { kind: 'invalid', message: '请选择退回节点！', problem: { field: 'return', code: 'return-required', message: '请选择退回节点！' } } });
    const back = await submitAction(
      deps,
      { session, data: data.value, opinion: '补充材料', returnNodeId: data.value.returnNodes[0]!.value, selection: null, files: [] },
      { backSteps: 2 },
    );
    expect(back).toMatchObject({ ok: true, value: { kind: 'done' } });
    expect((await api.info({ flowRunId: session.runId, type: 1 })).state).toBe(4);
  });

  it('a signing step is signed first: the PNG goes through the upload pipeline and the handling carries it', async () => {
    const handled: unknown[] = [];
    const api = {
      isNodeAuto: vi.fn(),
      handle: vi.fn(async (b: unknown) => void handled.push(b)),
    } as unknown as ApprovalApi;
    const uploads: Array<{ name: string; type: string }> = [];
    const uploader: Uploader = {
      upload: async (file) => {
        uploads.push({ name: file.name, type: file.type });
        return { uid: 'u', name: file.name, size: file.size, status: 'done', percent: 100, url: '/sandbox/files/sig.png', fileName: file.name, path: 'obj/sig.png', domain: 'd' } as UploadResult;
      },
    };
    const next: NextNodeData = { flowNodes: [{ id: 'end', name: '结束', type: 4, isSelect: false, isAuto: false, handlers: [] }], sends: [], sendIsSelect: false, isMark: false };
    const session: ActionSession = { actionType: 0, runId: 'r', code: 'c', appId: 'a', title: 't', flowRunPrcsId: 'p', formData: {}, isSign: true, isMark: false, draftKey: null };
    const input = { session, data: { next, returnNodes: [], quickOpinions: [] }, opinion: '', returnNodeId: null, selection: initialNextStep(next), files: [] };
    expect(needsSignature(input)).toBe(true);
    expect(needsSignature({ ...input, session: { ...session, actionType: 1 } })).toBe(false);
    const outcome = await submitAction({ api, uploader }, input, { signature: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), backSteps: 2 });
    expect(outcome).toMatchObject({ ok: true, value: { kind: 'done' } });
    expect(uploads).toEqual([{ name: 'signature.png', type: 'image/png' }]);
    expect(handled[0]).toMatchObject({ type: 0, autographPath: '/sandbox/files/sig.png', autographObject: 'obj/sig.png', flowNodeId: 'end', userIds: [] });
    expect(api.isNodeAuto).not.toHaveBeenCalled();
  });

  it('the opinion is required for agree on isMark nodes; next-step problems come last', () => {
    const next: NextNodeData = { flowNodes: [{ id: 'n', name: 'n', type: 1, isSelect: true, isAuto: false, handlers: [] }], sends: [], sendIsSelect: false, isMark: true };
    const session: ActionSession = { actionType: 0, runId: 'r', code: 'c', appId: 'a', title: 't', flowRunPrcsId: 'p', formData: {}, isSign: false, isMark: false, draftKey: null };
    const base = { session, data: { next, returnNodes: [], quickOpinions: [] }, returnNodeId: null, selection: initialNextStep(next), files: [] };
    expect(checkAction({ ...base, opinion: '' })).toEqual({ ok: false, error: { field: 'opinion', code: 'required', message: '请填写审批意见！' } });
    expect(checkAction({ ...base, opinion: '可以' })).toEqual({ ok: false, error: { field: 'next', code: 'handler-required', message: '请选择审批人' } });
  });

  it('attachments keep their name, suffix, size and address', () => {
    expect(attachmentFromUpload({ name: '报价单.PDF', size: 2048, domain: 'd', path: 'p/x.pdf', url: '/f/x.pdf' })).toEqual({
      name: '报价单.PDF',
      suffix: 'pdf',
      size: 2048,
      domain: 'd',
      path: 'p/x.pdf',
      fileUrl: '/f/x.pdf',
    });
  });

  it('a failed signature upload is a failure with its message; nothing is handled', async () => {
    const uploader: Uploader = { upload: async () => Promise.reject(new ApiError('http', '上传失败')) };
    await expect(uploadSignature(uploader, new Blob(['x']))).rejects.toThrow('上传失败');
    const next: NextNodeData = { flowNodes: [{ id: 'end', name: '结束', type: 4, isSelect: false, isAuto: false, handlers: [] }], sends: [], sendIsSelect: false, isMark: false };
    const session: ActionSession = { actionType: 0, runId: 'r', code: 'c', appId: 'a', title: 't', flowRunPrcsId: 'p', formData: {}, isSign: true, isMark: false, draftKey: null };
    const api = { handle: vi.fn() } as unknown as ApprovalApi;
    const outcome = await submitAction(
      { api, uploader },
      { session, data: { next, returnNodes: [], quickOpinions: [] }, opinion: '', returnNodeId: null, selection: initialNextStep(next), files: [] },
      { signature: new Blob(['x']), backSteps: 2 },
    );
    expect(outcome).toEqual({ ok: false, error: { kind: 'refused', message: '上传失败' } });
    expect(api.handle).not.toHaveBeenCalled();
  });
});

describe('sessions and drafts survive a reload and an expired session', () => {
  it('stores and restores the flow session, the action session and the opinion draft per user', () => {
    const storage = memoryStorage();
    const next: NextNodeData = { flowNodes: [{ id: 'n', name: 'n', type: 1, isSelect: false, isAuto: false, handlers: [] }], sends: [], sendIsSelect: false, isMark: false };
    const flow: FlowSession = { flowLaunchType: 0, code: 'leave', appId: 'a', title: 't', runId: null, flowRunPrcsId: null, formData: { x: 1 }, draftKey: 'k', next };
    storeFlowSession(storage, 'u1', flow);
    expect(restoreFlowSession(storage, 'u1')).toEqual(flow);
    expect(restoreFlowSession(storage, 'u2')).toBeNull();
    storeFlowSession(storage, 'u1', null);
    expect(restoreFlowSession(storage, 'u1')).toBeNull();

    const action: ActionSession = { actionType: 2, runId: 'r', code: 'c', appId: 'a', title: 't', flowRunPrcsId: 'p', formData: {}, isSign: false, isMark: false, draftKey: null };
    storeActionSession(storage, 'u1', action);
    expect(restoreActionSession(storage, 'u1')).toEqual(action);

    const key = actionDraftKey('u1', action);
    expect(key.startsWith('formDraft:u1:')).toBe(true);
    storeActionDraft(storage, key, { opinion: '请补充', files: [{ name: 'a.txt' }], returnNodeId: 'start' });
    expect(restoreActionDraft(storage, key)).toEqual({ opinion: '请补充', files: [{ name: 'a.txt' }], returnNodeId: 'start' });
    storeActionDraft(storage, key, EMPTY_ACTION_DRAFT);
    expect(storage.get(key)).toBeNull();
    storage.set(key, '{not json');
    expect(restoreActionDraft(storage, key)).toEqual(EMPTY_ACTION_DRAFT);
  });

  it('one identity per session names its choice, its submission and its opinion draft', () => {
    const next: NextNodeData = { flowNodes: [{ id: 'n', name: 'n', type: 1, isSelect: false, isAuto: false, handlers: [] }], sends: [], sendIsSelect: false, isMark: false };
    const launch: FlowSession = { flowLaunchType: 0, code: 'leave', appId: 'a', title: 't', runId: null, flowRunPrcsId: null, formData: {}, draftKey: null, next };
    const resubmit: FlowSession = { ...launch, flowLaunchType: 1, runId: 'r', flowRunPrcsId: 'p' };
    const action: ActionSession = { actionType: 2, runId: 'r', code: 'c', appId: 'a', title: 't', flowRunPrcsId: 'p', formData: {}, isSign: false, isMark: false, draftKey: null };
    expect(handOffIdentity(launch)).toBe('node:launch:leave');
    expect(handOffIdentity(resubmit)).toBe('node:p');
    expect(handOffIdentity(action)).toBe('action:p:2');
    expect(handOffIdentity({ ...action, flowRunPrcsId: null })).toBe('action:r:2');
    // The submission id when the session has one; a session stored by an older build falls back to its identity.
    expect(submissionKey({ ...launch, submissionId: 's1' })).toBe('s1');
    expect(submissionKey(launch)).toBe('node:launch:leave');
    expect(actionDraftKey('u1', action)).toBe('formDraft:u1:approval:action:p:2');
  });

  it('the hand-off keeps the sessions in memory and on the device; finishing forgets everything of one', () => {
    const storage = memoryStorage();
    const next: NextNodeData = { flowNodes: [{ id: 'n', name: 'n', type: 1, isSelect: false, isAuto: false, handlers: [] }], sends: [], sendIsSelect: false, isMark: false };
    const flow: FlowSession = { flowLaunchType: 0, code: 'leave', appId: 'a', title: 't', runId: null, flowRunPrcsId: null, formData: {}, draftKey: 'formDraft:u1:flow:leave', next };
    const action: ActionSession = { actionType: 0, runId: 'r', code: 'c', appId: 'a', title: 't', flowRunPrcsId: 'p', formData: {}, isSign: false, isMark: false, draftKey: 'formDraft:u1:run:r' };
    const handOff = createApprovalHandOff(storage, 'u1');
    handOff.handOver(flow);
    handOff.handOver(action);
    handOff.choose(handOffIdentity(flow), { nodeId: 'n', handlers: [], recipients: [] });
    expect(handOff.selection(handOffIdentity(flow))?.nodeId).toBe('n');
    // A reload: a new hand-off finds both sessions on the device (the choice was memory only).
    const reloaded = createApprovalHandOff(storage, 'u1');
    expect(reloaded.flow()).toEqual(flow);
    expect(reloaded.action()).toEqual(action);
    expect(reloaded.selection(handOffIdentity(flow))).toBeNull();
    expect(createApprovalHandOff(storage, 'u2').flow()).toBeNull();

    storage.set('formDraft:u1:flow:leave', '{}');
    storage.set('formDraft:u1:run:r', '{}');
    storeActionDraft(storage, actionDraftKey('u1', action), { opinion: '同意', files: [], returnNodeId: null });
    handOff.finish(flow);
    expect(handOff.flow()).toBeNull();
    expect(handOff.selection(handOffIdentity(flow))).toBeNull();
    expect(storage.get('formDraft:u1:flow:leave')).toBeNull();
    expect(handOff.action()).toEqual(action);
    handOff.finish(action);
    expect(handOff.action()).toBeNull();
    expect(storage.get('formDraft:u1:run:r')).toBeNull();
    expect(storage.get(actionDraftKey('u1', action))).toBeNull();
  });

  it('a full storage loses the reload copy only: the session in memory still works', () => {
    const storage = { ...memoryStorage(), set: () => { throw new Error('QuotaExceededError'); } };
    const handOff = createApprovalHandOff(storage, 'u1');
    const action: ActionSession = { actionType: 1, runId: 'r', code: 'c', appId: 'a', title: 't', flowRunPrcsId: 'p', formData: {}, isSign: false, isMark: false, draftKey: null };
    handOff.handOver(action);
    expect(handOff.action()).toEqual(action);
  });
});
