import { useMessageTabBadge } from './messages/useMessageCentre';
import { TAB_PAGES } from './tabPages';
import { MainLayout } from './shared/layout/MainLayout';

/**
 * The '/' route: the main layout with the tab bodies of tabPages.ts, and the message
 * tab's unread badge kept live on every tab (the hub pushes refetch it).
 */
export function MainRoute() {
  useMessageTabBadge();
  return <MainLayout tabs={TAB_PAGES} />;
}
