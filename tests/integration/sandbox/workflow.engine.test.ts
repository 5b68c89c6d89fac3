import { describe, expect, it } from 'vitest';
import { wireTime } from '../../../sandbox/workflow/engine';
import { formData, SEED_SIGNATURE } from '../../../sandbox/workflow/seed';
import { LEAVE_FORM, NOTICE_FORM, PURCHASE_FORM, SEAL_FORM } from '../../../sandbox/workflow/forms';
import { CAMPUS, emptyCore, U, type FakeCore } from './workflow.fixtures';

const ZERO = '00000000-0000-0000-0000-000000000000';
type Who = (typeof U)[string];

const leave = (days: number, more: Record<string, unknown> = {}) =>
  formData('leave', LEAVE_FORM, {
    leave_type: 'leave-1',
    leave_days: days,
    leave_period: ['2025-03-14 08:30', '2025-03-15 17:30'],
    leave_reason: '家中有事',
    ...more,
  });
const bigLeave = () =>
  leave(5, { leave_proof: [{ uid: 'p', name: 'a.png', status: 'done' }], leave_handover: [{ id: U.t1002!.id, name: '李主任' }] });
const purchase = (amount: number, more: Record<string, unknown> = {}) =>
  formData(
    'purchase',
    PURCHASE_FORM,
    { pur_title: '办公用品', pur_category: 'office', pur_budget_year: '2025', pur_amount: amount, ...more },
    { pur_items: [{ pur_item_name: '纸', pur_item_qty: 10, pur_item_price: amount / 10 }] },
  );
const budget = (code: string) => formData('purchase', PURCHASE_FORM, { pur_budget_code: code });
const seal = () =>
  formData('seal', SEAL_FORM, {
    seal_types: ['official'],
    seal_copies: 1,
    seal_usage: 'internal',
    seal_document: [{ uid: 'd', name: 'a.docx', status: 'done' }],
  });
const notice = () =>
  formData('notice-draft', NOTICE_FORM, {
    ntc_title: '通知',
    ntc_no: '校办〔2025〕1号',
    ntc_scope: ['all'],
    ntc_body: [{ uid: 'b', name: 'b.docx', status: 'done' }],
  });

