import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addSearchTerm,
  clearSearchHistory,
  CLEAR_HISTORY_CONFIRM,
  CLEAR_HISTORY_TITLE,
  COMPLETE_TODO,
  defaultResultTab,
  EMPTY_SEARCH_HISTORY,
  globalSearchKeyword,
  HISTORY_MAX_KEYS,
  HISTORY_MAX_TERMS,
  historyTerms,
  HOME_SEARCH_TYPE,
  homeSearchQuery,
  isApprovalTodo,
  isTodoDone,
  isTodoOverdue,
  NO_RELATED_CONTENT,
  normalizeKeyword,
  parseSearchHistory,
  SEARCH_CANCEL,
  SEARCH_DELAY_MS,
  SEARCH_KEYWORD_MAX,
  searchHistoryKey,
  TAB_APPS,
  TAB_TODOS,
  todoActionLabel,
  VIEW_DETAIL,
  type SearchHistory,
  type SearchTodoMatter,
} from '../../../../domain/search';

describe('strings and constants', () => {
  it.each([
    [TAB_APPS, '应用'],
    [TAB_TODOS, '待办'],
    [NO_RELATED_CONTENT, '暂无相关内容'],
    [CLEAR_HISTORY_TITLE, '提示'],
    [CLEAR_HISTORY_CONFIRM, '确定删除所有搜索记录？'],
    [COMPLETE_TODO, '完成待办'],
    [VIEW_DETAIL, '查看详情'],
    [SEARCH_CANCEL, '取消'],
  ])('%s', (constant, literal) => expect(constant).toBe(literal));

  it.each([
    ['keyword max', SEARCH_KEYWORD_MAX, 100],
    ['search delay', SEARCH_DELAY_MS, 500],
    ['terms per user', HISTORY_MAX_TERMS, 10],
    ['history keys', HISTORY_MAX_KEYS, 10],
    ['home-search type', HOME_SEARCH_TYPE, 1],
  ])('%s', (_label, value, expected) => expect(value).toBe(expected));
});

describe('keyword: trimmed and cut to 100 characters', () => {
  it.each([
    ['  请假  ', '请假'],
    ['a'.repeat(100), 'a'.repeat(100)],
    ['a'.repeat(101), 'a'.repeat(100)],
    [`${'a'.repeat(99)} b`, 'a'.repeat(99)],
    ['😀'.repeat(101), '😀'.repeat(100)],
    ['   ', ''],
    [null, ''],
    [5, ''],
  ])('normalizeKeyword(%j)', (raw, expected) => expect(normalizeKeyword(raw)).toBe(expected));

  it.each([
    ['  oa ', 'oa'],
    ['', null],
    ['   ', null],
    [undefined, null],
  ])('global search needs a non-blank keyword: %j -> %j', (raw, expected) =>
    expect(globalSearchKeyword(raw)).toBe(expected),
  );

  it('any keyword is at most 100 characters, trimmed, and a prefix of the trimmed input (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (raw) => {
        const k = normalizeKeyword(raw);
        expect(Array.from(k).length).toBeLessThanOrEqual(100);
        expect(k).toBe(k.trim());
        expect(raw.trim().startsWith(k)).toBe(true);
        expect(globalSearchKeyword(raw) === null).toBe(k === '');
      }),
    );
  });

  it('home-search query', () =>
    expect(homeSearchQuery('  oa ', 1)).toEqual({ name: 'oa', type: 1, userType: 1 }));
});

describe('results', () => {
  it.each([
    ['apps have results', { useApp: [{ id: '1', name: 'OA', useAppType: 1 }] }, 'apps'],
    ['no apps', { useApp: [] }, 'todos'],
    ['no result', null, 'todos'],
  ])('default tab when %s', (_label, result, tab) => expect(defaultResultTab(result)).toBe(tab));

  const todo = (patch: Partial<SearchTodoMatter>): SearchTodoMatter => ({ id: '1', name: '交材料', ...patch });

  it.each([
    ['open to-do', todo({ todoTime: null, type: 0 }), '完成待办'],
    ['open to-do without type', todo({}), '完成待办'],
    ['done to-do', todo({ todoTime: '2024-05-01 10:00:00' }), '查看详情'],
    ['approval to-do', todo({ type: 1 }), '查看详情'],
  ])('%s -> %s', (_label, t, label) => expect(todoActionLabel(t)).toBe(label));

  it('done, approval and overdue flags', () => {
    expect(isTodoDone(todo({ todoTime: '' }))).toBe(true);
    expect(isTodoDone(todo({ todoTime: undefined }))).toBe(false);
    expect(isApprovalTodo(todo({ type: 2 }))).toBe(true);
    expect(isApprovalTodo(todo({ type: null }))).toBe(false);
    expect(isTodoOverdue(todo({ isTimeout: true }))).toBe(true);
    expect(isTodoOverdue(todo({ isTimeout: null }))).toBe(false);
  });
});

