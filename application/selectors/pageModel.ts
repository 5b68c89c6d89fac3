/**
 * One open selector page (page/picker, page/listPicker, selectors; SPEC point 4
 * "Selector"): tabs from the select component, browse (30 a page) or search (10 a page),
 * drill down and back one level, select all and toggles by the domain's rules. The
 * request comes from the selection channel (./model.ts) under the page's key; 确定 puts
 * the choice back under it and leaves, leaving otherwise cancels it.
 *
 * The state is one snapshot store: a toggle or a new page is one update, and the rows
 * whose state it left alone are not drawn again.
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import {
  backOneLevel,
  currentParentId,
  drillDown,
  goToLevel,
  isAllSelected,
  isTabSelectable,
  removeSelected,
  ROOT_NAV,
  selectorTabs,
  toggleItem,
  toggleSelectAll,
} from '../../domain/selectors/selectors';
import type { SelectablePerson, SelectComponent, SelectComponentExtendSet, SelectorNav } from '../../domain/selectors/types';
import type { Navigator, Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { failureOf, type Failure } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { leavingNavigator } from '../shared/navigation';
import { defineScreen } from '../shared/screens';
import { selectionCancelled, selectionConfirmed, type SelectionRequest } from './model';
import { SELECTORS_API, type SelectorsApi } from './ports';
import { loadSelectComponent, loadSelectorPage } from './useCases';

export interface SelectorSnapshot {
  readonly status: 'loading' | 'ready' | 'error';
  /** 未找到对应组件 / 获取失败，请稍后重试 when the component could not be loaded. */
  readonly error: string | null;
  readonly title: string;
  readonly component: SelectComponent | null;
  readonly tabs: readonly SelectComponentExtendSet[];
  readonly tabIndex: number;
  readonly tabSelectable: boolean;
  /** Opened levels, root first. */
  readonly nav: SelectorNav;
  /** The applied search text ('' when browsing). */
  readonly keyword: string;
  readonly items: readonly SelectablePerson[];
  readonly page: number;
  readonly hasMore: boolean;
  readonly listLoading: boolean;
  readonly listError: string | null;
  readonly selected: readonly SelectablePerson[];
  readonly multiple: boolean;
  readonly allSelected: boolean;
  /** Contacts style: a flat list, always searched. */
  readonly flat: boolean;
}

export interface SelectorPageDeps {
  readonly api: SelectorsApi;
  readonly notifier: Pick<Notifier, 'fail'>;
  readonly navigator: Pick<Required<Navigator>, 'leave'>;
  readonly request: SelectionRequest;
  /** Contacts style (page/listPicker): a flat, searchable list of people. */
  readonly flat: boolean;
  /** The selection channel's key the choice goes back under ('' when opened by a link without one). */
  readonly selectionKey: string;
}

type PageAnswer =
  | { readonly kind: 'page'; readonly page: number; readonly items: readonly SelectablePerson[]; readonly hasMore: boolean }
  | { readonly kind: 'failed'; readonly failure: Failure }
  /** The component has no tab to list. */
  | { readonly kind: 'none' }
  /** Stopped, or answering for a list the user has already left. */
  | { readonly kind: 'stale' };

const withAllSelected = (s: SelectorSnapshot): SelectorSnapshot => ({ ...s, allSelected: s.multiple && isAllSelected(s.selected, s.items, s.tabSelectable) });

