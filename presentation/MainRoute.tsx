import { useMessageTabBadge } from './messages/useMessageCentre';
import { TAB_PAGES } from './tabPages';
import { MainLayout, type TabPages } from './shared/layout/MainLayout';
import { pageComponent } from './pageComponent';

const TABS: TabPages = {
  message: pageComponent(TAB_PAGES.message),
  home: pageComponent(TAB_PAGES.home),
  me: pageComponent(TAB_PAGES.me),
};

/**
 * The '/' route: the main layout with the tab bodies of tabPages.ts, and the message
 * tab's unread badge kept live on every tab (the hub pushes refetch it).
 */
export function MainRoute() {
  useMessageTabBadge();
  return <MainLayout tabs={TABS} />;
}
