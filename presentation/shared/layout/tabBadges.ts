import { createEvent, createStore } from 'effector';

/**
 * Badges on the bottom tabs. The layout draws the TabBar; the screens that know a
 * count (the message centre: the total unread, capped 99+ by domain formatBadge) set
 * it here, so the layout never imports a tab body.
 */
export type MainTab = 'message' | 'home' | 'me';

export const tabBadgeChanged = createEvent<{ tab: MainTab; badge: string | null }>();

export const $tabBadges = createStore<Readonly<Record<MainTab, string | null>>>({ message: null, home: null, me: null }).on(
  tabBadgeChanged,
  (badges, { tab, badge }) => (badges[tab] === badge ? badges : { ...badges, [tab]: badge }),
);
