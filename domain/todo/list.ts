import { formatBadge } from '../shared/formats';
import { hasMoreAfterPage, skipCountFor } from '../shared/paging';
import { ALL_CATEGORIES, SORT_DIRECTION_LABELS, SORT_FIELD_LABELS, TAB_CREATED, TAB_HANDLED, TAB_PENDING } from './messages';
import type { TodoCategory, TodoListQuery, TodoSort, TodoSortDirection, TodoSortField, TodoTab } from './types';

export const TODO_PORTAL_PAGE_SIZE = 10;
export const TODO_LIST_PAGE_SIZE = 20;

export const TODO_SORT_FIELDS: readonly TodoSortField[] = Object.freeze(['EndTime', 'CreationTime', 'LastModificationTime']);
const DIRECTIONS: readonly TodoSortDirection[] = ['asc', 'desc'];

export const DEFAULT_TODO_SORT: TodoSort = Object.freeze({ field: 'CreationTime', direction: 'desc' });

export interface TodoSortOption extends TodoSort {
  /** The Sorting parameter, e.g. "CreationTime desc". */
  value: string;
  fieldLabel: string;
  directionLabel: string;
  label: string;
}

/** The Sorting parameter: 'field direction'. */
export const sortingParam = (sort: TodoSort): string => `${sort.field} ${sort.direction}`;

/** Each field ascending then descending. */
export const TODO_SORT_OPTIONS: readonly TodoSortOption[] = Object.freeze(
  TODO_SORT_FIELDS.flatMap((field) =>
    DIRECTIONS.map((direction) => ({
      field,
      direction,
      value: sortingParam({ field, direction }),
      fieldLabel: SORT_FIELD_LABELS[field],
      directionLabel: SORT_DIRECTION_LABELS[direction],
      label: `${SORT_FIELD_LABELS[field]}${SORT_DIRECTION_LABELS[direction]}`,
    })),
  ),
);

/** Reads a Sorting parameter back (e.g. from the URL); anything else is the default sort. */
export function parseSortingParam(value: unknown): TodoSort {
  const option = TODO_SORT_OPTIONS.find((o) => o.value === (typeof value === 'string' ? value.trim() : ''));
  return option ? { field: option.field, direction: option.direction } : { ...DEFAULT_TODO_SORT };
}

/** Used when the tab-count call fails: the three tabs with State 0, 1, 2. */
export const DEFAULT_TODO_TABS: readonly TodoTab[] = Object.freeze([
  { name: TAB_PENDING, noReadNum: 0, type: 0 },
  { name: TAB_HANDLED, noReadNum: 0, type: 1 },
  { name: TAB_CREATED, noReadNum: 0, type: 2 },
]);

export interface TodoTabView {
  type: number;
  name: string;
  /** Unread count capped at 99+; null when there is nothing unread. */
  badge: string | null;
}

/** Tabs as the tab-count call lists them, falling back to the three defaults. */
export function todoTabsView(tabs: readonly TodoTab[] | null | undefined): TodoTabView[] {
  const usable = Array.isArray(tabs)
    ? tabs.filter((t) => t && typeof t.name === 'string' && typeof t.type === 'number')
    : [];
  const source = usable.length > 0 ? usable : DEFAULT_TODO_TABS;
  return source.map((t) => ({ type: t.type, name: t.name, badge: formatBadge(t.noReadNum) || null }));
}

export interface TodoCategoryOption {
  /** null stands for 全部分类. */
  value: number | string | null;
  label: string;
}

export function todoCategoryOptions(categories: readonly TodoCategory[] | null | undefined): TodoCategoryOption[] {
  const list = Array.isArray(categories) ? categories.filter((c) => c && typeof c.name === 'string') : [];
  return [{ value: null, label: ALL_CATEGORIES }, ...list.map((c) => ({ value: c.type, label: c.name }))];
}

export interface TodoListRequest {
  /** The tab's type. */
  state: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  filter?: string | null;
  category?: number | string | null;
  sort?: TodoSort | null;
}

/** The list query; a blank filter and 全部分类 are left out. */
export function buildTodoListQuery(request: TodoListRequest): TodoListQuery {
  const pageSize = Number.isInteger(request.pageSize) && request.pageSize > 0 ? request.pageSize : TODO_LIST_PAGE_SIZE;
  const filter = typeof request.filter === 'string' ? request.filter.trim() : '';
  const query: TodoListQuery = {
    State: request.state,
    SkipCount: skipCountFor(request.page, pageSize),
    MaxResultCount: pageSize,
    Sorting: sortingParam(request.sort ?? DEFAULT_TODO_SORT),
  };
  if (filter !== '') query.Filter = filter;
  if (request.category !== null && request.category !== undefined && request.category !== '') {
    query.type = request.category;
  }
  return query;
}

/** A full page means there may be more (the shared paging rule). */
export const hasMoreTodos = hasMoreAfterPage;
