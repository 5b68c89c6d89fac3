import { lazyPage, type LazyPage } from './lazyPage';
import type { MainTab } from './shared/layout/tabBadges';

/**
 * The three bodies of the main layout's tabs. The layout never imports them: each area
 * owns its tab (messages: MessageCenterTab, portal: HomeTab, account: MeTab). Kept apart
 * from the route table, which loads MainRoute lazily, so MainRoute can read them without
 * importing the table back.
 */
export const TAB_PAGES: Readonly<Record<MainTab, LazyPage>> = {
  message: lazyPage(() => import('./messages/MessageCenterTab'), 'MessageCenterTab'),
  home: lazyPage(() => import('./portal/HomeTab'), 'HomeTab'),
  me: lazyPage(() => import('./account/MeTab'), 'MeTab'),
};
