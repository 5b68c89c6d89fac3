/**
 * 批量处理 (application/approval/batch.ts and batchModel.ts) against the sandbox and
 * with fakes: a batch goes through quick-handling run by run, each with its own
 * idempotency key; runs handled elsewhere meanwhile come back with the server's message;
 * answers lost on the way are asked again with the same key and the sandbox handles each
 * run once; the model's choice, opinion rule, progress and result.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { testSandbox } from '../testSandbox';
import { USER } from '../../../sandbox/seed/ids';
import { oneDayLeaveFormData } from '../../../sandbox/testkit';
import { BatchKeys, createApprovalCenterModel, handleBatch, type BatchRun } from '../../../application/approval';
import type { ApprovalApi, WriteOptions } from '../../../application/approval/ports';
import { ApiError } from '../../../application/ports/errors';
import { BATCH_NOT_QUICK, OPINION_REQUIRED, TODO_TAB, type QuickHandlingBody } from '../../../domain/approval';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { loginAs } from '../contract/support/partB';
import { recordingNavigator, recordingNotifier } from './approval.fixtures';

const sb = testSandbox();

const sandboxApi = async (account: string): Promise<HttpApprovalApi> => new HttpApprovalApi((await loginAs(sb.url, account)).http);

/** `count` leave requests by 王老师 (t1001), waiting for 李主任 (t1002); their ids. */
async function startLeaves(count: number): Promise<BatchRun[]> {
  const teacher = await sandboxApi('t1001');
  const runs: BatchRun[] = [];
  for (let i = 0; i < count; i += 1) {
    const out = await teacher.initiate({
      code: 'leave',
      isInitiate: 1,
      formData: oneDayLeaveFormData(`批量${i}`),
    } as never);
    runs.push({ id: out.flowRunId ?? '', title: `请假${i}` });
  }
  return runs;
}

/** 李主任's finished steps in a run: one per handling. */
const handlings = (runId: string) =>
  (sb.db.workflow.runs.find((r) => r.id === runId)?.visits ?? []).flatMap((v) => v.details).filter((d) => d.userId === USER.t1002 && d.state !== -1 && d.state !== 4);

