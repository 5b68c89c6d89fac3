import { describe, expect, it } from 'vitest';
import { testSandbox } from '../testSandbox';
import { ApiError } from '../../../application/ports/errors';
import {
  APP_CONFIG_ERROR,
  NO_APPROVAL_FLOW,
  buildApprovalListQuery,
  buildDraftBody,
  buildHandlingBody,
  buildSubmitHandlingBody,
  filterLaunchableFlows,
  flowIdError,
  initialNextStep,
  launchConfigError,
  quickHandlingBody,
  quickHandlingOutcome,
  validateNextStep,
} from '../../../domain/approval';
import { restoreDraft } from '../../../domain/forms/formData';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { cannedServer, launchLeave, leaveFormData, loginAs, type Session } from './support/partB';

const sb = testSandbox();

const as = async (account: string): Promise<{ s: Session; api: HttpApprovalApi }> => {
  const s = await loginAs(sb.url, account);
  return { s, api: new HttpApprovalApi(s.http) };
};

/** The list of a tab (0 我的待办, 1 我收到的, 2 已办理, 3 已发起), first page, built by the domain. */
const tab = async (api: HttpApprovalApi, index: number, filter = {}) => {
  const query = buildApprovalListQuery(filter, index, 1);
  if (!query.ok) throw new Error(query.error);
  return api.list(query.value);
};

/** 王老师 starts a 2-day leave (department → attendance sync → copy → end) waiting at 李主任. */
const leaveWaitingAtLi = async () => {
  const wang = await as('t1001');
  const li = await as('t1002');
  const launched = await launchLeave(wang.s, { days: 2, reason: '家中有事', handover: { id: li.s.userId, name: li.s.name } });
  return { wang, li, runId: launched.flowRunId, launched };
};

