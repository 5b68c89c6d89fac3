import { AppOutline, MessageOutline, UserOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { Suspense, useEffect, type ComponentType } from 'react';
import { useLocation, useSearch } from 'wouter';
import { OfflineBanner } from '../OfflineBanner';
import { UpdatePrompt } from '../UpdatePrompt';
import { PageLoading } from '../PageLoading';
import { TAB_LABELS } from '../strings';
import { $tabBadges, type MainTab } from './tabBadges';
import { DEFAULT_TAB, MAIN_TABS, tabOf, withoutHomeTab } from './tabs';
import { TopBar } from './TopBar';
import { TabBar } from './TabBar';
import { useDocumentTitle } from '../useDocumentTitle';
import { useOutboxPending } from '../outboxBadge';
import { formatBadge } from '../../../domain/shared/formats';

/** The three tab bodies; presentation/tabPages.ts names them (TAB_PAGES), so other areas plug in without touching the layout. */
export type TabPages = Readonly<Record<MainTab, ComponentType>>;

const ICONS: Record<MainTab, ComponentType> = { message: MessageOutline, home: AppOutline, me: UserOutline };

/**
 * The main layout (SPEC point 2 "main layout, home"): the tab body, the top bar on the
 * home tab and the bottom tab bar message / home / me.
 */
export function MainLayout({ tabs }: { tabs: TabPages }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const badges = useUnit($tabBadges);
  // 我的 counts the actions waiting in the outbox (its 待发送 row).
  const pending = useOutboxPending();
  const tab = tabOf(search);
  useDocumentTitle(null);

  useEffect(() => {
    const cleaned = withoutHomeTab(search);
    if (cleaned !== null) navigate(`/${cleaned}`, { replace: true });
  }, [search, navigate]);

  const Body = tabs[tab];
  return (
    <div className={`cw-main cw-main--${tab}`}>
      {tab === 'home' ? <TopBar /> : null}
      <div className="cw-main__body">
        <Suspense fallback={<PageLoading />}>
          <Body />
        </Suspense>
      </div>
      <nav className="cw-main__tabs" aria-label="main">
        <UpdatePrompt />
        <OfflineBanner />
        <TabBar
          active={tab}
          onChange={(key) => {
            window.scrollTo(0, 0);
            navigate(key === DEFAULT_TAB ? '/' : `/?tab=${key}`, { replace: true });
          }}
          items={MAIN_TABS.map((key) => {
            const Icon = ICONS[key];
            return { key, icon: <Icon />, title: TAB_LABELS[key], badge: key === 'me' && pending > 0 ? formatBadge(pending) : badges[key] };
          })}
        />
      </nav>
    </div>
  );
}
