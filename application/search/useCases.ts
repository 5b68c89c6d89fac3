/**
 * Global search use cases (SPEC point 2 "Global search", point 4 "Search", point 5
 * "Search keyword"), and where a to-do opens, which the search results and the home
 * to-do widget share. They answer what happened and show nothing; the screen models
 * tell the user.
 */
import { globalSearchKeyword, homeSearchQuery, defaultResultTab } from '../../domain/search/search';
import type { SearchResult, SearchResultTab, SearchTodoMatter } from '../../domain/search/types';
import { err, ok, type Result } from '../../domain/shared/result';
import { approvalRouteQuery, completeRequest, isApprovalTodo, parseTodoData } from '../../domain/todo/state';
import { TODO_COMPLETED_ONE } from '../../domain/todo/messages';
import { attempt, invalid, type Outcome } from '../shared/failure';
import { PATHS } from '../shared/routes';
import type { TodoApi } from '../ports/todo';
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
// To-dos
// ---------------------------------------------------------------------------

/** 完成待办: marks the item done (make-state 1); answers 已完成1条待办 for the screen to say, or the failure. */
export async function completeTodo(deps: { todo: Pick<TodoApi, 'makeState'> }, item: Pick<SearchTodoMatter, 'id'>): Promise<Outcome<string>> {
  const done = await attempt(() => deps.todo.makeState(completeRequest([item.id])));
  return done.ok ? ok(TODO_COMPLETED_ONE) : done;
}

export interface TodoTargetDeps {
  /**
   * Applies a campus carried by the item's link (SPEC point 6 "Campus switching"): an
   * error is 该校区不存在 and the item does not open. Absent: links carry no campus here.
   */
  linkCampus?: (campusId: string) => Result<unknown, string> | Promise<Result<unknown, string>>;
}

/**
 * Where 查看详情 (and tapping a to-do on the home page) leads: an approval-type item to
 * its flow run on the approval page, after switching to the campus its link names; any
 * other item to the to-do page (page/todo/add?todoId=). An approval item whose link
 * cannot be read opens as a to-do. A campus the user does not have is an 'invalid'
 * failure with its message.
 */
export async function todoTargetPath(deps: TodoTargetDeps, item: Pick<SearchTodoMatter, 'id' | 'type' | 'data'>): Promise<Outcome<string>> {
  const link = isApprovalTodo(item) ? parseTodoData(item.data) : null;
  if (link === null) return ok(`${PATHS.todoForm}?${new URLSearchParams({ todoId: item.id }).toString()}`);
  if (link.campus !== null && deps.linkCampus) {
    const switched = await deps.linkCampus(link.campus);
    if (!switched.ok) return err(invalid(switched.error));
  }
  const q = approvalRouteQuery(link);
  return ok(`${PATHS.flowApproval}?${new URLSearchParams({ FlowRunId: q.FlowRunId, type: q.type, tab: q.tab }).toString()}`);
}
