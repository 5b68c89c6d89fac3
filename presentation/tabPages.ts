import { lazyPage, type LazyPage } from './lazyPage';
import type { TabPages } from './shared/layout/MainLayout';

/**
 * The three bodies of the main layout's tabs. The layout never imports them: each area
 * owns its tab (messages: MessageCenterTab, portal: HomeTab, account: MeTab). Kept apart
 * from the route table, which loads MainRoute lazily, so MainRoute can read them without
 * importing the table back.
 */
export const TAB_PAGES: TabPages & Record<'message' | 'home' | 'me', LazyPage> = {
  message: lazyPage(() => import('./messages/MessageCenterTab'), 'MessageCenterTab'),
  home: lazyPage(() => import('./portal/HomeTab'), 'HomeTab'),
  me: lazyPage(() => import('./account/MeTab'), 'MeTab'),
};
