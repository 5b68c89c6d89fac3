/**
 * Approval state shared between screens, and the list screen's state.
 *
 * Shared (module-wide, like the selection channel): the flow session selectNode works
 * on (set by the launch page or the detail page's submit), the action session
 * approvalPass works on (set by the detail page), and the next-step choices, kept apart
 * from the screens so a trip to the selector pages and back finds them as they were.
 *
 * The list (page/approvalCenter) is a factory: each screen builds its own with its port,
 * tests build one with a fake or the sandbox and drive it in a fork().
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import type { ApprovalFilter, FlowRunListItem, NextStepSelection, TabCounts } from '../../domain/approval';
import { EMPTY_APPROVAL_FILTER, withUserType } from '../../domain/approval/query';
import { TODO_TAB, asApprovalTab, type ApprovalTabIndex } from '../../domain/approval/tabs';
import type { ApprovalApi } from './ports';
import { appendRuns, loadApprovalPage, type ActionSession, type ApprovalListPageResult, type FlowSession } from './useCases';

// ---------------------------------------------------------------------------
// Shared sessions
// ---------------------------------------------------------------------------

export const flowSessionSet = createEvent<FlowSession | null>();
export const $flowSession = createStore<FlowSession | null>(null, { serialize: 'ignore' }).on(flowSessionSet, (_, s) => s);

export const actionSessionSet = createEvent<ActionSession | null>();
export const $actionSession = createStore<ActionSession | null>(null, { serialize: 'ignore' }).on(actionSessionSet, (_, s) => s);

/** A chooser's selection under its scope (nextStepScope). */
export const nextStepChanged = createEvent<{ readonly scope: string; readonly selection: NextStepSelection }>();
export const nextStepCleared = createEvent<string>();
export const $nextSteps = createStore<Readonly<Record<string, NextStepSelection>>>({}, { serialize: 'ignore' })
  .on(nextStepChanged, (s, { scope, selection }) => ({ ...s, [scope]: selection }))
  .on(nextStepCleared, (s, scope) => {
    if (!(scope in s)) return s;
    const { [scope]: _dropped, ...rest } = s;
    return rest;
  });

/** The scope of a chooser: the step it hands over from (or the flow, for a launch). */
export const nextStepScope = (kind: 'node' | 'action', key: string | null | undefined): string => `${kind}:${key ?? ''}`;

// ---------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------

export interface ApprovalListQueryState {
  readonly tab: ApprovalTabIndex;
  readonly filter: ApprovalFilter;
  /** The flow the centre is opened for (route flowId/code); null: every flow. */
  readonly flowId: string | null;
}

interface PageAnswer {
  readonly query: ApprovalListQueryState;
  readonly page: number;
  readonly result: ApprovalListPageResult;
}

export interface ApprovalListModelDeps {
  readonly api: ApprovalApi;
  readonly initialTab?: unknown;
  readonly flowId?: string | null;
}

const EMPTY_PAGE: ApprovalListPageResult = Object.freeze({ items: [], counts: null, hasMore: false });

