/**
 * The outbox (application/offline/outbox.ts) against the in-process sandbox: approvals and
 * a to-do completion made without a network are sent once when it is back (the sandbox
 * confirms one handling each), in order; an answer lost after the server acted is sent
 * again with the same key and still handled once; a run handled elsewhere meanwhile comes
 * back with the server's message and keeps the opinion; a store shared by two users keeps
 * each one's entries apart; a reload (a new outbox on the same store) finds everything.
 */
import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { USER } from '../../../sandbox/seed/ids';
import { oneDayLeaveFormData } from '../../../sandbox/testkit';
import { createOutbox, type OutboxDeps } from '../../../application/offline/outbox';
import { createOutboxModel } from '../../../application/offline/outboxModel';
import { ApiError } from '../../../application/ports/errors';
import { OUTBOX_QUEUED } from '../../../domain/offline';
import { createOutboxBadge } from '../../../application/offline/badge';
import type { QuickHandlingBody } from '../../../domain/approval';
import { HttpApprovalApi } from '../../../infrastructure/approval/approvalApi';
import { loginAs } from '../contract/support/partB';
import { testSandbox } from '../testSandbox';
import { recordingNotifier } from './approval.fixtures';
import { memoryOutboxStore } from './offline.fixtures';

const sb = testSandbox();

/** The device's store, in memory (the browser's is IndexedDB). */
const memoryStore = memoryOutboxStore;

const api = async (account: string) => new HttpApprovalApi((await loginAs(sb.url, account)).http);

async function startLeave(reason: string): Promise<string> {
  const teacher = await api('t1001');
  const out = await teacher.initiate({ code: 'leave', isInitiate: 1, formData: oneDayLeaveFormData(reason) } as never);
  return out.flowRunId ?? '';
}

/** 李主任's handlings of a run. */
const handlings = (runId: string) =>
  (sb.db.workflow.runs.find((r) => r.id === runId)?.visits ?? []).flatMap((v) => v.details).filter((d) => d.userId === USER.t1002 && d.state !== -1 && d.state !== 4);

