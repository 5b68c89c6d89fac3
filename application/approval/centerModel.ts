/**
 * The approval centre screen's model (page/approvalCenter, SPEC point 2 "Approval centre
 * list", points 4, 5 and 8). It owns which flow the centre shows (route flowId and code;
 * 未开通审批流程 in place for an app without one), the list (./listModel.ts) with its
 * pages, tab and filter, the card actions and 全部标记为已读 (one at a time), and what the
 * user is told. It lives as long as the user is signed in ('user'): coming back from a
 * run finds the tab, the filter and the pages as they were, and refreshes them.
 */
import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import { OPERATION_SUCCESS, REVOKE_CONFIRM_CONTENT, REVOKE_CONFIRM_TITLE, REVOKE_SUCCESS, FILTER_LOAD_FAILED, type CardButtonKey, type FlowRunListItem } from '../../domain/approval';
import type { Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { failureOf, valueOr, type Failure } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import { approvalNavigator, type ApprovalNavigator } from './handoff';
import { immediateCenterScope, markAllRunsRead, quickHandle, resolveCenterScope, revokeRun, type CenterQuery, type CenterScope } from './list';
import { createApprovalListModel } from './listModel';
import { APPROVAL_API, type ApprovalApi } from './ports';

export interface ApprovalCenterModelDeps {
  readonly api: ApprovalApi;
  readonly notifier: Notifier;
  readonly navigator: ApprovalNavigator;
  readonly query: CenterQuery;
}

export function createApprovalCenterModel(deps: ApprovalCenterModelDeps) {
  const { api, notifier, navigator } = deps;
  const immediate = immediateCenterScope(deps.query);

  // ----- the scope -----
  /** The page is on screen (mounted, or back from another page). */
  const shown = createEvent();
  const scope = createLoader((query: CenterQuery, { signal }) => resolveCenterScope(api, query, signal).then(valueOr));
  const $scope = createStore<CenterScope | null>(immediate, { serialize: 'ignore' }).on(scope.$data, (current, found) => found ?? current);
  /** Why the centre cannot be shown (未开通审批流程, or the call's failure), in place of the list. */
  const $scopeError = scope.$failure.map((f) => f?.message ?? null);
  const $title = $scope.map((s) => s?.name ?? null);

  // The list starts on the scope known at once; a centre of one flow waits for its flow.
  const list = createApprovalListModel({ api, flowId: immediate?.flowId ?? null });
  sample({ clock: scope.loadFx.doneData, fn: (s) => s.flowId, target: list.flowScoped });

  sample({ clock: shown, source: $scope, filter: (s) => s === null, fn: () => deps.query, target: scope.started });

  // ----- the list's loads -----
  /** Whether the last page asked failed (the footer says 加载失败 with 重试, no placeholder cards). */
  const $loadFailed = createStore(false, { serialize: 'ignore' })
    .on(list.loadMoreFx, () => false)
    .on(list.loadMoreFx.failData, (_, e) => failureOf(e).kind !== 'cancelled');
  sample({ clock: list.loadMoreFx.failData, fn: failureOf, target: createEffect((f: Failure) => tellFailure(notifier, f)) });

  /** Pull to refresh and the refresh after an action: a failure is told, the list keeps what it has. */
  const reloadFx = createEffect(async () => {
    try {
      await list.refreshFx();
    } catch (e) {
      tellFailure(notifier, failureOf(e));
    }
  });
  // Back from a run (or the launch): what was loaded may have changed; quietly, as a background refresh.
  const quietRefreshFx = createEffect(async () => {
    await list.refreshFx().catch(() => undefined);
  });
  sample({ clock: shown, source: list.$page, filter: (page) => page > 0, target: quietRefreshFx });

  // ----- actions, one at a time -----
  const cardAction = createEvent<{ item: FlowRunListItem; key: CardButtonKey }>();
  const markAllRead = createEvent();
  const $busy = createStore(false, { serialize: 'ignore' });

  /** Answers whether the list must be refreshed (a refresh started inside the handler would lose the fork scope after its first await). */
  const cardActionFx = attach({
    source: list.$query,
    mapParams: (p: { item: FlowRunListItem; key: CardButtonKey }, query) => ({ ...p, tab: query.tab }),
    effect: createEffect(async ({ item, key, tab }: { item: FlowRunListItem; key: CardButtonKey; tab: number }): Promise<boolean> => {
      if (key === 'revoke') {
        const yes = await notifier.confirm({ title: REVOKE_CONFIRM_TITLE, content: REVOKE_CONFIRM_CONTENT });
        if (!yes) return false;
        const done = await revokeRun(api, item.id);
        if (!done.ok) {
          tellFailure(notifier, done.error);
          return false;
        }
        notifier.success(REVOKE_SUCCESS);
        return true;
      }
      const handled = await quickHandle(api, item, key, tab);
      if (!handled.ok) {
        tellFailure(notifier, handled.error);
        return false;
      }
      if (handled.value.kind === 'open') {
        navigator.go(handled.value.path);
        return false;
      }
      notifier.success(handled.value.toast);
      return true;
    }),
  });

  const markAllReadFx = createEffect(async (): Promise<boolean> => {
    const done = await markAllRunsRead(api);
    if (!done.ok) {
      tellFailure(notifier, done.error);
      return false;
    }
    notifier.success(OPERATION_SUCCESS);
    return true;
  });
  const refreshAfterActionFx = attach({ effect: reloadFx });
  sample({ clock: [cardActionFx.doneData, markAllReadFx.doneData], filter: Boolean, fn: () => undefined, target: refreshAfterActionFx });

  sample({ clock: cardAction, filter: $busy.map((b) => !b), target: cardActionFx });
  sample({ clock: markAllRead, filter: $busy.map((b) => !b), target: markAllReadFx });
  // The buttons wait until the list is refreshed after an action.
  $busy.on([cardActionFx, markAllReadFx], () => true).reset([cardActionFx.fail, markAllReadFx.fail, refreshAfterActionFx.finally]);
  $busy.on([cardActionFx.doneData, markAllReadFx.doneData], (busy, refresh) => (refresh ? busy : false));

  // ----- the filter popup's code -----
  /** The popup's code could not be downloaded while it was wanted: say so and close it (the next tap tries again). */
  const filterCodeFailed = createEvent();
  sample({ clock: filterCodeFailed, target: createEffect(() => notifier.fail(FILTER_LOAD_FAILED)) });
  sample({ clock: filterCodeFailed, target: list.filterClosed });

  /** 发起人 tapped before a user type is chosen: 请先选择用户类型. */
  const initiatorsRefused = createEvent();
  sample({
    clock: initiatorsRefused,
    source: list.$initiatorProblem,
    target: createEffect((problem: string | null) => notifier.info(problem ?? '')),
  });

  const $status = combine($scope, $scopeError, (s, error) => (s !== null ? 'ready' : error !== null ? 'failed' : 'loading'));

  return {
    ...list,
    $scope,
    $scopeError,
    $status,
    $title,
    $busy,
    $loadFailed,
    shown,
    cardAction,
    markAllRead,
    reloadFx,
    filterCodeFailed,
    initiatorsRefused,
    dispose: () => scope.dispose(),
  };
}

export type ApprovalCenterModel = ReturnType<typeof createApprovalCenterModel>;

/** The centre keeps one model per user and route query (flowId, code) while the user is signed in. */
export const approvalCenterScreen = defineScreen({
  name: 'approvalCenter',
  lifetime: 'user',
  key: (p: CenterQuery) => `${p.flowId ?? ''}\u0000${p.code ?? ''}`,
  create: (get, p) =>
    createApprovalCenterModel({
      api: get(APPROVAL_API),
      notifier: get(NOTIFIER),
      navigator: approvalNavigator(get(NAVIGATOR)),
      query: { flowId: p.flowId ?? null, code: p.code ?? null },
    }),
});
