/**
 * The to-do list screen's state (SPEC point 2 "To-do list and form"): tabs from the
 * tab-count call, the applied search, sort and category, and the items loaded page by
 * page (20 each). A factory: each list screen builds its own with its port, tests build
 * one with a fake or the sandbox and drive it in a fork().
 *
 * Pages answer for the query they were asked with; an answer for a query that has
 * changed since (another tab, a new search) is dropped, so a slow page can never put
 * one tab's items under another.
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { DEFAULT_TODO_SORT, todoCategoryOptions, todoTabsView, type TodoCategoryOption, type TodoTabView } from '../../domain/todo/list';
import type { TodoSort } from '../../domain/todo/types';
import type { TodoApi, TodoItem } from './ports';
import { appendPage, consoleLog, loadTodoCategories, loadTodoPage, loadTodoTabs, type Log, type TodoPage } from './useCases';

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
}

export function createTodoListModel(deps: TodoListModelDeps) {
  const log = deps.log ?? consoleLog;

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
  const $items = createStore<TodoItem[]>([], { serialize: 'ignore' });
  /** How many pages of the current query are on screen. */
  const $page = createStore(0, { serialize: 'ignore' });
  const $hasMore = createStore(true, { serialize: 'ignore' });

  // ----- effects -----
  const loadTabsFx = createEffect(() => loadTodoTabs(deps.api, log));
  const loadCategoriesFx = createEffect(() => loadTodoCategories(deps.api, log));

  const fetchPageFx = createEffect(
    async ({ query, page }: { query: TodoListQueryState; page: number }): Promise<PageAnswer> => ({
      query,
      page,
      result: await loadTodoPage(deps.api, { state: query.tab, page, filter: query.filter, category: query.category, sort: query.sort }),
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

  // ----- wiring -----
  $tabs.on(loadTabsFx.doneData, (_, tabs) => tabs);
  $categories.on(loadCategoriesFx.doneData, (_, options) => options);

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

  return {
    $query,
    $tabs,
    $categories,
    $items,
    $page,
    $hasMore,
    /** True while page 1 of a refresh is on its way. */
    $refreshing: refreshFx.pending,
    tabChanged,
    searchSubmitted,
    sortChanged,
    categoryChanged,
    openedFx,
    loadMoreFx,
    refreshFx,
    loadTabsFx,
  };
}

export type TodoListModel = ReturnType<typeof createTodoListModel>;
