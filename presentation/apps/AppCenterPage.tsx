import { SearchBar } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { launcherScreen } from '../../application/apps/launcherModel';
import type { MyApps } from '../../application/apps/useCases';
import {
  activeCategoryIndex,
  anchorScrollBehavior,
  anchorScrollTop,
  isAnchorLocked,
  launcherEmptyText,
  LAUNCHER_SCROLL_DEBOUNCE_MS,
  LAUNCHER_SCROLL_OFFSET,
  LAUNCHER_TILES_PER_STEP,
  searchApps,
} from '../../domain/apps/apps';
import { SEARCH_KEYWORD_MAX } from '../../domain/search/search';
import { ErrorState } from '../shared/ErrorState';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
import { ScrollTabs } from '../shared/tabs/ScrollTabs';
import { useCurrentUser } from '../shared/session';
import { LOAD_FAILED, RETRY } from '../shared/strings';
import { AppGrid } from '../shared/apps/AppGrid';
import { StepMore } from '../shared/StepMore';
import { useDrawnSteps } from '../shared/useDrawnSteps';
import { useOpenApp } from '../shared/apps/useOpenApp';
import { APP_CATEGORIES, APP_SEARCH_PLACEHOLDER, SEARCH_RESULTS_GROUP } from './strings';
import '../shared/apps/appGrid.css';
import './apps.css';

/** The groups before the apps arrive: one array, so the search below is not redone on every render. */
const NO_GROUPS: MyApps['groups'] = [];

/** The document position of an element's top edge. */
const documentTop = (el: Element): number => el.getBoundingClientRect().top + window.scrollY;

/**
 * The application launcher (page/appCenter, SPEC point 2 "Application launcher"): a
 * search box, category tabs that scroll to their anchors and follow the scroll (offset
 * 124, debounce 150 ms, a 500 ms lock after a tap), a 4-column grid per category, and
 * the search-results group.
 */
