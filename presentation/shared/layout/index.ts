export { MainLayout } from './MainLayout';
export { MAIN_TABS, DEFAULT_TAB, tabOf, withoutHomeTab } from './tabs';
export type { TabPages } from './MainLayout';
export { PageLayout } from './PageLayout';
export type { PageLayoutProps } from './PageLayout';
export { TopBar } from './TopBar';
export { $tabBadges, tabBadgeChanged } from './tabBadges';
export type { MainTab } from './tabBadges';
