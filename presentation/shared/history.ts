/**
 * Knows whether the page on screen is the first one the app opened, so the back bar
 * can hand "back" to the native shell there (SPEC point 2). Every history entry the app
 * creates carries its index in history.state (the way routers keep their own index);
 * the first entry is 0. A state that is not a plain object cannot carry it and counts
 * as "not first", so back then stays in the browser history.
 */
const INDEX_KEY = '__cwIdx';

type StateHistory = Pick<History, 'state' | 'pushState' | 'replaceState'>;

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

export const historyIndexOf = (state: unknown): number | null => {
  if (!isPlain(state)) return null;
  const idx = state[INDEX_KEY];
  return typeof idx === 'number' && Number.isInteger(idx) && idx >= 0 ? idx : null;
};

const withIndex = (state: unknown, idx: number): unknown => {
  if (state === null || state === undefined) return { [INDEX_KEY]: idx };
  return isPlain(state) ? { ...state, [INDEX_KEY]: idx } : state;
};

const installed = new WeakSet<object>();

/** Wraps pushState/replaceState once; the entry on screen at start-up becomes index 0. */
export function installHistoryIndex(h: StateHistory = window.history): void {
  if (installed.has(h)) return;
  installed.add(h);
  const push = h.pushState.bind(h);
  const replace = h.replaceState.bind(h);
  if (historyIndexOf(h.state) === null) replace(withIndex(h.state, 0), '');
  h.pushState = (state: unknown, unused: string, url?: string | URL | null) =>
    push(withIndex(state, (historyIndexOf(h.state) ?? 0) + 1), unused, url);
  h.replaceState = (state: unknown, unused: string, url?: string | URL | null) =>
    replace(withIndex(state, historyIndexOf(h.state) ?? 0), unused, url);
}

export const isFirstPage = (h: Pick<History, 'state'> = window.history): boolean => historyIndexOf(h.state) === 0;