describe('handleBatch against the sandbox', () => {
  it('12 runs agreed in one go with one opinion: each handled once, each with its own key', async () => {
    const runs = await startLeaves(12);
    const api = await sandboxApi('t1002');
    const keys: string[] = [];
    const quickHandling = api.quickHandling.bind(api);
    vi.spyOn(api, 'quickHandling').mockImplementation((body: QuickHandlingBody, opts?: WriteOptions) => {
      keys.push(opts?.idempotencyKey ?? '');
      return quickHandling(body, opts);
    });
    const settled: string[] = [];
    const results = await handleBatch(api, { runs, action: 'approve', opinion: '同意，按规定执行' }, new BatchKeys(), (r) => settled.push(r.id));
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(settled.sort()).toEqual(runs.map((r) => r.id).sort());
    expect(new Set(keys).size).toBe(12);
    expect(keys.every((k) => k !== '')).toBe(true);
    for (const r of runs) {
      const done = handlings(r.id);
      expect(done).toHaveLength(1);
      expect(done[0]).toMatchObject({ state: 0, mark: '同意，按规定执行' });
    }
  });

  it('two runs handled elsewhere meanwhile fail with the server\'s message; the rest go through', async () => {
    const runs = await startLeaves(10);
    const api = await sandboxApi('t1002');
    const elsewhere = await sandboxApi('t1002');
    for (const r of [runs[2], runs[7]]) await elsewhere.quickHandling({ flowRunId: (r as BatchRun).id, type: 1 });
    const results = await handleBatch(api, { runs, action: 'approve', opinion: '' }, new BatchKeys());
    const failed = results.filter((r) => !r.ok);
    expect(failed.map((f) => f.id)).toEqual([runs[2]?.id, runs[7]?.id]);
    expect(failed.map((f) => (f.ok ? '' : f.message))).toEqual(['当前流程不在您的办理节点', '当前流程不在您的办理节点']);
    for (const r of runs) expect(handlings(r.id)).toHaveLength(1);
  });

  it('批量拒绝 with one opinion rejects every run (state 2) with that opinion', async () => {
    const runs = await startLeaves(3);
    const api = await sandboxApi('t1002');
    const results = await handleBatch(api, { runs, action: 'reject', opinion: '材料不全，请补充' }, new BatchKeys());
    expect(results.every((r) => r.ok)).toBe(true);
    for (const r of runs) {
      expect(sb.db.workflow.runs.find((x) => x.id === r.id)?.state).toBe(2);
      expect(handlings(r.id)).toEqual([expect.objectContaining({ state: 1, mark: '材料不全，请补充' })]);
    }
  });

  it('answers lost on the way (handled, but no answer came): tried again with the same keys, the sandbox handles each run once', async () => {
    const runs = await startLeaves(6);
    const api = await sandboxApi('t1002');
    const real = api.quickHandling.bind(api);
    const sent: Array<[string, string]> = [];
    let lose = 3;
    vi.spyOn(api, 'quickHandling').mockImplementation(async (body: QuickHandlingBody, opts?: WriteOptions) => {
      sent.push([body.flowRunId, opts?.idempotencyKey ?? '']);
      const answer = await real(body, opts);
      if (lose > 0) {
        lose -= 1;
        throw new ApiError('network', '请求失败');
      }
      return answer;
    });
    const keys = new BatchKeys();
    const first = await handleBatch(api, { runs, action: 'approve', opinion: '' }, keys, undefined, { concurrency: 1 });
    const lost = first.filter((r) => !r.ok);
    expect(lost.map((r) => r.id)).toEqual(runs.slice(0, 3).map((r) => r.id));
    expect(lost.map((r) => (r.ok ? '' : r.message))).toEqual(Array(3).fill('网络不可用，请检查网络后重试'));
    // The user taps again on what failed: the same keys go, the sandbox answers its first result.
    const again = await handleBatch(api, { runs: runs.slice(0, 3), action: 'approve', opinion: '' }, keys);
    expect(again.every((r) => r.ok)).toBe(true);
    for (const r of runs.slice(0, 3)) {
      const keysOf = sent.filter(([id]) => id === r.id).map(([, k]) => k);
      expect(keysOf).toHaveLength(2);
      expect(keysOf[0]).toBe(keysOf[1]);
    }
    for (const r of runs) expect(handlings(r.id)).toHaveLength(1);
  });

  it('a run the server will not handle from the list (a signature, a form field, a choice) says so', async () => {
    const api = await sandboxApi('t1002');
    const list = await api.list({ type: TODO_TAB, skipCount: 0, maxResultCount: 10 } as never);
    const purchase = list.items.find((i) => i.title === '王老师的采购申请');
    expect(purchase).toBeDefined();
    const [r] = await handleBatch(api, { runs: [{ id: purchase?.id ?? '', title: '王老师的采购申请' }], action: 'approve', opinion: '' }, new BatchKeys());
    expect(r).toEqual({ id: purchase?.id, title: '王老师的采购申请', ok: false, message: BATCH_NOT_QUICK });
  });
});

describe('handleBatch with fakes', () => {
  const runs = (n: number): BatchRun[] => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, title: `T${i}` }));

  it('at most four on the wire at once, and every run answered', async () => {
    let on = 0;
    let most = 0;
    const quickHandling = vi.fn(async () => {
      on += 1;
      most = Math.max(most, on);
      await new Promise((r) => setTimeout(r, 2));
      on -= 1;
      return { isQuick: true };
    });
    const results = await handleBatch({ quickHandling } as unknown as ApprovalApi, { runs: runs(20), action: 'approve', opinion: '' }, new BatchKeys());
    expect(most).toBe(4);
    expect(results.map((r) => r.id)).toEqual(runs(20).map((r) => r.id));
  });

  it('when the session ends, nothing more is sent', async () => {
    const quickHandling = vi.fn(async (body: QuickHandlingBody) => {
      if (body.flowRunId === 'r1') throw new ApiError('unauthorized', '登录已过期');
      return { isQuick: true };
    });
    const results = await handleBatch({ quickHandling } as unknown as ApprovalApi, { runs: runs(6), action: 'approve', opinion: '' }, new BatchKeys(), undefined, { concurrency: 1 });
    expect(quickHandling).toHaveBeenCalledTimes(2);
    expect(results.map((r) => r.ok)).toEqual([true, false, false, false, false, false]);
  });

  it('a new key for a run once it went through; another opinion is another submission', () => {
    const keys = new BatchKeys();
    const a = keys.of('r', 'approve', '好');
    expect(keys.of('r', 'approve', ' 好 ')).toBe(a);
    expect(keys.of('r', 'approve', '不好')).not.toBe(a);
    expect(keys.of('r', 'reject', '好')).not.toBe(a);
    keys.forget('r');
    expect(keys.of('r', 'approve', '好')).not.toBe(a);
  });
});

