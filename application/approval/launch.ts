/**
 * Starting a flow (SPEC point 2 "Launchable flow list", "Flow launch", point 8): the flows
 * the user may start, a flow's launch form, its server draft, and the next nodes a
 * filled form leads to. Each answers an Outcome and shows nothing.
 */
import {
  buildDraftBody,
  LAUNCH_FLOW_TYPE,
  launchConfigError,
  nextNodesDecision,
  type InitiateFlowInfo,
  type LaunchableFlowCategory,
  type NextNodeData,
} from '../../domain/approval';
import { nonBlank } from '../../domain/shared/guards';
import { err, ok } from '../../domain/shared/result';
import { attempt, invalid, type Failure, type Outcome } from '../shared/failure';
import type { FlowSession } from './handoff';
import type { ApprovalApi } from './ports';
import { newSubmissionId } from './submission';

/** can-initiate-flow; the server filters by what the user may start, and by `filter` (name and description) when given. */
export const loadLaunchableFlows = (api: ApprovalApi, signal?: AbortSignal, filter: string | null = null): Promise<Outcome<readonly LaunchableFlowCategory[]>> =>
  attempt(() => api.launchableFlows(nonBlank(filter) ? filter.trim() : null, { signal }));

/** Waits `ms`; a cancel meanwhile ends the wait as a cancelled failure (nobody waits for the answer). */
export const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const cancelled = () => {
      clearTimeout(timer);
      reject(CANCELLED);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', cancelled);
      resolve();
    }, ms);
    if (signal.aborted) cancelled();
    else signal.addEventListener('abort', cancelled, { once: true });
  });

const CANCELLED: Failure = Object.freeze({ kind: 'cancelled', message: '' });

export interface LaunchInfo {
  readonly info: InitiateFlowInfo;
  readonly appId: string;
  readonly code: string;
  readonly title: string;
}

/**
 * initiate-flow for a code: the server's message, or 应用配置有误，请联系管理员 when the
 * answer has no app, is what the page shows instead of the form (SPEC point 8), as an
 * `invalid` failure. A failed call is its failure, shown the same way.
 */
export async function openLaunch(api: ApprovalApi, code: string, signal?: AbortSignal): Promise<Outcome<LaunchInfo>> {
  const answer = await attempt(() => api.initiateFlow(code, { signal }));
  if (!answer.ok) return answer;
  const info = answer.value;
  const problem = launchConfigError(info);
  if (problem !== null) return err(invalid(problem));
  return ok({ info, appId: info.appId as string, code, title: nonBlank(info.flowName) ? info.flowName : '' });
}

/** 保存草稿: initiate with isInitiate 0. The form is not validated. */
export const saveLaunchDraft = (api: ApprovalApi, formData: unknown): Promise<Outcome<void>> =>
  attempt(async () => {
    await api.initiate(buildDraftBody(formData));
  });

/**
 * next-node for the form as it stands: the nodes to choose from, or 无符合条件的办理节点，
 * 请确认流程设置是否正确 when none come back (SPEC point 8, an `invalid` failure).
 */
export async function requestNextNodes(
  api: ApprovalApi,
  query: { readonly appId: string; readonly flowRunPrcsId: string | null; readonly formData: unknown },
  signal?: AbortSignal,
): Promise<Outcome<NextNodeData>> {
  const answer = await attempt(() => api.nextNodes(query, { signal }));
  if (!answer.ok) return answer;
  const decision = nextNodesDecision(answer.value.flowNodes);
  return decision.ok ? answer : err(invalid(decision.error));
}

/** The session a launch hands to selectNode: a new submission of the filled form. */
export const launchSession = (launch: LaunchInfo, formData: unknown, draftKey: string | null, next: NextNodeData): FlowSession => ({
  flowLaunchType: LAUNCH_FLOW_TYPE,
  code: launch.code,
  appId: launch.appId,
  title: launch.title,
  runId: null,
  flowRunPrcsId: null,
  formData,
  draftKey,
  next,
  submissionId: newSubmissionId(),
});
