import { useLayoutEffect, useRef } from 'react';
import './scrollTabs.css';

export interface ScrollTab {
  readonly key: string;
  readonly title: string;
}

/**
 * A row of tabs that scrolls sideways, for lists of tabs the backend sizes (the launcher's
 * categories): buttons with the tab role and a CSS underline under the active title. When
 * the active tab changes it is brought to the middle of the row, measuring that one tab.
 *
 * Not antd-mobile's Tabs: that component reads every tab's offsetLeft and offsetWidth when
 * it mounts and again on each change in the row (a MutationObserver), a forced layout of
 * the whole row. With a backend's 5,000 categories a tap on the last one kept the row
 * moving for seconds before the tap could land (tests/e2e/appcenter.spec.ts).
 */
export function ScrollTabs({ tabs, activeKey, onChange }: { tabs: readonly ScrollTab[]; activeKey: string; onChange: (key: string) => void }) {
  const row = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const list = row.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab) return;
    const left = tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2;
    list.scrollLeft = Math.max(0, left);
  }, [activeKey]);

  return (
    <div ref={row} role="tablist" className="cw-scroll-tabs">
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === activeKey}
          className={tab.key === activeKey ? 'cw-scroll-tabs__tab cw-scroll-tabs__tab--active' : 'cw-scroll-tabs__tab'}
          onClick={() => onChange(tab.key)}
        >
          {tab.title}
        </button>
      ))}
    </div>
  );
}
