/**
 * Approval entities (SPEC point 3, Approval). Field names are the wire's names.
 * Server-owned blobs the forms context parses (formJson, draftData, ...) stay `unknown` here.
 */
import type { FlowSituation } from '../flowchart/types';

export type { FlowSituation } from '../flowchart/types';

/** 0 approving, 1 approved, 2 rejected, 3 revoked, 4 returned. */
export type FlowState = 0 | 1 | 2 | 3 | 4;

/** Context approval type: 0 agree, 1 reject, 2 return, 3 submit. */
export type ApprovalType = 0 | 1 | 2 | 3;

/** The approval action screen handles the first three only. */
export type ApprovalActionType = 0 | 1 | 2;

export interface FlowRunListItem {
  readonly id: string;
  readonly title: string;
  readonly precis?: string | null;
  readonly creationTime: string;
  readonly creatorName: string;
  readonly creatorImage?: string | null;
  readonly state: number;
  readonly isRead?: boolean | null;
  readonly nodeType?: number | null;
  readonly numberStr: string;
}

/** Body of POST flow-run/list. Absent filters are left out rather than sent empty. */
export interface ApprovalListQuery {
  readonly type: number;
  readonly titleOrNumber?: string;
  readonly formData?: string;
  readonly flowId?: string;
  readonly initiateUser?: readonly string[];
  readonly userType?: number;
  readonly createdDateStart?: string;
  readonly createdDateEnd?: string;
  readonly overDateStart?: string;
  readonly overDateEnd?: string;
  readonly state?: number;
  readonly isNotRead?: boolean;
  readonly skipCount: number;
  readonly maxResultCount: number;
}

export interface TabCounts {
  readonly waiting: number;
  readonly receive: number;
  readonly already: number;
  readonly send: number;
}

/** The attachment shape (files context) as far as approval passes it along. */
export interface AttachmentRef {
  readonly name: string;
  readonly suffix?: string | null;
  readonly size?: number | null;
  readonly domain?: string | null;
  readonly path?: string | null;
  readonly fileUrl?: string | null;
}

export interface HistoryDetail {
  readonly id: string;
  readonly type: number;
  readonly state: number;
  readonly userName?: string | null;
  readonly userHead?: string | null;
  readonly prcsEndTime?: string | null;
  readonly timeCost?: string | number | null;
  /** The approver's comment. */
  readonly mark?: string | null;
  readonly files?: readonly AttachmentRef[] | null;
  /** Signature image. */
  readonly autograph?: string | null;
  readonly isRead?: boolean | null;
}

export interface HistoryNode {
  readonly id: string;
  readonly name: string;
  readonly state: number;
  readonly modeType?: number | null;
  readonly modeUserCount?: number | null;
  readonly flowRunDetailsDtos: readonly HistoryDetail[];
}

export interface FlowRunDetail {
  readonly id: string;
  readonly numberStr: string;
  readonly title: string;
  readonly state: number;
  readonly type: number;
  readonly appId: string;
  readonly tenantId?: string | null;
  readonly code: string;
  readonly flowRunPrcsId?: string | null;
  readonly approvalType?: number | null;
  readonly draftData?: unknown;
  readonly formJson?: unknown;
  readonly tenantFormJson?: unknown;
  readonly fieldLimits?: unknown;
  readonly situationDto?: FlowSituation | null;
  readonly flowRunNodeDtos: readonly HistoryNode[];
  /** Not listed by the spec, but the page shows the initiator's name. */
  readonly creatorName?: string | null;
}

/** A person offered for a step: `value` is the user id. */
export interface Handler {
  readonly value: string;
  readonly name: string;
}

export interface FlowNode {
  readonly id: string;
  readonly name: string;
  readonly type: number;
  readonly selectComponentId?: string | null;
  readonly isSelect: boolean;
  readonly isAuto: boolean;
  readonly handlers: readonly Handler[];
}

export interface NextNodeData {
  readonly flowNodes: readonly FlowNode[];
  readonly sends: readonly Handler[];
  readonly sendSelectComponentId?: string | null;
  readonly sendIsSelect: boolean;
  /** Opinion required when agreeing. */
  readonly isMark: boolean;
  readonly isSelectUser?: boolean | null;
}

export interface ReturnNode {
  readonly value: string;
  readonly name: string;
}

export interface QuickFeedback {
  readonly content: string;
}

export interface ApprovalContext {
  readonly flowRunPrcsId: string | null;
  readonly appId: string;
  readonly formData: unknown;
  readonly approvalType: ApprovalType;
  readonly isSign: boolean;
}

export interface LaunchableFlow {
  readonly code: string;
  readonly name: string;
  readonly describe?: string | null;
  readonly icon?: string | null;
  readonly iconBgColor?: string | null;
}

export interface LaunchableFlowCategory {
  readonly name: string;
  readonly flows: readonly LaunchableFlow[];
}

export interface InitialReminder {
  readonly title?: string | null;
  readonly content?: string | null;
  /** Seconds before the close button enables. */
  readonly countdown?: number | null;
  readonly closeText?: string | null;
  readonly closeColor?: string | null;
  readonly disabled?: boolean | null;
}

/** Response of GET flow-run/initiate-flow. */
export interface InitiateFlowInfo {
  /** When set, the flow is not configured and this is shown instead of the form. */
  readonly message?: string | null;
  readonly appId?: string | null;
  readonly draftData?: unknown;
  readonly flowName?: string | null;
  readonly situationDto?: FlowSituation | null;
  readonly formJson?: unknown;
  readonly tenantFormJson?: unknown;
  readonly fieldLimits?: unknown;
}

export interface QuickHandlingResponse {
  readonly isQuick?: boolean | null;
}

// Request bodies

/** POST flow-run/quick-handling: type 1 approve, 0 reject; `mark` the opinion of a quick 同意, when one was given. */
export interface QuickHandlingBody {
  readonly flowRunId: string;
  readonly type: 0 | 1;
  readonly mark?: string;
}

/** POST flow-run/handling from the approval action screen. */
export interface HandlingBody {
  readonly flowNodeId: string | null;
  readonly flowRunPrcsId: string | null;
  readonly formData: unknown;
  readonly type: ApprovalActionType;
  readonly mark: string;
  readonly autographPath: string | null;
  readonly autographObject: string | null;
  readonly files: readonly AttachmentRef[];
  readonly userIds: readonly string[];
  readonly sendIds: readonly string[];
}

/** POST flow-run/handling from the detail page submit case. */
export interface SubmitHandlingBody {
  readonly flowNodeId: string | null;
  readonly flowRunPrcsId: string | null;
  readonly formData: unknown;
  readonly type: 3;
  readonly userIds: readonly string[];
  readonly sendIds: readonly string[];
}

/** POST flow-run/initiate: isInitiate 0 saves a draft, 1 submits. */
export interface InitiateBody {
  readonly formData: unknown;
  readonly flowNodeId: string | null;
  readonly isInitiate: 0 | 1;
  readonly userIds: readonly string[];
  readonly sendIds: readonly string[];
}

/** A problem with a code for logic and the spec's message for the user (null when the UI says it otherwise). */
export interface Issue<C extends string = string> {
  readonly code: C;
  readonly message: string | null;
}
