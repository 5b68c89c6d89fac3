/**
 * The approval centre screen's model (page/approvalCenter, SPEC point 2 "Approval centre
 * list", points 4, 5 and 8). It owns which flow the centre shows (route flowId and code;
 * 未开通审批流程 in place for an app without one), the list (./listModel.ts) with its
 * pages, tab and filter, the card actions and 全部标记为已读 (one at a time), and what the
 * user is told. It lives as long as the user is signed in ('user'): coming back from a
 * run finds the tab, the filter and the pages as they were, and refreshes them.
 */
import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  ACTION_AGREE,
  OPERATION_SUCCESS,
  RECEIVED_TAB,
  REVOKE_CONFIRM_CONTENT,
  REVOKE_CONFIRM_TITLE,
  REVOKE_SUCCESS,
  FILTER_LOAD_FAILED,
  type CardButtonKey,
  type FlowRunListItem,
} from '../../domain/approval';
import type { Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { failureOf, valueOr, type Failure } from '../shared/failure';
import { keepOrAttempt } from '../offline/keepOrAttempt';
import { tellFailure } from '../shared/failureNotice';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import { createBatchModel } from './batchModel';
import { canStartFrom, WHOLE_CENTER, immediateCenterScope, markAllRunsRead, quickHandle, resolveCenterScope, revokeRun, type CenterQuery, type CenterScope } from './list';
import { createApprovalListModel } from './listModel';
import { createOpinionStore, createQuickOpinions } from './opinion';
import { APPROVAL_API, type ApprovalApi } from './ports';
import { leavingNavigator, type LeavingNavigator } from '../shared/navigation';
import { newSubmissionId } from '../shared/idempotency';
import { offlineQueueOf, outboxKeeper, type OfflineQueue } from '../offline/outboxModel';
import { queuedMarkAllRead, queuedQuickHandling } from './outboxKinds';
import { RUNS_READ_TARGET } from '../../domain/offline/outbox';

export interface ApprovalCenterModelDeps {
  readonly api: ApprovalApi;
  readonly notifier: Notifier;
  readonly navigator: LeavingNavigator;
  readonly query: CenterQuery;
  /**
   * Where a card's 同意 or 拒绝 waits while there is no network (application/offline): kept
   * with the key its attempt carried, sent when the network is back. Without it such an
   * action fails with the network's message.
   */
  readonly offline?: OfflineQueue;
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

  /**
   * The list's first page is drawn (or could not come): the page says so after that paint.
   * What the cards do not show waits for it: the add button's question and the outbox's
   * code and list. On a slow network they shared the phone's few connections with the
   * list's call and the page's code, and came in before the first cards did
   * (bench/notes.md, tenth session).
   */
  const listDrawn = createEvent();
  const $listDrawn = createStore(false, { serialize: 'ignore' }).on(listDrawn, () => true);
  if (deps.offline) sample({ clock: $listDrawn.updates, filter: Boolean, target: deps.offline.outbox.ensured });

  // ----- 发起审批: only when the user can start something (asked once the scope is known and the list drawn) -----
  const canStart = createLoader((s: CenterScope, { signal }) => canStartFrom(api, s, signal).then(valueOr));
  /** Until it is known, and when it cannot be known, the add button is not offered. */
  const $canInitiate = canStart.$data.map((yes) => yes === true);
  sample({ clock: scope.loadFx.doneData, filter: $listDrawn, target: canStart.started });
  sample({
    clock: [shown, $listDrawn.updates],
    source: { s: $scope, known: canStart.$data, asking: canStart.$loading, drawn: $listDrawn },
    filter: ({ s, known, asking, drawn }) => s !== null && drawn && known === null && !asking,
    fn: ({ s }) => s ?? WHOLE_CENTER,
    target: canStart.started,
  });

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
  /**
   * The first page was drawn from the device and a newer answer came (application/offline/renewals.ts):
   * drawn again, quietly, while the list holds only that page. A user who already scrolled
   * on keeps the list they are reading (the pages after it came from the network).
   */
  const renew = createEvent();
  sample({ clock: renew, source: list.$page, filter: (page) => page === 1, target: quietRefreshFx });

  // ----- 批量处理 in 我的待办 (./batchModel.ts) -----
  const quickOpinions = createQuickOpinions(api);
  const batch = createBatchModel({ api, notifier, $query: list.$query, $items: list.$items, refreshFx: attach({ effect: reloadFx }), quickOpinions, offline: deps.offline });

  // ----- actions, one at a time -----
  /** A card's button: 同意 opens the quick 同意 sheet; 拒绝 and 撤销申请 act at once. */
  const cardAction = createEvent<{ item: FlowRunListItem; key: CardButtonKey }>();
  const markAllRead = createEvent();
  const $busy = createStore(false, { serialize: 'ignore' });

  // ----- the quick 同意 sheet: the run's title, an optional opinion, its quick opinions, 确认同意 -----
  const quickAgreeClosed = createEvent();
  const quickOpinionTyped = createEvent<string>();
  const quickOpinionPicked = createEvent<string>();
  const quickAgreeConfirmed = createEvent();
  /** The run the sheet is open for, or null when it is closed. */
  const $quickAgree = createStore<FlowRunListItem | null>(null, { serialize: 'ignore' }).reset(quickAgreeClosed);
  const $quickOpinion = createOpinionStore('', quickOpinionTyped, quickOpinionPicked).reset(quickAgreeClosed);
  const $quickOpinions = quickOpinions.of($quickAgree.map((item) => (item === null ? null : ACTION_AGREE)));

  type CardActionParams = { item: FlowRunListItem; key: CardButtonKey; opinion?: string };
  type CardActionDone = { through: boolean; refresh: boolean };
  /**
   * Answers whether the action went through (the sheet closes) and whether the list must be
   * refreshed (a refresh started inside the handler would lose the fork scope after its first await).
   */
  const cardActionFx = attach({
    source: list.$query,
    mapParams: (p: CardActionParams, query) => ({ ...p, tab: query.tab }),
    effect: createEffect(async ({ item, key, tab, opinion }: CardActionParams & { tab: number }): Promise<CardActionDone> => {
      const outbox = outboxKeeper(deps.offline);
      if (key === 'revoke') {
        const yes = await notifier.confirm({ title: REVOKE_CONFIRM_TITLE, content: REVOKE_CONFIRM_CONTENT });
        if (!yes) return { through: false, refresh: false };
        const done = await revokeRun(api, item.id);
        if (!done.ok) {
          tellFailure(notifier, done.error);
          return { through: false, refresh: false };
        }
        notifier.success(REVOKE_SUCCESS);
        return { through: true, refresh: true };
      }
      const idempotencyKey = newSubmissionId();
      // Only the quick 同意 waits in the outbox: a card's 拒绝 opens the run when the server
      // answers (a rejection needs its opinion on the run's page), which it cannot offline.
      const offline = key === 'approve' ? deps.offline : undefined;
      const handled = await keepOrAttempt(offline?.online, () => quickHandle(api, item, key, tab, opinion, idempotencyKey));
      if (handled.kind === 'kept') {
        // The sheet closes once the action is in the outbox. If it could not be put there
        // (its code not on the phone yet, the phone's storage refusing), the outbox has said
        // so and the sheet stays with the opinion typed, for 确认同意 again.
        const took = await outbox.one(queuedQuickHandling(item, key, idempotencyKey, opinion));
        return { through: took, refresh: false };
      }
      if (handled.kind === 'failed') {
        tellFailure(notifier, handled.failure);
        return { through: false, refresh: false };
      }
      if (handled.value.kind === 'open') {
        navigator.go(handled.value.path);
        return { through: true, refresh: false };
      }
      notifier.success(handled.value.toast);
      return { through: true, refresh: true };
    }),
  });


  /**
   * 全部标记为已读: true when the server marked them (the list is asked again); 'kept' when
   * it waits in the outbox (no network: marking read is the same however often it is
   * sent, so an attempt with no answer is kept too) and the list shows them read at once.
   */
  const markAllReadFx = createEffect(async (): Promise<boolean | 'kept'> => {
    const done = await keepOrAttempt(deps.offline?.online, () => markAllRunsRead(api));
    if (done.kind === 'kept') return 'kept';
    if (done.kind === 'failed') {
      tellFailure(notifier, done.failure);
      return false;
    }
    notifier.success(OPERATION_SUCCESS);
    return true;
  });
  const readKept = sample({ clock: markAllReadFx.doneData, filter: (done) => done === 'kept' });
  // What the server will do, drawn now: the received runs read, their count 0.
  sample({
    clock: readKept,
    source: { items: list.$items, query: list.$query },
    fn: ({ items, query }) => (query.tab === RECEIVED_TAB ? items.map((i) => (i.isRead === false ? { ...i, isRead: true } : i)) : items),
    target: list.$items,
  });
  list.$counts.on(readKept, (counts) => (counts ? { ...counts, receive: 0 } : counts));
  if (deps.offline) {
    sample({ clock: readKept, fn: () => queuedMarkAllRead(newSubmissionId()), target: deps.offline.outbox.queued });
  }
  const refreshAfterActionFx = attach({ effect: reloadFx });
  const refreshWanted = [cardActionFx.doneData.map(({ refresh }) => refresh), markAllReadFx.doneData.map((done) => done === true)];
  sample({ clock: refreshWanted, filter: Boolean, fn: () => undefined, target: refreshAfterActionFx });

  // What the outbox sent (or had refused) changed those runs: the list is asked again, quietly.
  if (deps.offline) {
    sample({ clock: deps.offline.outbox.settled, filter: (targets) => targets.some((t) => t.startsWith('run:') || t === RUNS_READ_TARGET), fn: () => undefined, target: quietRefreshFx });
  }
  /** The runs with an action waiting in the outbox ('run:…'): their cards say 待发送 in place of their buttons. */
  const $pendingTargets = deps.offline?.outbox.$pendingTargets ?? createStore<ReadonlySet<string>>(new Set(), { serialize: 'ignore' });

  const $idle = $busy.map((b) => !b);
  sample({ clock: cardAction, source: $idle, filter: (idle, { key }) => idle && key !== 'approve', fn: (_, p): CardActionParams => p, target: cardActionFx });
  sample({ clock: markAllRead, filter: $idle, target: markAllReadFx });
  // 同意 on a card: the sheet, empty, for that run (its quick opinions asked once).
  sample({ clock: cardAction, source: $idle, filter: (idle, { key }) => idle && key === 'approve', fn: (_, { item }) => item, target: $quickAgree });
  $quickOpinion.on($quickAgree.updates, () => '');
  sample({ clock: $quickAgree.updates, filter: (item) => item !== null, fn: () => ACTION_AGREE, target: quickOpinions.wanted });
  const quickAgreeSend = createEvent<CardActionParams | null>();
  // 确认同意: the same call with the opinion; a failure keeps the sheet and what was typed.
  sample({
    clock: quickAgreeConfirmed,
    source: { item: $quickAgree, opinion: $quickOpinion, idle: $idle },
    filter: ({ item, idle }) => item !== null && idle,
    fn: ({ item, opinion }): CardActionParams | null => (item ? { item, key: 'approve', opinion } : null),
    target: quickAgreeSend,
  });
  sample({ clock: quickAgreeSend, filter: (p): p is CardActionParams => p !== null, target: cardActionFx });
  sample({ clock: cardActionFx.done, filter: ({ params, result }) => params.key === 'approve' && result.through, fn: () => undefined, target: quickAgreeClosed });
  // The buttons wait until the list is refreshed after an action.
  $busy.on([cardActionFx, markAllReadFx], () => true).reset([cardActionFx.fail, markAllReadFx.fail, refreshAfterActionFx.finally]);
  $busy.on(cardActionFx.doneData, (busy, { refresh }) => (refresh ? busy : false));
  $busy.on(markAllReadFx.doneData, (busy, done) => (done === true ? busy : false));

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
    batch,
    renew,
    $scope,
    $scopeError,
    $status,
    $title,
    $canInitiate,
    listDrawn,
    $busy,
    $loadFailed,
    shown,
    cardAction,
    markAllRead,
    $pendingTargets,
    $quickAgree,
    $quickOpinion,
    $quickOpinions,
    quickOpinionTyped,
    quickOpinionPicked,
    quickAgreeConfirmed,
    quickAgreeClosed,
    reloadFx,
    filterCodeFailed,
    initiatorsRefused,
    dispose: () => {
      scope.dispose();
      canStart.dispose();
    },
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
      navigator: leavingNavigator(get(NAVIGATOR)),
      offline: offlineQueueOf(get, { startNow: false }),
      query: { flowId: p.flowId ?? null, code: p.code ?? null },
    }),
});
