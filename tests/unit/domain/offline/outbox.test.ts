import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  enqueue,
  entriesOf,
  entryStatus,
  giveUp,
  markSending,
  nextToSend,
  formatShortDateTime,
  offlineWithPending,
  outboxLabel,
  outboxLogoutWarning,
  outboxRefused,
  outboxSent,
  OUTBOX_SENT_KEPT,
  OUTBOX_SENT_KEPT_MS,
  pendingCount,
  pendingTargets,
  prune,
  recoverInterrupted,
  retryEntry,
  runTarget,
  settle,
  todoTarget,
  type OutboxEntry,
} from '../../../../domain/offline';

const T0 = Date.UTC(2026, 10, 26, 8, 0, 0);

/** Entries made in order by `userId`, on the targets given. */
function made(targets: readonly string[], userId = 'u1', start = T0): OutboxEntry[] {
  return targets.reduce<OutboxEntry[]>(
    (all, target, i) => enqueue(all, { id: `${userId}-${i}`, userId, kind: 'approve', target, payload: { i }, label: `第${i}条`, text: `意见${i}` }, start + i),
    [],
  );
}

/** Sends the next entry of `userId` with `outcome`; the id sent, or null. */
function sendNext(all: OutboxEntry[], userId: string, outcome: Parameters<typeof settle>[2], now = T0 + 1000): [OutboxEntry[], string | null] {
  const next = nextToSend(all, userId);
  if (!next) return [all, null];
  return [settle(markSending(all, next.id), next.id, outcome, now), next.id];
}

const OK = { ok: true } as const;

/** Sends the user's entries with success until none is next; the ids sent. */
function sendAll(start: OutboxEntry[], userId: string, now = T0 + 1000): [OutboxEntry[], string[]] {
  let all = start;
  const sent: string[] = [];
  for (;;) {
    const [next, id] = sendNext(all, userId, OK, now);
    if (!id) return [all, sent];
    all = next;
    sent.push(id);
  }
}
const OFFLINE = { ok: false, retry: true, reason: '网络不可用，请检查网络后重试' } as const;
const REFUSED = { ok: false, retry: false, reason: '该流程已被他人处理' } as const;

describe('the outbox: order', () => {
  it('entries are sent in the order they were made, each once', () => {
    const [all, sent] = sendAll(made(['run:a', 'run:b', 'todo:c']), 'u1');
    expect(sent).toEqual(['u1-0', 'u1-1', 'u1-2']);
    expect(all.every((e) => e.state === 'sent' && e.attempts === 1)).toBe(true);
    expect(pendingCount(all, 'u1')).toBe(0);
  });

  it('a clock that went back still keeps the order of making', () => {
    let all = enqueue([], { id: 'x', userId: 'u1', kind: 'k', target: 't1', payload: null, label: 'x' }, T0);
    all = enqueue(all, { id: 'y', userId: 'u1', kind: 'k', target: 't2', payload: null, label: 'y' }, T0 - 60_000);
    expect(entriesOf(all, 'u1').map((e) => e.id)).toEqual(['x', 'y']);
  });

  it('entries read back in another order (two tabs, storage) still go in the order they were made', () => {
    const all = [...made(['run:a', 'run:b', 'run:c'])].reverse();
    expect(entriesOf(all, 'u1').map((e) => e.id)).toEqual(['u1-0', 'u1-1', 'u1-2']);
    expect(nextToSend(all, 'u1')?.id).toBe('u1-0');
    expect(sendAll(all, 'u1')[1]).toEqual(['u1-0', 'u1-1', 'u1-2']);
  });

  it("an entry's time is the clock's, or one past the last entry's when the clock is not past it", () => {
    const entry = (id: string) => ({ id, userId: 'u1', kind: 'k', target: 't', payload: null, label: id });
    let all = enqueue([], entry('a'), T0);
    all = enqueue(all, entry('b'), T0);
    all = enqueue(all, entry('c'), T0 + 5000);
    all = enqueue(all, entry('d'), T0 + 10);
    expect(all.map((e) => e.createdAt)).toEqual([T0, T0 + 1, T0 + 5000, T0 + 5001]);
    expect(all.map((e) => e.text)).toEqual(['', '', '', '']);
    expect(all.every((e) => e.state === 'waiting' && e.attempts === 0 && e.reason === null && e.sentAt === null)).toBe(true);
  });

  it('an entry sent (still listed as 已发送) holds nothing back on its target', () => {
    const [all, first] = sendNext(made(['run:a', 'run:a']), 'u1', OK);
    expect(first).toBe('u1-0');
    expect(all[0]?.state).toBe('sent');
    expect(nextToSend(all, 'u1')?.id).toBe('u1-1');
  });

  it('the same id made twice is one entry', () => {
    const once = made(['run:a']);
    expect(enqueue(once, { id: 'u1-0', userId: 'u1', kind: 'approve', target: 'run:a', payload: null, label: '' }, T0 + 5)).toHaveLength(1);
  });

  it('one at a time: nothing is next while an entry is being sent', () => {
    const all = markSending(made(['run:a', 'run:b']), 'u1-0');
    expect(nextToSend(all, 'u1')).toBeNull();
  });

  it.each([
    ['a failed entry holds back the later ones on its target only', ['run:a', 'run:a', 'run:b'], ['u1-2']],
    ['a failed entry on another target holds nothing back', ['run:a', 'run:b', 'run:c'], ['u1-1', 'u1-2']],
  ])('%s', (_name, targets, sentAfter) => {
    const [all] = sendNext(made(targets), 'u1', REFUSED);
    expect(all.find((e) => e.id === 'u1-0')?.state).toBe('failed');
    const [, sent] = sendAll(all, 'u1');
    expect(sent).toEqual(sentAfter);
  });
});

