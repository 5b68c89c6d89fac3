/**
 * 批量处理 against 50 single approvals: an in-process sandbox on loopback, 50 one-day
 * leave requests waiting for 李主任, agreed once as one batch (application/approval/batch.ts,
 * four at a time) and once one by one the way the detail page and the action screen do
 * it (info-app, the quick opinions, next-node, handling, then the list again). Wall time
 * and requests of each, from the same run; the batch must take fewer requests and less
 * time, and handle each run exactly once.
 */
import { BatchKeys, handleBatch } from '../application/approval/batch';
import type { ApprovalApi } from '../application/approval/ports';
import { ACTION_AGREE, TODO_TAB } from '../domain/approval';
import { buildHandlingBody } from '../domain/approval/bodies';
import { initialNextStep } from '../domain/approval/nextStep';
import { HttpApprovalApi } from '../infrastructure/approval/approvalApi';
import { startSandbox, type SandboxHandle } from '../sandbox/server';
import { USER } from '../sandbox/seed/ids';
import { oneDayLeaveFormData } from '../sandbox/testkit';
import { loginAs } from '../tests/integration/contract/support/partB';
import type { Row } from './types';

const RUNS = 50;

/** The adapter with every call counted (one call, one request). */
function counted(api: ApprovalApi): { api: ApprovalApi; requests: () => number } {
  let n = 0;
  const proxy = new Proxy(api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        n += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { api: proxy, requests: () => n };
}

async function waitingLeaves(sb: SandboxHandle, count: number): Promise<string[]> {
  const teacher = new HttpApprovalApi((await loginAs(sb.url, 't1001')).http);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const out = await teacher.initiate({ code: 'leave', isInitiate: 1, formData: oneDayLeaveFormData(`基准${i}`) } as never);
    if (out.flowRunId) ids.push(out.flowRunId);
  }
  return ids;
}

const handledOnce = (sb: SandboxHandle, ids: readonly string[]): number =>
  ids.filter((id) => {
    const run = sb.db.workflow.runs.find((r) => r.id === id);
    const mine = (run?.visits ?? []).flatMap((v) => v.details).filter((d) => d.userId === USER.t1002 && d.state === 0);
    return mine.length === 1;
  }).length;

/** One approval as the app makes it from the run's page: its calls in order. */
async function approveThroughDetail(api: ApprovalApi, runId: string): Promise<void> {
  const detail = await api.info({ flowRunId: runId, type: 1 });
  await api.quickFeedback(ACTION_AGREE);
  const next = await api.nextNodes({ flowRunPrcsId: detail.flowRunPrcsId ?? null, appId: detail.appId, formData: null });
  const choice = initialNextStep(next);
  await api.handle(
    buildHandlingBody({
      type: 0,
      flowRunPrcsId: detail.flowRunPrcsId ?? null,
      formData: null,
      opinion: '',
      nextStep: { flowNodeId: choice.nodeId ?? '', userIds: choice.handlers.map((h) => h.value), sendIds: choice.recipients.map((r) => r.value) },
    }),
  );
  // Back on the list: 我的待办 again.
  await api.list({ type: TODO_TAB, skipCount: 0, maxResultCount: 10 } as never);
}

export async function runBatchBench(): Promise<Row[]> {
  const sb = await startSandbox({ port: 0, dataFile: null, quiet: true });
  try {
    // One by one, through the detail page.
    const singleIds = await waitingLeaves(sb, RUNS);
    const single = counted(new HttpApprovalApi((await loginAs(sb.url, 't1002')).http));
    let t = performance.now();
    for (const id of singleIds) await approveThroughDetail(single.api, id);
    const singleMs = performance.now() - t;
    const singleOnce = handledOnce(sb, singleIds);

    // As one batch: the sheet's quick opinions, the runs, the list again.
    const batchIds = await waitingLeaves(sb, RUNS);
    const batch = counted(new HttpApprovalApi((await loginAs(sb.url, 't1002')).http));
    t = performance.now();
    await batch.api.quickFeedback(ACTION_AGREE);
    const results = await handleBatch(batch.api, { runs: batchIds.map((id) => ({ id, title: id })), action: 'approve', opinion: '同意' }, new BatchKeys());
    await batch.api.list({ type: TODO_TAB, skipCount: 0, maxResultCount: 10 } as never);
    const batchMs = performance.now() - t;
    const batchOk = results.filter((r) => r.ok).length;
    const batchOnce = handledOnce(sb, batchIds);

    return [
      {
        name: `${RUNS} single approvals through the detail page`,
        value: Math.round(singleMs),
        unit: 'ms',
        target: null,
        pass: null,
        detail: `${single.requests()} requests; ${singleOnce}/${RUNS} runs handled exactly once`,
      },
      {
        name: `A batch of ${RUNS} (批量同意)`,
        value: Math.round(batchMs),
        unit: 'ms',
        target: '< the single approvals, every run once',
        pass: batchMs < singleMs && batchOk === RUNS && batchOnce === RUNS && singleOnce === RUNS,
        detail: `${batch.requests()} requests; ${batchOnce}/${RUNS} runs handled exactly once; ${(singleMs / batchMs).toFixed(1)}x faster`,
      },
      {
        name: 'Requests, batch / single',
        value: Number((batch.requests() / single.requests()).toFixed(2)),
        unit: 'x',
        target: '< 0.5',
        pass: batch.requests() / single.requests() < 0.5,
      },
    ];
  } finally {
    await sb.close();
  }
}
