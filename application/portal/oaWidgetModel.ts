/**
 * The OA approval summary on home (mobile-oa): tabs 待审批 and 待阅 from
 * flow-run/comoinent. Switching loads a tab only while its list is empty; 加载更多 asks
 * for the next page while the last answer was a full page; an item opens its run on
 * the approval page. A load started again stops the one before (its answer is dropped).
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { initialOaState, isOaTab, switchOaTab } from '../../domain/portal/portal';
import type { OaTab, OaTabList, OaWidgetState } from '../../domain/portal/types';
import type { Navigator, Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { failureOf, type Failure } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { defineScreen } from '../shared/screens';
import { PORTAL_API, type FlowRunListItem, type PortalApi } from './ports';
import { loadOaTab, oaItemPath, type OaCounts } from './useCases';

export interface OaWidgetDeps {
  readonly api: Pick<PortalApi, 'oaWidget'>;
  readonly notifier: Pick<Notifier, 'fail'>;
  readonly navigator: Pick<Navigator, 'go'>;
}

type State = OaWidgetState<FlowRunListItem>;

type TabAnswer =
  | { readonly kind: 'done'; readonly tab: OaTab; readonly list: OaTabList<FlowRunListItem>; readonly counts: OaCounts; readonly last: boolean }
  | { readonly kind: 'failed'; readonly tab: OaTab; readonly failure: Failure; readonly last: boolean };

const NOT_LOADED: Readonly<Record<OaTab, boolean>> = { '0': false, '1': false };

export function createOaWidgetModel(deps: OaWidgetDeps) {
  /** The widget was drawn: its state starts again and 待审批 loads. */
  const opened = createEvent();
  const tabSwitched = createEvent<string>();
  const moreRequested = createEvent();
  const itemOpened = createEvent<FlowRunListItem>();

  const $state = createStore<State>(initialOaState<FlowRunListItem>(), { serialize: 'ignore' });
  const $counts = createStore<OaCounts | null>(null, { serialize: 'ignore' });
  /** The tab whose list is on its way. */
  const $loading = createStore<OaTab | null>(null, { serialize: 'ignore' });
  /** Whether a tab has answered once (an empty list then says 暂无审批 rather than loading). */
  const $loaded = createStore<Readonly<Record<OaTab, boolean>>>(NOT_LOADED, { serialize: 'ignore' });

  let inFlight: AbortController | null = null;
  const loadFx = attach({
    source: $state,
    mapParams: ({ tab, more }: { tab: OaTab; more: boolean }, state: State) => ({ tab, more, state }),
    effect: createEffect(async ({ tab, more, state }: { tab: OaTab; more: boolean; state: State }): Promise<TabAnswer | null> => {
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      try {
        const r = await loadOaTab({ api: deps.api }, state, tab, { more, signal: controller.signal, drawnFirst: true });
        return { kind: 'done', tab, list: r.state.tabs[tab], counts: r.counts, last: inFlight === controller };
      } catch (e) {
        const failure = failureOf(e);
        if (failure.kind === 'cancelled') return null;
        return { kind: 'failed', tab, failure, last: inFlight === controller };
      } finally {
        if (inFlight === controller) inFlight = null;
      }
    }),
  });

  $loading.on(loadFx, (_, { tab }) => tab).on(loadFx.doneData, (loading, a) => (a?.last ? null : loading));
  const done = sample({ clock: loadFx.doneData, filter: (a): a is Extract<TabAnswer, { kind: 'done' }> => a?.kind === 'done' });
  const failed = sample({ clock: loadFx.doneData, filter: (a): a is Extract<TabAnswer, { kind: 'failed' }> => a?.kind === 'failed' });
  $state.on(done, (state, a) => ({ ...state, tabs: { ...state.tabs, [a.tab]: a.list } }));
  $counts.on(done, (_, a) => a.counts);
  $loaded.on([done, failed], (loaded, a) => ({ ...loaded, [a.tab]: true }));
  sample({ clock: failed, target: createEffect((a: { failure: Failure }) => tellFailure(deps.notifier, a.failure)) });

  // ----- opened, switching, more -----
  $state.reset(opened);
  $counts.reset(opened);
  $loaded.reset(opened);
  sample({ clock: opened, fn: () => ({ tab: '0' as OaTab, more: false }), target: loadFx });

  const switched = sample({
    clock: tabSwitched,
    source: $state,
    filter: (_, key) => isOaTab(key),
    fn: (state, key) => ({ tab: key as OaTab, ...switchOaTab(state, key as OaTab) }),
  });
  $state.on(switched, (_, s) => s.state);
  sample({ clock: switched, filter: (s) => s.load, fn: (s) => ({ tab: s.tab, more: false }), target: loadFx });
  sample({ clock: moreRequested, source: $state, fn: (state) => ({ tab: state.active, more: true }), target: loadFx });
  /** Drawn from the device and a newer answer came: the tab on show again. */
  const renew = createEvent();
  sample({ clock: renew, source: $state, fn: (state) => ({ tab: state.active, more: false }), target: loadFx });

  sample({
    clock: itemOpened,
    source: $state,
    fn: (state, item) => oaItemPath(item, state.active),
    target: createEffect((path: string) => deps.navigator.go(path)),
  });

  return {
    $state,
    $counts,
    $loading,
    $loaded,
    opened,
    renew,
    tabSwitched,
    moreRequested,
    itemOpened,
    dispose: () => inFlight?.abort(),
  };
}

export type OaWidgetModel = ReturnType<typeof createOaWidgetModel>;

export const oaWidgetScreen = defineScreen({
  name: 'portal.oaWidget',
  lifetime: 'screen',
  key: (userId: string) => userId,
  create: (get) => createOaWidgetModel({ api: get(PORTAL_API), notifier: get(NOTIFIER), navigator: get(NAVIGATOR) }),
});
