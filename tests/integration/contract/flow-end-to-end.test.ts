import { LogLevel } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';
import {
  actionSubmitPlan,
  buildHandlingBody,
  chosenNode,
  flowApprovalQuery,
  flowStateView,
  initialNextStep,
  listCardButtons,
  validateNextStep,
} from '../../../domain/approval';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { HttpFlowchartApi } from '../../../infrastructure/flowchart/flowchartApi';
import { SignalRMessageHub } from '../../../infrastructure/hub/signalrHub';
import { launchLeave, loginAs } from './support/partB';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, dataFile: null, quiet: true, hubPingMs: 1000 });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => sb.reset());

const hubs: SignalRMessageHub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.stop()));
});

/** The hub adapter as the app builds it, with node's WebSocket from the ws package. */
function hubFor(accessToken: () => string | null): SignalRMessageHub {
  const hub = new SignalRMessageHub({
    host: () => sb.url,
    hubPath: () => '/messagehub/message-hub',
    accessToken,
    retryDelayMs: 200,
    connectionOptions: { WebSocket },
    visibility: null,
    logLevel: LogLevel.None,
    log: () => undefined,
  });
  hubs.push(hub);
  return hub;
}

/** Resolves with the first pushed payload that satisfies `match`, or rejects after `ms`. */
function nextMessage(hub: SignalRMessageHub, match: (payload: unknown) => boolean, ms = 5000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('no Message event arrived'));
    }, ms);
    const off = hub.onMessage((payload) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}

const titled = (title: string) => (payload: unknown) =>
  typeof payload === 'object' && payload !== null && (payload as { title?: unknown }).title === title;

describe('a leave request through the adapters, from start to approval', () => {
  it('one demo user starts a flow and another approves it through the adapters, and the first sees the state change and a pushed message', async () => {
    const wang = await loginAs(sb.url, 't1001');
    const li = await loginAs(sb.url, 't1002');
    const wangApi = new HttpApprovalApi(wang.http);
    const liApi = new HttpApprovalApi(li.http);

    // 王老师 listens on the hub (InitlnUser(his id) is sent by the adapter on connect).
    const hub = hubFor(wang.accessToken);
    await hub.start(wang.userId);
    expect(hub.state).toBe('connected');

    // He opens initiate-flow?code=leave, fills the form, asks next-node and initiates to 李主任.
    const launched = await launchLeave(wang, { days: 2, reason: '参加教研培训', handover: { id: li.userId, name: li.name } });
    expect(launched.next.flowNodes.map((n) => n.name)).toEqual(['部门审批']);
    expect(launched.choice.userIds).toEqual([li.userId]);
    const runId = launched.flowRunId;
    expect(launched.outcome.state).toBe(0);

    const sentBefore = await wangApi.list({ type: 3, skipCount: 0, maxResultCount: 10 });
    const mine = sentBefore.items.find((i) => i.id === runId);
    expect(mine).toMatchObject({ state: 0, title: '王老师的请假申请' });
    expect(listCardButtons(3, mine!).map((b) => b.text)).toEqual(['撤销申请']);

    // 李主任 finds it on 我的待办 (tab 0) and opens it.
    const todo = await liApi.list({ type: 0, skipCount: 0, maxResultCount: 10 });
    const card = todo.items.find((i) => i.id === runId);
    expect(card).toMatchObject({ creatorName: '王老师', numberStr: mine!.numberStr });
    expect(todo.counts?.waiting).toBeGreaterThanOrEqual(1);
    const query = flowApprovalQuery(card!, 0);
    const detail = await liApi.info({ flowRunId: query.FlowRunId, type: query.type });
    expect(detail).toMatchObject({ id: runId, state: 0, appId: 'app-leave', situationDto: { currentNodeId: 'leave-dept' } });
    expect(detail.flowRunPrcsId).toEqual(expect.any(String));
    const chart = await new HttpFlowchartApi(li.http).chart({ appId: detail.appId, code: detail.code });
    expect(chart?.nodes.some((n) => n.id === 'leave-dept')).toBe(true);

    // He agrees: next-node offers the automatic attendance sync, which is asked about first.
    const next = await liApi.nextNodes({ flowRunPrcsId: detail.flowRunPrcsId!, appId: detail.appId, formData: detail.draftData });
    const selection = initialNextStep(next);
    const node = chosenNode(next, selection);
    expect(node).toMatchObject({ id: 'leave-sync', isAuto: true });
    const plan = actionSubmitPlan(false, node);
    expect(plan.callAutoNode).toBe(true);
    await expect(liApi.isNodeAuto({ nodeId: node!.id, appId: detail.appId, formData: detail.draftData })).resolves.toMatchObject({ isAuto: true });
    const choice = validateNextStep(next, selection);
    if (!choice.ok) throw new Error(String(choice.error.message));

    const pushed = nextMessage(hub, titled('审批通过通知'));
    await liApi.handle(
      buildHandlingBody({ type: 0, flowRunPrcsId: detail.flowRunPrcsId!, formData: detail.draftData, opinion: '同意', nextStep: choice.value }),
    );

    // The run went through the sync and the copy to the end: 王老师 sees 审批通过 on 已发起 (tab 3)…
    const sentAfter = await wangApi.list({ type: 3, skipCount: 0, maxResultCount: 10 });
    const done = sentAfter.items.find((i) => i.id === runId);
    expect(done?.state).toBe(1);
    expect(flowStateView(done!.state).label).toBe('审批通过');
    expect(listCardButtons(3, done!)).toEqual([]);
    const history = await wangApi.info({ flowRunId: runId, type: 1 });
    expect(history.flowRunNodeDtos.find((n) => n.name === '部门审批')?.flowRunDetailsDtos[0]).toMatchObject({ userName: '李主任', state: 0, mark: '同意' });
    expect(history.situationDto?.completedNodeId).toEqual(expect.arrayContaining(['leave-start', 'leave-dept', 'leave-sync', 'leave-end']));

    // …and the hub pushed him a Message about it.
    const payload = (await pushed) as { title: string; context: string };
    expect(payload.title).toBe('审批通过通知');
    expect(payload.context).toContain(mine!.numberStr);

    // 李主任's to-do is gone, and it is on his 已办理 (tab 2).
    expect((await liApi.list({ type: 0, skipCount: 0, maxResultCount: 10 })).items.some((i) => i.id === runId)).toBe(false);
    expect((await liApi.list({ type: 2, skipCount: 0, maxResultCount: 10 })).items.some((i) => i.id === runId)).toBe(true);
  });

  it('the approver is told over the hub when a run reaches him', async () => {
    const wang = await loginAs(sb.url, 't1001');
    const li = await loginAs(sb.url, 't1002');
    const hub = hubFor(li.accessToken);
    await hub.start(li.userId);
    const pushed = nextMessage(hub, titled('待审批提醒'));
    await launchLeave(wang, { days: 1.5, reason: '带孩子看病', handover: { id: li.userId, name: li.name } });
    const payload = (await pushed) as { context: string };
    expect(payload.context).toContain('王老师');
  });
});
