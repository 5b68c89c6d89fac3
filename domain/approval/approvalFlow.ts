import type { ApprovalActionType, ApprovalType, FlowNode } from './types';
import type { Result } from '../shared/result';
import { err, ok } from '../shared/result';
import { NO_NEXT_NODES } from './messages';
import { actionTitle } from './action';
import { parseInteger } from './format';

export const APPROVAL_TYPES: readonly ApprovalType[] = [0, 1, 2, 3];
export const SUBMIT_APPROVAL_TYPE = 3;

export const asApprovalType = (value: unknown): ApprovalType | null => {
  const n = parseInteger(value);
  return APPROVAL_TYPES.find((type) => type === n) ?? null;
};

export type FormStep =
  /** Validate and submit the form; continue with afterFormStep. */
  | { readonly kind: 'validate-form' }
  /** Take the form data as it is, errors and all, and open the action screen. */
  | { readonly kind: 'collect-form'; readonly next: ApprovalPassRoute };

export interface ApprovalPassRoute {
  readonly kind: 'approval-pass';
  readonly actionType: ApprovalActionType;
  /** Route state title: the action title of the action screen. */
  readonly title: string;
  readonly backCount: 2 | null;
}

export interface SelectNodeRoute {
  readonly kind: 'select-node';
  readonly flowLaunchType: FlowLaunchType;
  readonly flowRunPrcsId: string | null;
}

/** 0 comes from the launch page, 1 from the detail page's submit case. */
export type FlowLaunchType = 0 | 1;
export const LAUNCH_FLOW_TYPE: FlowLaunchType = 0;
export const APPROVAL_FLOW_TYPE: FlowLaunchType = 1;

export const asFlowLaunchType = (value: unknown): FlowLaunchType =>
  parseInteger(value) === APPROVAL_FLOW_TYPE ? APPROVAL_FLOW_TYPE : LAUNCH_FLOW_TYPE;

export const approvalPassRoute = (actionType: ApprovalActionType, backCount: 2 | null): ApprovalPassRoute => ({
  kind: 'approval-pass',
  actionType,
  title: actionTitle(actionType),
  backCount,
});

/**
 * Agree and submit need a valid form; reject and return must not be blocked by
 * a form the approver cannot or need not fix.
 */
export const formStep = (approvalType: ApprovalType): FormStep =>
  approvalType === 0 || approvalType === SUBMIT_APPROVAL_TYPE
    ? { kind: 'validate-form' }
    : { kind: 'collect-form', next: approvalPassRoute(approvalType, 2) };

export type AfterFormStep = { readonly kind: 'request-next-nodes' } | ApprovalPassRoute;

export const afterFormStep = (approvalType: ApprovalType): AfterFormStep =>
  approvalType === SUBMIT_APPROVAL_TYPE
    ? { kind: 'request-next-nodes' }
    : approvalPassRoute(approvalType, approvalType === 0 ? null : 2);

/** The next-node answer either offers nodes to choose from or stops the flow with the spec's message. */
export const nextNodesDecision = (
  nodes: readonly FlowNode[] | null | undefined,
): Result<readonly FlowNode[], string> =>
  Array.isArray(nodes) && nodes.length > 0 ? ok(nodes) : err(NO_NEXT_NODES);

export const selectNodeRoute = (flowLaunchType: FlowLaunchType, flowRunPrcsId: string | null): SelectNodeRoute => ({
  kind: 'select-node',
  flowLaunchType,
  flowRunPrcsId: flowLaunchType === APPROVAL_FLOW_TYPE ? flowRunPrcsId : null,
});

export interface ActionSubmitPlan {
  /** Sign first, then submit with the signature. */
  readonly openSignature: boolean;
  /** Ask is-node-auto before handling. */
  readonly callAutoNode: boolean;
}

export const actionSubmitPlan = (
  isSign: boolean,
  chosenNode: Pick<FlowNode, 'isAuto'> | null | undefined,
): ActionSubmitPlan => ({
  openSignature: isSign === true,
  callAutoNode: chosenNode?.isAuto === true,
});

/** History entries to go back after a successful submit from selectNode (SPEC point 8). */
export const SUCCESS_BACK_STEPS: Readonly<Record<'launch' | 'approval', number>> = Object.freeze({
  launch: 3,
  approval: 2,
});

export const backStepsAfterNodeSubmit = (flowLaunchType: FlowLaunchType): number =>
  flowLaunchType === APPROVAL_FLOW_TYPE ? SUCCESS_BACK_STEPS.approval : SUCCESS_BACK_STEPS.launch;

/** The action screen goes back two entries on success unless its route says otherwise. */
export const actionSuccessBackSteps = (backCount: unknown): number => {
  const n = parseInteger(backCount);
  return n !== null && n > 0 ? n : SUCCESS_BACK_STEPS.approval;
};
