import { Badge, Button, Checkbox, InfiniteScroll, PullToRefresh, SearchBar, Skeleton, Tabs, Toast } from 'antd-mobile';
import { AddOutline, FilterOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  APPROVAL_ROUTES,
  createApprovalListModel,
  flowApprovalPath,
  markAllRunsRead,
  quickHandle,
  immediateCenterScope,
  resolveCenterScope,
  revokeRun,
  type ApprovalListModel,
  type CenterScope,
} from '../../application/approval';
import { APPROVAL_API, type ApprovalApi } from '../../application/approval/ports';
import { messageOf } from '../../application/ports/errors';
import type { Notifier } from '../../application/ports/runtime';
import { NOTIFIER } from '../../application/ports/tokens';
import {
  APPROVAL_TABS,
  FILTER_TITLE,
  MARK_ALL_READ,
  ONLY_UNREAD,
  showUnreadControls,
  tabCount,
  type ApprovalFilter,
  type CardButtonKey,
  type FlowRunListItem,
} from '../../domain/approval';
import { formatBadge } from '../../domain/shared/formats';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { PageLayout } from '../shared/layout';
import { useBack } from '../shared/navigation';
import { PageLoading } from '../shared/PageLoading';
import { useCurrentUser } from '../shared/session';
import { FooterDots, VirtualList } from '../shared/VirtualList';
import { BACK, LOAD_FAILED, LOADING, RETRY } from '../shared/strings';
import { LazyFilterPopup } from './LazyFilterPopup';
import { RunCard } from './RunCard';
import { ADD_APPLICATION, APPROVAL_CENTER_TITLE, FILTER_ACTIVE, NO_MORE, NO_RUNS, SEARCH_TITLE_PLACEHOLDER } from './strings';
import './approval.css';

/**
 * One list model per user and flow for the app's life: coming back from a run finds
 * the tab, the filter and the loaded pages as they were (and refreshes them).
 */
const models = new Map<string, ApprovalListModel>();
const listModel = (api: ApprovalApi, userId: string, flowId: string | null): ApprovalListModel => {
  const key = `${userId}:${flowId ?? ''}`;
  let m = models.get(key);
  if (!m) {
    m = createApprovalListModel({ api, flowId });
    models.set(key, m);
  }
  return m;
};

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
 * it for one flow (未开通审批流程 for an app without one).
 */
export function ApprovalCenterPage() {
  const api = useInjection<ApprovalApi>(APPROVAL_API);
  const search = useSearch();
  const back = useBack();
  const params = new URLSearchParams(search);
  const flowId = params.get('flowId');
  const code = params.get('code');
  // The whole centre (no flowId or code) is known at once: the list draws in the first frame.
  const immediate = immediateCenterScope({ flowId, code });
  const [resolved, setResolved] = useState<{ ok: true; value: CenterScope } | { ok: false; error: string } | null>(null);
  const scope = immediate ? { ok: true as const, value: immediate } : resolved;

  useEffect(() => {
    if (immediateCenterScope({ flowId, code })) return;
    const ac = new AbortController();
    setResolved(null);
    resolveCenterScope(api, { flowId, code }, ac.signal).then(setResolved, () => undefined);
    return () => ac.abort();
  }, [api, flowId, code]);

  const title = scope?.ok && scope.value.name ? scope.value.name : APPROVAL_CENTER_TITLE;
  return (
    <PageLayout title={title}>
      {scope === null ? (
        <PageLoading />
      ) : scope.ok ? (
        <ApprovalList scope={scope.value} />
      ) : (
        <ErrorState title={scope.error} status="empty" fullPage actionText={BACK} onAction={back} />
      )}
    </PageLayout>
  );
}

