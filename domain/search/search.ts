/**
 * Global search rules: keyword normalisation, result tab, to-do action, and the
 * recent-search history kept in local storage (SPEC point 9).
 */
import { COMPLETE_TODO, VIEW_DETAIL } from './messages';
import type { SearchHistory, SearchHistoryEntry, SearchResult, SearchResultTab, SearchTodoMatter } from './types';

export const SEARCH_KEYWORD_MAX = 100;
/**
 * Search results are drawn this many rows at a time, the next step when the end of what is
 * drawn comes within a screen: a backend may answer thousands of apps or to-dos.
 */
export const SEARCH_ROWS_PER_STEP = 30;
export const SEARCH_DELAY_MS = 500;
export const HISTORY_MAX_TERMS = 10;
export const HISTORY_MAX_KEYS = 10;
/** home-search type parameter. */
export const HOME_SEARCH_TYPE = 1;

/**
 * Trims, cuts to 100 characters (code points, so an emoji is never split) and trims
 * again, since the cut may end on a space. Non-strings give ''.
 */
export const normalizeKeyword = (raw: unknown): string => {
  if (typeof raw !== 'string') return '';
  return Array.from(raw.trim()).slice(0, SEARCH_KEYWORD_MAX).join('').trimEnd();
};

/** Global search runs only for a non-blank keyword; null means "do not search". */
export const globalSearchKeyword = (raw: unknown): string | null => {
  const k = normalizeKeyword(raw);
  return k === '' ? null : k;
};

export const homeSearchQuery = (
  keyword: string,
  userType: number,
): { name: string; type: number; userType: number } => ({
  name: normalizeKeyword(keyword),
  type: HOME_SEARCH_TYPE,
  userType,
});

/** Apps when the apps list has results, else to-dos. Menus are not shown as a tab. */
export const defaultResultTab = (result: Pick<SearchResult, 'useApp'> | null | undefined): SearchResultTab =>
  (result?.useApp?.length ?? 0) > 0 ? 'apps' : 'todos';

export const isTodoDone = (todo: SearchTodoMatter): boolean => todo.todoTime !== null && todo.todoTime !== undefined;

/** Approval-type to-dos open the approval page instead of being completed in place. */
export const isApprovalTodo = (todo: SearchTodoMatter): boolean =>
  typeof todo.type === 'number' && todo.type !== 0;

/** COMPLETE_TODO for an open, non-approval to-do; VIEW_DETAIL otherwise. */
export const todoActionLabel = (todo: SearchTodoMatter): string =>
  !isTodoDone(todo) && !isApprovalTodo(todo) ? COMPLETE_TODO : VIEW_DETAIL;

/** The deadline is shown red when the server flags the to-do as timed out. */
export const isTodoOverdue = (todo: SearchTodoMatter): boolean => todo.isTimeout === true;

// ---------------------------------------------------------------------------
// Search history
// ---------------------------------------------------------------------------

export const EMPTY_SEARCH_HISTORY: SearchHistory = Object.freeze({ entries: Object.freeze([]) });

/** The history key of a user: the trimmed id as text; null without a user. */
export const searchHistoryKey = (userId: unknown): string | null => {
  const id = typeof userId === 'number' && Number.isFinite(userId) ? String(userId) : userId;
  if (typeof id !== 'string') return null;
  const s = id.trim();
  return s === '' ? null : s;
};

const cleanTerms = (raw: unknown): string[] => {
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const t of raw) {
    const k = normalizeKeyword(t);
    if (k !== '' && !out.includes(k)) out.push(k);
    if (out.length === HISTORY_MAX_TERMS) break;
  }
  return out;
};

/**
 * Reads the stored history (object or JSON text) and repairs it: bad entries dropped,
 * terms normalised and de-duplicated, at most 10 terms per key and 10 keys, keys unique.
 * Anything unreadable is the empty history.
 */
export const parseSearchHistory = (raw: unknown): SearchHistory => {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return EMPTY_SEARCH_HISTORY;
    }
  }
  if (typeof value !== 'object' || value === null) return EMPTY_SEARCH_HISTORY;
  const entries = (value as { entries?: unknown }).entries;
  if (!Array.isArray(entries)) return EMPTY_SEARCH_HISTORY;
  const out: SearchHistoryEntry[] = [];
  for (const e of entries) {
    if (typeof e !== 'object' || e === null) continue;
    const key = searchHistoryKey((e as { key?: unknown }).key);
    if (key === null || out.some((o) => o.key === key)) continue;
    const terms = cleanTerms((e as { terms?: unknown }).terms);
    if (terms.length > 0) out.push({ key, terms });
    if (out.length === HISTORY_MAX_KEYS) break;
  }
  return { entries: out };
};

/** The user's recent terms, newest first. */
export const historyTerms = (history: SearchHistory, key: string): readonly string[] =>
  history.entries.find((e) => e.key === key)?.terms ?? [];

/**
 * Records a search: the term goes first (an earlier copy is removed), at most 10 terms;
 * the user's key becomes the most recent and the least recently used key beyond 10 is
 * evicted. A blank term or key changes nothing.
 */
export const addSearchTerm = (history: SearchHistory, key: unknown, term: unknown): SearchHistory => {
  const k = searchHistoryKey(key);
  const t = normalizeKeyword(term);
  if (k === null || t === '') return history;
  const previous = historyTerms(history, k).filter((x) => x !== t);
  const entry: SearchHistoryEntry = { key: k, terms: [t, ...previous].slice(0, HISTORY_MAX_TERMS) };
  const others = history.entries.filter((e) => e.key !== k);
  return { entries: [entry, ...others].slice(0, HISTORY_MAX_KEYS) };
};

/** CLEAR_HISTORY_CONFIRM accepted: the user's terms are removed (other users keep theirs). */
export const clearSearchHistory = (history: SearchHistory, key: unknown): SearchHistory => {
  const k = searchHistoryKey(key);
  if (k === null) return history;
  return { entries: history.entries.filter((e) => e.key !== k) };
};
