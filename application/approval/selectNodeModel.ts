/**
 * The next-step chooser screen's model (page/approvalCenter/flowLaunch/selectNode, SPEC
 * point 2 "Next-step chooser"): the session the launch page (flowLaunchType 0) or the run
 * page's submit (1) handed over, the choice (kept while the selector pages are visited),
 * and 确认提交: a missing approver shows on the chooser and blocks the call; success is
 * the hand-off's one success path (操作成功, everything of it forgotten, back 3 or 2).
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { APPROVAL_FLOW_TYPE, asFlowLaunchType, initialNextStep, LAUNCH_FOUND, type NextStepSelection } from '../../domain/approval';
import type { Notifier } from '../ports/runtime';
import { CLOCK, KEY_VALUE_STORAGE, NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { tellFailure } from '../shared/failureNotice';
import { defineScreen } from '../shared/screens';
import { handOffDone, lostLaunchesKey, submissionKey, handOffIdentity, handOffOf, type ApprovalHandOff, type FlowSession } from './handoff';
import { lostLaunchesIn, noteLaunched, type LostLaunches } from './lostLaunch';
import { submitNodeChoice } from './nodeChoice';
import { APPROVAL_API, type ApprovalApi } from './ports';
import { leavingNavigator, type LeavingNavigator } from '../shared/navigation';

export interface SelectNodeModelDeps {
  readonly api: ApprovalApi;
  readonly notifier: Notifier;
  readonly navigator: LeavingNavigator;
  readonly handOff: ApprovalHandOff;
  /** The route's flowLaunchType: a session of the other kind is not this page's. */
  readonly flowLaunchType: unknown;
  /** Launches whose answer was lost, looked for in 已发起 before they are sent again (./nodeChoice.ts). */
  readonly lost?: { readonly launches: LostLaunches; readonly now: () => number };
}

export function createSelectNodeModel(deps: SelectNodeModelDeps) {
  const { api, notifier, handOff } = deps;
  const stored = handOff.flow();
  const session: FlowSession | null = stored && stored.flowLaunchType === asFlowLaunchType(deps.flowLaunchType) ? stored : null;
  /** The chooser's scope: names it in the selection channel. */
  const scope = session ? handOffIdentity(session) : '';

  const selectionChanged = createEvent<NextStepSelection>();
  const submitted = createEvent();
  /** The chooser shows: a launch notes which runs 已发起 has before it is first sent (./lostLaunch.ts). */
  const opened = createEvent();
  const lost = deps.lost;
  if (session && lost && session.flowLaunchType !== APPROVAL_FLOW_TYPE) {
    const id = session.submissionId ?? submissionKey(session);
    sample({ clock: opened, target: createEffect(() => noteLaunched(api, session, id, lost.launches)) });
  }

  const $selection = createStore<NextStepSelection | null>(session ? (handOff.selection(scope) ?? initialNextStep(session.next)) : null, {
    serialize: 'ignore',
  }).on(selectionChanged, (_, s) => s);
  /** The chooser's problem after a blocked submit (请选择审批人), until the choice changes. */
  const $error = createStore<string | null>(null, { serialize: 'ignore' }).reset(selectionChanged);
  const $busy = createStore(false, { serialize: 'ignore' });

  sample({ clock: selectionChanged, target: createEffect((s: NextStepSelection) => handOff.choose(scope, s)) });

  /** Answers the chooser's problem to show, or null. */
  const submitFx = attach({
    source: $selection,
    effect: createEffect(async (selection: NextStepSelection | null): Promise<string | null> => {
      if (!session || !selection) return null;
      const outcome = await submitNodeChoice(api, session, selection, deps.lost);
      if (!outcome.ok) {
        if (outcome.error.kind !== 'invalid') {
          tellFailure(notifier, outcome.error);
          return null;
        }
        const message = outcome.error.message || null;
        if (message) notifier.fail(message);
        return message;
      }
      if (outcome.value.kind === 'done') handOffDone(deps, session, outcome.value.backSteps, outcome.value.found ? LAUNCH_FOUND : undefined);
      return null;
    }),
  });
  $error.on(submitFx.doneData, (_, problem) => problem);

  sample({ clock: submitted, filter: $busy.map((busy) => !busy), target: submitFx });
  $busy.on(submitFx, () => true).reset(submitFx.finally);

  return { session, scope, $selection, $error, $busy, selectionChanged, submitted, opened };
}

export type SelectNodeModel = ReturnType<typeof createSelectNodeModel>;

export const selectNodeScreen = defineScreen({
  name: 'approvalSelectNode',
  lifetime: 'screen',
  key: (p: { userId: string; flowLaunchType: string | null }) => `${p.userId}:${p.flowLaunchType ?? ''}`,
  create: (get, p) =>
    createSelectNodeModel({
      api: get(APPROVAL_API),
      notifier: get(NOTIFIER),
      navigator: leavingNavigator(get(NAVIGATOR)),
      handOff: handOffOf(get, p.userId),
      flowLaunchType: p.flowLaunchType,
      lost: { launches: lostLaunchesIn(get(KEY_VALUE_STORAGE), lostLaunchesKey(p.userId)), now: () => get(CLOCK).now() },
    }),
});
