/**
 * The signed-in user's outbox as the screens see it ('user' lifetime): its entries with
 * their states (我的 → 待发送), the count of those not sent (the badge), and when it is
 * sent: on the first use after the app opens, each time the network comes back, and
 * right after an entry is added or retried. What a pass did is told once: the entries
 * sent, and each refusal with the server's message (the entry stays, with what was
 * typed, for 重试 or 放弃).
 */
import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { pendingCount, pendingTargets, type NewOutboxEntry, type OutboxEntry } from '../../domain/offline/outbox';
import { OUTBOX_GIVE_UP, OUTBOX_GIVE_UP_CONFIRM, OUTBOX_GIVE_UP_TITLE, OUTBOX_QUEUED, outboxRefused, outboxSent } from '../../domain/offline/messages';
import type { Notifier } from '../ports/runtime';
import { NOTIFIER } from '../ports/tokens';
import { defineScreen, SCREEN_MODELS, type Resolve } from '../shared/screens';
import { failureOf } from '../shared/failure';
import { CONNECTIVITY, OUTBOX, OUTBOX_BADGE, type Connectivity, type FlushReport, type Outbox, type OutboxBadge } from './ports';

export interface OutboxModelDeps {
  readonly outbox: Outbox;
  readonly connectivity: Connectivity;
  readonly notifier: Pick<Notifier, 'success' | 'fail' | 'info' | 'confirm'>;
  readonly userId: string;
  /** Where the count not sent is shown outside the outbox's code (the tab bar, the banner). */
  readonly badge?: OutboxBadge;
}

export function createOutboxModel(deps: OutboxModelDeps) {
  const { outbox, userId } = deps;
  /** The app opened for this user, or the 待发送 page is shown: read the list and send. */
  const started = createEvent();
  /** An action taken without a network, with its idempotency key as its id. */
  const queued = createEvent<Omit<NewOutboxEntry, 'userId'>>();
  const cameOnline = createEvent();
  const retried = createEvent<string>();
  const gaveUp = createEvent<string>();
  /** 放弃 tapped on the list: asked first (the action will never be sent). */
  const giveUpAsked = createEvent<string>();

  const loadFx = createEffect(() => outbox.list(userId));
  const addFx = createEffect((entry: Omit<NewOutboxEntry, 'userId'>) => outbox.add({ ...entry, userId }));
  /** Several actions kept together (a batch), in their order; the screen that kept them says so. */
  const queuedAll = createEvent<readonly Omit<NewOutboxEntry, 'userId'>[]>();
  const addAllFx = createEffect(async (entries: readonly Omit<NewOutboxEntry, 'userId'>[]) => {
    for (const entry of entries) await outbox.add({ ...entry, userId });
  });
  const retryFx = createEffect((id: string) => outbox.retry(userId, id));
  const giveUpFx = createEffect((id: string) => outbox.giveUp(userId, id));
  const flushFx = createEffect(() => outbox.flush(userId));

  const $entries = createStore<readonly OutboxEntry[]>([], { serialize: 'ignore' }).on(loadFx.doneData, (_, list) => list);
  const $pending = $entries.map((list) => pendingCount(list, userId));
  /** The runs and to-dos with an action not sent yet ('run:…', 'todo:…'): their cards say 待发送. */
  const $pendingTargets = $entries.map((list) => pendingTargets(list, userId));
  /** A pass is under way (the list shows 发送中 on its entry). */
  const $sending = flushFx.pending;

  sample({ clock: [addFx.done, addAllFx.finally, retryFx.done, giveUpFx.done, flushFx.finally], target: loadFx });
  // A pass is tried whenever something may go, but not while the phone knows it has no network.
  sample({ clock: [started, cameOnline, addFx.done, addAllFx.done, retryFx.done], filter: () => deps.connectivity.online(), target: flushFx });
  sample({ clock: queuedAll, filter: (entries) => entries.length > 0, target: addAllFx });
  sample({ clock: started, target: loadFx });
  sample({ clock: queued, target: addFx });
  sample({ clock: retried, target: retryFx });
  sample({ clock: gaveUp, target: giveUpFx });
  const confirmGiveUpFx = createEffect(async (id: string) => ({
    id,
    yes: await deps.notifier.confirm({ title: OUTBOX_GIVE_UP_TITLE, content: OUTBOX_GIVE_UP_CONFIRM, confirmText: OUTBOX_GIVE_UP }),
  }));
  sample({ clock: giveUpAsked, target: confirmGiveUpFx });
  sample({ clock: confirmGiveUpFx.doneData, filter: ({ yes }) => yes, fn: ({ id }) => id, target: giveUpFx });

  const tellFx = createEffect((report: FlushReport) => {
    if (report.sent.length > 0) deps.notifier.success(outboxSent(report.sent.length));
    for (const e of report.refused) deps.notifier.fail(outboxRefused(e.label, e.reason));
  });
  sample({ clock: flushFx.doneData, target: tellFx });
  /** A pass settled entries (sent or refused) on these targets: the screens showing them ask again. */
  const settled = createEvent<readonly string[]>();
  sample({
    clock: flushFx.doneData,
    filter: (r) => r.sent.length + r.refused.length > 0,
    fn: (r) => [...r.sent, ...r.refused].map((e) => e.target),
    target: settled,
  });
  // An action kept is said so at once; one the device could not keep (no storage) says why.
  sample({ clock: addFx.done, target: createEffect(() => deps.notifier.info(OUTBOX_QUEUED)) });
  sample({ clock: [addFx.failData, addAllFx.failData], target: createEffect((e: unknown) => deps.notifier.fail(failureOf(e).message)) });
  if (deps.badge) {
    const badge = deps.badge;
    sample({ clock: $pending, target: createEffect((count: number) => badge.set(count)) });
  }

  // The network's return comes from outside effector: bound to the scope that started it.
  let stop: (() => void) | null = null;
  const listenFx = createEffect(() => {
    if (stop) return;
    const online = scopeBind(cameOnline, { safe: true });
    stop = deps.connectivity.onOnline(() => online());
  });
  sample({ clock: started, target: listenFx });
  /** A screen that may keep an action: the outbox started unless it is already. */
  const ensured = createEvent();
  const $started = createStore(false, { serialize: 'ignore' }).on(started, () => true);
  sample({ clock: ensured, filter: $started.map((yes) => !yes), target: started });

  return {
    $entries,
    $pending,
    $pendingTargets,
    $sending,
    started,
    ensured,
    /** The 待发送 page shows: the list read and sent, as at the start. */
    opened: started,
    queued,
    queuedAll,
    retried,
    gaveUp,
    giveUpAsked,
    settled,
    /** The add itself, for a screen that waits for it before it closes (its sheet). */
    addFx,
    /** The same for several actions kept together (a batch). */
    addAllFx,
    flushFx,
    dispose: () => {
      stop?.();
      stop = null;
      deps.badge?.set(0);
    },
  };
}

