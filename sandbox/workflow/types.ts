import type { FormDefinition } from './forms/schema';

/** Marks a copy-to (抄送) group in the history instead of a real node id (SPEC point 4). */
export const ZERO_GUID = '00000000-0000-0000-0000-000000000000';

/** Chart kinds of SPEC point 3; the wire `type` of a flow node is NODE_TYPE[kind]. */
export type NodeKind = 'start' | 'audit' | 'send' | 'plugin' | 'end';

/**
 * Node type numbers on the wire (flow nodes, list `nodeType`, detail `type`).
 * 0 is the applicant's own step, so "type 0 = submit" in SPEC point 4 falls out of it;
 * 4 is the end node, which the next-step chooser shows without handlers.
 */
export const NODE_TYPE: Readonly<Record<NodeKind, number>> = Object.freeze({ start: 0, audit: 1, send: 2, plugin: 3, end: 4 });

/** 0 依次审批 (one handler after the other), 1 会签 (all), 2 或签 (any one). */
export type ModeType = 0 | 1 | 2;

/** Run state, SPEC point 4: 0 审批中, 1 审批通过, 2 审批不通过, 3 已撤销, 4 已退回. */
export type RunState = 0 | 1 | 2 | 3 | 4;

/** What a node does to one form field (`fieldLimits`). */
export interface FieldLimit {
  fieldId: string;
  editable: boolean;
  hidden: boolean;
  required: boolean;
}

/**
 * A branch condition on an edge, evaluated against the form data. `field` is a
 * field id or identifier. Numbers compare numerically, everything else as text.
 */
export type Condition =
  | { field: string; op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'ne'; value: number | string | boolean }
  | { field: string; op: 'in' | 'not-in'; value: (string | number)[] }
  | { field: string; op: 'empty' | 'not-empty' }
  | { all: Condition[] }
  | { any: Condition[] };

export interface FlowNodeDef {
  id: string;
  kind: NodeKind;
  name: string;
  /** Audit: the handlers (user ids); send: the copy recipients; isSelect: the default choice. */
  handlers: string[];
  modeType: ModeType;
  /** The previous step's actor chooses this node's handlers (selector `selectComponentId`). */
  isSelect?: boolean;
  selectComponentId?: string;
  /** An opinion is required to agree here. */
  isMark?: boolean;
  /** A handwritten signature is required to agree here. */
  isSign?: boolean;
  /** The actor of this node may add copy recipients with the selector `sendSelectComponentId`. */
  sendIsSelect?: boolean;
  sendSelectComponentId?: string;
  fieldLimits?: FieldLimit[];
  /** Chart blurb override (plugin nodes say what they do). */
  blurb?: string;
  /** Plugin nodes: the line written into the history when the system runs them. */
  pluginMark?: string;
}

export interface FlowEdgeDef {
  id: string;
  source: string;
  target: string;
  label?: string;
  condition?: Condition;
}

export interface FlowDef {
  id: string;
  code: string;
  name: string;
  describe: string;
  category: string;
  icon: string;
  iconBgColor: string;
  /** User types that may start the flow (SPEC point 1). */
  userTypes: number[];
  appId: string;
  /** Prefix of the run number, e.g. QJ for 请假. */
  numberPrefix: string;
  /** False: the app exists but its flow is not set up (initiate-flow answers the message). */
  configured: boolean;
  form: FormDefinition | null;
  tenantForm: FormDefinition | null;
  /** Field ids whose values make up a run's precis, in order. */
  precisFields: string[];
  nodes: FlowNodeDef[];
  edges: FlowEdgeDef[];
}

export interface Attachment {
  name: string;
  suffix?: string;
  size?: number;
  domain?: string;
  path?: string;
  fileUrl?: string;
}

/**
 * One person's part in a history node (SPEC "History detail").
 * type 0 applicant, 1 approver, 2 copy recipient, 5 revocation.
 * type 1 state: -1 办理中, 0 已同意, 1 已拒绝, 2 已退回, 3 无需办理, 4 待办, 5 已撤销.
 */
export interface RunDetail {
  id: string;
  type: 0 | 1 | 2 | 5;
  state: number;
  userId: string | null;
  userName: string;
  /** When the step reached this person (or the copy was sent). */
  arriveTime: string;
  prcsEndTime: string | null;
  mark: string;
  files: Attachment[];
  autograph: string | null;
  isRead: boolean;
  readTime: string | null;
  /** The approval to-do made for this step; null until the core has made it. */
  todoId: string | null;
}

/** A history node: one visit of a flow node, a copy group or the revocation record. */
export interface RunVisit {
  id: string;
  kind: 'node' | 'copy' | 'revoke';
  /** The flow node visited (for a copy group: the send node, or null for ad-hoc recipients). */
  nodeId: string | null;
  name: string;
  modeType: ModeType;
  /** -1 in progress, 0 done, 1 rejected, 2 returned, 5 revoked. */
  state: number;
  startTime: string;
  endTime: string | null;
  details: RunDetail[];
}

export interface SubmittedField {
  id: string;
  key: string;
  value: unknown;
}

export interface SubmittedFormData {
  code: string;
  mainTable: { id: string; fields: SubmittedField[] };
  subTable: { id: string; subDatas: { id: string; fields: SubmittedField[]; type: number }[] }[];
}

export interface FlowRun {
  id: string;
  flowId: string;
  numberStr: string;
  title: string;
  precis: string;
  initiatorId: string;
  campusId: string | null;
  tenantId: string;
  state: RunState;
  creationTime: string;
  /** When it was approved, rejected or revoked. */
  finishTime: string | null;
  formData: SubmittedFormData;
  visits: RunVisit[];
}

export interface Draft {
  id: string;
  userId: string;
  flowId: string;
  formData: SubmittedFormData;
  savedTime: string;
}

export interface Department {
  id: string;
  name: string;
  parentId: string | null;
  memberIds: string[];
  headId: string | null;
}

export interface AssetCategory {
  id: string;
  name: string;
  parentId: string | null;
}

export interface Asset {
  id: string;
  name: string;
  code: string;
  categoryId: string;
  location: string;
  /** 在用, 闲置 or 报废; scrapped assets cannot be chosen. */
  status: string;
}

/** The workflow slice of the sandbox database (db.workflow): plain JSON. */
export interface WorkflowState {
  version: 1;
  flows: FlowDef[];
  runs: FlowRun[];
  drafts: Draft[];
  departments: Department[];
  assetCategories: AssetCategory[];
  assets: Asset[];
  /** Run number sequences per flow id. */
  counters: Record<string, number>;
}
