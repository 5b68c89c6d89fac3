/**
 * Global search use cases (SPEC point 2 "Global search", point 4 "Search", point 5
 * "Search keyword", point 9 "Search history"), and opening a to-do, which the search
 * results and the home to-do widget share.
 */
import { globalSearchKeyword, homeSearchQuery, defaultResultTab } from '../../domain/search/search';
import { CLEAR_HISTORY_CONFIRM, CLEAR_HISTORY_TITLE } from '../../domain/search/messages';
import type { SearchResult, SearchResultTab, SearchTodoMatter } from '../../domain/search/types';
import type { Result } from '../../domain/shared/result';
import { approvalRouteQuery, completeRequest, isApprovalTodo, parseTodoData } from '../../domain/todo/state';
import { TODO_COMPLETED_ONE } from '../../domain/todo/messages';
import type { Navigator, Notifier } from '../ports/runtime';
import type { SearchHistoryStore } from '../ports/searchHistory';
import type { TodoApi } from '../todo/ports';
import type { SearchApi } from './ports';

export interface SearchOutcome {
  /** The keyword as sent: trimmed and cut to 100 characters. */
  readonly keyword: string;
  readonly result: SearchResult;
  /** 应用 when apps were found, else 待办. */
  readonly tab: SearchResultTab;
}

/**
 * Runs a global search. A blank keyword is not searched (null: the screen shows the
 * history again). The caller debounces (SEARCH_DELAY_MS) and aborts the previous search.
 */
export async function searchEverything(
  deps: { api: Pick<SearchApi, 'search'> },
  raw: unknown,
  userType: number,
  opts: { signal?: AbortSignal } = {},
): Promise<SearchOutcome | null> {
  const keyword = globalSearchKeyword(raw);
  if (keyword === null) return null;
  const result = await deps.api.search(homeSearchQuery(keyword, userType), { signal: opts.signal });
  return { keyword, result, tab: defaultResultTab(result) };
}

// ---------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------

/** Asks 提示 / 确定删除所有搜索记录？ and, when confirmed, forgets the user's terms. */
export async function clearSearchHistory(
  deps: { store: Pick<SearchHistoryStore, 'clear'>; notifier: Pick<Notifier, 'confirm'> },
  userId: string,
): Promise<boolean> {
  const confirmed = await deps.notifier.confirm({ title: CLEAR_HISTORY_TITLE, content: CLEAR_HISTORY_CONFIRM });
  if (confirmed) deps.store.clear(userId);
  return confirmed;
}

// ---------------------------------------------------------------------------
// To-dos
// ---------------------------------------------------------------------------

/** 完成待办: marks the item done (make-state 1) and says 已完成1条待办. Errors are rethrown for the screen. */
export async function completeTodo(
  deps: { todo: Pick<TodoApi, 'makeState'>; notifier: Pick<Notifier, 'success'> },
  item: Pick<SearchTodoMatter, 'id'>,
): Promise<void> {
  await deps.todo.makeState(completeRequest([item.id]));
  deps.notifier.success(TODO_COMPLETED_ONE);
}

export const TODO_DETAIL_ROUTE = '/page/todo/add';
export const FLOW_APPROVAL_ROUTE = '/page/approvalCenter/flowApproval';

export interface OpenTodoDeps {
  navigator: Pick<Navigator, 'go'>;
  notifier: Pick<Notifier, 'fail'>;
  /**
   * Applies a campus carried by the item's link (SPEC point 6 "Campus switching"): an
   * error is 该校区不存在 and the item does not open. Absent: links carry no campus here.
   */
  linkCampus?: (campusId: string) => Result<unknown, string> | Promise<Result<unknown, string>>;
}

/**
 * 查看详情 (and tapping a to-do on the home page): an approval-type item opens its flow
 * run on the approval page, after switching to the campus its link names; any other
 * item opens the to-do page (page/todo/add?todoId=). An approval item whose link cannot
 * be read opens as a to-do.
 */
export async function openTodo(deps: OpenTodoDeps, item: Pick<SearchTodoMatter, 'id' | 'type' | 'data'>): Promise<string | null> {
  const link = isApprovalTodo(item) ? parseTodoData(item.data) : null;
  if (link === null) {
    const path = `${TODO_DETAIL_ROUTE}?${new URLSearchParams({ todoId: item.id }).toString()}`;
    deps.navigator.go(path);
    return path;
  }
  if (link.campus !== null && deps.linkCampus) {
    const switched = await deps.linkCampus(link.campus);
    if (!switched.ok) {
      deps.notifier.fail(switched.error);
      return null;
    }
  }
  const q = approvalRouteQuery(link);
  const path = `${FLOW_APPROVAL_ROUTE}?${new URLSearchParams({ FlowRunId: q.FlowRunId, type: q.type, tab: q.tab }).toString()}`;
  deps.navigator.go(path);
  return path;
}
