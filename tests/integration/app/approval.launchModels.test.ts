/**
 * The launch journey's screen models in fork() scopes, against the sandbox and with
 * fakes (no React): the launchable flow list (flowListModel), the launch page
 * (launchModel) and the next-step chooser (selectNodeModel), joined by the hand-off.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { testSandbox } from '../testSandbox';
import {
  createApprovalHandOff,
  createFlowLaunchModel,
  createFlowListModel,
  createSelectNodeModel,
  handOffIdentity,
  type FlowSession,
  type FormAccess,
} from '../../../application/approval';
import type { ApprovalApi } from '../../../application/approval/ports';
import { ApiError } from '../../../application/ports/errors';
import { FLOW_SEARCH_DEBOUNCE_MS, type NextNodeData } from '../../../domain/approval';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { leaveFormData, loginAs, type Session } from '../contract/support/partB';
import { recordingNavigator, recordingNotifier } from './approval.fixtures';
import { createMemoryStorage } from './forms.fixtures';

const sb = testSandbox();

const as = async (account: string): Promise<{ s: Session; api: ApprovalApi }> => {
  const s = await loginAs(sb.url, account);
  return { s, api: new HttpApprovalApi(s.http) };
};

/** A form that passes (or not) with the data given. */
const form = (data: unknown, passes = true): FormAccess & { flushDraft: Mock<() => void> } => ({
  validate: () => (passes ? { ok: true as const, value: data } : { ok: false as const, error: '请检查输入' }),
  submitData: () => data,
  flushDraft: vi.fn<() => void>(),
});

describe('the launchable flow list', () => {
  it('loads the flows the user may start; a search is one flat list', async () => {
    const { api } = await as('t1001');
    const model = createFlowListModel({ api });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$view).mode).toBe('grouped');
    await allSettled(model.searchChanged, { scope, params: '请假' });
    const view = scope.getState(model.$view);
    expect(view.mode === 'flat' && view.flows.map((f) => f.code)).toEqual(['leave']);
  });

  it('searches as the user types through the server\'s Filter (a word of a description finds its flow), a moment after the last keystroke, cancelling the search before; an empty box is grouped again', async () => {
    const { api } = await as('t1001');
    const asked = vi.spyOn(api, 'launchableFlows');
    const model = createFlowListModel({ api });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(asked).toHaveBeenLastCalledWith(null, expect.anything());
    asked.mockClear();
    // Typed one after the other: only the last reaches the server.
    const first = allSettled(model.searchChanged, { scope, params: '会' });
    const second = allSettled(model.searchChanged, { scope, params: '会签 ' });
    await Promise.all([first, second]);
    expect(asked).toHaveBeenCalledOnce();
    expect(asked).toHaveBeenCalledWith('会签', expect.anything());
    const view = scope.getState(model.$view);
    expect(view.mode === 'flat' && view.flows.map((f) => f.code)).toEqual(['purchase']);
    await allSettled(model.searchChanged, { scope, params: '' });
    expect(scope.getState(model.$view).mode).toBe('grouped');
    expect(asked).toHaveBeenLastCalledWith(null, expect.anything());
  });

  it('the search waits FLOW_SEARCH_DEBOUNCE_MS (300 ms) before it asks', async () => {
    expect(FLOW_SEARCH_DEBOUNCE_MS).toBe(300);
    const launchableFlows = vi.fn(async () => []);
    const model = createFlowListModel({ api: { launchableFlows } as unknown as ApprovalApi });
    const scope = fork();
    const started = Date.now();
    await allSettled(model.searchChanged, { scope, params: '请假' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(FLOW_SEARCH_DEBOUNCE_MS - 5);
    expect(launchableFlows).toHaveBeenCalledOnce();
  });

  it('a failed load shows its message in place; 重试 asks again', async () => {
    const launchableFlows = vi.fn().mockRejectedValueOnce(new ApiError('http', '模拟故障')).mockResolvedValueOnce([]);
    const model = createFlowListModel({ api: { launchableFlows } as unknown as ApprovalApi });
    const scope = fork();
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$error)).toBe('模拟故障');
    await allSettled(model.retried, { scope });
    expect(scope.getState(model.$error)).toBeNull();
    expect(scope.getState(model.$categories)).toEqual([]);
  });
});

