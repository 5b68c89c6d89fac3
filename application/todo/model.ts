/**
 * The to-do list screen's state (SPEC point 2 "To-do list and form"): tabs from the
 * tab-count call, the applied search, sort and category, and the items loaded page by
 * page (20 each). A factory: each list screen builds its own with its port, tests build
 * one with a fake or the sandbox and drive it in a fork().
 *
 * Pages answer for the query they were asked with; an answer for a query that has
 * changed since (another tab, a new search) is dropped, so a slow page can never put
 * one tab's items under another.
 *
 * It also owns what a tap does (checking an item completes or restores it, or opens an
 * approval-type item's approval page; tapping one opens it) and what the user is told:
 * a failed page or refresh, a failed change, a campus the link names that the user
 * does not have.
 */
import type { NewOutboxEntry } from '../../domain/offline/outbox';
import { offlineQueueOf, type OfflineQueue } from '../offline/outboxModel';
import { newSubmissionId } from '../shared/idempotency';
import { queuedMakeState } from './outboxKinds';
import { attach, createEffect, createEvent, createStore, sample, type Store } from 'effector';
import { DEFAULT_TODO_SORT, todoCategoryOptions, todoTabsView, type TodoCategoryOption, type TodoTabView } from '../../domain/todo/list';
import type { Result } from '../../domain/shared/result';
import type { Campus } from '../../domain/session/types';
import type { TodoSort } from '../../domain/todo/types';
import type { Navigator, Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { failureOf, waitsForNetwork } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { createMissingCalls, MISSING_CALLS, type MissingCalls } from '../shared/missingCalls';
import { defineScreen } from '../shared/screens';
import { SESSION_MODEL } from '../session/model';
import { TODO_API, type TodoApi, type TodoItem } from './ports';
import {
  appendPage,
  loadTodoCategories,
  loadTodoPage,
  loadTodoTabs,
  openTodoTarget,
  todoFormPath,
  todoListPath,
  toggleTodo,
  type Log,
  type TodoPage,
} from './useCases';
import { LOGGER } from '../ports/logger';

export interface TodoListQueryState {
  /** The tab's type (the list's State). */
  readonly tab: number;
  readonly filter: string;
  readonly sort: TodoSort;
  /** null is 全部分类. */
  readonly category: number | string | null;
}

export const initialTodoQuery = (tab = 0): TodoListQueryState => ({
  tab,
  filter: '',
  sort: { ...DEFAULT_TODO_SORT },
  category: null,
});

interface PageAnswer {
  readonly query: TodoListQueryState;
  readonly page: number;
  readonly result: TodoPage;
}

export interface TodoListModelDeps {
  api: TodoApi;
  log?: Log;
  initialTab?: number;
  notifier?: Pick<Notifier, 'fail' | 'success'>;
  navigator?: Pick<Navigator, 'go'>;
  /** The user's campuses (the session's), for the campus a link names. */
  $campuses?: Store<readonly Campus[]>;
  /** Switches to a campus a link names (the session's): 该校区不存在 when the user has none such. */
  linkCampus?: (p: { campuses: readonly Campus[]; campusId: unknown }) => Promise<Result<unknown, string>>;
  /** The calls the backend lacks (the app's record); a list of its own when not given. */
  missingCalls?: MissingCalls;
  /** Where 完成 and 恢复 wait while there is no network (application/offline); without it they fail. */
  offline?: OfflineQueue;
}

const SILENT: Pick<Notifier, 'fail' | 'success'> = { fail: () => undefined, success: () => undefined };
const STAY: Pick<Navigator, 'go'> = { go: () => undefined };

export function createTodoListModel(deps: TodoListModelDeps) {
  const log: Log = deps.log ?? (() => undefined);
  const notifier = deps.notifier ?? SILENT;
  const navigator = deps.navigator ?? STAY;

  // ----- events -----
  const tabChanged = createEvent<number>();
  /** The search box was submitted (or cleared): the text is trimmed by the domain query. */
  const searchSubmitted = createEvent<string>();
  const sortChanged = createEvent<TodoSort>();
  const categoryChanged = createEvent<number | string | null>();

  // ----- stores -----
  const $query = createStore<TodoListQueryState>(initialTodoQuery(deps.initialTab ?? 0), { serialize: 'ignore' })
    .on(tabChanged, (q, tab) => (q.tab === tab ? q : { ...q, tab }))
    .on(searchSubmitted, (q, filter) => (q.filter === filter.trim() ? q : { ...q, filter: filter.trim() }))
    .on(sortChanged, (q, sort) => (q.sort.field === sort.field && q.sort.direction === sort.direction ? q : { ...q, sort: { ...sort } }))
    .on(categoryChanged, (q, category) => (q.category === category ? q : { ...q, category }));

  const $tabs = createStore<TodoTabView[]>(todoTabsView(null), { serialize: 'ignore' });
  const $categories = createStore<TodoCategoryOption[]>(todoCategoryOptions(null), { serialize: 'ignore' });
  /**
   * The category dropdown shows until the categories are in, then only when there is one
   * to choose: a backend without the call (404 or 501), or none, hides it rather than
   * offer 全部分类 alone.
   */
  const $categoryFilter = createStore(true, { serialize: 'ignore' });
  const $items = createStore<TodoItem[]>([], { serialize: 'ignore' });
  /** How many pages of the current query are on screen. */
  const $page = createStore(0, { serialize: 'ignore' });
  const $hasMore = createStore(true, { serialize: 'ignore' });

  // ----- effects -----
  const loadTabsFx = createEffect(() => loadTodoTabs(deps.api, log, { drawnFirst: true }));
  const missingCalls = deps.missingCalls ?? createMissingCalls();
  // A backend found to lack the call is not asked again.
  const loadCategoriesFx = attach({
    source: missingCalls.$missing,
    effect: (missing: readonly string[]) => (missing.includes('todoCategories') ? Promise.resolve(null) : loadTodoCategories(deps.api, log)),
  });
  sample({ clock: loadCategoriesFx.doneData, filter: (options) => options === null, fn: () => 'todoCategories' as const, target: missingCalls.noted });

  const fetchPageFx = createEffect(
    async ({ query, page }: { query: TodoListQueryState; page: number }): Promise<PageAnswer> => ({
      query,
      page,
      result: await loadTodoPage(deps.api, { state: query.tab, page, filter: query.filter, category: query.category, sort: query.sort }, { drawnFirst: page === 1 }),
    }),
  );

  /** The next page (InfiniteScroll's loadMore). Rejects with the ApiError; the list keeps what it has. */
  const loadMoreFx = attach({
    source: { query: $query, page: $page, hasMore: $hasMore },
    effect: createEffect(async ({ query, page, hasMore }: { query: TodoListQueryState; page: number; hasMore: boolean }) => {
      if (!hasMore) return;
      await fetchPageFx({ query, page: page + 1 });
    }),
  });

  /**
   * Pull to refresh and the reload after a change: page 1 of the current query replaces
   * the list (kept on screen meanwhile), and the tab counts are fetched again.
   */
  const refreshFx = attach({
    source: $query,
    effect: createEffect(async (query: TodoListQueryState) => {
      await Promise.all([fetchPageFx({ query, page: 1 }), loadTabsFx()]);
    }),
  });

  /** The screen opened: tabs and categories (the first page comes from the scroll). */
  const openedFx = createEffect(async () => {
    await Promise.all([loadTabsFx(), loadCategoriesFx()]);
  });
  const opened = createEvent();
  sample({ clock: opened, target: openedFx });
  /**
   * What was drawn came from the device and a newer answer came: page 1 and the counts
   * again, quietly, while the list holds only page 1 (one scrolled on is kept as it is read).
   */
  const renew = createEvent();
  sample({ clock: renew, source: $page, filter: (page) => page === 1, target: createEffect(async () => refreshFx().catch(() => undefined)) });

  // ----- wiring -----
  $tabs.on(loadTabsFx.doneData, (_, tabs) => tabs);
  $categories.on(loadCategoriesFx.doneData, (current, options) => options ?? current);
  $categoryFilter.on(loadCategoriesFx.doneData, (_, options) => options !== null && options.length > 1);

  // A new query starts from an empty list; the infinite scroll asks for its first page.
  $items.on($query.updates, () => []);
  $page.on($query.updates, () => 0);
  $hasMore.on($query.updates, () => true);

  const currentAnswer = sample({
    clock: fetchPageFx.doneData,
    source: $query,
    filter: (query, answer) => answer.query === query,
    fn: (_, answer) => answer,
  });
  $items.on(currentAnswer, (items, answer) =>
    answer.page === 1 ? [...answer.result.items] : appendPage(items, answer.result.items),
  );
  $page.on(currentAnswer, (_, answer) => answer.page);
  $hasMore.on(currentAnswer, (_, answer) => answer.result.hasMore);

  // ----- what the user is told of a page or a refresh -----
  sample({ clock: [loadMoreFx.failData, refreshFx.failData], target: createEffect((e: unknown) => tellFailure(notifier, failureOf(e))) });
  /** Pull to refresh: never rejects (a failure is told). */
  const pulledFx = createEffect(async () => {
    await refreshFx().catch(() => undefined);
  });

  // ----- the tab in the address -----
  sample({ clock: tabChanged, target: createEffect((tab: number) => navigator.go(todoListPath(tab), { replace: true })) });

  // ----- taps -----
  const toggled = createEvent<TodoItem>();
  const itemOpened = createEvent<TodoItem>();
  const addRequested = createEvent();
  const $campuses = deps.$campuses ?? createStore<readonly Campus[]>([], { serialize: 'ignore' });
  const linkCampusFx = attach({
    source: $campuses,
    mapParams: (campusId: string | null, campuses: readonly Campus[]) => ({ campuses, campusId }),
    effect: createEffect(
      (p: { campuses: readonly Campus[]; campusId: unknown }): Promise<Result<unknown, string>> =>
        deps.linkCampus ? deps.linkCampus(p) : Promise.resolve({ ok: true, value: 'none' }),
    ),
  });

  /** The item being checked: one at a time, a tap while one runs is ignored. */
  const $busyId = createStore<string | null>(null, { serialize: 'ignore' });
  /** Answers whether the item changed (the list is asked again), or the action kept in the outbox (no network). */
  const toggleFx = createEffect(async (item: TodoItem): Promise<{ changed: boolean; queued?: Omit<NewOutboxEntry, 'userId'> }> => {
    const idempotencyKey = newSubmissionId();
    const offline = deps.offline ? () => !deps.offline!.online() : undefined;
    const outcome = await toggleTodo({ api: deps.api, linkCampus: (campusId) => linkCampusFx(campusId), idempotencyKey, ...(offline ? { offline } : {}) }, item);
    switch (outcome.kind) {
      case 'navigate':
        navigator.go(outcome.path);
        return { changed: false };
      case 'failed':
        if (deps.offline && outcome.request && waitsForNetwork(outcome.failure)) return { changed: false, queued: queuedMakeState(item, outcome.request, idempotencyKey) };
        tellFailure(notifier, outcome.failure);
        return { changed: false };
      case 'changed':
        notifier.success(outcome.toast);
        return { changed: true };
      default:
        return { changed: false };
    }
  });
  if (deps.offline) {
    sample({ clock: toggleFx.doneData, filter: (d) => d.queued !== undefined, fn: (d) => d.queued as Omit<NewOutboxEntry, 'userId'>, target: deps.offline.outbox.queued });
  }
  if (deps.offline) {
    // What the outbox sent (or had refused) changed those items: the list is asked again.
    sample({ clock: deps.offline.outbox.settled, filter: (targets) => targets.some((t) => t.startsWith('todo:')), fn: () => undefined, target: pulledFx });
  }
  /** The items with an action waiting in the outbox ('todo:…'): they say 待发送. */
  const $pendingTargets = deps.offline?.outbox.$pendingTargets ?? createStore<ReadonlySet<string>>(new Set(), { serialize: 'ignore' });
  const accepted = sample({ clock: toggled, source: $busyId, filter: (busy) => busy === null, fn: (_, item) => item });
  $busyId.on(accepted, (_, item) => item.id);
  sample({ clock: accepted, target: toggleFx });
  // The list is asked again after a change; the item stays busy until it is in.
  const changedRefreshFx = attach({ effect: pulledFx });
  sample({ clock: toggleFx.doneData, filter: ({ changed }) => changed, target: changedRefreshFx });
  $busyId.on(toggleFx.doneData, (busy, { changed }) => (changed ? busy : null)).reset([toggleFx.fail, changedRefreshFx.finally]);

  sample({
    clock: itemOpened,
    target: createEffect(async (item: TodoItem) => {
      const target = await openTodoTarget({ linkCampus: (campusId) => linkCampusFx(campusId) }, item);
      if (target.ok) navigator.go(target.value);
      else if (target.error) notifier.fail(target.error);
    }),
  });
  sample({ clock: addRequested, target: createEffect(() => navigator.go(todoFormPath(null))) });

  return {
    $query,
    $tabs,
    $categories,
    $categoryFilter,
    $items,
    $page,
    $hasMore,
    /** True while page 1 of a refresh is on its way. */
    $refreshing: refreshFx.pending,
    $busyId,
    $pendingTargets,
    tabChanged,
    searchSubmitted,
    sortChanged,
    categoryChanged,
    opened,
    renew,
    openedFx,
    loadMoreFx,
    refreshFx,
    pulledFx,
    loadTabsFx,
    toggled,
    itemOpened,
    addRequested,
  };
}

export type TodoListModel = ReturnType<typeof createTodoListModel>;

/** page/todo of the signed-in user; `tab` is the tab the address opened it on. */
export const todoListScreen = defineScreen({
  name: 'todoList',
  lifetime: 'screen',
  key: (p: { userId: string; tab: number }) => p.userId,
  create: (get, p) => {
    const session = get(SESSION_MODEL);
    return createTodoListModel({
      api: get(TODO_API),
      initialTab: p.tab,
      notifier: get(NOTIFIER),
      navigator: get(NAVIGATOR),
      $campuses: session.$campuses,
      linkCampus: (q) => session.linkCampusFx(q),
      log: get(LOGGER),
      missingCalls: get(MISSING_CALLS),
      offline: offlineQueueOf(get),
    });
  },
});