describe('the batch mode of the centre model', () => {
  it('choose all, a rejection refused without its opinion, then sent: progress, the result, failures left chosen', async () => {
    const runs = await startLeaves(5);
    const api = await sandboxApi('t1002');
    const notifier = recordingNotifier(true);
    const model = createApprovalCenterModel({ api, notifier, navigator: recordingNavigator(), query: {} });
    const scope = fork();
    const { batch } = model;
    await allSettled(model.shown, { scope });
    await allSettled(model.loadMoreFx, { scope });
    await allSettled(batch.batchToggled, { scope, params: true });
    await allSettled(batch.allToggled, { scope });
    const chosen = scope.getState(batch.$chosen);
    // The first page: the 5 new leaves and the seeded runs that may be chosen.
    expect(chosen).toEqual(expect.arrayContaining(runs.map((r) => r.id)));
    // One handled elsewhere meanwhile.
    await (await sandboxApi('t1002')).quickHandling({ flowRunId: runs[1]?.id ?? '', type: 0, mark: '已在电脑上处理' });
    await allSettled(batch.actionChosen, { scope, params: 'reject' });
    expect(scope.getState(batch.$sheet)).toBe('reject');
    await allSettled(batch.confirmed, { scope });
    expect(scope.getState(batch.$opinionError)).toBe(OPINION_REQUIRED);
    expect(scope.getState(batch.$progress)).toBeNull();
    await allSettled(batch.opinionTyped, { scope, params: '请按新规定重新申请' });
    expect(scope.getState(batch.$opinionError)).toBeNull();
    await allSettled(batch.confirmed, { scope });
    const result = scope.getState(batch.$result);
    expect(result?.failures.map((f) => [f.id, f.message])).toContainEqual([runs[1]?.id, '当前流程不在您的办理节点']);
    expect(scope.getState(batch.$sheet)).toBeNull();
    expect(scope.getState(batch.$progress)).toBeNull();
    // Whatever failed and is still on the list stays chosen; the handled ones left the list.
    const items = scope.getState(model.$items).map((i) => i.id);
    for (const r of runs) expect(items).not.toContain(r.id);
    expect(scope.getState(batch.$chosen).every((id) => items.includes(id))).toBe(true);
    for (const r of runs) expect(handlings(r.id)).toHaveLength(1);
    await allSettled(batch.resultClosed, { scope });
    expect(scope.getState(batch.$result)).toBeNull();
    // Leaving 我的待办 ends the mode.
    await allSettled(model.tabChanged, { scope, params: 2 });
    expect(scope.getState(batch.$batchOn)).toBe(false);
  });

  it('nothing chosen: 请选择要处理的审批, no sheet', async () => {
    const notifier = recordingNotifier(true);
    const model = createApprovalCenterModel({ api: await sandboxApi('t1002'), notifier, navigator: recordingNavigator(), query: {} });
    const scope = fork();
    await allSettled(model.batch.batchToggled, { scope, params: true });
    await allSettled(model.batch.actionChosen, { scope, params: 'approve' });
    expect(scope.getState(model.batch.$sheet)).toBeNull();
    expect(notifier.said).toContain('info:请选择要处理的审批');
  });
});