describe('the launch page', () => {
  const setup = (api: ApprovalApi, code = 'leave') => {
    const notifier = recordingNotifier();
    const navigator = recordingNavigator();
    const handOff = createApprovalHandOff(createMemoryStorage(), 'u1');
    const model = createFlowLaunchModel({ api, notifier, navigator, handOff, userId: 'u1', code });
    return { model, notifier, navigator, handOff, scope: fork() };
  };

  it('opens the flow with its title and the form draft key of the user and flow', async () => {
    const { api } = await as('t1001');
    const { model, scope } = setup(api);
    expect(model.draftKey).toBe('formDraft:u1:flow:leave');
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$title)).toBe('请假申请');
    expect(scope.getState(model.$launch)?.appId).toBe('app-leave');
  });

  it('a flow that is not configured shows 应用配置有误，请联系管理员 in place', async () => {
    const { api } = await as('t1001');
    const { model, scope, notifier } = setup(api, 'unconfigured');
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$error)).toBe('应用配置有误，请联系管理员');
    expect(notifier.said).toEqual([]);
  });

  it('保存草稿 says 保存成功; a failure says the server message; the buttons wait meanwhile', async () => {
    const initiate = vi.fn().mockResolvedValueOnce({}).mockRejectedValueOnce(new ApiError('http', '模拟故障'));
    const initiateFlow = vi.fn(async () => ({ appId: 'a', flowName: '请假申请' }));
    const { model, scope, notifier } = setup({ initiate, initiateFlow } as unknown as ApprovalApi);
    await allSettled(model.opened, { scope });
    await allSettled(model.actionRequested, { scope, params: { action: 'draft', form: form({ reason: 'x' }, false) } });
    await allSettled(model.actionRequested, { scope, params: { action: 'draft', form: form({ reason: 'x' }) } });
    expect(notifier.said).toEqual(['ok:保存成功', 'fail:模拟故障']);
    expect(initiate.mock.calls[0]![0]).toMatchObject({ isInitiate: 0 });
    expect(scope.getState(model.$busy)).toBeNull();
  });

  it('提交 with a form that does not pass brings the form tab forward and asks nothing', async () => {
    const nextNodes = vi.fn();
    const { model, scope } = setup({ nextNodes, initiateFlow: async () => ({ appId: 'a' }) } as unknown as ApprovalApi);
    await allSettled(model.opened, { scope });
    await allSettled(model.tabChanged, { scope, params: 'chart' });
    await allSettled(model.actionRequested, { scope, params: { action: 'submit', form: form({}, false) } });
    expect(scope.getState(model.$tab)).toBe('form');
    expect(nextNodes).not.toHaveBeenCalled();
  });

  it('提交 asks the next nodes, writes the draft, hands the session to selectNode and goes there', async () => {
    const { s, api } = await as('t1001');
    const { formData } = await leaveFormData(s, { days: 2, reason: '教研活动', handover: { id: s.userId, name: s.name } });
    const { model, scope, navigator, handOff } = setup(api);
    await allSettled(model.opened, { scope });
    const filled = form(formData);
    await allSettled(model.actionRequested, { scope, params: { action: 'submit', form: filled } });
    expect(filled.flushDraft).toHaveBeenCalledOnce();
    expect(navigator.go).toHaveBeenCalledWith('/page/approvalCenter/flowLaunch/selectNode?flowLaunchType=0');
    expect(handOff.flow()).toMatchObject({ flowLaunchType: 0, code: 'leave', appId: 'app-leave', draftKey: 'formDraft:u1:flow:leave', submissionId: expect.any(String) });
  });

  it('no next node is 无符合条件的办理节点，请确认流程设置是否正确, told; the page stays', async () => {
    const nextNodes = vi.fn(async () => ({ flowNodes: [], sends: [], sendIsSelect: false, isMark: false }));
    const { model, scope, notifier, navigator, handOff } = setup({ nextNodes, initiateFlow: async () => ({ appId: 'a' }) } as unknown as ApprovalApi);
    await allSettled(model.opened, { scope });
    await allSettled(model.actionRequested, { scope, params: { action: 'submit', form: form({}) } });
    expect(notifier.said).toEqual(['fail:无符合条件的办理节点，请确认流程设置是否正确']);
    expect(navigator.go).not.toHaveBeenCalled();
    expect(handOff.flow()).toBeNull();
  });
});

