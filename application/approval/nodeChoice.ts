/**
 * Submitting the chosen next step (SPEC point 2 "Next-step chooser", points 4 and 8):
 * selectNode's 确认提交 for a launch or a returned run's resubmission. The action
 * screen's agree asks about an automatic node the same way (./action.ts).
 */
import {
  actionSubmitPlan,
  APPROVAL_FLOW_TYPE,
  backStepsAfterNodeSubmit,
  buildInitiateBody,
  buildSubmitHandlingBody,
  chosenNode,
  mayHaveLaunched,
  validateNextStep,
  type NextStepSelection,
} from '../../domain/approval';
import { err } from '../../domain/shared/result';
import { attempt, failureOf, type Failure, type Outcome } from '../shared/failure';
import { findLostLaunch, noteSettled, type LostLaunches } from './lostLaunch';
import { submissionKey, type FlowSession } from './handoff';
import type { ApprovalApi } from './ports';
import { onceAtATime, type AlreadySubmitting } from './submission';

/** Asks is-node-auto before the submit when the chosen node is automatic (SPEC point 4). */
export async function askAutoNode(api: ApprovalApi, node: { id: string; isAuto: boolean } | null, appId: string, formData: unknown): Promise<void> {
  if (!actionSubmitPlan(false, node).callAutoNode || node === null) return;
  await api.isNodeAuto({ nodeId: node.id, appId, formData });
}

/** A submission went through: go back this many history entries. */
export interface Submitted {
  readonly kind: 'done';
  readonly backSteps: number;
  /** The answer had been lost: the run was found in 已发起 instead of being sent again (./lostLaunch.ts). */
  readonly found?: boolean;
}


/** What a submit answers: done, or `pending` for a second tap while the first is on the wire (nothing sent, nothing to do). */
export type SubmitAnswer = Submitted | AlreadySubmitting;

/** A chooser problem (请选择审批人): shown on the chooser, nothing was sent. Its message may be empty. */
export const chooserProblem = (issue: { readonly code: string; readonly message: string | null }): Failure => ({
  kind: 'invalid',
  code: issue.code,
  message: issue.message ?? '',
});

/**
 * 确认提交 on selectNode: the chooser is checked (请选择审批人 blocks the call), an
 * automatic node is asked about, then the launch is initiated (type 0) or the returned
 * run resubmitted (type 1, handling type 3). Done: how far to go back (3 for a launch,
 * 2 for a resubmit).
 */
export async function submitNodeChoice(
  api: ApprovalApi,
  session: FlowSession,
  selection: NextStepSelection,
  lost?: { readonly launches: LostLaunches; readonly now: () => number },
): Promise<Outcome<SubmitAnswer>> {
  const checked = validateNextStep(session.next, selection);
  if (!checked.ok) return err(chooserProblem(checked.error));
  const choice = checked.value;
  const write = { idempotencyKey: session.submissionId };
  const launch = session.flowLaunchType !== APPROVAL_FLOW_TYPE;
  const id = session.submissionId ?? submissionKey(session);
  const done: Submitted = { kind: 'done', backSteps: backStepsAfterNodeSubmit(session.flowLaunchType) };
  const answer = await onceAtATime(submissionKey(session), () =>
    attempt(async (): Promise<Submitted> => {
      // A launch whose answer was lost: look before sending again.
      const notes = launch && lost ? lost.launches.notes(id) : null;
      if (lost && notes?.lostSince !== undefined) {
        const found = await findLostLaunch(api, session, notes, lost.now());
        if (found !== null) {
          lost.launches.settled(id);
          return { ...done, found: true };
        }
      }
      if (launch && lost && !notes?.attempted) {
        // A quick tap: the note of 已发起 taken when the chooser opened may still be on its way.
        await noteSettled(id);
        lost.launches.note(id, { attempted: true });
      }
      const startedAt = lost?.now() ?? 0;
      try {
        await askAutoNode(api, chosenNode(session.next, selection), session.appId, session.formData);
        if (!launch) {
          await api.handle(buildSubmitHandlingBody({ flowRunPrcsId: session.flowRunPrcsId, formData: session.formData, nextStep: choice }), write);
        } else {
          await api.initiate(buildInitiateBody({ formData: session.formData, nextStep: choice }), write);
        }
      } catch (e) {
        if (launch && lost && mayHaveLaunched(failureOf(e)) && lost.launches.notes(id)?.lostSince === undefined) lost.launches.note(id, { lostSince: startedAt });
        throw e;
      }
      if (launch && lost) lost.launches.settled(id);
      return done;
    }),
  );
  return 'ok' in answer ? answer : { ok: true, value: answer };
}
