/**
 * The outbox: actions taken without a network (an approval, a to-do done, a notice marked
 * read...), kept on the device and sent when the network is back. Pure rules over a
 * user's list of entries; where the list is kept and how an entry is sent are the
 * application's (application/offline/outbox.ts).
 *
 * - Entries are sent in the order they were made, one at a time.
 * - Entries on one target (a run, a to-do) go strictly in order: one waits while an
 *   earlier one on the same target is not sent (waiting, sending, or failed and not yet
 *   retried or given up). Entries on other targets pass a failed one.
 * - An entry keeps the idempotency key it was made with for every attempt, so an answer
 *   lost after the server acted never makes the action twice.
 * - A failure another try may mend (no network, a late or unreadable answer, the server's
 *   own trouble) leaves the entry waiting; a refusal (the run was handled elsewhere, the
 *   step changed) marks it failed with the server's message until the user retries or
 *   gives up; what they typed stays on the entry either way.
 * - Each user's entries are theirs alone.
 */
import { OUTBOX_FAILED, OUTBOX_SENDING, OUTBOX_SENT, OUTBOX_WAITING } from './messages';

export type OutboxState = 'waiting' | 'sending' | 'sent' | 'failed';

export interface OutboxEntry<P = unknown> {
  /** Also the Idempotency-Key every attempt carries. */
  readonly id: string;
  readonly userId: string;
  /** Which sender sends it (application/offline). */
  readonly kind: string;
  /** What it acts on ('run:…', 'todo:…'): entries on one target go strictly in order. */
  readonly target: string;
  readonly payload: P;
  /** What the list of entries says it is (the run's or the to-do's title and the action). */
  readonly label: string;
  /** What the user typed (an opinion), kept to copy or reuse whatever happens. */
  readonly text: string;
  /** When it was made (the phone's clock); the order of sending. */
  readonly createdAt: number;
  readonly state: OutboxState;
  readonly attempts: number;
  /** Why the last attempt did not go through (the server's message, or the network's). */
  readonly reason: string | null;
  readonly sentAt: number | null;
}

/** What a new entry is made of (its state comes from the outbox). */
export type NewOutboxEntry<P = unknown> = Pick<OutboxEntry<P>, 'id' | 'userId' | 'kind' | 'target' | 'payload' | 'label'> & { readonly text?: string };

/** How an attempt ended. */
export type SendOutcome =
  | { readonly ok: true }
  /** Another try may mend it: the entry waits, and the pass stops (the network is likely down). */
  | { readonly ok: false; readonly retry: true; readonly reason: string }
  /** The server refused it: the entry fails with the reason until the user retries or gives up. */
  | { readonly ok: false; readonly retry: false; readonly reason: string };

/** Sent entries shown as 已发送 for so long, and at most so many of them. */
export const OUTBOX_SENT_KEPT_MS = 24 * 60 * 60 * 1000;
export const OUTBOX_SENT_KEPT = 20;

const byOrder = (a: OutboxEntry, b: OutboxEntry): number => a.createdAt - b.createdAt;

/** A user's entries in the order they were made. */
export const entriesOf = (all: readonly OutboxEntry[], userId: string): OutboxEntry[] =>
  all.filter((e) => e.userId === userId).sort(byOrder);

/** A new entry at the end of the list (its time from the clock, never before the last one's). */
export function enqueue(all: readonly OutboxEntry[], entry: NewOutboxEntry, now: number): OutboxEntry[] {
  if (all.some((e) => e.id === entry.id)) return [...all];
  const last = all.reduce((m, e) => Math.max(m, e.createdAt), Number.NEGATIVE_INFINITY);
  const createdAt = Number.isFinite(last) && last >= now ? last + 1 : now;
  return [
    ...all,
    { ...entry, text: entry.text ?? '', createdAt, state: 'waiting', attempts: 0, reason: null, sentAt: null },
  ];
}

const unsettled = (e: OutboxEntry): boolean => e.state !== 'sent';

/**
 * The entry to send next for a user, or null: the first waiting one (in order) with no
 * earlier unsettled entry on its target, and none while one is being sent.
 */
