/**
 * Global search (/search, SPEC point 2 "Global search", point 4 "Search", point 9
 * "Search history"): the keyword is trimmed, cut to 100 characters and searched 500 ms
 * after the last keystroke (at once for a history term or Enter); a search started
 * again stops the one before. Each search found is remembered in the user's recent
 * searches; clearing them asks first. 完成待办 marks a to-do done and searches again,
 * keeping the tab the user is on.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { CLEAR_HISTORY_CONFIRM, CLEAR_HISTORY_TITLE } from '../../domain/search/messages';
import { globalSearchKeyword, SEARCH_DELAY_MS, SEARCH_KEYWORD_MAX } from '../../domain/search/search';
import type { SearchResultTab, SearchTodoMatter } from '../../domain/search/types';
import type { Notifier } from '../ports/runtime';
import type { SearchHistoryStore } from '../ports/searchHistory';
import { NOTIFIER, SEARCH_HISTORY_STORE } from '../ports/tokens';
import { failureOf, type Failure } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { defineScreen } from '../shared/screens';
import { TODO_API, type TodoApi } from '../ports/todo';
import { SEARCH_API, type SearchApi } from './ports';
import { completeTodo, searchEverything, type SearchOutcome } from './useCases';

export interface SearchModelDeps {
  readonly api: Pick<SearchApi, 'search'>;
  readonly todo: Pick<TodoApi, 'makeState'>;
  readonly history: SearchHistoryStore;
  readonly notifier: Pick<Notifier, 'fail' | 'success' | 'confirm'>;
  /** The signed-in user ('' before the session is known: no history then). */
  readonly userId: string;
  readonly userType: number;
}

interface SearchAsked {
  readonly keyword: string;
  readonly delay: number;
  /** A search again after 完成待办 keeps the tab the user is on. */
  readonly keepTab: boolean;
}

const CANCELLED: Failure = { kind: 'cancelled', message: '' };