async function start(core: FakeCore, who: Who, data: ReturnType<typeof formData>, extra: Record<string, unknown> = {}) {
  const info = await core.get('flow-run/initiate-flow', who, { code: data.code });
  const next = await core.post('flow-run/next-node', who, { AppId: info.body.appId, FormData: data });
  const res = await core.post('flow-run/initiate', who, {
    formData: data,
    flowNodeId: next.body.flowNodes[0]?.id ?? null,
    isInitiate: 1,
    userIds: [],
    sendIds: [],
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

async function detail(core: FakeCore, who: Who, runId: string) {
  const res = await core.get('flow-run/info-app', who, { FlowRunId: runId, Type: '1', IsAdmin: 'false' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function act(core: FakeCore, who: Who, runId: string, body: Record<string, unknown>) {
  const d = await detail(core, who, runId);
  return core.post('flow-run/handling', who, { flowRunPrcsId: d.flowRunPrcsId, files: [], userIds: [], sendIds: [], ...body });
}

const stateOf = (core: FakeCore, runId: string) => core.state.runs.find((r) => r.id === runId)!.state;

describe('launch: initiate-flow, next-node, initiate', () => {
  it('answers the launch data, the first step, and starts a run that waits at it', async () => {
    const core = emptyCore();
    const info = await core.get('flow-run/initiate-flow', U.t1001!, { code: 'leave' });
    expect(info.body).toMatchObject({
      appId: 'app-leave',
      flowName: '请假申请',
      draftData: null,
      message: null,
      situationDto: { currentNodeId: 'leave-start', completedNodeId: [] },
      fieldLimits: [],
      tenantFormJson: null,
    });
    expect(info.body.formJson.initialReminder).toEqual({
      title: '请假须知',
      content: expect.any(String),
      countdown: 5,
      closeText: '我已阅读',
      closeColor: '#1677ff',
      disabled: false,
    });

    const next = await core.post('flow-run/next-node', U.t1001!, { AppId: 'app-leave', FormData: leave(2) });
    expect(next.body).toEqual({
      flowNodes: [{ id: 'leave-dept', name: '部门审批', type: 1, selectComponentId: null, isSelect: false, isAuto: false, modeType: 0, handlers: [{ value: U.t1002!.id, name: '李主任' }] }],
      sends: [],
      sendSelectComponentId: 'sc-staff',
      sendIsSelect: true,
      isMark: false,
      isSelectUser: false,
      isSign: false,
    });

    const res = await core.post('flow-run/initiate', U.t1001!, { formData: leave(2), flowNodeId: 'leave-dept', isInitiate: 1, userIds: [], sendIds: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 0, isDraft: false });
    expect(res.body.numberStr).toMatch(/^QJ20250313\d{4}$/);

    const run = core.state.runs[0]!;
    expect(run.title).toBe('王老师的请假申请');
    expect(run.precis).toContain('请假天数：2');
    expect(core.notices).toContainEqual({ userId: U.t1002!.id, title: '待审批提醒', data: { module: 'OA', id: run.id, type: 1, tab: 0, campus: CAMPUS } });
    expect(core.todos).toContainEqual(expect.objectContaining({ userId: U.t1002!.id, flowRunId: run.id, tab: 0, type: 1, campusId: CAMPUS, done: false }));
  });

  it('accepts next-node parameters in the query as well as the body, form data as JSON text too', async () => {
    const core = emptyCore();
    const res = await core.post('flow-run/next-node', U.t1001!, undefined, { AppId: 'app-leave', FormData: JSON.stringify(leave(2)) });
    expect(res.body.flowNodes.map((n: { id: string }) => n.id)).toEqual(['leave-dept']);
  });

  it('validates the required fields server-side, with the rules applied', async () => {
    const core = emptyCore();
    const body = { flowNodeId: 'leave-dept', isInitiate: 1, userIds: [], sendIds: [] };
    const missing = await core.post('flow-run/initiate', U.t1001!, { ...body, formData: leave(2, { leave_reason: '' }) });
    expect(missing).toEqual({ status: 400, body: { error: { message: '请选择请假事由' } } });
    // More than 3 days makes the proof and the handover required (interceptor leave_i_proof).
    const proof = await core.post('flow-run/initiate', U.t1001!, { ...body, formData: leave(5) });
    expect(proof.body.error.message).toBe('请选择证明材料');
    // The substitute subform is required once the switch is on, with its own message.
    const subs = await core.post('flow-run/initiate', U.t1001!, { ...body, formData: leave(2, { leave_sub_need: true }) });
    expect(subs.body.error.message).toBe('请至少添加一条调课安排');
    expect(core.state.runs).toHaveLength(0);
  });

  it.each([
    ['unknown flow', { formData: { ...leave(2), code: 'nope' } }, 404],
    ['unconfigured flow', { formData: { code: 'unconfigured', mainTable: { id: '', fields: [] }, subTable: [] } }, 409],
    ['a step that is not offered', { formData: leave(2), flowNodeId: 'leave-principal' }, 400],
    ['a bad isInitiate', { formData: leave(2), isInitiate: 7 }, 400],
    ['form data that is not JSON', { formData: '{oops' }, 400],
    ['an unknown copy recipient', { formData: leave(2), sendIds: ['ghost'] }, 400],
  ])('refuses %s', async (_, patch, status) => {
    const core = emptyCore();
    const res = await core.post('flow-run/initiate', U.t1001!, { flowNodeId: 'leave-dept', isInitiate: 1, userIds: [], sendIds: [], ...patch });
    expect(res.status).toBe(status);
    expect(core.state.runs).toHaveLength(0);
  });

  it('lets only the flow user types start it', async () => {
    const core = emptyCore();
    const res = await core.post('flow-run/initiate', U.s2001!, { formData: purchase(100), isInitiate: 1 });
    expect(res.status).toBe(403);
    const info = await core.get('flow-run/initiate-flow', U.s2001!, { code: 'purchase' });
    expect(info.body).toEqual({ message: '您无权发起该流程' });
  });

  it('answers the not-configured message for an unconfigured or unknown code', async () => {
    const core = emptyCore();
    for (const code of ['unconfigured', 'no-such-flow'])
      expect((await core.get('flow-run/initiate-flow', U.t1001!, { code })).body).toEqual({ message: '应用配置有误，请联系管理员' });
  });
});

describe('drafts', () => {
  it('saves, restores through initiate-flow, overwrites, and is dropped on submit', async () => {
    const core = emptyCore();
    const first = await core.post('flow-run/initiate', U.t1001!, { formData: leave(1, { leave_reason: '草稿一' }), flowNodeId: null, isInitiate: 0, userIds: [], sendIds: [] });
    expect(first.body).toMatchObject({ isDraft: true, draftId: expect.any(String) });
    // A draft need not be complete.
    const second = await core.post('flow-run/initiate', U.t1001!, { formData: JSON.stringify(leave(1, { leave_reason: '' })), isInitiate: 0 });
    expect(second.body.draftId).toBe(first.body.draftId);
    const info = await core.get('flow-run/initiate-flow', U.t1001!, { code: 'leave' });
    expect(info.body.draftData.code).toBe('leave');
    expect(info.body.draftData.mainTable.fields).toContainEqual({ id: 'leave_reason', key: 'reason', value: '' });
    // Drafts are per user.
    expect((await core.get('flow-run/initiate-flow', U.t1002!, { code: 'leave' })).body.draftData).toBeNull();
    await start(core, U.t1001!, leave(2));
    expect((await core.get('flow-run/initiate-flow', U.t1001!, { code: 'leave' })).body.draftData).toBeNull();
  });
});

describe('sequential approval, automatic node, copy node', () => {
  it('goes department -> attendance sync (auto) -> copy -> end for 3 days or fewer', async () => {
    const core = emptyCore();
    const runId = await start(core, U.t1001!, leave(2));
    const d = await detail(core, U.t1002!, runId);
    expect(d).toMatchObject({ type: 1, approvalType: 0, state: 0, code: 'leave', appId: 'app-leave', isSign: false, isMark: false });
    expect(d.draftData.mainTable.fields).toContainEqual({ id: 'leave_days', key: 'days', value: 2 });

    const next = await core.post('flow-run/next-node', U.t1002!, { FlowRunPrcsId: d.flowRunPrcsId, AppId: 'app-leave', FormData: d.draftData });
    expect(next.body.flowNodes).toEqual([expect.objectContaining({ id: 'leave-sync', name: '考勤同步', type: 3, isAuto: true, handlers: [] })]);
    // The copy node lies beyond the automatic node, so it is no preset of this step.
    expect(next.body.sends).toEqual([]);
    const auto = await core.post('flow-run/is-node-auto', U.t1002!, { nodeId: 'leave-sync', appId: 'app-leave', formData: d.draftData });
    expect(auto.body).toMatchObject({ isAuto: true, handlers: [] });
    expect((await core.post('flow-run/is-node-auto', U.t1002!, { nodeId: 'leave-dept' })).body).toMatchObject({ isAuto: false, handlers: [{ value: U.t1002!.id, name: '李主任' }] });
    expect((await core.post('flow-run/is-node-auto', U.t1002!, { nodeId: 'nope' })).status).toBe(404);

    const res = await core.post('flow-run/handling', U.t1002!, { flowRunPrcsId: d.flowRunPrcsId, flowNodeId: 'leave-sync', type: 0, mark: '', files: [{ name: '说明.pdf', size: 10 }], userIds: [], sendIds: [], formData: d.draftData });
    expect(res.body).toEqual({ flowRunId: runId, state: 1 });

    const done = await detail(core, U.t1001!, runId);
    expect(done.flowRunPrcsId).toBeUndefined();
    expect(done.situationDto).toEqual({ currentNodeId: null, completedNodeId: ['leave-start', 'leave-dept', 'leave-sync', 'leave-cc', 'leave-end'] });
    const nodes = done.flowRunNodeDtos;
    expect(nodes.map((n: { name: string }) => n.name)).toEqual(['发起人', '部门审批', '考勤同步', '抄送校长室']);
    expect(nodes[1].flowRunDetailsDtos[0]).toMatchObject({ type: 1, state: 0, userName: '李主任', files: [{ name: '说明.pdf', size: 10 }] });
    expect(nodes[2].flowRunDetailsDtos[0]).toMatchObject({ type: 1, state: 0, userName: '系统', mark: '已自动同步至考勤系统' });
    expect(nodes[3]).toMatchObject({ id: ZERO, state: 0, flowRunDetailsDtos: [{ type: 2, state: 0, userName: '赵校长', isRead: false, prcsEndTime: null }] });

    expect(core.todos.find((t) => t.userId === U.t1002!.id && t.tab === 0)!.done).toBe(true);
    expect(core.todos).toContainEqual(expect.objectContaining({ userId: U.t1003!.id, tab: 1, type: 2, done: false }));
    expect(core.notices).toContainEqual({ userId: U.t1003!.id, title: '抄送提醒', data: { module: 'OA', id: runId, type: 2, tab: 1, campus: CAMPUS } });
    expect(core.notices).toContainEqual({ userId: U.t1001!.id, title: '审批通过通知', data: { module: 'OA', id: runId, type: 1, tab: 3, campus: CAMPUS } });

    // The copy recipient opens it: read, with the time, and the 待阅 to-do is done.
    core.advance(30);
    const read = await detail(core, U.t1003!, runId);
    expect(read.flowRunNodeDtos[3].flowRunDetailsDtos[0]).toMatchObject({ isRead: true, prcsEndTime: wireTime(core.now()) });
    expect(core.todos.find((t) => t.userId === U.t1003!.id && t.tab === 1)!.done).toBe(true);
  });

  it('branches to the principal for more than 3 days, who must give an opinion', async () => {
    const core = emptyCore();
    const runId = await start(core, U.t1001!, bigLeave());
    const d = await detail(core, U.t1002!, runId);
    const next = await core.post('flow-run/next-node', U.t1002!, { FlowRunPrcsId: d.flowRunPrcsId });
    expect(next.body.flowNodes.map((n: { id: string }) => n.id)).toEqual(['leave-principal']);
    await act(core, U.t1002!, runId, { type: 0, flowNodeId: 'leave-principal', mark: '' });

    const z = await detail(core, U.t1003!, runId);
    expect(z.isMark).toBe(true);
    expect((await core.post('flow-run/next-node', U.t1003!, { FlowRunPrcsId: z.flowRunPrcsId })).body.isMark).toBe(true);
    const noMark = await act(core, U.t1003!, runId, { type: 0, flowNodeId: 'leave-sync', mark: '   ' });
    expect(noMark).toEqual({ status: 400, body: { error: { message: '请填写审批意见！' } } });
    const tooLong = await act(core, U.t1003!, runId, { type: 0, flowNodeId: 'leave-sync', mark: '好'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(stateOf(core, runId)).toBe(0);
    const ok = await act(core, U.t1003!, runId, { type: 0, flowNodeId: 'leave-sync', mark: '同意' });
    expect(ok.body.state).toBe(1);
  });

  it('sends students and parents to their class teacher instead (branch on the initiator)', async () => {
    const core = emptyCore();
    const next = await core.post('flow-run/next-node', U.s2003!, { AppId: 'app-leave', FormData: leave(1) });
    expect(next.body.flowNodes).toEqual([expect.objectContaining({ id: 'leave-teacher', name: '班主任审批', handlers: [{ value: U.t1001!.id, name: '王老师' }] })]);
    const runId = await start(core, U.s2003!, leave(1));
    expect((await act(core, U.t1001!, runId, { type: 0, flowNodeId: 'leave-sync', mark: '' })).body.state).toBe(1);
  });

  it('copies to recipients the applicant adds when the step allows it, and refuses them where it does not', async () => {
    const core = emptyCore();
    const runId = await start(core, U.t1001!, leave(2), { sendIds: [U.t1003!.id] });
    const copy = core.state.runs.find((r) => r.id === runId)!.visits.find((v) => v.kind === 'copy')!;
    expect(copy).toMatchObject({ name: '抄送', nodeId: null });
    expect(copy.details.map((x) => x.userId)).toEqual([U.t1003!.id]);
    const refused = await core.post('flow-run/initiate', U.t1001!, { formData: seal(), flowNodeId: 'seal-approve', isInitiate: 1, sendIds: [U.t1003!.id] });
    expect(refused).toEqual({ status: 400, body: { error: { message: '当前节点不允许选择抄送人' } } });
  });
});

describe('countersign (会签)', () => {
  it('waits for every handler, offering the same node meanwhile; the approver fills the budget code', async () => {
    const core = emptyCore();
    const runId = await start(core, U.t1001!, purchase(3000));
    const l = await detail(core, U.t1002!, runId);
    expect(l.fieldLimits).toEqual([{ fieldId: 'pur_budget_code', editable: true, hidden: false, required: true }]);
    expect((await detail(core, U.t1001!, runId)).fieldLimits).toEqual([{ fieldId: 'pur_budget_code', editable: false, hidden: true, required: false }]);
    const next = await core.post('flow-run/next-node', U.t1002!, { FlowRunPrcsId: l.flowRunPrcsId });
    expect(next.body.flowNodes).toEqual([expect.objectContaining({ id: 'pur-countersign', modeType: 1, handlers: [{ value: U.t1003!.id, name: '赵校长' }] })]);

    expect((await act(core, U.t1002!, runId, { type: 0, mark: '同意' })).body.error.message).toBe('请选择预算编号');
    const first = await act(core, U.t1002!, runId, { type: 0, mark: '同意', flowNodeId: 'pur-countersign', formData: budget('YS202501') });
    expect(first.body).toEqual({ flowRunId: runId, state: 0 });
    const run = core.state.runs.find((r) => r.id === runId)!;
    expect(run.formData.mainTable.fields).toContainEqual({ id: 'pur_budget_code', key: 'budgetCode', value: 'YS202501' });
    expect(run.visits[1]!.details.map((x) => x.state)).toEqual([0, -1]);

    const z = await detail(core, U.t1003!, runId);
    const last = await core.post('flow-run/next-node', U.t1003!, { FlowRunPrcsId: z.flowRunPrcsId });
    // Under 10000 the copy node is passed through: its recipient is a preset copy.
    expect(last.body.flowNodes).toEqual([expect.objectContaining({ id: 'pur-end', type: 4, handlers: [] })]);
    expect(last.body.sends).toEqual([{ value: U.t1001!.id, name: '王老师' }]);
    const done = await act(core, U.t1003!, runId, { type: 0, mark: '同意', flowNodeId: 'pur-end' });
    expect(done.body.state).toBe(1);
    expect(run.visits.map((v) => v.name)).toEqual(['发起人', '部门会签', '抄送资产管理员']);
  });

  it('goes to the principal for 10000 and more, whose step needs a signature', async () => {
    const core = emptyCore();
    const runId = await start(core, U.t1001!, purchase(12000, { pur_quotation: [{ uid: 'q', name: 'q.pdf', status: 'done' }] }));
    await act(core, U.t1002!, runId, { type: 0, mark: '同意', formData: budget('YS000001') });
    await act(core, U.t1003!, runId, { type: 0, mark: '同意', flowNodeId: 'pur-principal', formData: budget('YS000001') });
    const z = await detail(core, U.t1003!, runId);
    expect(z).toMatchObject({ isSign: true, situationDto: { currentNodeId: 'pur-principal' } });
    expect((await act(core, U.t1003!, runId, { type: 0, mark: '', flowNodeId: 'pur-end' })).body.error.message).toBe('请先签名');
    const signed = await act(core, U.t1003!, runId, { type: 0, mark: '', flowNodeId: 'pur-end', autographPath: SEED_SIGNATURE, autographObject: 'sig/z.png' });
    expect(signed.body.state).toBe(1);
    const history = (await detail(core, U.t1001!, runId)).flowRunNodeDtos;
    expect(history.find((n: { name: string }) => n.name === '校长签批').flowRunDetailsDtos[0].autograph).toBe(SEED_SIGNATURE);
  });

  it('ends the run on one rejection, the others no longer needed', async () => {
    const core = emptyCore();
    const runId = await start(core, U.t1001!, purchase(3000));
    expect((await act(core, U.t1003!, runId, { type: 1, mark: '' })).body.error.message).toBe('请填写审批意见！');
    const res = await act(core, U.t1003!, runId, { type: 1, mark: '预算不足' });
    expect(res.body.state).toBe(2);
    const run = core.state.runs.find((r) => r.id === runId)!;
    expect(run.visits[1]!.details.map((x) => [x.userName, x.state])).toEqual([
      ['李主任', 3],
      ['赵校长', 1],
    ]);
    expect(core.todos.filter((t) => t.flowRunId === runId && t.tab === 0).every((t) => t.done)).toBe(true);
    expect(core.notices).toContainEqual(expect.objectContaining({ userId: U.t1001!.id, title: '审批不通过通知' }));
    expect(run.finishTime).toBe(wireTime(core.now()));
  });
});

describe('or-sign (或签) and signature', () => {
  it('completes on the first agreement and needs a signature on the signing node', async () => {
    const core = emptyCore();
    const runId = await start(core, U.t1001!, seal());
    const run = core.state.runs.find((r) => r.id === runId)!;
    expect(run.visits[1]!.details.map((x) => x.state)).toEqual([-1, -1]);
    await act(core, U.t1002!, runId, { type: 0, mark: '', flowNodeId: 'seal-sign' });
    expect(run.visits[1]!.details.map((x) => [x.userName, x.state])).toEqual([
      ['李主任', 0],
      ['赵校长', 3],
    ]);
    // 赵校长's or-sign to-do is closed; the signing step made a new one.
    const zTodos = core.todos.filter((t) => t.userId === U.t1003!.id && t.tab === 0);
    expect(zTodos.map((t) => t.done)).toEqual([true, false]);

    const z = await detail(core, U.t1003!, runId);
    expect(z).toMatchObject({ isSign: true, situationDto: { currentNodeId: 'seal-sign', completedNodeId: ['seal-start', 'seal-approve'] } });
    expect((await act(core, U.t1003!, runId, { type: 0, mark: '' })).body.error.message).toBe('请先签名');
    const res = await act(core, U.t1003!, runId, { type: 0, mark: '', autographPath: SEED_SIGNATURE, autographObject: 'o' });
    expect(res.body.state).toBe(1);
  });
});

describe('return and resubmit', () => {
  it('returns to the applicant (state 4, type 0 step) who edits and resubmits with type 3', async () => {
    const core = emptyCore();
    const runId = await start(core, U.t1001!, purchase(3000));
    const z = await detail(core, U.t1003!, runId);
    const targets = await core.get('flow-run/return-node', U.t1003!, { FlowRunPrcsId: z.flowRunPrcsId, AppId: 'app-purchase' });
    expect(targets.body).toEqual([{ value: 'pur-start', name: '发起人' }]);
    expect((await act(core, U.t1003!, runId, { type: 2, mark: '请补充' })).body.error.message).toBe('请选择退回节点！');
    expect((await act(core, U.t1003!, runId, { type: 2, flowNodeId: 'pur-start' })).body.error.message).toBe('请填写审批意见！');
    const ret = await act(core, U.t1003!, runId, { type: 2, mark: '请补充报价单', flowNodeId: 'pur-start' });
    expect(ret.body.state).toBe(4);
    expect(core.notices).toContainEqual({ userId: U.t1001!.id, title: '审批退回提醒', data: { module: 'OA', id: runId, type: 0, tab: 0, campus: CAMPUS } });

    const w = await detail(core, U.t1001!, runId);
    expect(w).toMatchObject({ type: 0, approvalType: 3, state: 4, flowRunPrcsId: expect.any(String) });
    expect(w.flowRunNodeDtos.at(-1)).toMatchObject({ name: '发起人', state: -1, flowRunDetailsDtos: [{ type: 0, state: -1, userName: '王老师' }] });
    const list = await core.post('flow-run/list', U.t1001!, { type: 0, skipCount: 0, maxResultCount: 10 });
    expect(list.body.items).toEqual([expect.objectContaining({ id: runId, nodeType: 0, state: 4 })]);
    // Only submit fits the applicant's step; revoking a returned run is not allowed.
    expect((await act(core, U.t1001!, runId, { type: 0, mark: 'x' })).status).toBe(400);
    expect((await core.post(`flow-run/revocation/${runId}`, U.t1001!)).status).toBe(409);

    const next = await core.post('flow-run/next-node', U.t1001!, { FlowRunPrcsId: w.flowRunPrcsId, FormData: purchase(3500) });
    expect(next.body.flowNodes.map((n: { id: string }) => n.id)).toEqual(['pur-countersign']);
    expect((await act(core, U.t1001!, runId, { type: 3, flowNodeId: 'pur-countersign', formData: purchase(3500, { pur_title: '' }) })).body.error.message).toBe('请选择采购事项');
    const again = await act(core, U.t1001!, runId, { type: 3, flowNodeId: 'pur-countersign', formData: purchase(3500) });
    expect(again.body.state).toBe(0);
    const run = core.state.runs.find((r) => r.id === runId)!;
    expect(run.precis).toContain('3500');
    expect(run.visits.at(-1)!.details.map((x) => [x.userName, x.state])).toEqual([
      ['李主任', -1],
      ['赵校长', -1],
    ]);
  });

  it('returns to an earlier approval node, to the people who agreed there', async () => {
    const core = emptyCore();
    const runId = await start(core, U.t1001!, bigLeave());
    await act(core, U.t1002!, runId, { type: 0, mark: '' });
    const z = await detail(core, U.t1003!, runId);
    const targets = await core.get('flow-run/return-node', U.t1003!, { FlowRunPrcsId: z.flowRunPrcsId });
    expect(targets.body).toEqual([
      { value: 'leave-start', name: '发起人' },
      { value: 'leave-dept', name: '部门审批' },
    ]);
    const res = await act(core, U.t1003!, runId, { type: 2, mark: '请部门再核实', flowNodeId: 'leave-dept' });
    expect(res.body.state).toBe(0);
    const l = await detail(core, U.t1002!, runId);
    expect(l.situationDto).toEqual({ currentNodeId: 'leave-dept', completedNodeId: ['leave-start', 'leave-dept', 'leave-principal'] });
    // Back at the department, the principal's node is no longer "earlier".
    expect((await core.get('flow-run/return-node', U.t1002!, { FlowRunPrcsId: l.flowRunPrcsId })).body).toEqual([{ value: 'leave-start', name: '发起人' }]);
  });
});

describe('reject, revoke and wrong states', () => {
  it('rejects with state 2 and refuses any later handling with 409', async () => {
    const core = emptyCore();
    const runId = await start(core, U.t1001!, leave(2));
    const d = await detail(core, U.t1002!, runId);
    const res = await core.post('flow-run/handling', U.t1002!, { flowRunPrcsId: d.flowRunPrcsId, type: 1, mark: '时间冲突' });
    expect(res.body.state).toBe(2);
    const again = await core.post('flow-run/handling', U.t1002!, { flowRunPrcsId: d.flowRunPrcsId, type: 0, mark: '' });
    expect(again).toEqual({ status: 409, body: { error: { message: '当前流程不在您的办理节点' } } });
  });

  it('revokes for the initiator while approving only', async () => {
    const core = emptyCore();
    const runId = await start(core, U.t1001!, leave(2));
    expect((await core.post(`flow-run/revocation/${runId}`, U.t1002!)).status).toBe(403);
    expect((await core.post('flow-run/revocation/nope', U.t1001!)).status).toBe(404);
    const res = await core.post(`flow-run/revocation/${runId}`, U.t1001!);
    expect(res.body).toEqual({ flowRunId: runId, state: 3 });
    const d = await detail(core, U.t1001!, runId);
    expect(d.flowRunNodeDtos.map((n: { name: string; state: number }) => [n.name, n.state])).toEqual([
      ['发起人', 0],
      ['部门审批', 5],
      ['撤销申请', 5],
    ]);
    expect(d.flowRunNodeDtos[1].flowRunDetailsDtos[0]).toMatchObject({ type: 1, state: 5 });
    expect(d.flowRunNodeDtos[2].flowRunDetailsDtos[0]).toMatchObject({ type: 5, state: 5, userName: '王老师' });
    expect(core.todos.filter((t) => t.flowRunId === runId).every((t) => t.done)).toBe(true);
    expect((await core.post(`flow-run/revocation/${runId}`, U.t1001!)).body).toEqual({ error: { message: '只有审批中的流程可以撤销' } });
  });

  it('answers 404 for unknown steps and runs, 409 for a step of someone else, 400 for bad bodies', async () => {
    const core = emptyCore();
    const runId = await start(core, U.t1001!, leave(2));
    const d = await detail(core, U.t1002!, runId);
    expect((await core.post('flow-run/handling', U.t1002!, { flowRunPrcsId: 'nope', type: 0 })).status).toBe(404);
    expect((await core.post('flow-run/handling', U.t1003!, { flowRunPrcsId: d.flowRunPrcsId, type: 0 })).status).toBe(409);
    expect((await core.post('flow-run/handling', U.t1002!, { flowRunPrcsId: d.flowRunPrcsId, type: 9 })).status).toBe(400);
    expect((await core.post('flow-run/handling', U.t1002!, { flowRunPrcsId: d.flowRunPrcsId, type: 0, flowNodeId: 'leave-end' })).status).toBe(400);
    expect((await core.post('flow-run/handling', U.t1002!, { flowRunPrcsId: d.flowRunPrcsId, type: 0, files: 'x' })).status).toBe(400);
    expect((await core.post('flow-run/handling', U.t1002!, [1, 2])).status).toBe(400);
    expect((await core.get('flow-run/info-app', U.t1002!, { FlowRunId: 'nope' })).status).toBe(404);
    expect((await core.get('flow-run/info-app', U.s2001!, { FlowRunId: runId })).status).toBe(403);
    expect((await core.get('flow-run/info-app', U.s2001!, { FlowRunId: runId, IsAdmin: 'true' })).status).toBe(200);
    expect((await core.get('flow-run/return-node', U.t1003!, { FlowRunPrcsId: d.flowRunPrcsId })).status).toBe(409);
    expect((await core.get('flow-run/info-app', null, { FlowRunId: runId })).status).toBe(401);
    expect(stateOf(core, runId)).toBe(0);
  });
});

describe('handlers chosen by the previous step (isSelect)', () => {
  it('requires the choice and sends the run to the chosen people', async () => {
    const core = emptyCore();
    const next = await core.post('flow-run/next-node', U.t1001!, { AppId: 'app-notice-draft', FormData: notice() });
    expect(next.body).toMatchObject({
      flowNodes: [{ id: 'ntc-review', isSelect: true, selectComponentId: 'sc-staff', handlers: [] }],
      isSelectUser: true,
      sendIsSelect: false,
    });
    const body = { formData: notice(), flowNodeId: 'ntc-review', isInitiate: 1, sendIds: [] };
    expect((await core.post('flow-run/initiate', U.t1001!, { ...body, userIds: [] })).body.error.message).toBe('请选择审批人');
    expect((await core.post('flow-run/initiate', U.t1001!, { ...body, userIds: ['ghost'] })).body.error.message).toBe('用户不存在');
    const res = await core.post('flow-run/initiate', U.t1001!, { ...body, userIds: [U.t1002!.id, U.t1003!.id] });
    expect(res.status).toBe(200);
    const run = core.state.runs[0]!;
    // A sequential node with two chosen handlers: one at a time, the second waits (待办).
    expect(run.visits[1]!.details.map((x) => [x.userName, x.state])).toEqual([
      ['李主任', -1],
      ['赵校长', 4],
    ]);
    expect(core.todos.filter((t) => t.tab === 0).map((t) => t.userId)).toEqual([U.t1002!.id]);
    await act(core, U.t1002!, run.id, { type: 0, mark: '' });
    expect(run.visits[1]!.details.map((x) => x.state)).toEqual([0, -1]);
    expect(core.todos.filter((t) => t.tab === 0 && !t.done).map((t) => t.userId)).toEqual([U.t1003!.id]);
    await act(core, U.t1003!, run.id, { type: 0, mark: '' });
    // Then the signing node, where the signer may add copy recipients beyond the preset one.
    const z = await detail(core, U.t1003!, run.id);
    const issue = await core.post('flow-run/next-node', U.t1003!, { FlowRunPrcsId: z.flowRunPrcsId });
    expect(issue.body).toMatchObject({ isMark: true, isSign: true, sendIsSelect: true, sendSelectComponentId: 'sc-people', sends: [{ value: U.t1001!.id, name: '王老师' }] });
    const done = await act(core, U.t1003!, run.id, { type: 0, mark: '同意', autographPath: SEED_SIGNATURE, sendIds: [U.t1001!.id, U.s2001!.id] });
    expect(done.body.state).toBe(1);
    const copies = run.visits.filter((v) => v.kind === 'copy').map((v) => [v.name, v.details.map((x) => x.userName)]);
    expect(copies).toEqual([
      ['发布抄送', ['王老师']],
      ['抄送', ['张三']],
    ]);
  });
});

describe('quick opinions', () => {
  it.each([
    [0, '同意'],
    [1, '不同意'],
    [2, '请补充材料后重新提交'],
  ])('flow-advice type %i starts with %s', async (type, first) => {
    const core = emptyCore();
    const res = await core.get('flow-advice', U.t1001!, { type: String(type) });
    expect(res.body[0]).toMatchObject({ content: first });
    expect(res.body.every((x: { content: string }) => x.content.length <= 200)).toBe(true);
  });
});
