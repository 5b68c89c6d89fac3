/** Global search entities (SPEC point 3 "Search result"), named as on the wire. */

export type SearchApp = {
  readonly id: string;
  readonly code?: string | null;
  readonly name: string;
  readonly iconImage?: string | null;
  readonly content?: string | null;
  readonly useAppType: number;
};

/**
 * The to-do fields the search results show. Structurally a subset of the to-do item of
 * the todo context, so either can be passed.
 */
export type SearchTodoMatter = {
  readonly id: string;
  readonly name: string;
  readonly endTime?: string | null;
  readonly creationTime?: string | null;
  /** null means not done. */
  readonly todoTime?: string | null;
  readonly isTimeout?: boolean | null;
  readonly executeName?: string | null;
  /** Nonzero means an approval-type item. */
  readonly type?: number | null;
  readonly data?: string | null;
};

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
