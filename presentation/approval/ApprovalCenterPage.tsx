import { Badge, Button, Checkbox, SearchBar, Skeleton } from 'antd-mobile';
import { AddOutline, FilterOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { approvalCenterScreen, flowListPath, runPathOfCard, type ApprovalCenterModel } from '../../application/approval';
import {
  APPROVAL_TABS,
  batchBlocker,
  FILTER_TITLE,
  MARK_ALL_READ,
  ONLY_UNREAD,
  showUnreadControls,
  tabCount,
  TODO_TAB,
  type ApprovalFilter,
  type CardButtonKey,
  type FlowRunListItem,
} from '../../domain/approval';
import { formatBadge } from '../../domain/shared/formats';
import { BATCH_RUN_KEPT } from '../../domain/offline';
import { runTarget } from '../../domain/offline/outbox';
import { ErrorState } from '../shared/ErrorState';
import { afterNextPaint } from '../shared/afterPaint';
import { PageLayout } from '../shared/layout';
import { useBack } from '../shared/navigation';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
import { ListFoot } from '../shared/ListFoot';
import { VirtualList } from '../shared/VirtualList';
import { BACK, LOADING } from '../shared/strings';
import { BatchEntry, BatchFooter, BatchHeader, BatchResult, BatchSheet } from './BatchControls';
import { LazyFilterPopup } from './LazyFilterPopup';
import { QuickAgreeSheet } from './QuickAgreeSheet';
import { RunCard } from './RunCard';
import { useHiddenWhileScrollingDown } from './useHiddenWhileScrollingDown';
import { ADD_APPLICATION, APPROVAL_CENTER_TITLE, FILTER_ACTIVE, NO_RUNS, SEARCH_TITLE_PLACEHOLDER } from './strings';
import { ScrollTabs } from '../shared/tabs/ScrollTabs';
import { PullRefresh } from '../shared/PullRefresh';
import './approval.css';

/** A card with a two-line summary; only rows not measured yet use it (shared/VirtualList). */
const RUN_CARD_HEIGHT = 160;
const runKey = (item: FlowRunListItem): string => item.id;

/** Placeholder cards while the first page loads. */
function CardsLoading() {
  return (
    <div className="cw-ap-list__loading" role="status" aria-label={LOADING}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="cw-ap-skeleton">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}

const isFiltered = (f: ApprovalFilter): boolean =>
  Object.entries(f).some(([k, v]) => k !== 'isNotRead' && k !== 'titleOrNumber' && v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));

/**
 * page/approvalCenter (SPEC point 2 "Approval centre list"): query flowId and code open
 * it for one flow (未开通审批流程 for an app without one). Everything it does is its
 * model's (application/approval/centerModel.ts), kept per user, so coming back finds the
 * tab, the filter and the pages as they were; this is the markup.
 */
export function ApprovalCenterPage() {
  const params = new URLSearchParams(useSearch());
  const flowId = params.get('flowId');
  const code = params.get('code');
  const back = useBack();
  const model = useScreenModel(approvalCenterScreen, { flowId, code });
  const [status, title, scopeError] = useUnit([model.$status, model.$title, model.$scopeError]);
  const [shown, tabChanged] = useUnit([model.shown, model.tabChanged]);
  // ?tab= opens a given tab (where a success lands when the run was opened from a push or a link).
  const tab = params.get('tab');

  useEffect(() => {
    if (tab !== null) tabChanged(tab);
  }, [tab, tabChanged]);

  useEffect(() => {
    shown();
  }, [shown]);

  return (
    <PageLayout title={title ?? APPROVAL_CENTER_TITLE}>
      {status === 'loading' ? (
        <PageLoading />
      ) : status === 'ready' ? (
        <ApprovalList model={model} />
      ) : (
        <ErrorState title={scopeError ?? ''} status="empty" fullPage actionText={BACK} onAction={back} />
      )}
    </PageLayout>
  );
}

function ApprovalList({ model }: { model: ApprovalCenterModel }) {
  const [, navigate] = useLocation();
  const [query, items, page, hasMore, counts, queryError, busy, loadFailed, scope] = useUnit([
    model.$query,
    model.$items,
    model.$page,
    model.$hasMore,
    model.$counts,
    model.$queryError,
    model.$busy,
    model.$loadFailed,
    model.$scope,
  ]);
  const canInitiate = useUnit(model.$canInitiate);
  const queuedRuns = useUnit(model.$pendingTargets);
  const [batchOn, chosen] = useUnit([model.batch.$batchOn, model.batch.$chosen]);
  const toggleRun = useUnit(model.batch.runToggled);
  // The add button steps aside while the list scrolls down: it never covers a card's buttons.
  const fabAside = useHiddenWhileScrollingDown();
  const on = useUnit({
    tabChanged: model.tabChanged,
    searchSubmitted: model.searchSubmitted,
    unreadOnlyToggled: model.unreadOnlyToggled,
    filterOpened: model.filterOpened,
    cardAction: model.cardAction,
    markAllRead: model.markAllRead,
  });
  const [loadMore, reload, listDrawn] = useUnit([model.loadMoreFx, model.reloadFx, model.listDrawn]);
  const [text, setText] = useState(query.filter.titleOrNumber ?? '');

  useEffect(() => setText(query.filter.titleOrNumber ?? ''), [query.filter.titleOrNumber]);

  const open = useCallback((item: FlowRunListItem) => navigate(runPathOfCard(item, query.tab)), [navigate, query.tab]);
  const act = useCallback((item: FlowRunListItem, key: CardButtonKey) => on.cardAction({ item, key }), [on]);

  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  // A run whose action waits in the outbox is not chosen again: 全选 is about the others.
  const choosable = useMemo(() => items.filter((i) => !queuedRuns.has(runTarget(i.id))), [items, queuedRuns]);
  const renderRun = useCallback(
    (item: FlowRunListItem) => (
      <RunCard
        item={item}
        tab={query.tab}
        busy={busy}
        onOpen={open}
        onAction={act}
        choice={
          batchOn
            ? { chosen: chosenSet.has(item.id), blocker: queuedRuns.has(runTarget(item.id)) ? BATCH_RUN_KEPT : batchBlocker(query.tab, item), onToggle: toggleRun }
            : null
        }
        queued={queuedRuns.has(runTarget(item.id))}
      />
    ),
    [query.tab, busy, open, act, batchOn, chosenSet, toggleRun, queuedRuns],
  );

  // Always the flow list: a successful launch goes back three entries (SPEC point 8), to here.
  const add = () => navigate(flowListPath());
  const empty = items.length === 0 && page > 0 && !hasMore;
  // Before the first page: placeholder cards where the cards will be, and no footer that
  // the cards would then push down the screen (a layout shift).
  const firstLoad = page === 0 && items.length === 0 && !queryError && !loadFailed;
  const filtered = isFiltered(query.filter);
  // The first page is on screen (or could not come): what the cards do not show goes now.
  useEffect(() => (firstLoad ? undefined : afterNextPaint(listDrawn)), [firstLoad, listDrawn]);

  return (
    <div className={`cw-ap-list${batchOn ? ' cw-ap-list--batch' : canInitiate ? ' cw-ap-list--fab' : ''}`}>
      <div className="cw-ap-list__header">
        <div className="cw-ap-list__search">
          <SearchBar
            placeholder={SEARCH_TITLE_PLACEHOLDER}
            value={text}
            onChange={setText}
            onSearch={(v) => on.searchSubmitted(v)}
            onClear={() => on.searchSubmitted('')}
            maxLength={100}
          />
          <button
            type="button"
            className={`cw-ap-list__filter${filtered ? ' cw-ap-list__filter--on' : ''}`}
            onClick={() => on.filterOpened()}
            aria-label={filtered ? `${FILTER_TITLE}（${FILTER_ACTIVE}）` : FILTER_TITLE}
          >
            <FilterOutline fontSize={18} />
            <span>{FILTER_TITLE}</span>
          </button>
        </div>
        <ScrollTabs
          spread
          className="cw-ap-list__tabs"
          activeKey={String(query.tab)}
          onChange={(k) => on.tabChanged(Number(k))}
          tabs={APPROVAL_TABS.map((t) => {
            const n = tabCount(counts, t.index);
            return {
              key: String(t.index),
              title: (
                <span className="cw-ap-list__tab">
                  {t.title}
                  {n === null ? null : t.waiting ? (
                    <Badge content={formatBadge(n)} className="cw-ap-list__badge" />
                  ) : (
                    <span className="cw-ap-list__count">{formatBadge(n)}</span>
                  )}
                </span>
              ),
            };
          })}
        />
        {batchOn ? (
          <BatchHeader batch={model.batch} items={choosable} />
        ) : showUnreadControls(query.tab) ? (
          <div className="cw-ap-list__unread">
            <Checkbox className="cw-ap-list__unread-check" checked={query.filter.isNotRead === true} onChange={(v) => on.unreadOnlyToggled(v)}>
              {ONLY_UNREAD}
            </Checkbox>
            <Button size="small" fill="none" color="primary" disabled={busy} onClick={() => on.markAllRead()}>
              {MARK_ALL_READ}
            </Button>
          </div>
        ) : query.tab === TODO_TAB && items.length > 0 ? (
          <div className="cw-ap-list__unread cw-ap-batch__entry">
            <BatchEntry batch={model.batch} disabled={busy} />
          </div>
        ) : null}
      </div>
      <PullRefresh onRefresh={() => reload()}>
        <div className="cw-ap-list__items" aria-busy={page === 0}>
          {queryError ? <ErrorState title={queryError} status="empty" /> : null}
          <VirtualList items={items} itemKey={runKey} renderItem={renderRun} estimateSize={RUN_CARD_HEIGHT} />
          {empty && !queryError ? <ErrorState title={NO_RUNS} status="empty" /> : null}
          {firstLoad ? <CardsLoading /> : null}
          <ListFoot loadMore={() => loadMore()} hasMore={hasMore} className="cw-ap-list__foot" loading={!firstLoad} end={!empty} />
        </div>
      </PullRefresh>
      {batchOn ? <BatchFooter batch={model.batch} /> : null}
      {canInitiate && !batchOn ? (
        <button
          type="button"
          className={`cw-ap-fab${fabAside ? ' cw-ap-fab--aside' : ''}`}
          aria-label={ADD_APPLICATION}
          aria-hidden={fabAside || undefined}
          tabIndex={fabAside ? -1 : undefined}
          onClick={add}
        >
          <AddOutline fontSize={26} />
        </button>
      ) : null}
      <LazyFilterPopup model={model} tab={query.tab} scopedToFlow={(scope?.flowId ?? null) !== null} />
      <QuickAgreeSheet model={model} />
      <BatchSheet batch={model.batch} />
      <BatchResult batch={model.batch} />
    </div>
  );
}