export function AppCenterPage() {
  const user = useCurrentUser();
  const model = useScreenModel(launcherScreen, { userId: user?.id ?? '', userType: user?.userType ?? 0 });
  const [data, failed] = useUnit([model.$apps, model.$failed]);
  const on = useUnit({ retried: model.retried });
  const openApp = useOpenApp();


  const [keyword, setKeyword] = useState('');
  const [active, setActive] = useState(0);
  const anchors = useRef<(HTMLElement | null)[]>([]);
  const lockedAt = useRef<number | null>(null);
  /** Taps on a tab so far: a scroll settling from before the last tap never chooses a tab over it. */
  const taps = useRef(0);
  /** The room under the last group; null until measured (a tapped last tab waits for it). */
  const [spacer, setSpacer] = useState<number | null>(null);

  const groups = data?.groups ?? NO_GROUPS;
  const tabItems = useMemo(() => groups.map((g, i) => ({ key: String(i), title: g.name })), [groups]);
  const searching = keyword.trim() !== '';
  const results = useMemo(() => searchApps(groups, keyword), [groups, keyword]);
  const emptyText = data ? launcherEmptyText(data.all.length, keyword, results.length) : null;
  // Drawn a step at a time: a backend may send thousands of groups or apps.
  const groupSteps = useDrawnSteps(useMemo(() => groups.map((g) => g.useAppTree.length), [groups]), LAUNCHER_TILES_PER_STEP);
  const resultSteps = useDrawnSteps(useMemo(() => results.map(() => 1), [results]), LAUNCHER_TILES_PER_STEP);
  const allDrawn = groupSteps.drawn >= groups.length;
  /** A tapped tab whose group was not drawn yet: scrolled to once it is. */
  const pending = useRef<number | null>(null);

  const anchorTops = useCallback(
    () => anchors.current.slice(0, groups.length).map((el) => (el ? documentTop(el) : Number.NaN)),
    [groups.length],
  );

  // The scroll follows the tabs: debounced, and not while a tapped tab is scrolling there.
  useEffect(() => {
    if (searching || groups.length === 0) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      const tapsSeen = taps.current;
      timer = setTimeout(() => {
        if (taps.current !== tapsSeen || isAnchorLocked(lockedAt.current, Date.now())) return;
        const index = activeCategoryIndex(window.scrollY, anchorTops(), LAUNCHER_SCROLL_OFFSET);
        if (index >= 0) setActive(index);
      }, LAUNCHER_SCROLL_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [searching, groups.length, anchorTops]);

  // Room under the last category, so that its anchor too can reach the top.
  useEffect(() => {
    if (searching || groups.length === 0 || !allDrawn) return;
    const last = anchors.current[groups.length - 1];
    if (!last) return;
    setSpacer(Math.max(0, window.innerHeight - LAUNCHER_SCROLL_OFFSET - last.getBoundingClientRect().height));
  }, [searching, groups.length, data, allDrawn]);

  const scrollToAnchor = (el: HTMLElement) => {
    lockedAt.current = Date.now();
    const top = anchorScrollTop(documentTop(el), LAUNCHER_SCROLL_OFFSET);
    window.scrollTo({ top, behavior: anchorScrollBehavior(window.scrollY, top, window.innerHeight) });
  };

  const goToCategory = (index: number) => {
    const el = anchors.current[index];
    setActive(index);
    // The lock runs from the tap, also while a group not yet drawn is drawn.
    taps.current += 1;
    lockedAt.current = Date.now();
    pending.current = null;
    if (el) scrollToAnchor(el);
    else if (index < groups.length) {
      pending.current = index;
      // The tab shows as chosen at once; the groups up to it are drawn without holding the
      // tap (a backend's thousands of groups took seconds to draw on a phone).
      startTransition(() => groupSteps.more(index));
    }
  };

  // A tapped tab's group has just been drawn: there now, once the room under the last
  // group is there too (or the last groups could not reach the top).
  useEffect(() => {
    const index = pending.current;
    const el = index === null ? null : anchors.current[index];
    if (!el || (allDrawn && spacer === null)) return;
    pending.current = null;
    scrollToAnchor(el);
  }, [groupSteps.drawn, allDrawn, spacer]);

  if (!data) {
    return failed ? (
      <ErrorState title={LOAD_FAILED} status="disconnected" actionText={RETRY} onAction={() => on.retried()} />
    ) : (
      <PageLoading />
    );
  }

  return (
    <div className="cw-appcenter">
      <div className="cw-appcenter__head">
        <div className="cw-appcenter__search">
          <SearchBar
            placeholder={APP_SEARCH_PLACEHOLDER}
            value={keyword}
            maxLength={SEARCH_KEYWORD_MAX}
            onChange={(v) => setKeyword(v.slice(0, SEARCH_KEYWORD_MAX))}
            onClear={() => setKeyword('')}
          />
        </div>
        {!searching && groups.length > 0 ? (
          <nav className="cw-appcenter__tabs" aria-label={APP_CATEGORIES}>
            <ScrollTabs tabs={tabItems} activeKey={String(active)} onChange={(key) => goToCategory(Number(key))} />
          </nav>
        ) : null}
      </div>

      {emptyText !== null ? (
        <ErrorState title={emptyText} status="empty" />
      ) : searching ? (
        <section className="cw-appcenter__group" aria-label={SEARCH_RESULTS_GROUP}>
          <h2 className="cw-appcenter__group-title">{SEARCH_RESULTS_GROUP}</h2>
          <AppGrid apps={resultSteps.sentinel ? results.slice(0, resultSteps.drawn) : results} onOpen={openApp} label={SEARCH_RESULTS_GROUP} />
          <StepMore sentinel={resultSteps.sentinel} />
        </section>
      ) : (
        <>
          {groups.slice(0, groupSteps.drawn).map((g, i) => (
            <section
              key={g.id}
              className="cw-appcenter__group"
              aria-label={g.name}
              ref={(el) => {
                anchors.current[i] = el;
              }}
            >
              <h2 className="cw-appcenter__group-title">{g.name}</h2>
              <AppGrid apps={g.useAppTree} onOpen={openApp} label={g.name} />
            </section>
          ))}
          {allDrawn ? <div style={{ height: spacer ?? 0 }} aria-hidden="true" /> : <StepMore sentinel={groupSteps.sentinel} />}
        </>
      )}
    </div>
  );
}