export function createSearchModel(deps: SearchModelDeps) {
  const { userId } = deps;

  const textChanged = createEvent<string>();
  /** A history term, or Enter: searched at once. */
  const termChosen = createEvent<string>();
  const tabChanged = createEvent<SearchResultTab>();
  const historyCleared = createEvent();
  const completeRequested = createEvent<SearchTodoMatter>();

  const $text = createStore('', { serialize: 'ignore' })
    .on(textChanged, (_, v) => v.slice(0, SEARCH_KEYWORD_MAX))
    .on(termChosen, (_, v) => v.slice(0, SEARCH_KEYWORD_MAX));
  /** The keyword searched for; null shows the recent searches. */
  const $keyword = $text.map((text) => globalSearchKeyword(text));
  /** The keyword of the search asked last: typing that leaves it as it was asks nothing. */
  const $asked = createStore<string | null>(null, { serialize: 'ignore' });
  const $terms = createStore<readonly string[]>(userId ? deps.history.terms(userId) : [], { serialize: 'ignore' });
  const $outcome = createStore<SearchOutcome | null>(null, { serialize: 'ignore' });
  const $tab = createStore<SearchResultTab>('apps', { serialize: 'ignore' }).on(tabChanged, (_, tab) => tab);
  const $loading = createStore(false, { serialize: 'ignore' });
  /** The to-do being completed. */
  const $busyTodo = createStore<string | null>(null, { serialize: 'ignore' });

  // ----- searching -----
  let running: { controller: AbortController; timer: ReturnType<typeof setTimeout> | null } | null = null;
  const stop = (): void => {
    if (!running) return;
    if (running.timer !== null) clearTimeout(running.timer);
    running.controller.abort();
    running = null;
  };
  const searchFx = createEffect(async ({ keyword, delay, keepTab }: SearchAsked): Promise<{ found: SearchOutcome; keepTab: boolean }> => {
    stop();
    const controller = new AbortController();
    const mine = { controller, timer: null as ReturnType<typeof setTimeout> | null };
    running = mine;
    await new Promise<void>((resolve, reject) => {
      mine.timer = setTimeout(resolve, delay);
      controller.signal.addEventListener('abort', () => reject(CANCELLED));
    });
    mine.timer = null;
    const found = await searchEverything({ api: deps.api }, keyword, deps.userType, { signal: controller.signal });
    if (running === mine) running = null;
    if (found === null || controller.signal.aborted) throw CANCELLED;
    return { found, keepTab };
  });
  const stopFx = createEffect(() => stop());

  const typed = sample({
    clock: textChanged,
    source: { asked: $asked, keyword: $keyword },
    filter: ({ asked, keyword }) => asked !== keyword,
    fn: ({ keyword }) => keyword,
  });
  const cleared = sample({ clock: typed, filter: (k): k is null => k === null });
  const typedKeyword = sample({ clock: typed, filter: (k): k is string => k !== null });
  sample({ clock: typedKeyword, fn: (keyword): SearchAsked => ({ keyword, delay: SEARCH_DELAY_MS, keepTab: false }), target: searchFx });
  const chosenKeyword = sample({ clock: termChosen, source: $keyword, filter: (k): k is string => k !== null });
  sample({ clock: chosenKeyword, fn: (keyword): SearchAsked => ({ keyword, delay: 0, keepTab: false }), target: searchFx });
  $asked.on(searchFx, (_, { keyword }) => keyword).reset(cleared);
  sample({ clock: cleared, target: stopFx });

  $loading.on(searchFx, () => true).on(searchFx.done, () => false).reset(cleared);
  const failed = sample({ clock: searchFx.failData.map((e) => failureOf(e)), filter: (f: Failure) => f.kind !== 'cancelled' });
  $loading.reset(failed);
  sample({ clock: failed, target: createEffect((f: Failure) => tellFailure(deps.notifier, f)) });
  /**
   * The last search failed (no answer in time, a refusal, an unreadable answer): the page
   * says so with 重试 where the results would be, never a spinner that goes on for ever.
   */
  const $failed = createStore<Failure | null>(null, { serialize: 'ignore' })
    .on(failed, (_, f) => f)
    .reset(searchFx, cleared);
  /** 重试 after a failure: the same keyword again, at once. */
  const retried = createEvent();
  sample({
    clock: retried,
    source: $asked,
    filter: (asked) => asked !== null,
    fn: (keyword): SearchAsked => ({ keyword: keyword ?? '', delay: 0, keepTab: true }),
    target: searchFx,
  });

  $outcome.on(searchFx.doneData, (_, { found }) => found).reset(cleared);
  $tab.on(searchFx.doneData, (tab, { found, keepTab }) => (keepTab ? tab : found.tab));
  $terms.on(searchFx.doneData, (terms, { found }) => (userId ? deps.history.add(userId, found.keyword) : terms));

  // ----- the recent searches -----
  const clearHistoryFx = createEffect(async (): Promise<boolean> => {
    if (!userId) return false;
    const yes = await deps.notifier.confirm({ title: CLEAR_HISTORY_TITLE, content: CLEAR_HISTORY_CONFIRM });
    if (yes) deps.history.clear(userId);
    return yes;
  });
  sample({ clock: historyCleared, target: clearHistoryFx });
  $terms.on(clearHistoryFx.doneData, (terms, cleared) => (cleared ? [] : terms));

  // ----- 完成待办 -----
  const completeFx = createEffect(async (item: SearchTodoMatter): Promise<boolean> => {
    const done = await completeTodo({ todo: deps.todo }, item);
    if (!done.ok) {
      tellFailure(deps.notifier, done.error);
      return false;
    }
    deps.notifier.success(done.value);
    return true;
  });
  const completing = sample({ clock: completeRequested, source: $busyTodo, filter: (busy) => busy === null, fn: (_, item) => item });
  $busyTodo.on(completing, (_, item) => item.id).reset(completeFx.finally);
  sample({ clock: completing, target: completeFx });
  const completedIn = sample({ clock: completeFx.doneData, source: $asked, filter: (asked, done): asked is string => done && asked !== null });
  sample({ clock: completedIn, fn: (keyword): SearchAsked => ({ keyword, delay: 0, keepTab: true }), target: searchFx });

  return {
    $text,
    $keyword,
    $terms,
    $outcome,
    $tab,
    $loading,
    $failed,
    $busyTodo,
    textChanged,
    retried,
    termChosen,
    tabChanged,
    historyCleared,
    completeRequested,
    dispose: stop,
  };
}

export type SearchModel = ReturnType<typeof createSearchModel>;

export const searchScreen = defineScreen({
  name: 'search',
  lifetime: 'screen',
  key: (p: { userId: string; userType: number }) => p.userId,
  create: (get, p) =>
    createSearchModel({
      api: get(SEARCH_API),
      todo: get(TODO_API),
      history: get(SEARCH_HISTORY_STORE),
      notifier: get(NOTIFIER),
      userId: p.userId,
      userType: p.userType,
    }),
});