describe('search history (max 10 terms per user, max 10 keys, newest first, no duplicates)', () => {
  it('adds newest first without duplicates', () => {
    let h: SearchHistory = EMPTY_SEARCH_HISTORY;
    h = addSearchTerm(h, 'u1', '请假');
    h = addSearchTerm(h, 'u1', '课表');
    h = addSearchTerm(h, 'u1', ' 请假 ');
    expect(historyTerms(h, 'u1')).toEqual(['请假', '课表']);
  });

  it.each([
    [10, 10],
    [11, 10],
    [25, 10],
  ])('%d different terms keep the newest %d', (n, kept) => {
    let h = EMPTY_SEARCH_HISTORY;
    for (let i = 1; i <= n; i += 1) h = addSearchTerm(h, 'u1', `t${i}`);
    const terms = historyTerms(h, 'u1');
    expect(terms).toHaveLength(kept);
    expect(terms[0]).toBe(`t${n}`);
  });

  it('the 11th user key evicts the least recently used one', () => {
    let h = EMPTY_SEARCH_HISTORY;
    for (let i = 1; i <= 10; i += 1) h = addSearchTerm(h, i, 'x');
    h = addSearchTerm(h, 1, 'y'); // user 1 becomes the most recent
    h = addSearchTerm(h, 11, 'x');
    expect(h.entries).toHaveLength(10);
    expect(h.entries.map((e) => e.key)).not.toContain('2');
    expect(historyTerms(h, '1')).toEqual(['y', 'x']);
    expect(h.entries[0]?.key).toBe('11');
  });

  it('blank term or key changes nothing', () => {
    const h = addSearchTerm(EMPTY_SEARCH_HISTORY, 'u1', 'a');
    expect(addSearchTerm(h, 'u1', '  ')).toBe(h);
    expect(addSearchTerm(h, null, 'a')).toBe(h);
  });

  it('long terms are cut to 100 characters', () =>
    expect(historyTerms(addSearchTerm(EMPTY_SEARCH_HISTORY, 'u', 'x'.repeat(150)), 'u')).toEqual(['x'.repeat(100)]));

  it('clearing removes only that user', () => {
    let h = addSearchTerm(addSearchTerm(EMPTY_SEARCH_HISTORY, 'u1', 'a'), 'u2', 'b');
    h = clearSearchHistory(h, 'u1');
    expect(historyTerms(h, 'u1')).toEqual([]);
    expect(historyTerms(h, 'u2')).toEqual(['b']);
    expect(clearSearchHistory(h, '')).toBe(h);
  });

  it.each([
    ['u1', 'u1'],
    [' u1 ', 'u1'],
    [42, '42'],
    ['', null],
    [null, null],
    [Number.NaN, null],
  ])('searchHistoryKey(%j) = %j', (raw, expected) => expect(searchHistoryKey(raw)).toBe(expected));

  it.each([
    ['null', null],
    ['not JSON', '{oops'],
    ['JSON number', '3'],
    ['no entries', {}],
    ['entries not a list', { entries: 'x' }],
  ])('an unreadable store (%s) is the empty history', (_label, raw) =>
    expect(parseSearchHistory(raw)).toEqual(EMPTY_SEARCH_HISTORY),
  );

  it('repairs a stored history', () => {
    const raw = JSON.stringify({
      entries: [
        { key: 'u1', terms: [' a ', 'a', '', 3, 'b', ...Array.from({ length: 20 }, (_, i) => `t${i}`)] },
        { key: 'u1', terms: ['dup'] },
        { key: '', terms: ['x'] },
        { key: 'u2', terms: [] },
        null,
        ...Array.from({ length: 15 }, (_, i) => ({ key: `k${i}`, terms: ['x'] })),
      ],
    });
    const h = parseSearchHistory(raw);
    expect(h.entries).toHaveLength(10);
    expect(h.entries[0]).toEqual({ key: 'u1', terms: ['a', 'b', 't0', 't1', 't2', 't3', 't4', 't5', 't6', 't7'] });
    expect(h.entries.map((e) => e.key)).not.toContain('u2');
  });

  it('parsing never throws and always respects the limits (property)', () => {
    const entry = fc.record({ key: fc.oneof(fc.string(), fc.integer(), fc.constant(null)), terms: fc.array(fc.anything(), { maxLength: 30 }) });
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ entries: fc.array(fc.oneof(entry, fc.anything()), { maxLength: 30 }) })), (raw) => {
        const h = parseSearchHistory(raw);
        expect(h.entries.length).toBeLessThanOrEqual(10);
        expect(new Set(h.entries.map((e) => e.key)).size).toBe(h.entries.length);
        for (const e of h.entries) {
          expect(e.terms.length).toBeGreaterThan(0);
          expect(e.terms.length).toBeLessThanOrEqual(10);
          expect(new Set(e.terms).size).toBe(e.terms.length);
        }
        expect(parseSearchHistory(JSON.stringify(h))).toEqual(h);
      }),
    );
  });

  it('any sequence of searches keeps the limits, newest first (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 15 }), fc.string({ maxLength: 5 })), { maxLength: 80 }), (ops) => {
        let h = EMPTY_SEARCH_HISTORY;
        for (const [user, term] of ops) {
          h = addSearchTerm(h, user, term);
          if (term.trim() !== '') expect(historyTerms(h, String(user))[0]).toBe(term.trim());
        }
        expect(h.entries.length).toBeLessThanOrEqual(10);
        for (const e of h.entries) {
          expect(e.terms.length).toBeLessThanOrEqual(10);
          expect(new Set(e.terms).size).toBe(e.terms.length);
        }
      }),
    );
  });
});
