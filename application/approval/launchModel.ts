/**
 * The flow launch screen's model (page/approvalCenter/flowLaunch?code=, SPEC point 2
 * "Flow launch", point 8): the flow's launch form (a flow that is not configured shows
 * the server's message, or 应用配置有误，请联系管理员, in place), the tab shown, 保存草稿,
 * and 提交: the form is checked, the next nodes asked, and the session handed to
 * selectNode. What is typed is the form engine's local draft until the launch succeeds.
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { LAUNCH_FLOW_TYPE, LAUNCH_TABS, SAVE_SUCCESS, selectNodeRoute } from '../../domain/approval';
import { formDraftKey } from '../forms/drafts';
import type { Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { valueOr } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import { handOffOf, type ApprovalHandOff } from './handoff';
import { launchSession, openLaunch, requestNextNodes, saveLaunchDraft, type LaunchInfo } from './launch';
import { APPROVAL_API, type ApprovalApi } from './ports';
import { selectNodePath } from './routes';
import type { FormAccess } from './run';
import { leavingNavigator, type LeavingNavigator } from '../shared/navigation';

export type LaunchTab = (typeof LAUNCH_TABS)[number]['key'];
export type LaunchAction = 'draft' | 'submit';

export interface FlowLaunchModelDeps {
  readonly api: ApprovalApi;
  readonly notifier: Notifier;
  readonly navigator: LeavingNavigator;
  readonly handOff: ApprovalHandOff;
  /** The signed-in user ('' before the session is known: no local draft then). */
  readonly userId: string;
  readonly code: string;
}

export function createFlowLaunchModel(deps: FlowLaunchModelDeps) {
  const { api, notifier, navigator } = deps;
  /** The form's local draft: per user and flow (application/forms/drafts.ts). */
  const draftKey = deps.userId ? formDraftKey(deps.userId, { flowCode: deps.code }) : null;

  const opened = createEvent();
  const tabChanged = createEvent<LaunchTab>();
  /** 保存草稿 or 提交, with the form as it stands. */
  const actionRequested = createEvent<{ action: LaunchAction; form: FormAccess }>();

  const launch = createLoader((code: string, { signal }) => openLaunch(api, code, signal).then(valueOr));
  sample({ clock: opened, fn: () => deps.code, target: launch.started });
  const $launch = launch.$data;
  const $error = launch.$failure.map((f) => f?.message ?? null);
  const $title = $launch.map((l) => (l && l.title ? l.title : null));

  const $tab = createStore<LaunchTab>(LAUNCH_TABS[0].key, { serialize: 'ignore' }).on(tabChanged, (_, tab) => tab);
  const $busy = createStore<LaunchAction | null>(null, { serialize: 'ignore' });

  const saveDraftFx = createEffect(async (form: FormAccess) => {
    const saved = await saveLaunchDraft(api, form.submitData());
    if (!saved.ok) return tellFailure(notifier, saved.error);
    notifier.success(SAVE_SUCCESS);
  });

  /** Answers whether the form held the submit back (its own notice is shown; the form tab comes forward). */
  const submitFx = attach({
    source: $launch,
    mapParams: (form: FormAccess, info: LaunchInfo | null) => ({ form, info }),
    effect: createEffect(async ({ form, info }: { form: FormAccess; info: LaunchInfo | null }): Promise<'blocked' | 'sent'> => {
      if (!info) return 'sent';
      const checked = form.validate();
      if (!checked.ok) return 'blocked';
      const next = await requestNextNodes(api, { appId: info.appId, flowRunPrcsId: null, formData: checked.value });
      if (!next.ok) {
        tellFailure(notifier, next.error);
        return 'sent';
      }
      form.flushDraft?.();
      deps.handOff.handOver(launchSession(info, checked.value, draftKey, next.value));
      navigator.go(selectNodePath(selectNodeRoute(LAUNCH_FLOW_TYPE, null)));
      return 'sent';
    }),
  });
  $tab.on(submitFx.doneData, (tab, outcome) => (outcome === 'blocked' ? LAUNCH_TABS[0].key : tab));

  // One action at a time: a second tap in the same frame (a fast double tap) is ignored too.
  const accepted = sample({ clock: actionRequested, source: $busy, filter: (busy) => busy === null, fn: (_, request) => request });
  $busy.on(accepted, (_, { action }) => action).reset([saveDraftFx.finally, submitFx.finally]);
  sample({ clock: accepted, filter: ({ action }) => action === 'draft', fn: ({ form }) => form, target: saveDraftFx });
  sample({ clock: accepted, filter: ({ action }) => action === 'submit', fn: ({ form }) => form, target: submitFx });

  return {
    draftKey,
    $launch,
    $error,
    $title,
    $loading: launch.$loading,
    $tab,
    $busy,
    opened,
    tabChanged,
    actionRequested,
    dispose: () => launch.dispose(),
  };
}

export type FlowLaunchModel = ReturnType<typeof createFlowLaunchModel>;

/** One model per open launch page (flow code) of the signed-in user. */
export const flowLaunchScreen = defineScreen({
  name: 'approvalFlowLaunch',
  lifetime: 'screen',
  key: (p: { userId: string; code: string }) => `${p.userId}:${p.code}`,
  create: (get, p) =>
    createFlowLaunchModel({
      api: get(APPROVAL_API),
      notifier: get(NOTIFIER),
      navigator: leavingNavigator(get(NAVIGATOR)),
      handOff: handOffOf(get, p.userId),
      userId: p.userId,
      code: p.code,
    }),
});