describe('the next-step chooser', () => {
  const next: NextNodeData = {
    flowNodes: [
      { id: 'dept', name: '部门审批', type: 1, isSelect: true, isAuto: false, handlers: [], selectComponentId: 'sc-staff' },
      { id: 'end', name: '结束', type: 4, isSelect: false, isAuto: false, handlers: [] },
    ],
    sends: [],
    sendIsSelect: false,
    isMark: false,
  };
  const launch: FlowSession = { flowLaunchType: 0, code: 'leave', appId: 'a', title: '请假申请', runId: null, flowRunPrcsId: null, formData: {}, draftKey: 'formDraft:u1:flow:leave', next, submissionId: 's1' };

  const setup = (api: ApprovalApi, flowLaunchType: unknown = '0') => {
    const storage = createMemoryStorage();
    const handOff = createApprovalHandOff(storage, 'u1');
    handOff.handOver(launch);
    const notifier = recordingNotifier();
    const navigator = recordingNavigator();
    const make = () => createSelectNodeModel({ api, notifier, navigator, handOff, flowLaunchType });
    return { model: make(), make, storage, handOff, notifier, navigator, scope: fork() };
  };

  it('works on the session handed over, of its own kind only', () => {
    const { model } = setup({} as ApprovalApi);
    expect(model.session).toEqual(launch);
    expect(model.scope).toBe(handOffIdentity(launch));
    expect(setup({} as ApprovalApi, '1').model.session).toBeNull();
  });

  it('请选择审批人 blocks the call, shows on the chooser and is told; a change clears it', async () => {
    const initiate = vi.fn();
    const { model, scope, notifier } = setup({ initiate } as unknown as ApprovalApi);
    await allSettled(model.submitted, { scope });
    expect(scope.getState(model.$error)).toBe('请选择审批人');
    expect(notifier.said).toEqual(['fail:请选择审批人']);
    expect(initiate).not.toHaveBeenCalled();
    await allSettled(model.selectionChanged, { scope, params: { nodeId: 'dept', handlers: [{ value: 'u2', name: '李主任' }], recipients: [] } });
    expect(scope.getState(model.$error)).toBeNull();
  });

  it('the choice survives the trip to the selector pages (a new model finds it)', async () => {
    const { model, make, scope } = setup({} as ApprovalApi);
    const chosen = { nodeId: 'dept', handlers: [{ value: 'u2', name: '李主任' }], recipients: [] };
    await allSettled(model.selectionChanged, { scope, params: chosen });
    expect(fork().getState(make().$selection)).toEqual(chosen);
  });

  it('success: 操作成功, the session, its choice and its form draft forgotten, back 3', async () => {
    const initiate = vi.fn(async () => ({ flowRunId: 'r1' }));
    const { model, make, scope, notifier, navigator, handOff, storage } = setup({ initiate } as unknown as ApprovalApi);
    storage.set('formDraft:u1:flow:leave', '{"reason":"x"}');
    await allSettled(model.selectionChanged, { scope, params: { nodeId: 'dept', handlers: [{ value: 'u2', name: '李主任' }], recipients: [] } });
    await allSettled(model.submitted, { scope });
    expect(initiate).toHaveBeenCalledWith(expect.objectContaining({ isInitiate: 1, flowNodeId: 'dept', userIds: ['u2'] }), { idempotencyKey: 's1' });
    expect(notifier.said).toEqual(['ok:操作成功']);
    expect(navigator.returnTo).toHaveBeenCalledWith(3, '/page/approvalCenter?tab=3');
    expect(handOff.flow()).toBeNull();
    expect(handOff.selection(handOffIdentity(launch))).toBeNull();
    expect(storage.get('formDraft:u1:flow:leave')).toBeNull();
    expect(make().session).toBeNull();
  });

  it('a failure is told, the choice and the session stay, the button comes back; a second tap meanwhile sends nothing', async () => {
    let fail: () => void = () => undefined;
    const initiate = vi.fn(() => new Promise((_, reject) => (fail = () => reject(new ApiError('http', '流程服务暂不可用', { status: 500 })))));
    const { model, scope, notifier, navigator, handOff } = setup({ initiate } as unknown as ApprovalApi);
    await allSettled(model.selectionChanged, { scope, params: { nodeId: 'end', handlers: [], recipients: [] } });
    const first = allSettled(model.submitted, { scope });
    await vi.waitFor(() => expect(initiate).toHaveBeenCalledOnce());
    expect(scope.getState(model.$busy)).toBe(true);
    const second = allSettled(model.submitted, { scope });
    fail();
    await Promise.all([first, second]);
    expect(initiate).toHaveBeenCalledOnce();
    expect(notifier.said).toEqual(['fail:流程服务暂不可用']);
    expect(navigator.returnTo).not.toHaveBeenCalled();
    expect(scope.getState(model.$busy)).toBe(false);
    expect(scope.getState(model.$selection)?.nodeId).toBe('end');
    expect(handOff.flow()).toEqual(launch);
  });
});