describe('HttpApprovalApi against the sandbox: the calls one by one', () => {
  it('GET flow-run/approval-center?flow=: the named flow, null without one, the server message for an unknown one', async () => {
    const { api } = await as('t1001');
    await expect(api.approvalCenter('leave')).resolves.toMatchObject({ flowId: 'flow-leave', code: 'leave', name: '请假申请', configured: true, canInitiate: true });
    await expect(api.approvalCenter(null)).resolves.toBeNull();
    await expect(api.approvalCenter('no-such-flow')).rejects.toMatchObject({ status: 404, message: '流程不存在' });
  });

  it('GET flow-define/flow-drop-down-list: the configured flows for the filter', async () => {
    const { api } = await as('t1001');
    const flows = await api.flowOptions();
    expect(flows).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'flow-leave', name: '请假申请' })]));
    expect(flows.some((f) => f.code === 'unconfigured')).toBe(false);
  });

  it('POST flow-run/list: a page { items, totalCount } with the four tab counts', async () => {
    const { api } = await as('t1001');
    const sent = await tab(api, 3);
    expect(sent.items.length).toBeGreaterThan(0);
    expect(sent.items.length).toBeLessThanOrEqual(10);
    expect(sent.totalCount).toBeGreaterThanOrEqual(sent.items.length);
    expect(sent.counts).toEqual({ waiting: expect.any(Number), receive: expect.any(Number), already: expect.any(Number), send: sent.totalCount });
    for (const item of sent.items) expect(item).toMatchObject({ id: expect.any(String), title: expect.any(String), numberStr: expect.any(String), creatorName: '王老师' });
    // The filters travel: a title search narrows the list.
    const rejected = await tab(api, 3, { titleOrNumber: sent.items[0]!.numberStr });
    expect(rejected.items.map((i) => i.id)).toEqual([sent.items[0]!.id]);
    const approved = await tab(api, 3, { state: 1 });
    expect(approved.items.every((i) => i.state === 1)).toBe(true);
    expect(approved.items.length).toBeGreaterThan(0);
  });

  it('GET flow-run/info-app: the run detail with its history', async () => {
    const { api } = await as('t1001');
    const done = (await tab(api, 3, { state: 1 })).items.find((i) => i.title.includes('请假'))!;
    const detail = await api.info({ flowRunId: done.id, type: 1 });
    expect(detail).toMatchObject({ id: done.id, numberStr: done.numberStr, state: 1, appId: 'app-leave', code: 'leave', creatorName: '王老师' });
    expect(detail.situationDto?.completedNodeId).toEqual(expect.arrayContaining(['leave-start', 'leave-dept']));
    expect(detail.flowRunNodeDtos.map((n) => n.name)).toEqual(expect.arrayContaining(['发起人', '部门审批']));
    const dept = detail.flowRunNodeDtos.find((n) => n.name === '部门审批')!;
    expect(dept.flowRunDetailsDtos[0]).toMatchObject({ type: 1, state: 0, userName: '李主任', mark: '同意，注意休息' });
    expect(detail.flowRunPrcsId ?? null).toBeNull();
  });

  it('info-app of a run the user has no part in is the server message', async () => {
    const { api } = await as('s2001');
    const theirs = (await tab((await as('t1001')).api, 3)).items[0]!;
    await expect(api.info({ flowRunId: theirs.id, type: 1 })).rejects.toMatchObject({ status: 403, message: '您无权查看该流程' });
  });

  it('GET flow-advice?type=: the quick opinions of each approval type', async () => {
    const { api } = await as('t1002');
    expect((await api.quickFeedback(0)).map((f) => f.content)).toContain('同意');
    expect((await api.quickFeedback(1)).map((f) => f.content)).toContain('不同意');
    expect((await api.quickFeedback(2)).map((f) => f.content)).toContain('请补充材料后重新提交');
  });

  it('GET flow-run/can-initiate-flow?Filter: categories with their flows, by user type', async () => {
    const { api } = await as('t1001');
    const all = await api.launchableFlows();
    const hr = all.find((c) => c.name === '人事服务');
    expect(hr?.flows).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'leave', name: '请假申请', iconBgColor: '#1677ff' })]));
    expect(all.flatMap((c) => c.flows).some((f) => f.code === 'unconfigured')).toBe(false);
    const filtered = await api.launchableFlows('请假');
    expect(filtered.flatMap((c) => c.flows).map((f) => f.code)).toEqual(['leave']);
    // The domain's own search over the unfiltered answer agrees.
    expect(filterLaunchableFlows(all, '请假')).toEqual({ mode: 'flat', flows: [expect.objectContaining({ code: 'leave' })] });
    const student = await (await as('s2001')).api.launchableFlows();
    expect(student.flatMap((c) => c.flows).some((f) => f.code === 'purchase')).toBe(false);
  });

  it('GET flow-run/initiate-flow?code=: the form, the app and where the run starts', async () => {
    const { api } = await as('t1001');
    const info = await api.initiateFlow('leave');
    expect(info).toMatchObject({ appId: 'app-leave', flowName: '请假申请', situationDto: { currentNodeId: 'leave-start', completedNodeId: [] } });
    expect(info.message ?? null).toBeNull();
    expect(launchConfigError(info)).toBeNull();
    expect((info.formJson as { fields: unknown[] }).fields.length).toBeGreaterThan(0);
  });

  it('the not-configured flow answers the message, which the launch page shows', async () => {
    const { api } = await as('t1001');
    const info = await api.initiateFlow('unconfigured');
    expect(info.message).toBe('应用配置有误，请联系管理员');
    expect(launchConfigError(info)).toBe(APP_CONFIG_ERROR);
    expect(APP_CONFIG_ERROR).toBe('应用配置有误，请联系管理员');
  });

  it('GET flow-run/flowid-by-appcode?code=: the flow id, or null for an app without a flow', async () => {
    const { api } = await as('t1001');
    await expect(api.flowIdByAppCode('leave')).resolves.toBe('flow-leave');
    const none = await api.flowIdByAppCode('noflow');
    expect(none).toBeNull();
    expect(flowIdError(none)).toBe(NO_APPROVAL_FLOW);
    expect(NO_APPROVAL_FLOW).toBe('未开通审批流程');
  });

  it('POST flow-run/next-node {FlowRunPrcsId, AppId, FormData} from the start: the department for staff', async () => {
    const wang = await as('t1001');
    const { info, formData } = await leaveFormData(wang.s, { days: 2, reason: '体检', handover: { id: 'x', name: '李主任' } });
    const next = await wang.api.nextNodes({ flowRunPrcsId: null, appId: info.appId!, formData });
    expect(next.flowNodes).toEqual([expect.objectContaining({ id: 'leave-dept', name: '部门审批', type: 1, isSelect: false, isAuto: false })]);
    expect(next.flowNodes[0]!.handlers).toEqual([{ value: expect.any(String), name: '李主任' }]);
    expect(next).toMatchObject({ sendIsSelect: true, isMark: false, sends: [] });
  });

  it('POST flow-run/is-node-auto: the attendance sync is automatic, the department is not', async () => {
    const { api } = await as('t1002');
    await expect(api.isNodeAuto({ nodeId: 'leave-sync', appId: 'app-leave', formData: null })).resolves.toMatchObject({ isAuto: true });
    await expect(api.isNodeAuto({ nodeId: 'leave-dept', appId: 'app-leave', formData: null })).resolves.toMatchObject({ isAuto: false });
  });

  it('POST flow-run/mark-all-as-read clears the unread count of the received tab', async () => {
    const { api } = await as('t1001');
    const before = await tab(api, 1, { isNotRead: true });
    expect(before.counts?.receive).toBeGreaterThan(0);
    expect(before.items.every((i) => i.isRead === false)).toBe(true);
    await api.markAllAsRead();
    const after = await tab(api, 1, { isNotRead: true });
    expect(after.counts?.receive).toBe(0);
    expect(after.items).toEqual([]);
  });
});

