import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildTodoListQuery,
  DEFAULT_TODO_SORT,
  DEFAULT_TODO_TABS,
  hasMoreTodos,
  parseSortingParam,
  sortingParam,
  TODO_LIST_PAGE_SIZE,
  TODO_PORTAL_PAGE_SIZE,
  TODO_SORT_OPTIONS,
  todoCategoryOptions,
  todoTabsView,
} from '../../../../domain/todo/list';
import { ALL_CATEGORIES, TAB_CREATED, TAB_HANDLED, TAB_PENDING } from '../../../../domain/todo/messages';

describe('page sizes and defaults', () => {
  it.each([
    [TODO_PORTAL_PAGE_SIZE, 10],
    [TODO_LIST_PAGE_SIZE, 20],
    [ALL_CATEGORIES, '全部分类'],
    [TAB_PENDING, '待我处理'],
    [TAB_HANDLED, '我已处理'],
    [TAB_CREATED, '我创建的'],
  ])('%j is %j', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it('the default sort is CreationTime descending', () => {
    expect(DEFAULT_TODO_SORT).toEqual({ field: 'CreationTime', direction: 'desc' });
    expect(sortingParam(DEFAULT_TODO_SORT)).toBe('CreationTime desc');
  });
});

describe('sort options', () => {
  it.each([
    [0, 'EndTime asc', '截止时间', '升序'],
    [1, 'EndTime desc', '截止时间', '降序'],
    [2, 'CreationTime asc', '创建时间', '升序'],
    [3, 'CreationTime desc', '创建时间', '降序'],
    [4, 'LastModificationTime asc', '更新时间', '升序'],
    [5, 'LastModificationTime desc', '更新时间', '降序'],
  ])('option %i is %s (%s %s)', (index, value, fieldLabel, directionLabel) => {
    expect(TODO_SORT_OPTIONS[index]).toMatchObject({ value, fieldLabel, directionLabel, label: `${fieldLabel}${directionLabel}` });
  });

  it('has six options', () => {
    expect(TODO_SORT_OPTIONS).toHaveLength(6);
  });

  it.each([
    ['EndTime asc', { field: 'EndTime', direction: 'asc' }],
    [' LastModificationTime desc ', { field: 'LastModificationTime', direction: 'desc' }],
    ['Name asc', DEFAULT_TODO_SORT],
    [null, DEFAULT_TODO_SORT],
  ])('parseSortingParam(%j) is %j', (value, expected) => {
    expect(parseSortingParam(value)).toEqual(expected);
  });

  it('parse is the inverse of sortingParam and never throws', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TODO_SORT_OPTIONS), (option) => {
        expect(parseSortingParam(sortingParam(option))).toEqual({ field: option.field, direction: option.direction });
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(TODO_SORT_OPTIONS.some((o) => o.value === sortingParam(parseSortingParam(value)))).toBe(true);
      }),
    );
  });
});

describe('tabs and categories', () => {
  it('shows the server tabs with capped badges', () => {
    expect(
      todoTabsView([
        { name: '待我处理', noReadNum: 3, type: 0 },
        { name: '我已处理', noReadNum: 0, type: 1 },
        { name: '我创建的', noReadNum: 120, type: 2 },
      ]),
    ).toEqual([
      { type: 0, name: '待我处理', badge: '3' },
      { type: 1, name: '我已处理', badge: null },
      { type: 2, name: '我创建的', badge: '99+' },
    ]);
  });

  it.each([[null], [[]], [[{ bogus: true }]]])('falls back to the three default tabs for %j', (tabs) => {
    expect(todoTabsView(tabs as never).map((t) => t.name)).toEqual(['待我处理', '我已处理', '我创建的']);
    expect(DEFAULT_TODO_TABS.map((t) => t.type)).toEqual([0, 1, 2]);
  });

  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [Number.NaN, null],
  ])('a tab with %j unread shows badge %j', (noReadNum, expected) => {
    expect(todoTabsView([{ name: '待我处理', noReadNum, type: 0 }])[0]?.badge).toBe(expected);
  });

  it('categories start with 全部分类', () => {
    expect(todoCategoryOptions([{ type: 1, name: '教学' }, { type: 'x', name: '行政' }])).toEqual([
      { value: null, label: '全部分类' },
      { value: 1, label: '教学' },
      { value: 'x', label: '行政' },
    ]);
    expect(todoCategoryOptions(null)).toEqual([{ value: null, label: ALL_CATEGORIES }]);
  });
});

describe('buildTodoListQuery', () => {
  it.each([
    [
      { state: 0, page: 1, pageSize: 20 },
      { State: 0, SkipCount: 0, MaxResultCount: 20, Sorting: 'CreationTime desc' },
    ],
    [
      { state: 1, page: 3, pageSize: 20, filter: '  作业 ', category: 4, sort: { field: 'EndTime', direction: 'asc' } as const },
      { State: 1, SkipCount: 40, MaxResultCount: 20, Filter: '作业', type: 4, Sorting: 'EndTime asc' },
    ],
    [
      { state: 2, page: 0, pageSize: 10, filter: '   ', category: null },
      { State: 2, SkipCount: 0, MaxResultCount: 10, Sorting: 'CreationTime desc' },
    ],
    [
      { state: 0, page: 2, pageSize: -1, category: '' },
      { State: 0, SkipCount: 20, MaxResultCount: 20, Sorting: 'CreationTime desc' },
    ],
  ])('%j gives %j', (request, expected) => {
    expect(buildTodoListQuery(request)).toEqual(expected);
  });

  it('skips (page-1)*pageSize', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.constantFrom(10, 20), (page, pageSize) => {
        const query = buildTodoListQuery({ state: 0, page, pageSize });
        expect(query.SkipCount).toBe((page - 1) * pageSize);
        expect(query.MaxResultCount).toBe(pageSize);
      }),
    );
  });

  it.each([
    [20, 20, true],
    [19, 20, false],
    [10, 10, true],
    [0, 10, false],
    [5, 0, false],
  ])('hasMoreTodos(%i, %i) is %j', (received, pageSize, expected) => {
    expect(hasMoreTodos(received, pageSize)).toBe(expected);
  });
});