describe('the outbox: retry and give up', () => {
  it('a failure another try may mend leaves the entry waiting with its reason, and the next attempt sends it again with the same id', () => {
    let [all, id] = sendNext(made(['run:a', 'run:b']), 'u1', OFFLINE);
    expect(id).toBe('u1-0');
    expect(all[0]).toMatchObject({ state: 'waiting', attempts: 1, reason: OFFLINE.reason });
    expect(entryStatus(all[0]!)).toBe('待发送');
    [all, id] = sendNext(all, 'u1', OK);
    expect(id).toBe('u1-0');
    expect(all[0]).toMatchObject({ state: 'sent', attempts: 2, reason: null, sentAt: T0 + 1000 });
    expect(entryStatus(all[0]!)).toBe('已发送');
  });

  it('a refusal fails the entry with the server message and keeps what was typed; 重试 makes it wait again', () => {
    let [all] = sendNext(made(['run:a']), 'u1', REFUSED);
    expect(all[0]).toMatchObject({ state: 'failed', reason: REFUSED.reason, text: '意见0' });
    expect(entryStatus(all[0]!)).toBe('发送失败：该流程已被他人处理');
    expect(pendingCount(all, 'u1')).toBe(1);
    expect(nextToSend(all, 'u1')).toBeNull();
    all = retryEntry(all, 'u1-0');
    expect(all[0]).toMatchObject({ state: 'waiting', reason: null });
    expect(nextToSend(all, 'u1')?.id).toBe('u1-0');
  });

  it('放弃 removes the entry and lets the later ones on its target go; an entry being sent is not given up', () => {
    let [all] = sendNext(made(['run:a', 'run:a']), 'u1', REFUSED);
    all = giveUp(all, 'u1-0');
    expect(all.map((e) => e.id)).toEqual(['u1-1']);
    expect(nextToSend(all, 'u1')?.id).toBe('u1-1');
    const sending = markSending(all, 'u1-1');
    expect(giveUp(sending, 'u1-1')).toHaveLength(1);
  });

  it('retry and give up touch nothing else', () => {
    const all = made(['run:a', 'run:b']);
    expect(retryEntry(all, 'u1-0')).toEqual(all);
    expect(settle(all, 'u1-0', OK, T0)).toEqual(all);
  });

  it('each step starts only from its own state: an attempt from waiting, 重试 from failed, the recovery from sending', () => {
    const [sent] = sendNext(made(['run:a']), 'u1', OK);
    const [failed] = sendNext(made(['run:a']), 'u1', REFUSED);
    const sending = markSending(made(['run:a']), 'u1-0');
    for (const all of [sent, failed, sending]) expect(markSending(all, 'u1-0')).toEqual(all);
    for (const all of [sent, sending]) expect(retryEntry(all, 'u1-0')).toEqual(all);
    for (const all of [sent, failed, made(['run:a'])]) expect(recoverInterrupted(all)).toEqual(all);
  });

  it('an attempt cut off by closing the app waits again on the next open', () => {
    const all = recoverInterrupted(markSending(made(['run:a']), 'u1-0'));
    expect(all[0]).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(nextToSend(all, 'u1')?.id).toBe('u1-0');
  });

  it.each([
    ['waiting', '待发送'],
    ['sending', '发送中'],
    ['sent', '已发送'],
  ] as const)('state %s reads %s', (state, text) => expect(entryStatus({ ...made(['t'])[0]!, state })).toBe(text));
  it('a failure with no reason reads 发送失败', () => expect(entryStatus({ ...made(['t'])[0]!, state: 'failed', reason: null })).toBe('发送失败'));
});

describe('the outbox: per user', () => {
  it("one user's entries are never sent, counted or held back by another's", () => {
    let all = [...made(['run:a'], 'u1'), ...made(['run:a'], 'u2', T0 + 10)];
    [all] = sendNext(all, 'u1', REFUSED);
    expect(pendingCount(all, 'u1')).toBe(1);
    expect(pendingCount(all, 'u2')).toBe(1);
    expect(nextToSend(all, 'u2')?.id).toBe('u2-0');
    expect(entriesOf(all, 'u2').every((e) => e.userId === 'u2')).toBe(true);
  });

  it(`sent entries are kept for a day, at most ${OUTBOX_SENT_KEPT} a user; unsent ones always`, () => {
    let [all] = sendAll(made(Array.from({ length: OUTBOX_SENT_KEPT + 5 }, (_, i) => `run:${i}`)), 'u1');
    all = enqueue(all, { id: 'late', userId: 'u1', kind: 'k', target: 'x', payload: null, label: '' }, T0 + 2000);
    const kept = prune(all, T0 + 2000);
    expect(kept.filter((e) => e.state === 'sent')).toHaveLength(OUTBOX_SENT_KEPT);
    expect(kept.filter((e) => e.state === 'sent').map((e) => e.id)[0]).toBe('u1-5');
    expect(kept.some((e) => e.id === 'late')).toBe(true);
    expect(prune(all, T0 + 1000 + OUTBOX_SENT_KEPT_MS).map((e) => e.id)).toEqual(['late']);
  });
});

