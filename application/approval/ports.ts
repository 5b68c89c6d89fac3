import type {
  ApprovalListQuery,
  ApprovalType,
  FlowRunDetail,
  FlowRunListItem,
  HandlingBody,
  InitiateBody,
  InitiateFlowInfo,
  LaunchableFlowCategory,
  NextNodeData,
  QuickFeedback,
  QuickHandlingBody,
  QuickHandlingResponse,
  ReturnNode,
  SubmitHandlingBody,
  TabCounts,
} from '../../domain/approval/types';
import { token } from '../ports/token';
import type { CallOptions, WriteOptions } from '../ports/call';
import type { FlowLookup } from '../ports/flowLookup';

export type { CallOptions };

/**
 * A write the user may have to repeat (the answer was lost: offline, timeout). The same
 * key on every attempt of one submission lets the server answer the first result
 * instead of starting a second run (docs/api.md "Idempotent writes").
 */
export type { WriteOptions };

/** One page of POST flow-run/list, with the badge counts of the four tabs that come with it. */
export interface ApprovalListPage {
  readonly items: readonly FlowRunListItem[];
  readonly totalCount: number;
  /** Null when the server leaves the counts out of the page. */
  readonly counts: TabCounts | null;
}

/** A flow offered by the list filter's 流程 field (flow-define/flow-drop-down-list). */
export interface FlowOption {
  readonly id: string;
  readonly name: string;
  readonly code?: string | null;
}

/**
 * What GET flow-run/approval-center?flow= answers for the flow the centre was opened
 * with (route query flowId or code). The spec does not show the answer; these are the
 * sandbox's fields, all optional, the rest passes through. The call answers null when
 * no flow is named.
 */
export interface ApprovalCenterInfo {
  readonly flowId?: string | null;
  readonly code?: string | null;
  readonly name?: string | null;
  readonly appId?: string | null;
  /** False: the app exists but its flow is not set up. */
  readonly configured?: boolean | null;
  /** Whether this user may start the flow. */
  readonly canInitiate?: boolean | null;
}

/**
 * info-app's run detail. The spec's detail fields lack what the approval context needs
 * to know whether agreeing here takes a signature (point 3 "Approval context: isSign")
 * or an opinion; the server sends them on the detail for the user's own step.
 * Port-level addition: domain/approval/types.ts FlowRunDetail has neither.
 */
export type ApprovalRunDetail = FlowRunDetail & {
  /** Agreeing at the user's step needs a handwritten signature. */
  readonly isSign?: boolean | null;
  /** Agreeing at the user's step needs an opinion. */
  readonly isMark?: boolean | null;
};

export interface InfoQuery {
  readonly flowRunId: string;
  /** The approval page's `type` query, sent as it came. */
  readonly type: number;
  readonly isAdmin?: boolean;
}

export interface NextNodeQuery {
  readonly flowRunPrcsId: string | null;
  readonly appId: string;
  /** The submitted form data (domain/forms/formData.ts); null when there is no form. */
  readonly formData: unknown;
}

export interface ReturnNodeQuery {
  readonly flowRunPrcsId: string | null;
  readonly appId: string;
}

export interface NodeAutoQuery {
  readonly nodeId: string;
  readonly appId: string;
  readonly formData: unknown;
}

/** The is-node-auto answer: whether the system handles the node itself, with the server's note. */
export interface NodeAutoAnswer {
  readonly isAuto: boolean;
  readonly message?: string | null;
}

/** What initiate answers; the spec shows nothing, so everything is optional. */
export interface InitiateOutcome {
  /** The new run's id; null for a draft or when the server does not say. */
  readonly flowRunId: string | null;
  readonly numberStr?: string | null;
  readonly state?: number | null;
}

/**
 * The approval context's calls (SPEC point 7 "Approval"). Failures reject with an
 * ApiError (application/ports/errors.ts) carrying the server's error.message.
 */
export interface ApprovalApi extends FlowLookup {
  /** GET flow-run/approval-center?flow= */
  approvalCenter(flow: string | null, opts?: CallOptions): Promise<ApprovalCenterInfo | null>;
  /** GET flow-define/flow-drop-down-list */
  flowOptions(opts?: CallOptions): Promise<readonly FlowOption[]>;
  /** POST flow-run/list */
  list(query: ApprovalListQuery, opts?: CallOptions): Promise<ApprovalListPage>;
  /** POST flow-run/revocation/{id}: the applicant takes back a run still in state 0. */
  revoke(flowRunId: string, opts?: CallOptions): Promise<void>;
  /** POST flow-run/mark-all-as-read (the received tab). */
  markAllAsRead(opts?: CallOptions): Promise<void>;
  /**
   * POST flow-run/quick-handling {flowRunId, type, mark?}: approve (1) or reject (0) from a
   * list card; a batch sends each run with its own idempotency key (./batch.ts).
   */
  quickHandling(body: QuickHandlingBody, opts?: WriteOptions): Promise<QuickHandlingResponse>;
  /** GET flow-run/info-app?FlowRunId&Type&IsAdmin */
  info(query: InfoQuery, opts?: CallOptions): Promise<ApprovalRunDetail>;
  /** POST flow-run/next-node {FlowRunPrcsId, AppId, FormData} */
  nextNodes(query: NextNodeQuery, opts?: CallOptions): Promise<NextNodeData>;
  /** GET flow-run/return-node?FlowRunPrcsId&AppId */
  returnNodes(query: ReturnNodeQuery, opts?: CallOptions): Promise<readonly ReturnNode[]>;
  /** GET flow-advice?type=: the quick opinions for an approval type. */
  quickFeedback(type: ApprovalType, opts?: CallOptions): Promise<readonly QuickFeedback[]>;
  /** POST flow-run/handling with either body (domain/approval/bodies.ts builds both). */
  handle(body: HandlingBody | SubmitHandlingBody, opts?: WriteOptions): Promise<void>;
  /** POST flow-run/is-node-auto {nodeId, appId, formData}: asked before handling when the chosen node is automatic. */
  isNodeAuto(query: NodeAutoQuery, opts?: CallOptions): Promise<NodeAutoAnswer>;
  /** GET flow-run/initiate-flow?code=: `message` set means not configured. */
  initiateFlow(code: string, opts?: CallOptions): Promise<InitiateFlowInfo>;
  /** POST flow-run/initiate: isInitiate 0 saves a draft, 1 starts the run. */
  initiate(body: InitiateBody, opts?: WriteOptions): Promise<InitiateOutcome>;
  /** GET flow-run/can-initiate-flow?Filter: the launchable flows by category. */
  launchableFlows(filter?: string | null, opts?: CallOptions): Promise<readonly LaunchableFlowCategory[]>;
}

export const APPROVAL_API = token<ApprovalApi>('ApprovalApi');
