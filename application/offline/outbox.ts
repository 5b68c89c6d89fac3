/**
 * The outbox's use cases (the rules are domain/offline/outbox.ts): an action taken
 * without a network is added with its idempotency key; `flush` sends a user's entries in
 * order, one at a time, until none can go (all sent, the network gone again, the session
 * ended, or only entries held behind a refusal left). Every change is written to the
 * store before the next step, so a reload or a closed app loses nothing and sends nothing
 * twice. What the user sees of it is the outbox model's.
 */
import {
  enqueue,
  entriesOf,
  giveUp as giveUpRule,
  markSending,
  nextToSend,
  prune,
  recoverInterrupted,
  retryEntry,
  settle,
  type NewOutboxEntry,
  type OutboxEntry,
  type SendOutcome,
} from '../../domain/offline/outbox';
import type { Clock } from '../ports/runtime';
import { failureOf, mayRetry, type Failure } from '../shared/failure';
import type { FlushReport, Outbox, OutboxSender, OutboxStore } from './ports';

export type { FlushReport, Outbox };

export interface OutboxDeps {
  readonly store: OutboxStore;
  /** A sender for each kind of entry. */
  readonly senders: Readonly<Record<string, OutboxSender>>;
  readonly clock: Clock;
}

/** What an attempt's failure means for the entry. */
export const outcomeOf = (e: unknown): SendOutcome & { readonly failure?: Failure } => {
  const failure = failureOf(e);
  // An ended session is no refusal of the action: the entry waits for the next login.
  const retry = failure.kind === 'sessionEnded' || failure.kind === 'cancelled' || mayRetry(failure);
  return { ok: false, retry, reason: failure.message, failure };
};

export function createOutbox(deps: OutboxDeps): Outbox {
  const { store, senders, clock } = deps;
  /** One pass at a time per user; the writes of a user go one after another. */
  const passes = new Map<string, Promise<FlushReport>>();
  let writing: Promise<unknown> = Promise.resolve();

  const change = async (userId: string, edit: (all: readonly OutboxEntry[]) => OutboxEntry[]): Promise<OutboxEntry[]> => {
    const run = writing.then(async () => {
      const next = edit(await store.read(userId));
      await store.write(userId, next);
      return next;
    });
    writing = run.catch(() => undefined);
    return run;
  };

  /** Adds an entry; the list after it. */
  const add = (entry: NewOutboxEntry): Promise<OutboxEntry[]> => change(entry.userId, (all) => enqueue(all, entry, clock.now()));

  /** The user's entries in the order they were made. */
  const list = async (userId: string): Promise<OutboxEntry[]> => entriesOf(await store.read(userId), userId);

  const pass = async (userId: string): Promise<FlushReport> => {
    const sent: OutboxEntry[] = [];
    const refused: OutboxEntry[] = [];
    let all = await change(userId, (xs) => prune(recoverInterrupted(xs), clock.now()));
    for (;;) {
      const next = nextToSend(all, userId);
      if (!next) return { sent, refused, stoppedBy: null };
      all = await change(userId, (xs) => markSending(xs, next.id));
      const sender = senders[next.kind];
      let outcome: ReturnType<typeof outcomeOf> | { ok: true };
      try {
        if (!sender) throw new Error(`No sender for ${next.kind}`);
        await sender(next.payload as never, { idempotencyKey: next.id });
        outcome = { ok: true };
      } catch (e) {
        outcome = sender ? outcomeOf(e) : { ok: false, retry: false, reason: String(e) };
      }
      all = await change(userId, (xs) => settle(xs, next.id, outcome, clock.now()));
      const settled = all.find((e) => e.id === next.id) ?? next;
      if (outcome.ok) sent.push(settled);
      else if (!outcome.retry) refused.push(settled);
      else return { sent, refused, stoppedBy: 'failure' in outcome && outcome.failure ? outcome.failure : null };
    }
  };

  /** Sends what can go now; a pass already running for the user is joined, not doubled. */
  const flush = (userId: string): Promise<FlushReport> => {
    const running = passes.get(userId);
    if (running) return running;
    const p = pass(userId).finally(() => passes.delete(userId));
    passes.set(userId, p);
    return p;
  };

  return {
    add,
    list,
    flush,
    retry: (userId: string, id: string) => change(userId, (all) => retryEntry(all, id)),
    giveUp: (userId: string, id: string) => change(userId, (all) => giveUpRule(all, id)),
    clear: (userId: string) => store.clear(userId),
  };
}
