/**
 * The approval centre list's state (page/approvalCenter, SPEC point 2 "Approval centre
 * list"): the tab, the search, the filter and its popup's draft, the pages loaded, the
 * badge counts. A factory: the centre's model (./centerModel.ts) builds one per centre
 * and user, tests build one with a fake or the sandbox and drive it in a fork().
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import type { ApprovalFilter, FlowRunListItem, TabCounts } from '../../domain/approval';
import { EMPTY_APPROVAL_FILTER, initiatorChoiceError, withUserType } from '../../domain/approval/query';
import { TODO_TAB, asApprovalTab, type ApprovalTabIndex } from '../../domain/approval/tabs';
import type { SelectablePerson } from '../../domain/selectors/types';
import type { ApprovalApi, FlowOption } from './ports';
import { appendRuns, loadApprovalPage, type ApprovalListPageResult } from './list';

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

  /** 发起人 chosen on the people selector (with their names: the filter keeps ids only). */
  const initiatorsChosen = createEvent<readonly SelectablePerson[]>();
  /** 用户类型 changed in the popup: chosen initiators belong to the old type and go. */
  const userTypeChosen = createEvent<number | null>();

  /**
   * The popup's fields before 查询, kept here (not in the popup) so a trip to the
   * initiator selector and back finds the popup open with what was chosen.
   */
  const $filterDraft = createStore<ApprovalFilter>(EMPTY_APPROVAL_FILTER, { serialize: 'ignore' })
    .on(filterDraftChanged, (_, draft) => draft)
    .on(filterReset, () => EMPTY_APPROVAL_FILTER)
    .on(userTypeChosen, (draft, userType) => withUserType(draft, userType))
    .on(initiatorsChosen, (draft, people) => ({ ...draft, initiateUser: people.map((p) => p.id) }));
  /** Names of the initiators chosen so far, by id. */
  const $initiatorNames = createStore<Readonly<Record<string, string>>>({}, { serialize: 'ignore' }).on(initiatorsChosen, (names, people) => ({
    ...names,
    ...Object.fromEntries(people.map((p) => [p.id, p.name])),
  }));
  /** The 发起人 field opens the selector only once a user type is chosen (请先选择用户类型 otherwise). */
  const $initiatorProblem = $filterDraft.map((draft) => initiatorChoiceError(draft.userType));
  const $filterOpen = createStore(false, { serialize: 'ignore' })
    .on(filterOpened, () => true)
    .on(filterClosed, () => false)
    .on(filterApplied, () => false);
  sample({ clock: filterOpened, source: $query, fn: (q) => q.filter, target: $filterDraft });

  // The 流程 field's options, asked the first time the popup opens (never for a centre of one flow).
  const flowOptionsFx = createEffect(async (): Promise<readonly FlowOption[]> => {
    try {
      return await deps.api.flowOptions();
    } catch {
      // The field stays empty; the list works without it.
      return [];
    }
  });
  const $flowOptions = createStore<readonly FlowOption[] | null>(null, { serialize: 'ignore' }).on(flowOptionsFx.doneData, (_, list) => list);
  sample({
    clock: filterOpened,
    source: { options: $flowOptions, query: $query, pending: flowOptionsFx.pending },
    filter: ({ options, query, pending }) => options === null && query.flowId === null && !pending,
    target: flowOptionsFx,
  });

  // ----- effects -----
  /** A page of the query; the filter's own problem is an answer (shown instead of a list), a failed call rejects with its Failure. */
  const fetchPageFx = createEffect(async ({ query, page }: { query: ApprovalListQueryState; page: number }): Promise<PageAnswer & { error: string | null }> => {
    const r = await loadApprovalPage(deps.api, { filter: query.filter, tab: query.tab, page, flowId: query.flowId }, undefined, page === 1);
    if (r.ok) return { query, page, result: r.value, error: null };
    if (r.error.kind === 'invalid') return { query, page, result: EMPTY_PAGE, error: r.error.message };
    throw r.error;
  });

  /** The next page (InfiniteScroll's loadMore). Rejects with the Failure; the list keeps what it has. */
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
    $flowOptions,
    $initiatorNames,
    $initiatorProblem,
    initiatorsChosen,
    userTypeChosen,
    loadMoreFx,
    refreshFx,
  };
}

export type ApprovalListModel = ReturnType<typeof createApprovalListModel>;