export function createApprovalListModel(deps: ApprovalListModelDeps) {
  // ----- events -----
  const tabChanged = createEvent<unknown>();
  /** The search bar: the title or number (trimmed by the domain query). */
  const searchSubmitted = createEvent<string>();
  /** 查询 in the filter popup: the whole filter. */
  const filterApplied = createEvent<ApprovalFilter>();
  /** 重置 in the filter popup. */
  const filterReset = createEvent();
  const unreadOnlyToggled = createEvent<boolean>();
  const flowScoped = createEvent<string | null>();
  /** The filter popup: opened with the applied filter as its draft, edited, closed. */
  const filterOpened = createEvent();
  const filterDraftChanged = createEvent<ApprovalFilter>();
  const filterClosed = createEvent();

  // ----- stores -----
  const initial: ApprovalListQueryState = {
    tab: asApprovalTab(deps.initialTab ?? TODO_TAB),
    filter: EMPTY_APPROVAL_FILTER,
    flowId: deps.flowId ?? null,
  };
  const $query = createStore<ApprovalListQueryState>(initial, { serialize: 'ignore' })
    .on(tabChanged, (q, tab) => {
      const index = asApprovalTab(tab);
      return q.tab === index ? q : { ...q, tab: index };
    })
    .on(searchSubmitted, (q, text) =>
      (q.filter.titleOrNumber ?? '') === text.trim() ? q : { ...q, filter: { ...q.filter, titleOrNumber: text.trim() } },
    )
    .on(filterApplied, (q, filter) => ({ ...q, filter: { ...filter, isNotRead: q.filter.isNotRead ?? null } }))
    .on(filterReset, (q) => ({ ...q, filter: { isNotRead: q.filter.isNotRead ?? null } }))
    .on(unreadOnlyToggled, (q, on) => ((q.filter.isNotRead === true) === on ? q : { ...q, filter: { ...q.filter, isNotRead: on } }))
    .on(flowScoped, (q, flowId) => (q.flowId === flowId ? q : { ...q, flowId }));

  const $items = createStore<readonly FlowRunListItem[]>([], { serialize: 'ignore' });
  const $page = createStore(0, { serialize: 'ignore' });
  const $hasMore = createStore(true, { serialize: 'ignore' });
  const $counts = createStore<TabCounts | null>(null, { serialize: 'ignore' });
  /** The filter's own problem (请先选择用户类型), shown instead of a list. */
  const $queryError = createStore<string | null>(null, { serialize: 'ignore' });

  /**
   * The popup's fields before 查询, kept here (not in the popup) so a trip to the
   * initiator selector and back finds the popup open with what was chosen.
   */
  const $filterDraft = createStore<ApprovalFilter>(EMPTY_APPROVAL_FILTER, { serialize: 'ignore' })
    .on(filterDraftChanged, (_, draft) => draft)
    .on(filterReset, () => EMPTY_APPROVAL_FILTER);
  const $filterOpen = createStore(false, { serialize: 'ignore' })
    .on(filterOpened, () => true)
    .on(filterClosed, () => false)
    .on(filterApplied, () => false);
  sample({ clock: filterOpened, source: $query, fn: (q) => q.filter, target: $filterDraft });

  // ----- effects -----
  const fetchPageFx = createEffect(async ({ query, page }: { query: ApprovalListQueryState; page: number }): Promise<PageAnswer & { error: string | null }> => {
    const r = await loadApprovalPage(deps.api, { filter: query.filter, tab: query.tab, page, flowId: query.flowId });
    return r.ok ? { query, page, result: r.value, error: null } : { query, page, result: EMPTY_PAGE, error: r.error };
  });

  /** The next page (InfiniteScroll's loadMore). Rejects with the ApiError; the list keeps what it has. */
  const loadMoreFx = attach({
    source: { query: $query, page: $page, hasMore: $hasMore },
    effect: createEffect(async ({ query, page, hasMore }: { query: ApprovalListQueryState; page: number; hasMore: boolean }) => {
      if (!hasMore) return;
      await fetchPageFx({ query, page: page + 1 });
    }),
  });

  /** Pull to refresh and the reload after an action: page 1 replaces the list (kept on screen meanwhile). */
  const refreshFx = attach({
    source: $query,
    effect: createEffect(async (query: ApprovalListQueryState) => {
      await fetchPageFx({ query, page: 1 });
    }),
  });

  // ----- wiring -----
  // A new query starts from an empty list; the infinite scroll asks for its first page.
  $items.on($query.updates, () => []);
  $page.on($query.updates, () => 0);
  $hasMore.on($query.updates, () => true);
  $queryError.on($query.updates, () => null);

  const currentAnswer = sample({
    clock: fetchPageFx.doneData,
    source: $query,
    filter: (query, answer) => answer.query === query,
    fn: (_, answer) => answer,
  });
  $items.on(currentAnswer, (items, answer) => (answer.page === 1 ? [...answer.result.items] : appendRuns(items, answer.result.items)));
  $page.on(currentAnswer, (_, answer) => answer.page);
  $hasMore.on(currentAnswer, (_, answer) => answer.result.hasMore);
  $queryError.on(currentAnswer, (_, answer) => answer.error);
  // Counts come with every page of any query, so a late answer still has fresh counts.
  $counts.on(fetchPageFx.doneData, (counts, answer) => answer.result.counts ?? counts);

  return {
    $query,
    $items,
    $page,
    $hasMore,
    $counts,
    $queryError,
    $filterDraft,
    $filterOpen,
    $refreshing: refreshFx.pending,
    tabChanged,
    searchSubmitted,
    filterApplied,
    filterReset,
    unreadOnlyToggled,
    flowScoped,
    filterOpened,
    filterDraftChanged,
    filterClosed,
    loadMoreFx,
    refreshFx,
  };
}

export type ApprovalListModel = ReturnType<typeof createApprovalListModel>;

/** The filter popup's user-type change: chosen initiators belong to the old type and go. */
export { withUserType };