describe('HttpApprovalApi against the sandbox: flows through the engine', () => {
  it('a draft (isInitiate 0) comes back from initiate-flow and restores into the form', async () => {
    const wang = await as('t1001');
    const { definition, formData } = await leaveFormData(wang.s, { days: 1.5, reason: '草稿：外出培训', handover: { id: 'u-li', name: '李主任' } });
    const outcome = await wang.api.initiate(buildDraftBody(formData));
    expect(outcome.flowRunId).toBeNull();
    const again = await wang.api.initiateFlow('leave');
    const restored = restoreDraft(definition, again.draftData, 'leave');
    expect(restored.ok).toBe(true);
    if (restored.ok) expect(restored.value.values).toMatchObject({ leave_reason: '草稿：外出培训', leave_days: 1.5 });
    // A draft is no run.
    expect((await tab(wang.api, 3, { titleOrNumber: '草稿' })).items).toEqual([]);
  });

  it('reject: the approver needs an opinion, then the applicant sees 审批不通过 (state 2)', async () => {
    const { wang, li, runId } = await leaveWaitingAtLi();
    const detail = await li.api.info({ flowRunId: runId, type: 1 });
    expect(detail.flowRunPrcsId).toEqual(expect.any(String));
    expect(detail).toMatchObject({ isSign: false, isMark: false });
    const base = { type: 1 as const, flowRunPrcsId: detail.flowRunPrcsId!, formData: null };
    await expect(li.api.handle(buildHandlingBody({ ...base, opinion: '' }))).rejects.toMatchObject({ status: 400, message: '请填写审批意见！' });
    await li.api.handle(buildHandlingBody({ ...base, opinion: '本周人手不足' }));
    const mine = (await tab(wang.api, 3)).items.find((i) => i.id === runId);
    expect(mine?.state).toBe(2);
    expect((await tab(li.api, 0)).items.some((i) => i.id === runId)).toBe(false);
  });

  it('return to the applicant, who edits and resubmits with handling type 3', async () => {
    const { wang, li, runId } = await leaveWaitingAtLi();
    const atLi = await li.api.info({ flowRunId: runId, type: 1 });
    const targets = await li.api.returnNodes({ flowRunPrcsId: atLi.flowRunPrcsId!, appId: atLi.appId });
    expect(targets).toEqual([{ value: 'leave-start', name: '发起人' }]);
    await li.api.handle(
      buildHandlingBody({ type: 2, flowRunPrcsId: atLi.flowRunPrcsId!, formData: null, opinion: '请补充交接安排', returnNodeId: targets[0]!.value }),
    );
    expect((await tab(wang.api, 3)).items.find((i) => i.id === runId)?.state).toBe(4);

    // Back on 王老师's to-do tab as his own step (node type 0: the submit case).
    const todo = (await tab(wang.api, 0)).items.find((i) => i.id === runId);
    expect(todo?.nodeType).toBe(0);
    const mine = await wang.api.info({ flowRunId: runId, type: 0 });
    expect(mine.type).toBe(0);
    expect(mine.approvalType).toBe(3);
    const { formData } = await leaveFormData(wang.s, { days: 2, reason: '家中有事，已安排交接', handover: { id: li.s.userId, name: li.s.name } });
    const next = await wang.api.nextNodes({ flowRunPrcsId: mine.flowRunPrcsId!, appId: mine.appId, formData });
    const choice = validateNextStep(next, initialNextStep(next));
    if (!choice.ok) throw new Error(String(choice.error.message));
    await wang.api.handle(buildSubmitHandlingBody({ flowRunPrcsId: mine.flowRunPrcsId!, formData, nextStep: choice.value }));

    expect((await tab(wang.api, 3)).items.find((i) => i.id === runId)?.state).toBe(0);
    const again = await li.api.info({ flowRunId: runId, type: 1 });
    expect(again.flowRunPrcsId).toEqual(expect.any(String));
    expect(again.flowRunNodeDtos.filter((n) => n.name === '部门审批')).toHaveLength(2);
  });

  it('revoke: in state 0 the run becomes 已撤销 (3); again it is an ApiError with the server message', async () => {
    const { wang, runId } = await leaveWaitingAtLi();
    await wang.api.revoke(runId);
    expect((await tab(wang.api, 3)).items.find((i) => i.id === runId)?.state).toBe(3);
    const failure = await wang.api.revoke(runId).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'http', status: 409, message: '只有审批中的流程可以撤销' });
  });

  it('only the applicant may revoke', async () => {
    const { li, runId } = await leaveWaitingAtLi();
    await expect(li.api.revoke(runId)).rejects.toMatchObject({ status: 403, message: '只有发起人可以撤销' });
  });

  it('quick-handling: approving a plain step is quick; rejecting is not (the approval page opens)', async () => {
    const { wang, li, runId } = await leaveWaitingAtLi();
    const reject = await li.api.quickHandling(quickHandlingBody(runId, 'reject'));
    expect(quickHandlingOutcome(reject)).toEqual({ kind: 'open-approval' });
    const approve = await li.api.quickHandling(quickHandlingBody(runId, 'approve'));
    expect(approve.isQuick).toBe(true);
    expect(quickHandlingOutcome(approve)).toEqual({ kind: 'toast-and-refresh', toast: '操作成功' });
    // Department → attendance sync (automatic) → copy → end: approved.
    expect((await tab(wang.api, 3)).items.find((i) => i.id === runId)?.state).toBe(1);
    await expect(li.api.quickHandling(quickHandlingBody(runId, 'approve'))).rejects.toMatchObject({ status: 409, message: '当前流程不在您的办理节点' });
  });
});