const fault = (body: Record<string, unknown>) =>
  fetch(`${sb.url}/sandbox/admin/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** An outbox whose senders go through the real adapter, failing as a phone with no network does while `net.down`. */
async function setup(store = memoryStore()) {
  const approver = await api('t1002');
  const net = { down: false };
  const calls: string[] = [];
  const guard = <T>(call: () => Promise<T>): Promise<T> => (net.down ? Promise.reject(new ApiError('network', '')) : call());
  let now = Date.UTC(2026, 10, 26, 8);
  const deps: OutboxDeps = {
    store,
    clock: { now: () => (now += 1000) },
    senders: {
      quickAgree: (body: QuickHandlingBody, opts) => {
        calls.push(opts.idempotencyKey);
        return guard(() => approver.quickHandling(body, opts));
      },
    },
  };
  return { outbox: createOutbox(deps), store, net, calls, deps };
}

const entry = (id: string, runId: string, mark: string) => ({
  id,
  userId: USER.t1002,
  kind: 'quickAgree',
  target: `run:${runId}`,
  payload: { flowRunId: runId, type: 0, mark } satisfies QuickHandlingBody,
  label: `请假 同意`,
  text: mark,
});

describe('the outbox against the sandbox', () => {
  it('approvals made offline wait, survive a reload, and are sent once each, in order, when the network is back', async () => {
    const [a, b] = [await startLeave('离线一'), await startLeave('离线二')];
    const first = await setup();
    first.net.down = true;
    await first.outbox.add(entry('k-a', a, '同意，离线一'));
    await first.outbox.add(entry('k-b', b, '同意，离线二'));
    const offline = await first.outbox.flush(USER.t1002);
    expect(offline.sent).toEqual([]);
    expect(offline.stoppedBy?.kind).toBe('offline');
    expect((await first.outbox.list(USER.t1002)).map((e) => [e.id, e.state, e.attempts])).toEqual([
      ['k-a', 'waiting', 1],
      ['k-b', 'waiting', 0],
    ]);
    expect(handlings(a)).toHaveLength(0);

    // A reload: a new outbox on the same device store.
    const again = await setup(first.store);
    const report = await again.outbox.flush(USER.t1002);
    expect(report.sent.map((e) => e.id)).toEqual(['k-a', 'k-b']);
    expect(again.calls).toEqual(['k-a', 'k-b']);
    expect(handlings(a)).toHaveLength(1);
    expect(handlings(b)).toHaveLength(1);
    expect((await again.outbox.list(USER.t1002)).map((e) => e.state)).toEqual(['sent', 'sent']);
    // Nothing more to send: another pass sends nothing.
    expect((await again.outbox.flush(USER.t1002)).sent).toEqual([]);
    expect(handlings(a)).toHaveLength(1);
  });

  it('an answer lost after the server acted: sent again with the same key, handled once', async () => {
    const run = await startLeave('答复丢失');
    const { outbox, calls } = await setup();
    await outbox.add(entry('k-lost', run, '同意'));
    await fault({ path: '/flow-run/quick-handling', answer: 'badJson', times: 1 });
    const lost = await outbox.flush(USER.t1002);
    expect(lost.sent).toEqual([]);
    expect(lost.stoppedBy?.kind).toBe('malformed');
    expect(handlings(run)).toHaveLength(1);
    const report = await outbox.flush(USER.t1002);
    expect(report.sent.map((e) => e.id)).toEqual(['k-lost']);
    expect(calls).toEqual(['k-lost', 'k-lost']);
    expect(handlings(run)).toHaveLength(1);
  });

  it('a run handled elsewhere meanwhile: the server says why, the opinion stays, later entries still go; 放弃 removes it', async () => {
    const [gone, other] = [await startLeave('已撤销'), await startLeave('照常')];
    const { outbox } = await setup();
    await outbox.add(entry('k-gone', gone, '我写的意见'));
    await outbox.add(entry('k-other', other, '同意'));
    await (await api('t1001')).revoke(gone);
    const report = await outbox.flush(USER.t1002);
    expect(report.refused.map((e) => e.id)).toEqual(['k-gone']);
    expect(report.sent.map((e) => e.id)).toEqual(['k-other']);
    const [failed] = await outbox.list(USER.t1002);
    expect(failed).toMatchObject({ state: 'failed', text: '我写的意见' });
    expect(failed?.reason).toBeTruthy();
    expect(failed?.reason).not.toBe('请求失败');
    expect(handlings(gone).filter((d) => d.mark === '我写的意见')).toHaveLength(0);
    await outbox.giveUp(USER.t1002, 'k-gone');
    expect((await outbox.list(USER.t1002)).map((e) => e.id)).toEqual(['k-other']);
  });

  it("two users on one device: each one's entries are theirs; clearing one leaves the other's", async () => {
    const run = await startLeave('两位用户');
    const { outbox, store, net } = await setup();
    net.down = true;
    await outbox.add(entry('k-mine', run, '同意'));
    await outbox.add({ ...entry('k-theirs', run, '同意'), userId: USER.t1001 });
    expect((await outbox.list(USER.t1002)).map((e) => e.id)).toEqual(['k-mine']);
    expect((await outbox.list(USER.t1001)).map((e) => e.id)).toEqual(['k-theirs']);
    await outbox.clear(USER.t1001);
    expect(store.raw.has(USER.t1001)).toBe(false);
    expect((await outbox.list(USER.t1002)).map((e) => e.id)).toEqual(['k-mine']);
  });

  it('two passes asked at once are one pass: nothing is sent twice', async () => {
    const run = await startLeave('同时');
    const { outbox, calls } = await setup();
    await outbox.add(entry('k-once', run, '同意'));
    const [x, y] = await Promise.all([outbox.flush(USER.t1002), outbox.flush(USER.t1002)]);
    expect(x).toBe(y);
    expect(calls).toEqual(['k-once']);
    expect(handlings(run)).toHaveLength(1);
  });
});

describe('the outbox model (fork scope)', () => {
  it('an action queued offline waits (the badge counts it); the network back sends it once and says so; a refusal is told with its reason', async () => {
    const [run, gone] = [await startLeave('模型一'), await startLeave('模型二')];
    const { outbox, net } = await setup();
    const notifier = recordingNotifier();
    const listeners: Array<() => void> = [];
    const connectivity = { online: () => !net.down, onOnline: (l: () => void) => (listeners.push(l), () => undefined), subscribe: () => () => undefined };
    const badge = createOutboxBadge();
    const model = createOutboxModel({ outbox, connectivity, notifier, badge, userId: USER.t1002 });
    const scope = fork();
    net.down = true;
    await allSettled(model.started, { scope });
    const { userId: _, ...queued } = entry('m-1', run, '同意');
    await allSettled(model.queued, { scope, params: queued });
    const { userId: __, ...refused } = entry('m-2', gone, '我的意见');
    await allSettled(model.queued, { scope, params: refused });
    expect(scope.getState(model.$pending)).toBe(2);
    expect(scope.getState(model.$entries).map((e) => e.state)).toEqual(['waiting', 'waiting']);
    expect(badge.get()).toBe(2);
    expect([...scope.getState(model.$pendingTargets)]).toEqual([`run:${run}`, `run:${gone}`]);
    // Each one kept is said so at once.
    expect(notifier.said).toEqual([`info:${OUTBOX_QUEUED}`, `info:${OUTBOX_QUEUED}`]);
    notifier.said.length = 0;
    await (await api('t1001')).revoke(gone);

    // Back online: the listener the model set up sends the outbox.
    net.down = false;
    expect(listeners).toHaveLength(1);
    listeners[0]!();
    await allSettled(scope);
    expect(handlings(run)).toHaveLength(1);
    expect(scope.getState(model.$entries).map((e) => [e.id, e.state])).toEqual([
      ['m-1', 'sent'],
      ['m-2', 'failed'],
    ]);
    expect(scope.getState(model.$pending)).toBe(1);
    expect(badge.get()).toBe(1);
    expect([...scope.getState(model.$pendingTargets)]).toEqual([`run:${gone}`]);
    expect(notifier.said[0]).toBe('ok:1 项待发送的操作已发送');
    expect(notifier.said[1]).toMatch(/^fail:请假 同意：/);
    // 放弃: gone from the list and the badge.
    await allSettled(model.gaveUp, { scope, params: 'm-2' });
    expect(scope.getState(model.$pending)).toBe(0);
    expect(badge.get()).toBe(0);
    model.dispose();
  });
});

describe('the outbox model: started once by a screen that may keep an action', () => {
  it('ensured starts an outbox not started (its list read, the network listened to) and is nothing to one already started', async () => {
    const calls: string[] = [];
    const fake = {
      list: async () => (calls.push('list'), []),
      flush: async () => (calls.push('flush'), { sent: [], refused: [], stoppedBy: null }),
      add: async () => undefined,
      retry: async () => undefined,
      giveUp: async () => undefined,
      clear: async () => undefined,
    } as unknown as ReturnType<typeof createOutbox>;
    const listeners: Array<() => void> = [];
    const connectivity = { online: () => true, onOnline: (l: () => void) => (listeners.push(l), () => undefined), subscribe: () => () => undefined };
    const model = createOutboxModel({ outbox: fake, connectivity, notifier: recordingNotifier(), userId: USER.t1002 });
    const scope = fork();
    await allSettled(model.ensured, { scope });
    expect(calls.sort()).toEqual(['flush', 'list', 'list']);
    expect(listeners).toHaveLength(1);
    calls.length = 0;
    await allSettled(model.ensured, { scope });
    expect(calls).toEqual([]);
    // started itself (the 待发送 page opened) still reads and sends again.
    await allSettled(model.started, { scope });
    expect(calls).toContain('list');
    expect(calls).toContain('flush');
    expect(listeners).toHaveLength(1);
    model.dispose();
  });
});