describe('the outbox (properties)', () => {
  const step = fc.oneof(
    fc.record({ op: fc.constant('add' as const), target: fc.constantFrom('run:a', 'run:b', 'todo:c') }),
    fc.record({ op: fc.constant('send' as const), outcome: fc.constantFrom<Parameters<typeof settle>[2]>(OK, OFFLINE, REFUSED) }),
    fc.record({ op: fc.constant('retry' as const), n: fc.nat(10) }),
    fc.record({ op: fc.constant('giveUp' as const), n: fc.nat(10) }),
  );

  it('whatever happens: each entry is sent at most once; per target, sends follow the order of making; only waiting entries are sent', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let all: OutboxEntry[] = [];
        let made = 0;
        const sentOrder: OutboxEntry[] = [];
        for (const s of steps) {
          if (s.op === 'add') {
            all = enqueue(all, { id: `e${made}`, userId: 'u', kind: 'k', target: s.target, payload: null, label: '' }, T0 + made);
            made += 1;
          } else if (s.op === 'send') {
            const next = nextToSend(all, 'u');
            if (!next) continue;
            expect(next.state).toBe('waiting');
            all = settle(markSending(all, next.id), next.id, s.outcome, T0);
            if (s.outcome.ok) sentOrder.push(next);
          } else {
            const e = all[s.n % Math.max(1, all.length)];
            if (!e) continue;
            all = s.op === 'retry' ? retryEntry(all, e.id) : giveUp(all, e.id);
          }
        }
        expect(new Set(sentOrder.map((e) => e.id)).size).toBe(sentOrder.length);
        for (const target of ['run:a', 'run:b', 'todo:c']) {
          const times = sentOrder.filter((e) => e.target === target).map((e) => e.createdAt);
          expect(times).toEqual([...times].sort((a, b) => a - b));
        }
        expect(all.filter((e) => e.state === 'sending')).toEqual([]);
      }),
    );
  });
});

describe('the offline banner and 更新于', () => {
  it.each([
    [0, null, '当前网络不可用'],
    [2, null, '当前网络不可用，2 项待发送'],
    [0, '10:02', '当前网络不可用 · 更新于 10:02'],
    [1, '11-25 18:40', '当前网络不可用，1 项待发送 · 更新于 11-25 18:40'],
  ] as const)('%i waiting, kept at %s: %s', (count, at, text) => {
    expect(offlineWithPending('当前网络不可用', count, at)).toBe(text);
  });

  it('a time of the same day is HH:mm, an older one MM-DD HH:mm, nothing for no date', () => {
    const now = new Date(2026, 10, 26, 12, 0).getTime();
    expect(formatShortDateTime(new Date(2026, 10, 26, 10, 2).getTime(), now)).toBe('10:02');
    expect(formatShortDateTime(new Date(2026, 10, 25, 18, 40).getTime(), now)).toBe('11-25 18:40');
    expect(formatShortDateTime(Number.NaN, now)).toBe('');
  });
});

describe('what waits, by target, and the outbox words', () => {
  it('the targets of a user\'s entries not sent yet, and no one else\'s', () => {
    let all = made([runTarget('r1'), todoTarget('t1'), runTarget('r2')]);
    all = [...all, ...made([runTarget('r9')], 'u2')];
    expect([...pendingTargets(all, 'u1')].sort()).toEqual(['run:r1', 'run:r2', 'todo:t1']);
    expect([...pendingTargets(all, 'u2')]).toEqual(['run:r9']);
    const [afterOne] = sendNext(all, 'u1', OK);
    expect([...pendingTargets(afterOne, 'u1')].sort()).toEqual(['run:r2', 'todo:t1']);
    expect(pendingTargets([], 'u1').size).toBe(0);
  });

  it.each([
    [() => runTarget('r1'), 'run:r1'],
    [() => todoTarget('t1'), 'todo:t1'],
    [() => outboxSent(3), '3 项待发送的操作已发送'],
    [() => outboxRefused('请假申请（同意）', '流程已结束'), '请假申请（同意）：流程已结束'],
    [() => outboxRefused('请假申请（同意）', null), '请假申请（同意）：发送失败'],
    [() => outboxLabel('请假申请', '同意'), '请假申请（同意）'],
    [() => outboxLogoutWarning(2), '还有 2 项待发送的操作，退出登录后它们将被删除，不会再发送。确定退出吗？'],
  ])('%s', (make, text) => expect(make()).toBe(text));
});