export type OutboxModel = ReturnType<typeof createOutboxModel>;

export const outboxScreen = defineScreen({
  name: 'outbox',
  lifetime: 'user',
  key: (p: { userId: string }) => p.userId,
  create: (get, p) =>
    createOutboxModel({ outbox: get(OUTBOX), connectivity: get(CONNECTIVITY), notifier: get(NOTIFIER), badge: get(OUTBOX_BADGE), userId: p.userId }),
});


/** A user's outbox model. */
export const outboxOf = (get: Resolve, userId: string): OutboxModel => get(SCREEN_MODELS).get(outboxScreen, { userId });

/**
 * What a screen that queues actions needs, for its `create` (the centre's cards, the run's
 * page, the to-dos): whether the device knows it is offline, and the signed-in user's outbox.
 */
export interface OfflineQueue {
  readonly online: () => boolean;
  readonly outbox: OutboxModel;
}

/**
 * The screen's queue, and the user's outbox started: the start after sign-in waits for the
 * first screen to settle (composition/container.ts), and a screen that may keep an action
 * must have the outbox's code and list on the phone before the network goes. A screen
 * whose own first answer should go first (the approval centre's list) passes
 * `startNow: false` and calls `outbox.ensured` once that answer is in.
 */
export const offlineQueueOf = (get: Resolve, { startNow = true }: { startNow?: boolean } = {}): OfflineQueue => {
  const outbox = outboxOf(get, get(SCREEN_MODELS).userId());
  if (startNow) outbox.ensured();
  return { online: () => get(CONNECTIVITY).online(), outbox };
};

/** What a screen keeps in the outbox (the outbox adds whose user). */
type NewEntry = Omit<NewOutboxEntry, 'userId'>;

/**
 * For an effect that keeps actions in the outbox and waits for them to be in before its
 * sheet or screen goes, so that nothing typed is lost when the outbox cannot take them
 * (its code not on the phone yet, the storage refusing). Call it at the effect's start,
 * before any await: the adds are bound to the effect's scope then. `one` and `all` answer
 * whether the outbox took what they were given; when it did not, the outbox has said why.
 * Without a queue there is nothing to keep in, and they answer true.
 */
export function outboxKeeper(queue: OfflineQueue | undefined): { one(entry: NewEntry): Promise<boolean>; all(entries: readonly NewEntry[]): Promise<boolean> } {
  const addOne = queue ? scopeBind(queue.outbox.addFx, { safe: true }) : null;
  const addAll = queue ? scopeBind(queue.outbox.addAllFx, { safe: true }) : null;
  const took = (adding: Promise<unknown> | undefined): Promise<boolean> => (adding ?? Promise.resolve()).then(
    () => true,
    () => false,
  );
  return { one: (entry) => took(addOne?.(entry)), all: (entries) => took(addAll?.(entries)) };
}
