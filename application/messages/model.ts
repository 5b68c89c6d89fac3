/**
 * The message centre's model (SPEC point 2 "Home and me", point 3 "Message tab group",
 * point 4 "Message centre"): the tab groups and the total unread count, which is the
 * message tab's badge, kept live by the hub's `Message` pushes while a screen that shows
 * counts is up (the main layout's tab bar, the message tab). It also owns 全部已读 (the
 * confirm, the call, what the user is told) and the notification entry
 * (/?tab=message&page=|link=).
 *
 * One per signed-in user ('user' lifetime): the tab bar and the message tab share it,
 * and it goes with the session, so nothing of one user's messages is shown to the next.
 */
import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { MARK_ALL_READ_CONFIRM } from '../../domain/messages/messages';
import { allRead, totalUnread } from '../../domain/messages/notices';
import { keepOrAttempt } from '../offline/keepOrAttempt';
import type { OfflineQueue } from '../offline/outboxModel';
import type { NewOutboxEntry } from '../../domain/offline/outbox';
import { formatBadge } from '../../domain/shared/formats';
import type { MessageHub, Unsubscribe } from '../ports/hub';
import type { Navigator, Notifier } from '../ports/runtime';
import { LINK_OPENER, MESSAGE_HUB, NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { tellFailure } from '../shared/failureNotice';
import { defineScreen } from '../shared/screens';
import type { LinkOpener } from '../shell/links';
import { notificationEntryTarget } from './notificationEntry';
import { messageTabPath, noticePath } from './paths';
import { MESSAGES_API, type MessagesApi, type MessageTab, type MessageTabGroup } from './ports';
import { loadMessageTabs, markAllMessagesRead, type Log } from './useCases';
import { LOGGER } from '../ports/logger';

export interface MessageCentreDeps {
  readonly api: MessagesApi;
  readonly hub: Pick<MessageHub, 'onMessage'>;
  readonly notifier: Pick<Notifier, 'fail' | 'confirm'>;
  readonly navigator: Pick<Navigator, 'go'>;
  readonly links: Pick<LinkOpener, 'open'>;
  /** Message fetch failures are logged only (SPEC point 8). */
  readonly log?: Log;
  /**
   * Where 全部已读 waits while there is no network (application/offline), loaded when it
   * is wanted: this model lives with home's tab bar, which should not download the
   * outbox's code for it.
   */
  readonly offline?: () => Promise<OfflineQueue>;
}

export function createMessageCentreModel(deps: MessageCentreDeps) {
  const log: Log = deps.log ?? (() => undefined);

  // ----- events -----
  /** A screen that shows counts came up: the tabs load, and the first one listens to the hub. */
  const connected = createEvent();
  /** That screen went away: the last one to leave stops listening. */
  const disconnected = createEvent();
  /** The hub pushed a `Message`: the tabs are fetched again (CONTRACT.md "Real-time hub"). */
  const messagePushed = createEvent<unknown>();
  const markAllReadRequested = createEvent();
  const tabOpened = createEvent<Pick<MessageTab, 'id' | 'name'>>();
  /** The message tab opened with this query: a notification's target opens on top of it. */
  const entryOpened = createEvent<string>();

  // ----- loading -----
  /** The groups, or null when the fetch failed (logged; the screen keeps what it shows). */
  const loadTabsFx = createEffect(async (): Promise<MessageTabGroup[] | null> => {
    const answer = await loadMessageTabs(deps.api, { drawnFirst: true });
    if (answer.ok) return answer.value;
    if (answer.error.kind !== 'cancelled') log('[messages] loading the message tabs failed', answer.error);
    return null;
  });

  const $groups = createStore<readonly MessageTabGroup[]>([], { serialize: 'ignore' }).on(loadTabsFx.doneData, (current, groups) => groups ?? current);
  /** True once the first fetch answered (with data or a logged failure): the skeleton goes. */
  const $loaded = createStore(false, { serialize: 'ignore' }).on(loadTabsFx.finally, () => true);
  /**
   * The last fetch failed and nothing was ever shown: the screen says so with 重试 rather
   * than 暂无消息 (a failure is not emptiness; still no toast, SPEC point 8).
   */
  const $failed = createStore(false, { serialize: 'ignore' }).on(loadTabsFx.doneData, (_, groups) => groups === null);
  const $totalUnread = $groups.map((groups) => totalUnread(groups));
  /** The message tab's badge text: '' (no badge), '1'..'99' or '99+'. */
  const $unreadBadge = $totalUnread.map((n) => formatBadge(n));

  sample({ clock: [connected, messagePushed], target: loadTabsFx });

  // ----- the hub, while anyone shows counts -----
  let stopListening: Unsubscribe | null = null;
  const listenFx = createEffect(() => {
    if (stopListening) return;
    // The hub calls back from outside effector: bound to the scope that connected.
    const pushed = scopeBind(messagePushed, { safe: true });
    stopListening = deps.hub.onMessage((payload) => pushed(payload));
  });
  const stopFx = createEffect(() => {
    stopListening?.();
    stopListening = null;
  });
  const $holders = createStore(0, { serialize: 'ignore' })
    .on(connected, (n) => n + 1)
    .on(disconnected, (n) => Math.max(0, n - 1));
  sample({ clock: connected, source: $holders, filter: (n) => n === 1, target: listenFx });
  sample({ clock: disconnected, source: $holders, filter: (n) => n === 0, target: stopFx });

  // ----- 全部已读 -----
  type Kept = { readonly queue: OfflineQueue; readonly entry: Omit<NewOutboxEntry, 'userId'> };
  /** true: marked (the tabs are asked again); kept: it waits in the outbox (no network). */
  const markAllReadFx = createEffect(async (): Promise<boolean | Kept> => {
    // The spec gives the question only: the dialog shows it as its text, with no title.
    const yes = await deps.notifier.confirm({ title: '', content: MARK_ALL_READ_CONFIRM });
    if (!yes) return false;
    const queue = deps.offline ? await deps.offline().catch(() => null) : null;
    // The entry's code comes with the outbox's, not with the tab bar.
    const kept = async (q: OfflineQueue): Promise<Kept> => ({ queue: q, entry: (await import('./outboxKinds')).queuedMessagesRead() });
    // No answer: kept too, since marking read twice is marking read once.
    const marked = await keepOrAttempt(queue?.online, () => markAllMessagesRead(deps.api));
    if (marked.kind === 'kept' && queue) return kept(queue);
    if (marked.kind === 'failed') tellFailure(deps.notifier, marked.failure);
    return marked.kind === 'done';
  });
  const readKept = sample({ clock: markAllReadFx.doneData, filter: (done): done is Kept => typeof done === 'object' });
  // What the server will do, drawn now: every tab read, the badge gone.
  $groups.on(readKept, (groups) => allRead(groups));
  sample({ clock: readKept, target: createEffect(({ queue, entry }: Kept) => queue.outbox.addFx(entry)) });
  const $markingAllRead = markAllReadFx.pending;
  sample({ clock: markAllReadRequested, filter: $markingAllRead.map((busy) => !busy), target: markAllReadFx });
  sample({ clock: markAllReadFx.doneData, filter: (marked) => marked === true, target: loadTabsFx });

  // ----- opening -----
  sample({
    clock: tabOpened,
    target: createEffect((tab: Pick<MessageTab, 'id' | 'name'>) => deps.navigator.go(noticePath(tab))),
  });
  sample({
    clock: entryOpened,
    target: createEffect((search: string) => {
      const target = notificationEntryTarget(search);
      if (target === null) return;
      // The message centre stays behind the opened page, so back comes here.
      deps.navigator.go(messageTabPath(), { replace: true });
      if (target.kind === 'page') deps.navigator.go(target.path);
      else deps.links.open(target.url, 'notice');
    }),
  });

  /** Pull to refresh: resolves when the tabs are in (or the failure is logged). */
  const refreshFx = createEffect(async () => {
    await loadTabsFx();
  });
  /** The groups were drawn from the device and a newer answer came. */
  const renew = createEvent();
  sample({ clock: renew, target: refreshFx });

  /** The message tab shows: the outbox its 全部已读 may wait in is made ready while there is a network. */
  const readyOfflineFx = createEffect(async () => {
    await deps.offline?.().catch(() => null);
  });

  return {
    renew,
    readyOfflineFx,
    $groups,
    $failed,
    $loaded,
    $totalUnread,
    $unreadBadge,
    $markingAllRead,
    connected,
    disconnected,
    messagePushed,
    markAllReadRequested,
    tabOpened,
    entryOpened,
    refreshFx,
    dispose: () => {
      stopListening?.();
      stopListening = null;
    },
  };
}

export type MessageCentreModel = ReturnType<typeof createMessageCentreModel>;

/** The message centre of the signed-in user: one, shared by the tab bar and the message tab. */
export const messageCentreScreen = defineScreen({
  name: 'messageCentre',
  lifetime: 'user',
  key: () => '',
  create: (get) =>
    createMessageCentreModel({
      api: get(MESSAGES_API),
      hub: get(MESSAGE_HUB),
      notifier: get(NOTIFIER),
      navigator: get(NAVIGATOR),
      links: get(LINK_OPENER),
      log: get(LOGGER),
      offline: async () => (await import('../offline/outboxModel')).offlineQueueOf(get),
    }),
});
