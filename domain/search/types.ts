/** Global search entities (SPEC point 3 "Search result"), named as on the wire. */

import type { App } from '../apps/types';
import type { TodoItem } from '../todo/types';

/** The app fields the search results show (and open it by). */
export type SearchApp = Pick<App, 'id' | 'code' | 'name' | 'iconImage' | 'content' | 'useAppType'>;

/**
 * The to-do fields the search results show: a subset of the to-do item of the todo
 * context, so either can be passed.
 */
export type SearchTodoMatter = Readonly<Pick<TodoItem, 'id' | 'name' | 'endTime' | 'creationTime' | 'todoTime' | 'isTimeout' | 'executeName' | 'type' | 'data'>>;

export type SearchResult = {
  readonly menu: readonly unknown[];
  readonly useApp: readonly SearchApp[];
  readonly todoMatter: readonly SearchTodoMatter[];
};

export type SearchResultTab = 'apps' | 'todos';

export type SearchHistoryEntry = { readonly key: string; readonly terms: readonly string[] };

/**
 * Recent searches per user, most recently used key first, newest term first. An array
 * of entries rather than a key -> terms object because integer-like keys (user ids)
 * would lose their insertion order in a plain object, and eviction needs that order.
 */
export type SearchHistory = { readonly entries: readonly SearchHistoryEntry[] };