function ApprovalList({ scope }: { scope: CenterScope }) {
  const api = useInjection<ApprovalApi>(APPROVAL_API);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const model = useMemo(() => listModel(api, user?.id ?? '', scope.flowId), [api, user?.id, scope.flowId]);
  const [query, items, page, hasMore, counts, queryError] = useUnit([
    model.$query,
    model.$items,
    model.$page,
    model.$hasMore,
    model.$counts,
    model.$queryError,
  ]);
  const [changeTab, submitSearch, toggleUnread, openFilter, loadMore, refresh] = useUnit([
    model.tabChanged,
    model.searchSubmitted,
    model.unreadOnlyToggled,
    model.filterOpened,
    model.loadMoreFx,
    model.refreshFx,
  ]);
  const [text, setText] = useState(query.filter.titleOrNumber ?? '');
  const [busy, setBusy] = useState(false);

  useEffect(() => setText(query.filter.titleOrNumber ?? ''), [query.filter.titleOrNumber]);

  // Back from a run (or the launch): what was loaded may have changed.
  useEffect(() => {
    if (page > 0) void refresh().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model]);

  // A failed page shows 加载失败 with 重试 in the footer, not placeholder cards above it.
  const [loadFailed, setLoadFailed] = useState(false);
  const loadNext = async () => {
    setLoadFailed(false);
    try {
      await loadMore();
    } catch (e) {
      setLoadFailed(true);
      Toast.show({ icon: 'fail', content: messageOf(e) });
      throw e;
    }
  };

  const reload = useCallback(async () => {
    try {
      await refresh();
    } catch (e) {
      Toast.show({ icon: 'fail', content: messageOf(e) });
    }
  }, [refresh]);

  const open = useCallback((item: FlowRunListItem) => navigate(flowApprovalPath(item, query.tab)), [navigate, query.tab]);

  const act = useCallback(
    async (item: FlowRunListItem, key: CardButtonKey) => {
      if (busy) return;
      setBusy(true);
      try {
        if (key === 'revoke') {
          if ((await revokeRun({ api, notifier }, item.id)) === 'revoked') await reload();
          return;
        }
        const outcome = await quickHandle({ api, notifier }, item, key, query.tab);
        if (outcome.kind === 'refresh') await reload();
        else if (outcome.kind === 'open') navigate(outcome.path);
      } finally {
        setBusy(false);
      }
    },
    [busy, api, notifier, query.tab, reload, navigate],
  );

  const markAll = async () => {
    if (busy) return;
    setBusy(true);
    try {
      if (await markAllRunsRead({ api, notifier })) await reload();
    } finally {
      setBusy(false);
    }
  };

  const renderRun = useCallback(
    (item: FlowRunListItem) => <RunCard item={item} tab={query.tab} busy={busy} onOpen={open} onAction={(i, k) => void act(i, k)} />,
    [query.tab, busy, open, act],
  );

  // Always the flow list: a successful launch goes back three entries (SPEC point 8), to here.
  const add = () => navigate(APPROVAL_ROUTES.flowList);
  const empty = items.length === 0 && page > 0 && !hasMore;
  // Before the first page: placeholder cards where the cards will be, and no footer that
  // the cards would then push down the screen (a layout shift).
  const firstLoad = page === 0 && items.length === 0 && !queryError && !loadFailed;
  const filtered = isFiltered(query.filter);

  return (
    <div className="cw-ap-list">
      <div className="cw-ap-list__header">
        <div className="cw-ap-list__search">
          <SearchBar
            placeholder={SEARCH_TITLE_PLACEHOLDER}
            value={text}
            onChange={setText}
            onSearch={(v) => submitSearch(v)}
            onClear={() => submitSearch('')}
            maxLength={100}
          />
          <button
            type="button"
            className={`cw-ap-list__filter${filtered ? ' cw-ap-list__filter--on' : ''}`}
            onClick={openFilter}
            aria-label={filtered ? `${FILTER_TITLE}（${FILTER_ACTIVE}）` : FILTER_TITLE}
          >
            <FilterOutline fontSize={18} />
            <span>{FILTER_TITLE}</span>
          </button>
        </div>
        <Tabs activeKey={String(query.tab)} onChange={(k) => changeTab(Number(k))} className="cw-ap-list__tabs">
          {APPROVAL_TABS.map((t) => {
            const n = tabCount(counts, t.index);
            return (
              <Tabs.Tab
                key={String(t.index)}
                title={
                  <span className="cw-ap-list__tab">
                    {t.title}
                    {n !== null ? <Badge content={formatBadge(n)} className="cw-ap-list__badge" /> : null}
                  </span>
                }
              />
            );
          })}
        </Tabs>
        {showUnreadControls(query.tab) ? (
          <div className="cw-ap-list__unread">
            <Checkbox className="cw-ap-list__unread-check" checked={query.filter.isNotRead === true} onChange={(on) => toggleUnread(on)}>
              {ONLY_UNREAD}
            </Checkbox>
            <Button size="small" fill="none" color="primary" disabled={busy} onClick={() => void markAll()}>
              {MARK_ALL_READ}
            </Button>
          </div>
        ) : null}
      </div>
      <PullToRefresh onRefresh={reload}>
        <div className="cw-ap-list__items" aria-busy={page === 0}>
          {queryError ? <ErrorState title={queryError} status="empty" /> : null}
          <VirtualList items={items} itemKey={runKey} renderItem={renderRun} estimateSize={RUN_CARD_HEIGHT} />
          {empty && !queryError ? <ErrorState title={NO_RUNS} status="empty" /> : null}
          {firstLoad ? <CardsLoading /> : null}
          <InfiniteScroll loadMore={loadNext} hasMore={hasMore}>
            {(more, failed, retry) =>
              failed ? (
                <span className="cw-ap-list__foot">
                  {LOAD_FAILED}
                  <Button size="mini" fill="none" color="primary" onClick={() => void retry()}>
                    {RETRY}
                  </Button>
                </span>
              ) : firstLoad ? null : more ? (
                <span className="cw-ap-list__foot">
                  {LOADING}
                  <FooterDots />
                </span>
              ) : empty ? null : (
                <span className="cw-ap-list__foot">{NO_MORE}</span>
              )
            }
          </InfiniteScroll>
        </div>
      </PullToRefresh>
      <button type="button" className="cw-ap-fab" aria-label={ADD_APPLICATION} onClick={add}>
        <AddOutline fontSize={26} />
      </button>
      <LazyFilterPopup model={model} api={api} tab={query.tab} scopedToFlow={scope.flowId !== null} />
    </div>
  );
}