export function nextToSend(all: readonly OutboxEntry[], userId: string): OutboxEntry | null {
  const mine = entriesOf(all, userId);
  if (mine.some((e) => e.state === 'sending')) return null;
  const blocked = new Set<string>();
  for (const e of mine) {
    if (e.state === 'waiting' && !blocked.has(e.target)) return e;
    if (unsettled(e)) blocked.add(e.target);
  }
  return null;
}

const update = (all: readonly OutboxEntry[], id: string, change: (e: OutboxEntry) => OutboxEntry): OutboxEntry[] =>
  all.map((e) => (e.id === id ? change(e) : e));

/** An attempt starts. */
export const markSending = (all: readonly OutboxEntry[], id: string): OutboxEntry[] =>
  update(all, id, (e) => (e.state === 'waiting' ? { ...e, state: 'sending', attempts: e.attempts + 1 } : e));

/** An attempt ended. */
export const settle = (all: readonly OutboxEntry[], id: string, outcome: SendOutcome, now: number): OutboxEntry[] =>
  update(all, id, (e) => {
    if (e.state !== 'sending') return e;
    if (outcome.ok) return { ...e, state: 'sent', reason: null, sentAt: now };
    return { ...e, state: outcome.retry ? 'waiting' : 'failed', reason: outcome.reason };
  });

/** 重试 on a failed entry: it waits again, with the same key. */
export const retryEntry = (all: readonly OutboxEntry[], id: string): OutboxEntry[] =>
  update(all, id, (e) => (e.state === 'failed' ? { ...e, state: 'waiting', reason: null } : e));

/** 放弃: the entry goes (not one being sent: its answer may still come). */
export const giveUp = (all: readonly OutboxEntry[], id: string): OutboxEntry[] =>
  all.filter((e) => e.id !== id || e.state === 'sending');

/**
 * After the app was closed in the middle of an attempt: the entry waits again. Sending it
 * again is safe, since it carries the same key.
 */
export const recoverInterrupted = (all: readonly OutboxEntry[]): OutboxEntry[] =>
  all.map((e) => (e.state === 'sending' ? { ...e, state: 'waiting' } : e));

/** Sent entries older than a day, or beyond the newest OUTBOX_SENT_KEPT of a user, go. */
export function prune(all: readonly OutboxEntry[], now: number): OutboxEntry[] {
  const keep = new Set<string>();
  const users = new Set(all.map((e) => e.userId));
  for (const user of users) {
    entriesOf(all, user)
      .filter((e) => e.state === 'sent' && now - (e.sentAt ?? 0) < OUTBOX_SENT_KEPT_MS)
      .slice(-OUTBOX_SENT_KEPT)
      .forEach((e) => keep.add(e.id));
  }
  return all.filter((e) => e.state !== 'sent' || keep.has(e.id));
}

/** How many of a user's entries are not sent yet (the badge). */
export const pendingCount = (all: readonly OutboxEntry[], userId: string): number =>
  all.filter((e) => e.userId === userId && unsettled(e)).length;

/** The targets ('run:…', 'todo:…') a user has an action not sent on yet: their cards show 待发送, not their buttons. */
export const pendingTargets = (all: readonly OutboxEntry[], userId: string): ReadonlySet<string> =>
  new Set(all.filter((e) => e.userId === userId && unsettled(e)).map((e) => e.target));

/** An approval run's target, and a to-do's. */
export const runTarget = (runId: string): string => `run:${runId}`;
export const todoTarget = (todoId: string): string => `todo:${todoId}`;
/** 全部标记为已读 in the approval centre: the received runs, whichever they are when it goes. */
export const RUNS_READ_TARGET = 'runs:read';
/** 全部已读 in the message tab. */
export const MESSAGES_READ_TARGET = 'messages:read';

/** What an entry's line says of its state: 待发送, 发送中, 已发送, or why it failed. */
export function entryStatus(e: OutboxEntry): string {
  switch (e.state) {
    case 'waiting':
      return OUTBOX_WAITING;
    case 'sending':
      return OUTBOX_SENDING;
    case 'sent':
      return OUTBOX_SENT;
    case 'failed':
      return e.reason ? `${OUTBOX_FAILED}：${e.reason}` : OUTBOX_FAILED;
  }
}
