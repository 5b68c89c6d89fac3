/**
 * Message-centre state shared by the message tab and the main layout's tab bar: the tab
 * groups and the total unread count, which is the message tab's badge (SPEC point 3
 * "Message tab group": the total unread is the badge).
 *
 * The layout reads `$unreadBadge` (or `$totalUnread`) with useUnit; whoever holds the
 * MessagesApi and MessageHub ports calls `connectMessageCentre` once (the presentation
 * hook `useMessageCentre` does) so the badge is live on every tab, not only on the
 * message tab.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { formatBadge } from '../../domain/shared/formats';
import { totalUnread } from '../../domain/messages/notices';
import type { MessageHub, Unsubscribe } from '../ports/hub';
import type { MessagesApi, MessageTabGroup } from './ports';
import { consoleLog, loadMessageTabs, markAllMessagesRead } from './useCases';

/** Fetches the tab groups; answers null on failure (logged only). */
export const loadMessageTabsFx = createEffect((api: MessagesApi) => loadMessageTabs(api, consoleLog));

/** Marks every message read, then reloads; rejects when the mark call fails (shown to the user). */
export const markAllReadFx = createEffect((api: MessagesApi) => markAllMessagesRead(api, consoleLog));

/** The hub pushed a `Message`: the tabs are refetched (CONTRACT.md "Real-time hub"). */
export const messagePushed = createEvent<unknown>();

/** The signed-in session ended: nothing of the previous user may stay on screen. */
export const messageCentreReset = createEvent();

export const $messageGroups = createStore<readonly MessageTabGroup[]>([], { serialize: 'ignore' })
  .on(loadMessageTabsFx.doneData, (current, groups) => groups ?? current)
  .on(markAllReadFx.doneData, (current, groups) => groups ?? current)
  .reset(messageCentreReset);

/** True once the first fetch answered (with data or a logged failure): the skeleton goes. */
export const $messageTabsLoaded = createStore(false, { serialize: 'ignore' })
  .on(loadMessageTabsFx.finally, () => true)
  .reset(messageCentreReset);

/** Only the first load shows a skeleton; refreshes keep the list on screen. */
export const $messageTabsLoading = loadMessageTabsFx.pending;

export const $markingAllRead = markAllReadFx.pending;

/** Sum of every tab's unread count. */
export const $totalUnread = $messageGroups.map((groups) => totalUnread(groups));

/** The message tab's badge text: '' (no badge), '1'..'99' or '99+'. */
export const $unreadBadge = $totalUnread.map((n) => formatBadge(n));

/**
 * The messages API the pushes refetch with. Set by `connectMessageCentre`; a store so a
 * push arriving from outside React (the hub) needs no port of its own.
 */
const $api = createStore<MessagesApi | null>(null, { serialize: 'ignore' });
export const messagesApiProvided = createEvent<MessagesApi | null>();
$api.on(messagesApiProvided, (_, api) => api);

sample({
  clock: messagePushed,
  source: $api,
  filter: (api): api is MessagesApi => api !== null,
  target: loadMessageTabsFx,
});

/**
 * Wires the live badge: remembers the API, loads the tabs once and refetches on every
 * hub `Message`. `fire` lets a caller bind the events to its effector scope (useUnit or
 * scopeBind); by default the events are called directly. Answers the unsubscribe.
 */
export function connectMessageCentre(
  api: MessagesApi,
  hub: Pick<MessageHub, 'onMessage'>,
  fire: {
    provide: (api: MessagesApi | null) => unknown;
    load: (api: MessagesApi) => unknown;
    pushed: (payload: unknown) => unknown;
  } = { provide: messagesApiProvided, load: loadMessageTabsFx, pushed: messagePushed },
): Unsubscribe {
  fire.provide(api);
  fire.load(api);
  const off = hub.onMessage((payload) => {
    fire.pushed(payload);
  });
  return () => {
    off();
    fire.provide(null);
  };
}
