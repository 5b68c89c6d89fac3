import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './scrollTabs.css';

export interface ScrollTab {
  readonly key: string;
  /** The title, and a count beside it if the screen has one (the tab's accessible name is all of it). */
  readonly title: ReactNode;
}

/**
 * A row of tabs that scrolls sideways (the launcher's categories, the approval centre's
 * four tabs with their counts): buttons with the tab role and a CSS underline under the
 * active title. When the active tab changes it is brought to the middle of the row,
 * measuring that one tab; a row that opens on its first tab is not measured at all (it
 * starts at its left end), so the screen's first render forces no layout.
 *
 * Not antd-mobile's Tabs: that component reads every tab's offsetLeft and offsetWidth when
 * it mounts and again on each change in the row (a MutationObserver), a forced layout of
 * the whole row. With a backend's 5,000 categories a tap on the last one kept the row
 * moving for seconds before the tap could land (tests/e2e/appcenter.spec.ts).
 *
 * With a keyboard (a tablet's, a switch device) it is one stop in the tab order, the
 * active tab; the arrow keys move to the tab before or after (round the ends), Home and
 * End to the first and last, choosing it as a tap does (the WAI-ARIA tabs pattern).
 */
export function ScrollTabs({
  tabs,
  activeKey,
  onChange,
  spread = false,
  className,
}: {
  tabs: readonly ScrollTab[];
  activeKey: string;
  onChange: (key: string) => void;
  /** A few tabs spread over the row while they fit (rather than packed at its start). */
  spread?: boolean;
  /** The screen's own look (the row's and the tabs' sizes), beside the shared one. */
  className?: string;
}) {
  const row = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);

  useLayoutEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (first && tabs[0]?.key === activeKey) return;
    const list = row.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab) return;
    const left = tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2;
    list.scrollLeft = Math.max(0, left);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the active tab moves the row
  }, [activeKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    const tab = next === null ? undefined : tabs[next];
    if (next === null || !tab) return;
    event.preventDefault();
    row.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
    onChange(tab.key);
  };

  return (
    <div ref={row} role="tablist" className={['cw-scroll-tabs', spread ? 'cw-scroll-tabs--spread' : '', className ?? ''].filter(Boolean).join(' ')}>
      {tabs.map((tab, index) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === activeKey}
          tabIndex={tab.key === activeKey ? 0 : -1}
          onKeyDown={(event) => onKeyDown(event, index)}
          className={tab.key === activeKey ? 'cw-scroll-tabs__tab cw-scroll-tabs__tab--active' : 'cw-scroll-tabs__tab'}
          onClick={() => onChange(tab.key)}
        >
          <span className="cw-scroll-tabs__title">{tab.title}</span>
        </button>
      ))}
    </div>
  );
}