export function createSelectorPageModel(deps: SelectorPageDeps) {
  const { flat } = deps;
  const lifetime = new AbortController();

  const opened = createEvent();
  const tabSwitched = createEvent<number>();
  const levelOpened = createEvent<SelectablePerson>();
  /** Breadcrumb: -1 is the top. */
  const crumbChosen = createEvent<number>();
  /** Searches the whole tab (trimmed); an empty text goes back to browsing. */
  const searched = createEvent<string>();
  const toggled = createEvent<SelectablePerson>();
  const allToggled = createEvent();
  const removed = createEvent<string>();
  /** The back bar: back one level (or out of a search); at the top, the page is left and the choice cancelled. */
  const backRequested = createEvent();
  /** Leaves without a choice. */
  const leaveRequested = createEvent();
  const confirmed = createEvent();

  const $state = createStore<SelectorSnapshot>(
    withAllSelected({
      status: 'loading',
      error: null,
      title: deps.request.title ?? '',
      component: null,
      tabs: [],
      tabIndex: 0,
      tabSelectable: false,
      nav: ROOT_NAV,
      keyword: '',
      items: [],
      page: 0,
      hasMore: false,
      listLoading: false,
      listError: null,
      selected: [...(deps.request.selected ?? [])],
      multiple: deps.request.multiple !== false,
      allSelected: false,
      flat,
    }),
    { serialize: 'ignore' },
  );
  const patch = (s: SelectorSnapshot, p: Partial<SelectorSnapshot>): SelectorSnapshot => withAllSelected({ ...s, ...p });

  // ----- pages -----
  let seq = 0;
  let inFlight: AbortController | null = null;
  const fetchFx = createEffect(async ({ page, state }: { page: number; state: SelectorSnapshot }): Promise<PageAnswer> => {
    const tab = state.tabs[state.tabIndex];
    if (!tab) return { kind: 'none' };
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    const mine = ++seq;
    const searching = flat || state.keyword !== '';
    try {
      const result = await loadSelectorPage(
        deps.api,
        {
          tab,
          tabIndex: state.tabIndex,
          page,
          searching,
          parentId: searching ? null : currentParentId(state.nav),
          dataPower: deps.request.dataPower ?? null,
          filter: state.keyword,
        },
        controller.signal,
      );
      return mine === seq ? { kind: 'page', page, items: result.items, hasMore: result.hasMore } : { kind: 'stale' };
    } catch (e) {
      const failure = failureOf(e);
      return mine !== seq || failure.kind === 'cancelled' ? { kind: 'stale' } : { kind: 'failed', failure };
    }
  });
  /** Page 1 of the list as it is now (a new tab, level or search). */
  const reloadFx = attach({ source: $state, mapParams: (_: void, state: SelectorSnapshot) => ({ page: 1, state }), effect: fetchFx });
  /** The next page (the infinite scroll): resolves when it is in. */
  const loadMoreFx = attach({
    source: $state,
    mapParams: (_: void, state: SelectorSnapshot) => ({ page: state.page + 1, state }),
    effect: createEffect(async ({ page, state }: { page: number; state: SelectorSnapshot }) => {
      if (!state.hasMore || state.listLoading || state.status !== 'ready') return;
      await moreFx({ page, state });
    }),
  });
  const moreFx = attach({ effect: fetchFx });

  $state
    .on(reloadFx, (s) => patch(s, { items: [], page: 0, hasMore: false, listLoading: true, listError: null }))
    .on(moreFx, (s) => patch(s, { listLoading: true, listError: null }))
    .on(fetchFx.doneData, (s, a) => {
      if (a.kind === 'stale') return s;
      if (a.kind === 'none') return patch(s, { listLoading: false, hasMore: false });
      if (a.kind === 'failed') return patch(s, { listLoading: false, hasMore: false, listError: a.failure.message });
      const items = a.page === 1 ? a.items : [...s.items, ...a.items.filter((i) => !s.items.some((x) => x.id === i.id))];
      return patch(s, { items, page: a.page, hasMore: a.hasMore, listLoading: false });
    });
  sample({
    clock: fetchFx.doneData,
    filter: (a): a is Extract<PageAnswer, { kind: 'failed' }> => a.kind === 'failed',
    target: createEffect((a: { failure: Failure }) => tellFailure(deps.notifier, a.failure)),
  });

  // ----- the component -----
  const startFx = createEffect(() =>
    loadSelectComponent(deps.api, { id: deps.request.componentId, code: deps.request.code }, lifetime.signal).catch(() => null),
  );
  sample({ clock: opened, target: startFx });
  // A component that cannot be loaded is the page's error state; no toast on top.
  $state.on(startFx.doneData, (s, loaded) => {
    if (loaded === null) return s;
    if (!loaded.ok) return patch(s, { status: 'error', error: loaded.error });
    const tabs = selectorTabs(loaded.value);
    const title = deps.request.title || loaded.value.name || tabs[0]?.name || '';
    return patch(s, { status: 'ready', component: loaded.value, tabs, title, tabSelectable: isTabSelectable(tabs[0]) });
  });
  sample({ clock: startFx.doneData, filter: (loaded) => loaded?.ok === true, target: reloadFx });

  // ----- browsing -----
  const tabTaken = sample({ clock: tabSwitched, source: $state, filter: (s, index) => index !== s.tabIndex && s.tabs[index] !== undefined, fn: (_, index) => index });
  $state.on(tabTaken, (s, index) => patch(s, { tabIndex: index, tabSelectable: isTabSelectable(s.tabs[index]), nav: ROOT_NAV }));
  sample({ clock: tabTaken, target: reloadFx });

  const drilled = sample({ clock: levelOpened, source: $state, fn: (s, item) => drillDown(s.nav, item), filter: (s, item) => drillDown(s.nav, item) !== s.nav });
  $state.on(drilled, (s, nav) => patch(s, { nav, keyword: '' }));
  sample({ clock: drilled, target: reloadFx });

  const jumped = sample({ clock: crumbChosen, source: $state, fn: (s, index) => goToLevel(s.nav, index), filter: (s, index) => goToLevel(s.nav, index).length !== s.nav.length });
  $state.on(jumped, (s, nav) => patch(s, { nav, keyword: '' }));
  sample({ clock: jumped, target: reloadFx });

  const searchTaken = sample({
    clock: searched,
    source: $state,
    fn: (_, text) => text.trim(),
    filter: (s, text) => !(text.trim() === s.keyword && s.page > 0),
  });
  $state.on(searchTaken, (s, keyword) => patch(s, { keyword }));
  sample({ clock: searchTaken, target: reloadFx });

  // ----- back -----
  type Back = { readonly kind: 'search' } | { readonly kind: 'up'; readonly nav: SelectorSnapshot['nav'] } | { readonly kind: 'leave' };
  const back = sample({
    clock: backRequested,
    source: $state,
    fn: (s): Back => {
      if (s.status !== 'ready') return { kind: 'leave' };
      if (s.keyword !== '' && !flat) return { kind: 'search' };
      const up = backOneLevel(s.nav);
      return up.left ? { kind: 'leave' } : { kind: 'up', nav: up.nav };
    },
  });
  sample({ clock: back, filter: (b) => b.kind === 'search', fn: () => '', target: searched });
  const up = sample({ clock: back, filter: (b): b is Extract<Back, { kind: 'up' }> => b.kind === 'up' });
  $state.on(up, (s, b) => patch(s, { nav: b.nav }));
  sample({ clock: up, target: reloadFx });
  sample({ clock: back, filter: (b) => b.kind === 'leave', target: leaveRequested });

  // ----- choosing -----
  $state
    .on(toggled, (s, item) => patch(s, { selected: toggleItem(s.selected, item, { tabSelectable: s.tabSelectable, multiple: s.multiple }) }))
    .on(allToggled, (s) => (s.multiple ? patch(s, { selected: toggleSelectAll(s.selected, s.items, s.tabSelectable) }) : s))
    .on(removed, (s, id) => patch(s, { selected: removeSelected(s.selected, id) }));

  sample({
    clock: leaveRequested,
    target: createEffect(() => {
      if (deps.selectionKey) selectionCancelled(deps.selectionKey);
      deps.navigator.leave();
    }),
  });
  sample({
    clock: confirmed,
    source: $state,
    target: createEffect((s: SelectorSnapshot) => {
      selectionConfirmed({ key: deps.selectionKey, result: s.selected });
      deps.navigator.leave();
    }),
  });

  return {
    $state,
    opened,
    tabSwitched,
    levelOpened,
    crumbChosen,
    searched,
    toggled,
    allToggled,
    removed,
    backRequested,
    leaveRequested,
    confirmed,
    loadMoreFx,
    dispose: () => {
      lifetime.abort();
      inFlight?.abort();
    },
  };
}

export type SelectorPageModel = ReturnType<typeof createSelectorPageModel>;

export interface SelectorPageParams {
  readonly selectionKey: string;
  readonly flat: boolean;
  readonly request: SelectionRequest;
}

export const selectorPageScreen = defineScreen({
  name: 'selectorPage',
  lifetime: 'screen',
  key: (p: SelectorPageParams) => `${p.flat ? 'flat' : 'tree'}:${p.selectionKey}:${JSON.stringify(p.request)}`,
  create: (get, p) =>
    createSelectorPageModel({
      api: get(SELECTORS_API),
      notifier: get(NOTIFIER),
      navigator: leavingNavigator(get(NAVIGATOR)),
      request: p.request,
      flat: p.flat,
      selectionKey: p.selectionKey,
    }),
});
