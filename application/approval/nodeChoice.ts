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
  INITIATED_TAB,
  isLostLaunch,
  mayHaveLaunched,
  validateNextStep,
  type NextStepSelection,
} from '../../domain/approval';
import { buildApprovalListQuery } from '../../domain/approval/query';
import { err } from '../../domain/shared/result';
import type { KeyValueStorage } from '../ports/runtime';
import { attempt, failureOf, type Failure, type Outcome } from '../shared/failure';
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
  /** The answer had been lost: the run was found in 已发起 instead of being sent again (domain/approval/lostLaunch.ts). */
  readonly found?: boolean;
}

/**
 * The launches whose answer was lost, by submission: when the first such attempt was
 * made. Kept on the device (a reload between the lost answer and the retry still looks
 * before sending), per user, and forgotten once the launch is settled.
 */
export interface LostLaunches {
  since(submissionId: string): number | null;
  lost(submissionId: string, at: number): void;
  settled(submissionId: string): void;
}

const LOST_KEPT = 20;

export function lostLaunchesIn(storage: KeyValueStorage, key: string): LostLaunches {
  const read = (): Record<string, number> => {
    try {
      const v = JSON.parse(storage.get(key) ?? '{}') as unknown;
      return v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === 'number'))
        : {};
    } catch {
      return {};
    }
  };
  const write = (all: Record<string, number>): void => {
    const kept = Object.entries(all).sort((a, b) => b[1] - a[1]).slice(0, LOST_KEPT);
    if (kept.length === 0) storage.remove(key);
    else storage.set(key, JSON.stringify(Object.fromEntries(kept)));
  };
  return {
    since: (id) => (Object.prototype.hasOwnProperty.call(read(), id) ? (read()[id] ?? null) : null),
    lost: (id, at) => {
      const all = read();
      if (all[id] === undefined) write({ ...all, [id]: at });
    },
    settled: (id) => {
      const all = read();
      if (all[id] === undefined) return;
      delete all[id];
      write(all);
    },
  };
}

/** The run a lost launch made, looked for in 已发起 (page 1, the flow's name); null when not there. */
async function findLostLaunch(api: ApprovalApi, session: FlowSession, sinceMs: number, nowMs: number): Promise<string | null> {
  const query = buildApprovalListQuery({ titleOrNumber: session.title }, INITIATED_TAB, 1);
  if (!query.ok) return null;
  const page = await api.list(query.value);
  return page.items.find((item) => isLostLaunch(item, session.title, sinceMs, nowMs))?.id ?? null;
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
      const since = launch && lost ? lost.launches.since(id) : null;
      if (since !== null && lost) {
        const found = await findLostLaunch(api, session, since, lost.now());
        if (found !== null) {
          lost.launches.settled(id);
          return { ...done, found: true };
        }
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
        if (launch && lost && mayHaveLaunched(failureOf(e))) lost.launches.lost(id, startedAt);
        throw e;
      }
      if (launch && lost) lost.launches.settled(id);
      return done;
    }),
  );
  return 'ok' in answer ? answer : { ok: true, value: answer };
}