describe('the zod boundary of the approval adapter', () => {
  it('unknown fields pass through: the sandbox list item carries its flow code beside the spec fields', async () => {
    const { api } = await as('t1001');
    const item = (await tab(api, 3)).items[0] as unknown as Record<string, unknown>;
    expect(item.code).toEqual(expect.any(String));
    expect(item.flowId).toEqual(expect.any(String));
  });

  it.each([
    ['a list item without id', (api: HttpApprovalApi) => api.list({ type: 0, skipCount: 0, maxResultCount: 10 }), { items: [{ title: 't', creationTime: 'x', creatorName: 'n', state: 0, numberStr: '1' }], totalCount: 1 }],
    ['a page without totalCount', (api: HttpApprovalApi) => api.list({ type: 0, skipCount: 0, maxResultCount: 10 }), { items: [] }],
    ['a flow node with a type that is not a number', (api: HttpApprovalApi) => api.nextNodes({ flowRunPrcsId: null, appId: 'a', formData: null }), { flowNodes: [{ id: 'n', name: 'n', type: '会签' }] }],
    ['a detail whose history is not a list', (api: HttpApprovalApi) => api.info({ flowRunId: 'r', type: 1 }), { id: 'r', numberStr: '1', title: 't', state: 0, type: 1, appId: 'a', code: 'c', flowRunNodeDtos: '无' }],
  ])('%s is a typed error (ApiError malformed), not a crash later', async (_name, call, body) => {
    const canned = await cannedServer(body);
    try {
      const failure = await call(new HttpApprovalApi(canned.http)).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ kind: 'malformed', message: '请求失败' });
    } finally {
      await canned.close();
    }
  });

  it.each([
    ['a detail without its history: no history', (api: HttpApprovalApi) => api.info({ flowRunId: 'r', type: 1 }), { id: 'r', numberStr: '1', title: 't', state: 0, type: 1, appId: 'a', code: 'c' }, (v: unknown) => expect((v as { flowRunNodeDtos: unknown[] }).flowRunNodeDtos).toEqual([])],
    ['a next-node answer without flowNodes: none', (api: HttpApprovalApi) => api.nextNodes({ flowRunPrcsId: null, appId: 'a', formData: null }), { sends: [] }, (v: unknown) => expect((v as { flowNodes: unknown[] }).flowNodes).toEqual([])],
    ['a flow node type sent as a numeric string', (api: HttpApprovalApi) => api.nextNodes({ flowRunPrcsId: null, appId: 'a', formData: null }), { flowNodes: [{ id: 'n', name: 'n', type: '1' }] }, (v: unknown) => expect((v as { flowNodes: Array<{ type: unknown }> }).flowNodes[0]!.type).toBe(1)],
    ['categories without flows: empty categories', (api: HttpApprovalApi) => api.launchableFlows(), [{ name: '人事服务' }], (v: unknown) => expect((v as Array<{ flows: unknown[] }>)[0]!.flows).toEqual([])],
  ])('read liberally where the meaning is plain: %s', async (_name, call, body, check) => {
    const canned = await cannedServer(body);
    try {
      check(await call(new HttpApprovalApi(canned.http)));
    } finally {
      await canned.close();
    }
  });

  it('absent next-node flags read as not set, absent lists as empty', async () => {
    const canned = await cannedServer({ flowNodes: [{ id: 'n1', name: '审批', type: 1 }] });
    try {
      const next = await new HttpApprovalApi(canned.http).nextNodes({ flowRunPrcsId: null, appId: 'a', formData: null });
      expect(next).toMatchObject({ sends: [], sendIsSelect: false, isMark: false, flowNodes: [{ id: 'n1', isSelect: false, isAuto: false, handlers: [] }] });
    } finally {
      await canned.close();
    }
  });

  it('a list without the tab counts gives counts null; an empty initiate answer gives no run id', async () => {
    const canned = await cannedServer({ items: [], totalCount: 0 });
    try {
      const api = new HttpApprovalApi(canned.http);
      await expect(api.list({ type: 0, skipCount: 0, maxResultCount: 10 })).resolves.toEqual({ items: [], totalCount: 0, counts: null });
    } finally {
      await canned.close();
    }
    const empty = await cannedServer(null);
    try {
      await expect(new HttpApprovalApi(empty.http).initiate(buildDraftBody(null))).resolves.toEqual({ flowRunId: null, numberStr: null, state: null });
      await expect(new HttpApprovalApi(empty.http).flowIdByAppCode('x')).resolves.toBeNull();
    } finally {
      await empty.close();
    }
  });
});
