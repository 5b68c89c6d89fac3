import { useUnit } from 'effector-react';
import { sample } from 'effector';
import { useEffect } from 'react';
import { MESSAGES_API, type MessagesApi } from '../../application/messages/ports';
import {
  $unreadBadge,
  connectMessageCentre,
  loadMessageTabsFx,
  messagePushed,
  messagesApiProvided,
} from '../../application/messages/model';
import type { MessageHub } from '../../application/ports/hub';
import { MESSAGE_HUB } from '../../application/ports/tokens';
import { useInjection } from '../shared/di';
import { tabBadgeChanged } from '../shared/layout/tabBadges';

/**
 * How many mounted components want the live message centre; the first one connects
 * (loads the tabs and listens to the hub), the last one to leave disconnects. The tab
 * bar and the message tab may both be on screen: one connection serves both.
 */
let users = 0;
let disconnect: (() => void) | null = null;

/**
 * Keeps the message tabs loaded and live: refetched on every hub `Message`. Call it from
 * anything that shows message counts (the main layout's tab bar, the message tab).
 */
export function useMessageCentreConnection(): void {
  const api = useInjection<MessagesApi>(MESSAGES_API);
  const hub = useInjection<MessageHub>(MESSAGE_HUB);
  // Bound to the app's effector scope when there is one.
  const fire = useUnit({ provide: messagesApiProvided, load: loadMessageTabsFx, pushed: messagePushed });
  useEffect(() => {
    users += 1;
    if (users === 1) disconnect = connectMessageCentre(api, hub, fire);
    else fire.load(api);
    return () => {
      users -= 1;
      if (users === 0) {
        disconnect?.();
        disconnect = null;
      }
    };
    // The ports and the bound events are stable for the life of the app.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, hub]);
}

/**
 * The message tab's badge ('' for none, up to '99+'), live. For the main layout's
 * TabBar: `badge={useMessageBadge() || undefined}`.
 */
export function useMessageBadge(): string {
  useMessageCentreConnection();
  return useUnit($unreadBadge);
}

/**
 * The bottom bar's message badge ($tabBadges.message) is the total unread, whenever the
 * tab groups change: while the connection below is up, that is live.
 */
sample({
  clock: $unreadBadge,
  fn: (badge) => ({ tab: 'message' as const, badge: badge === '' ? null : badge }),
  target: tabBadgeChanged,
});

/**
 * Keeps the message tabs live and answers the badge text. The message tab calls it; the
 * main layout may call it too (one line) so the badge stays live while another tab is
 * open.
 */
export function useMessageTabBadge(): string {
  return useMessageBadge();
}
