import type { MainTab } from './tabBadges';

export const MAIN_TABS: readonly MainTab[] = ['message', 'home', 'me'];
export const DEFAULT_TAB: MainTab = 'home';

/** The tab of a query string: message or me when asked, home otherwise (SPEC point 2). */
export const tabOf = (search: string): MainTab => {
  const tab = new URLSearchParams(search).get('tab');
  return tab === 'message' || tab === 'me' ? tab : DEFAULT_TAB;
};

/** The same query without `tab`, when the tab is home: the default is never spelled out in the address. */
export const withoutHomeTab = (search: string): string | null => {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  if (tab === null || tab === 'message' || tab === 'me') return null;
  params.delete('tab');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
};
