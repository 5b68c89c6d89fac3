/**
 * The run page's screen model (application/approval/runModel.ts) in fork() scopes,
 * against the sandbox and with fakes: no React. The run, the flow chart's context, the
 * footer buttons one at a time, and the hand-off to approvalPass or selectNode.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { testSandbox } from '../testSandbox';
import { createApprovalHandOff, createRunModel, loadApprovalPage, type FormAccess, type RunQuery } from '../../../application/approval';
import type { ApprovalApi, ApprovalRunDetail } from '../../../application/approval/ports';
import { $chartContext } from '../../../application/flowchart/model';
import { ApiError } from '../../../application/ports/errors';
import { AGREE_BUTTON, REJECT_BUTTON, REVOKE_BUTTON, SUBMIT_BUTTON } from '../../../domain/approval';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { loginAs } from '../contract/support/partB';
import { recordingNavigator, recordingNotifier } from './approval.fixtures';
import { createMemoryStorage } from './forms.fixtures';

const sb = testSandbox();

const setup = (api: ApprovalApi, query: RunQuery, confirmAnswer = true) => {
  const notifier = recordingNotifier(confirmAnswer);
  const navigator = recordingNavigator();
  const handOff = createApprovalHandOff(createMemoryStorage(), 'u1');
  const model = createRunModel({ api, notifier, navigator, handOff, userId: 'u1', query });
  return { model, notifier, navigator, handOff, scope: fork() };
};

const todoOf = async (api: ApprovalApi, title: string) => {
  const page = await loadApprovalPage(api, { filter: { titleOrNumber: title }, tab: 0, page: 1 });
  const item = page.ok ? page.value.items[0] : undefined;
  if (!item) throw new Error(`no to-do ${title}`);
  return item;
};

const form = (data: unknown, passes = true): FormAccess & { flushDraft: Mock<() => void> } => ({
  validate: () => (passes ? { ok: true as const, value: data } : { ok: false as const, error: '请检查输入' }),
  submitData: () => data,
  flushDraft: vi.fn<() => void>(),
});

const detail = (over: Partial<ApprovalRunDetail> = {}): ApprovalRunDetail =>
  ({ id: 'r', numberStr: 'N', title: '王老师的请假申请', state: 0, type: 1, appId: 'a', code: 'leave', flowRunPrcsId: 'p', flowRunNodeDtos: [], draftData: { saved: true }, isSign: true, isMark: false, ...over }) as ApprovalRunDetail;

describe('the run model', () => {
  it('loads the run, gives the flow chart its context; a reader keeps no form draft', async () => {
    const api = new HttpApprovalApi((await loginAs(sb.url, 't1002')).http);
    const card = await todoOf(api, '王老师的请假申请');
    const { model, scope } = setup(api, { FlowRunId: card.id, type: String(card.nodeType), tab: '0' });
    await allSettled(model.opened, { scope });
    const run = scope.getState(model.$run)!;
    expect(run.buttons.map((b) => b.text)).toEqual(['更多', '拒绝', '同意']);
    expect(scope.getState($chartContext)).toMatchObject({ appId: run.detail.appId, code: run.detail.code, title: run.detail.title });
    expect(scope.getState(model.$formDraftKey)).toBeNull();
  });

  it('the submit case edits the form, so it keeps a draft per user and run', async () => {
    const info = vi.fn(async () => detail());
    const { model, scope } = setup({ info } as unknown as ApprovalApi, { FlowRunId: 'r', type: '0', tab: '0' });
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$run)?.readOnly).toBe(false);
    expect(scope.getState(model.$formDraftKey)).toBe('formDraft:u1:run:r');
  });

  it('a run the user may not see shows the server message in place', async () => {
    const info = vi.fn(async () => Promise.reject(new ApiError('http', '您无权查看该流程', { status: 403 })));
    const { model, scope, notifier } = setup({ info } as unknown as ApprovalApi, { FlowRunId: 'r', type: '1', tab: '0' });
    await allSettled(model.opened, { scope });
    expect(scope.getState(model.$error)).toBe('您无权查看该流程');
    expect(scope.getState(model.$run)).toBeNull();
    expect(notifier.said).toEqual([]);
  });

  it('同意 checks the form, writes its draft, hands the action over and opens approvalPass titled 同意', async () => {
    const { model, scope, navigator, handOff } = setup({ info: async () => detail() } as unknown as ApprovalApi, { FlowRunId: 'r', type: '1', tab: '0' });
    await allSettled(model.opened, { scope });
    await allSettled(model.buttonPressed, { scope, params: { button: AGREE_BUTTON, form: form({}, false) } });
    expect(navigator.go).not.toHaveBeenCalled();
    const filled = form({ checked: true });
    await allSettled(model.buttonPressed, { scope, params: { button: AGREE_BUTTON, form: filled } });
    expect(filled.flushDraft).toHaveBeenCalledOnce();
    expect(navigator.go).toHaveBeenCalledWith('/page/approvalCenter/approvalPass', { state: { title: '同意' } });
    expect(handOff.action()).toMatchObject({ actionType: 0, runId: 'r', flowRunPrcsId: 'p', formData: { checked: true }, isSign: true });
  });

  it('拒绝 takes the form as it is and opens approvalPass with backCount 2', async () => {
    const { model, scope, navigator, handOff } = setup({ info: async () => detail() } as unknown as ApprovalApi, { FlowRunId: 'r', type: '1', tab: '0' });
    await allSettled(model.opened, { scope });
    await allSettled(model.buttonPressed, { scope, params: { button: REJECT_BUTTON, form: form({ partial: true }, false) } });
    expect(navigator.go).toHaveBeenCalledWith('/page/approvalCenter/approvalPass?backCount=2', { state: { title: '拒绝' } });
    expect(handOff.action()).toMatchObject({ actionType: 1, formData: { partial: true } });
  });

  it('提交 (a returned run) asks the next nodes and hands the flow to selectNode type 1; none is told', async () => {
    const nextNodes = vi
      .fn()
      .mockResolvedValueOnce({ flowNodes: [], sends: [], sendIsSelect: false, isMark: false })
      .mockResolvedValueOnce({ flowNodes: [{ id: 'n', name: '部门审批', type: 1, isSelect: false, isAuto: false, handlers: [] }], sends: [], sendIsSelect: false, isMark: false });
    const api = { info: async () => detail(), nextNodes } as unknown as ApprovalApi;
    const { model, scope, navigator, notifier, handOff } = setup(api, { FlowRunId: 'r', type: '0', tab: '0' });
    await allSettled(model.opened, { scope });
    await allSettled(model.buttonPressed, { scope, params: { button: SUBMIT_BUTTON, form: form({ x: 1 }) } });
    expect(notifier.said).toEqual(['fail:无符合条件的办理节点，请确认流程设置是否正确']);
    expect(navigator.go).not.toHaveBeenCalled();
    await allSettled(model.buttonPressed, { scope, params: { button: SUBMIT_BUTTON, form: form({ x: 1 }) } });
    expect(navigator.go).toHaveBeenCalledWith('/page/approvalCenter/flowLaunch/selectNode?flowLaunchType=1&flowRunPrcsId=p');
    expect(handOff.flow()).toMatchObject({ flowLaunchType: 1, runId: 'r', draftKey: 'formDraft:u1:run:r', formData: { x: 1 } });
  });

  it('撤销 asks first; 撤销成功 and the run is loaded again', async () => {
    const info = vi.fn(async () => detail({ flowRunPrcsId: null }));
    const revoke = vi.fn(async () => undefined);
    const no = setup({ info, revoke } as unknown as ApprovalApi, { FlowRunId: 'r', type: '1', tab: '3' }, false);
    await allSettled(no.model.opened, { scope: no.scope });
    await allSettled(no.model.buttonPressed, { scope: no.scope, params: { button: REVOKE_BUTTON, form: null } });
    expect(no.notifier.confirms).toEqual([{ title: '确认撤销', content: '此操作将撤销当前流程！' }]);
    expect(revoke).not.toHaveBeenCalled();
    const yes = setup({ info, revoke } as unknown as ApprovalApi, { FlowRunId: 'r', type: '1', tab: '3' });
    await allSettled(yes.model.opened, { scope: yes.scope });
    info.mockClear();
    await allSettled(yes.model.buttonPressed, { scope: yes.scope, params: { button: REVOKE_BUTTON, form: null } });
    expect(revoke).toHaveBeenCalledWith('r');
    expect(yes.notifier.said).toEqual(['ok:撤销成功']);
    expect(info).toHaveBeenCalledOnce();
  });

  it('one button at a time: a second press while one runs is ignored', async () => {
    let release: () => void = () => undefined;
    const nextNodes = vi.fn(() => new Promise((_, reject) => (release = () => reject(new ApiError('network', '请求失败')))));
    const { model, scope, notifier } = setup({ info: async () => detail(), nextNodes } as unknown as ApprovalApi, { FlowRunId: 'r', type: '0', tab: '0' });
    await allSettled(model.opened, { scope });
    const first = allSettled(model.buttonPressed, { scope, params: { button: SUBMIT_BUTTON, form: form({}) } });
    await vi.waitFor(() => expect(nextNodes).toHaveBeenCalledOnce());
    expect(scope.getState(model.$busy)).toBe('submit');
    const second = allSettled(model.buttonPressed, { scope, params: { button: SUBMIT_BUTTON, form: form({}) } });
    release();
    await Promise.all([first, second]);
    expect(nextNodes).toHaveBeenCalledOnce();
    expect(notifier.said).toEqual(['fail:网络不可用，请检查网络后重试']);
    expect(scope.getState(model.$busy)).toBeNull();
  });
});
