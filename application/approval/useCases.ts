/**
 * Approval centre use cases (SPEC point 2 "Approval centre list" to "Flow launch", the
 * rules of points 4, 5, 8 and 9). Plain async functions over the ports: every rule is
 * domain/approval's; these do the calls, the toasts and the confirmations in the order
 * the spec gives, so they can be tested without React.
 */
import {
  actionSubmitPlan,
  afterFormStep,
  APPROVAL_FLOW_TYPE,
  backStepsAfterNodeSubmit,
  buildApprovalListQuery,
  buildDraftBody,
  buildHandlingBody,
  buildInitiateBody,
  buildSubmitHandlingBody,
  chosenNode,
  detailFooterButtons,
  detailStamp,
  effectiveType,
  EMPTY_APPROVAL_FILTER,
  flowApprovalQuery,
  flowIdError,
  flowStateView,
  formStep,
  hasMore,
  historyView,
  isFormReadOnly,
  launchConfigError,
  NO_APPROVAL_FLOW,
  nextNodesDecision,
  OPERATION_SUCCESS,
  quickHandlingBody,
  quickHandlingOutcome,
  quickOpinionOptions,
  REVOKE_CONFIRM_CONTENT,
  REVOKE_CONFIRM_TITLE,
  REVOKE_SUCCESS,
  SAVE_SUCCESS,
  selectNodeRoute,
  TODO_TAB,
  validateNextStep,
  validateOpinion,
  validateReturnStep,
  type ApprovalActionType,
  type ApprovalFilter,
  type ApprovalPassRoute,
  type ApprovalType,
  type AttachmentRef,
  type DetailStamp,
  type FlowLaunchType,
  type FlowRunListItem,
  type FlowStateView,
  type FooterButton,
  type HistoryNodeView,
  type InitiateFlowInfo,
  type LaunchableFlowCategory,
  type NextNodeData,
  type NextStepChoice,
  type NextStepSelection,
  type QuickAction,
  type QuickOpinionOption,
  type ReturnNode,
  type SelectNodeRoute,
  type SignatureUpload,
  type TabCounts,
} from '../../domain/approval';
import { SIGNATURE_IMAGE_TYPE } from '../../domain/approval/signature';
import { err, ok, type Result } from '../../domain/shared/result';
import { DRAFT_PREFIX } from '../forms/drafts';
import { messageOf } from '../ports/errors';
import type { KeyValueStorage, Notifier } from '../ports/runtime';
import type { Uploader, UploadResult } from '../ports/upload';
import { answersAhead } from '../shared/ahead';
import type { ApprovalApi, ApprovalListPage, ApprovalRunDetail } from './ports';
import { newSubmissionId, onceAtATime, type AlreadySubmitting } from './submission';
import { isRecord, nonBlank } from '../../domain/shared/guards';
import { isCancelled } from '../shared/failure';

export { newSubmissionId, type AlreadySubmitting } from './submission';

export type Log = (message: string, error: unknown) => void;

// eslint-disable-next-line no-console
export const consoleLog: Log = (message, error) => console.warn(message, error);


// ---------------------------------------------------------------------------
// Routes (SPEC point 2 route table)
// ---------------------------------------------------------------------------

export const APPROVAL_ROUTES = Object.freeze({
  center: '/page/approvalCenter',
  flowList: '/page/approvalCenter/flowList',
  flowLaunch: '/page/approvalCenter/flowLaunch',
  selectNode: '/page/approvalCenter/flowLaunch/selectNode',
  flowApproval: '/page/approvalCenter/flowApproval',
  approvalPass: '/page/approvalCenter/approvalPass',
  flowChart: '/page/approvalCenter/flowChart',
});

const withQuery = (path: string, params: Record<string, string | number | null | undefined>): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && String(v) !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

export const flowLaunchPath = (code: string): string => withQuery(APPROVAL_ROUTES.flowLaunch, { code });

/** page/approvalCenter/flowApproval?FlowRunId&type&tab for a card of a tab. */
export const flowApprovalPath = (item: Pick<FlowRunListItem, 'id' | 'nodeType'>, tab: unknown): string => {
  const q = flowApprovalQuery(item, tab);
  return withQuery(APPROVAL_ROUTES.flowApproval, { FlowRunId: q.FlowRunId, type: q.type, tab: q.tab });
};

export const selectNodePath = (route: SelectNodeRoute): string =>
  withQuery(APPROVAL_ROUTES.selectNode, { flowLaunchType: route.flowLaunchType, flowRunPrcsId: route.flowRunPrcsId });

/** approvalPass with its optional backCount; the title travels in the route state. */
export const approvalPassPath = (route: ApprovalPassRoute): string =>
  withQuery(APPROVAL_ROUTES.approvalPass, { backCount: route.backCount });

// ---------------------------------------------------------------------------
// The list (page/approvalCenter)
// ---------------------------------------------------------------------------

export interface CenterQuery {
  readonly flowId?: string | null;
  readonly code?: string | null;
}

/** The flow the centre is opened for, or none for the whole centre. */
export interface CenterScope {
  readonly flowId: string | null;
  readonly code: string | null;
  readonly name: string | null;
}

export const WHOLE_CENTER: CenterScope = Object.freeze({ flowId: null, code: null, name: null });

/** The scope known without a call: the whole centre when neither flowId nor code is given. */
export const immediateCenterScope = (query: CenterQuery): CenterScope | null =>
  nonBlank(query.flowId) || nonBlank(query.code) ? null : WHOLE_CENTER;

/**
 * Which flow the centre shows (route query flowId and code). Without either, the whole
 * centre. A code without a flow id asks flowid-by-appcode; an app with no flow (or one
 * the server says is not set up) gives 未开通审批流程 (SPEC point 5).
 */
export async function resolveCenterScope(
  api: ApprovalApi,
  query: CenterQuery,
  signal?: AbortSignal,
): Promise<Result<CenterScope, string>> {
  const code = nonBlank(query.code) ? query.code.trim() : null;
  let flowId = nonBlank(query.flowId) ? query.flowId.trim() : null;
  const immediate = immediateCenterScope(query);
  if (immediate) return ok(immediate);
  try {
    if (flowId === null && code !== null) {
      const found = await api.flowIdByAppCode(code, { signal });
      const problem = flowIdError(found);
      if (problem !== null) return err(problem);
      flowId = found;
    }
    const info = await api.approvalCenter(flowId ?? code, { signal });
    if (info && info.configured === false) return err(NO_APPROVAL_FLOW);
    return ok({
      flowId: nonBlank(info?.flowId) ? info.flowId : flowId,
      code: nonBlank(info?.code) ? info.code : code,
      name: nonBlank(info?.name) ? info.name : null,
    });
  } catch (e) {
    if (isCancelled(e)) throw e;
    return err(messageOf(e));
  }
}

export interface ApprovalListPageResult {
  readonly items: readonly FlowRunListItem[];
  readonly counts: TabCounts | null;
  readonly hasMore: boolean;
}

/**
 * One page (1-based, 10 each) of a tab with the filter. The filter's only rule that can
 * fail (initiators without a user type) comes back as its message; call failures reject
 * with the ApiError so the infinite scroll can offer a retry.
 */
export async function loadApprovalPage(
  api: ApprovalApi,
  input: { readonly filter: ApprovalFilter; readonly tab: number; readonly page: number; readonly flowId?: string | null },
  signal?: AbortSignal,
): Promise<Result<ApprovalListPageResult, string>> {
  const filter: ApprovalFilter = nonBlank(input.flowId) ? { ...input.filter, flowId: input.flowId } : input.filter;
  const query = buildApprovalListQuery(filter, input.tab, input.page);
  if (!query.ok) return query;
  const page = await listPagesAhead.take(JSON.stringify(query.value), () => api.list(query.value, { signal }));
  return ok({ items: page.items, counts: page.counts, hasMore: hasMore(page.items.length) });
}

/** Pages of the centre asked by the boot before the list is drawn (application/shared/ahead.ts). */
const listPagesAhead = answersAhead<ApprovalListPage>();

/**
 * The boot opens page/approvalCenter: the first page the list will ask for (the whole
 * centre, the to-do tab, no filter, page 1) is asked now, beside the session check, and
 * loadApprovalPage takes it. A centre opened for one flow asks nothing ahead: its flow
 * is resolved first.
 */
export function askApprovalCenterAhead(api: Pick<ApprovalApi, 'list'>, query: CenterQuery): void {
  if (!immediateCenterScope(query)) return;
  const first = buildApprovalListQuery(EMPTY_APPROVAL_FILTER, TODO_TAB, 1);
  if (!first.ok) return;
  listPagesAhead.ask(JSON.stringify(first.value), () => api.list(first.value));
}

/** Appends a page, keeping the first copy of a run that moved between pages meanwhile. */
export const appendRuns = (current: readonly FlowRunListItem[], next: readonly FlowRunListItem[]): FlowRunListItem[] => {
  const seen = new Set(current.map((i) => i.id));
  return [...current, ...next.filter((i) => !seen.has(i.id))];
};

export interface ListActionDeps {
  readonly api: ApprovalApi;
  readonly notifier: Notifier;
}

export type QuickHandleOutcome =
  | { readonly kind: 'refresh' }
  | { readonly kind: 'open'; readonly path: string }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * Approve (1) or reject (0) from a to-do card (SPEC point 4): when the server handled it
 * at once (isQuick) 操作成功 and the list refreshes; otherwise the run's page opens,
 * where the step can be handled in full.
 */
export async function quickHandle(deps: ListActionDeps, item: FlowRunListItem, action: QuickAction, tab: number): Promise<QuickHandleOutcome> {
  try {
    const response = await deps.api.quickHandling(quickHandlingBody(item.id, action));
    const outcome = quickHandlingOutcome(response);
    if (outcome.kind === 'toast-and-refresh') {
      deps.notifier.success(outcome.toast);
      return { kind: 'refresh' };
    }
    return { kind: 'open', path: flowApprovalPath(item, tab) };
  } catch (e) {
    const message = messageOf(e);
    if (!isCancelled(e)) deps.notifier.fail(message);
    return { kind: 'failed', message };
  }
}

export type RevokeOutcome = 'revoked' | 'cancelled' | 'failed';

/** 撤销申请 / 撤销: 确认撤销 / 此操作将撤销当前流程！, then 撤销成功 (SPEC point 8). */
export async function revokeRun(deps: ListActionDeps, runId: string): Promise<RevokeOutcome> {
  const confirmed = await deps.notifier.confirm({ title: REVOKE_CONFIRM_TITLE, content: REVOKE_CONFIRM_CONTENT });
  if (!confirmed) return 'cancelled';
  try {
    await deps.api.revoke(runId);
    deps.notifier.success(REVOKE_SUCCESS);
    return 'revoked';
  } catch (e) {
    deps.notifier.fail(messageOf(e));
    return 'failed';
  }
}

/** 全部标记为已读 on the received tab. */
export async function markAllRunsRead(deps: ListActionDeps): Promise<boolean> {
  try {
    await deps.api.markAllAsRead();
    deps.notifier.success(OPERATION_SUCCESS);
    return true;
  } catch (e) {
    deps.notifier.fail(messageOf(e));
    return false;
  }
}

// ---------------------------------------------------------------------------
// Launchable flows (page/approvalCenter/flowList)
// ---------------------------------------------------------------------------

/** can-initiate-flow; the server filters by what the user may start. */
export async function loadLaunchableFlows(api: ApprovalApi, signal?: AbortSignal): Promise<Result<readonly LaunchableFlowCategory[], string>> {
  try {
    return ok(await api.launchableFlows(null, { signal }));
  } catch (e) {
    if (isCancelled(e)) throw e;
    return err(messageOf(e));
  }
}

// ---------------------------------------------------------------------------
// Launch (page/approvalCenter/flowLaunch)
// ---------------------------------------------------------------------------

export interface LaunchInfo {
  readonly info: InitiateFlowInfo;
  readonly appId: string;
  readonly code: string;
  readonly title: string;
}

/**
 * initiate-flow for a code: the server's message, or 应用配置有误，请联系管理员 when the
 * answer has no app, is what the page shows instead of the form (SPEC point 8). A
 * failed call shows its message the same way.
 */
export async function openLaunch(api: ApprovalApi, code: string, signal?: AbortSignal): Promise<Result<LaunchInfo, string>> {
  try {
    const info = await api.initiateFlow(code, { signal });
    const problem = launchConfigError(info);
    if (problem !== null) return err(problem);
    return ok({ info, appId: info.appId as string, code, title: nonBlank(info.flowName) ? info.flowName : '' });
  } catch (e) {
    if (isCancelled(e)) throw e;
    return err(messageOf(e));
  }
}

/** 保存草稿: initiate with isInitiate 0, 保存成功. The form is not validated. */
export async function saveLaunchDraft(deps: ListActionDeps, formData: unknown): Promise<boolean> {
  try {
    await deps.api.initiate(buildDraftBody(formData));
    deps.notifier.success(SAVE_SUCCESS);
    return true;
  } catch (e) {
    deps.notifier.fail(messageOf(e));
    return false;
  }
}

/**
 * next-node for the form as it stands: the nodes to choose from, or 无符合条件的办理节点，
 * 请确认流程设置是否正确 when none come back (SPEC point 8), or the call's message.
 */
export async function requestNextNodes(
  api: ApprovalApi,
  query: { readonly appId: string; readonly flowRunPrcsId: string | null; readonly formData: unknown },
  signal?: AbortSignal,
): Promise<Result<NextNodeData, string>> {
  try {
    const data = await api.nextNodes(query, { signal });
    const decision = nextNodesDecision(data.flowNodes);
    return decision.ok ? ok(data) : err(decision.error);
  } catch (e) {
    if (isCancelled(e)) throw e;
    return err(messageOf(e));
  }
}

// ---------------------------------------------------------------------------
// The shared flow session (launch or resubmit -> selectNode)
// ---------------------------------------------------------------------------

/** What selectNode needs from the page that sent it (launch: type 0, detail submit: type 1). */
export interface FlowSession {
  readonly flowLaunchType: FlowLaunchType;
  readonly code: string;
  readonly appId: string;
  readonly title: string;
  /** The run being resubmitted (type 1). */
  readonly runId: string | null;
  readonly flowRunPrcsId: string | null;
  readonly formData: unknown;
  /** The form's local draft, removed after a successful submit. */
  readonly draftKey: string | null;
  readonly next: NextNodeData;
  /** Sent as the idempotency key of every attempt of this submission (submission.ts); absent in sessions stored by older builds. */
  readonly submissionId?: string;
}

/** What approvalPass needs from the detail page. */
export interface ActionSession {
  readonly actionType: ApprovalActionType;
  readonly runId: string;
  readonly code: string;
  readonly appId: string;
  readonly title: string;
  readonly flowRunPrcsId: string | null;
  readonly formData: unknown;
  readonly isSign: boolean;
  readonly isMark: boolean;
  readonly draftKey: string | null;
  /** As FlowSession.submissionId. */
  readonly submissionId?: string;
}

/** Keys of the sessions and opinion drafts: per user, under the forms' draft prefix (kept through an expired session). */
export const flowSessionKey = (userId: string): string => `${DRAFT_PREFIX}:${userId}:approval:flowSession`;
export const actionSessionKey = (userId: string): string => `${DRAFT_PREFIX}:${userId}:approval:actionSession`;
export const actionDraftKey = (userId: string, session: Pick<ActionSession, 'runId' | 'flowRunPrcsId' | 'actionType'>): string =>
  `${DRAFT_PREFIX}:${userId}:approval:action:${session.flowRunPrcsId ?? session.runId}:${session.actionType}`;


const readJson = (storage: KeyValueStorage, key: string): unknown => {
  const raw = storage.get(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
};

const write = (storage: KeyValueStorage, key: string, value: unknown): void => {
  try {
    storage.set(key, JSON.stringify(value));
  } catch {
    // A full storage loses the reload copy only; the session in memory still works.
  }
};

export const storeFlowSession = (storage: KeyValueStorage, userId: string, session: FlowSession | null): void => {
  if (session === null) storage.remove(flowSessionKey(userId));
  else write(storage, flowSessionKey(userId), session);
};

/** The session stored for a reload, when it is whole. */
export const restoreFlowSession = (storage: KeyValueStorage, userId: string): FlowSession | null => {
  const v = readJson(storage, flowSessionKey(userId));
  if (!isRecord(v) || !isRecord(v.next) || !Array.isArray(v.next.flowNodes) || typeof v.appId !== 'string') return null;
  return v as unknown as FlowSession;
};

export const storeActionSession = (storage: KeyValueStorage, userId: string, session: ActionSession | null): void => {
  if (session === null) storage.remove(actionSessionKey(userId));
  else write(storage, actionSessionKey(userId), session);
};

export const restoreActionSession = (storage: KeyValueStorage, userId: string): ActionSession | null => {
  const v = readJson(storage, actionSessionKey(userId));
  if (!isRecord(v) || typeof v.runId !== 'string' || typeof v.appId !== 'string' || typeof v.actionType !== 'number') return null;
  return v as unknown as ActionSession;
};

/** What the action screen keeps of the user's typing. */
export interface ActionDraft {
  readonly opinion: string;
  readonly files: readonly AttachmentRef[];
  readonly returnNodeId: string | null;
}

export const EMPTY_ACTION_DRAFT: ActionDraft = Object.freeze({ opinion: '', files: [], returnNodeId: null });

export const storeActionDraft = (storage: KeyValueStorage, key: string, draft: ActionDraft): void => {
  if (draft.opinion === '' && draft.files.length === 0 && draft.returnNodeId === null) storage.remove(key);
  else write(storage, key, draft);
};

export const restoreActionDraft = (storage: KeyValueStorage, key: string): ActionDraft => {
  const v = readJson(storage, key);
  if (!isRecord(v)) return EMPTY_ACTION_DRAFT;
  return {
    opinion: typeof v.opinion === 'string' ? v.opinion : '',
    files: Array.isArray(v.files) ? (v.files.filter((f) => isRecord(f) && typeof f.name === 'string') as AttachmentRef[]) : [],
    returnNodeId: nonBlank(v.returnNodeId) ? v.returnNodeId : null,
  };
};

// ---------------------------------------------------------------------------
// Submitting the chosen next step (selectNode)
// ---------------------------------------------------------------------------

export interface SubmitDeps {
  readonly api: ApprovalApi;
  readonly notifier: Notifier;
}

export type NodeSubmitOutcome =
  | { readonly kind: 'done'; readonly backSteps: number }
  /** A chooser problem: shown on the chooser, nothing was sent. */
  | { readonly kind: 'invalid'; readonly code: string; readonly message: string | null }
  | { readonly kind: 'failed'; readonly message: string }
  /** A second tap while this submission is on the wire: nothing was sent, nothing to do. */
  | AlreadySubmitting;

/** The in-flight guard's key: the submission, or for an older stored session the step it acts on. */
const flowSubmissionKey = (s: FlowSession): string => s.submissionId ?? `flow:${s.flowRunPrcsId ?? `launch:${s.code}`}`;
const actionSubmissionKey = (s: ActionSession): string => s.submissionId ?? `action:${s.flowRunPrcsId ?? s.runId}:${s.actionType}`;

/** Asks is-node-auto before the submit when the chosen node is automatic (SPEC point 4). */
async function askAutoNode(api: ApprovalApi, node: { id: string; isAuto: boolean } | null, appId: string, formData: unknown): Promise<void> {
  if (!actionSubmitPlan(false, node).callAutoNode || node === null) return;
  await api.isNodeAuto({ nodeId: node.id, appId, formData });
}

/**
 * 确认提交 on selectNode: the chooser is checked (请选择审批人 blocks the call), an
 * automatic node is asked about, then the launch is initiated (type 0) or the returned
 * run resubmitted (type 1, handling type 3). Success: 操作成功 and how far to go back
 * (3 for a launch, 2 for a resubmit).
 */
export async function submitNodeChoice(deps: SubmitDeps, session: FlowSession, selection: NextStepSelection): Promise<NodeSubmitOutcome> {
  const checked = validateNextStep(session.next, selection);
  if (!checked.ok) return { kind: 'invalid', code: checked.error.code, message: checked.error.message };
  const choice: NextStepChoice = checked.value;
  const write = { idempotencyKey: session.submissionId };
  return onceAtATime(flowSubmissionKey(session), async (): Promise<NodeSubmitOutcome> => {
    try {
      await askAutoNode(deps.api, chosenNode(session.next, selection), session.appId, session.formData);
      if (session.flowLaunchType === APPROVAL_FLOW_TYPE) {
        await deps.api.handle(buildSubmitHandlingBody({ flowRunPrcsId: session.flowRunPrcsId, formData: session.formData, nextStep: choice }), write);
      } else {
        await deps.api.initiate(buildInitiateBody({ formData: session.formData, nextStep: choice }), write);
      }
      deps.notifier.success(OPERATION_SUCCESS);
      return { kind: 'done', backSteps: backStepsAfterNodeSubmit(session.flowLaunchType) };
    } catch (e) {
      const message = messageOf(e);
      deps.notifier.fail(message);
      return { kind: 'failed', message };
    }
  });
}

// ---------------------------------------------------------------------------
// The run (page/approvalCenter/flowApproval)
// ---------------------------------------------------------------------------

export interface RunView {
  readonly detail: ApprovalRunDetail;
  /** effectiveType of the route's type and the user's step. */
  readonly effective: number;
  readonly tab: number;
  readonly readOnly: boolean;
  readonly state: FlowStateView;
  readonly stamp: DetailStamp | null;
  readonly buttons: readonly FooterButton[];
  readonly history: readonly HistoryNodeView[];
  readonly initiator: string;
}

const num = (v: unknown, fallback: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) ? n : fallback;
};

/** The route query of the page: FlowRunId, type, tab. */
export interface RunQuery {
  readonly FlowRunId: string;
  readonly type: unknown;
  readonly tab: unknown;
}

/** Everything the page shows, derived by the domain rules from info-app. */
export const runView = (detail: ApprovalRunDetail, query: Pick<RunQuery, 'type' | 'tab'>): RunView => {
  const effective = effectiveType(num(query.type, 1), detail.flowRunPrcsId);
  const tab = num(query.tab, 0);
  return {
    detail,
    effective,
    tab,
    readOnly: isFormReadOnly(effective),
    state: flowStateView(detail.state),
    stamp: detailStamp(detail.state),
    buttons: detailFooterButtons({ tab, type: effective, state: detail.state }),
    history: historyView(detail.flowRunNodeDtos),
    initiator: nonBlank(detail.creatorName) ? detail.creatorName : '',
  };
};

export async function loadRun(api: ApprovalApi, query: RunQuery, signal?: AbortSignal): Promise<Result<RunView, string>> {
  if (!nonBlank(query.FlowRunId)) return err(messageOf(null));
  try {
    const detail = await api.info({ flowRunId: query.FlowRunId, type: num(query.type, 1) }, { signal });
    return ok(runView(detail, query));
  } catch (e) {
    if (isCancelled(e)) throw e;
    return err(messageOf(e));
  }
}

/** The part of the form engine the footer needs: validated data, or the data as it stands. */
export interface FormAccess {
  validate(): Result<unknown, unknown>;
  submitData(): unknown;
}

export type FooterStep =
  /** The form did not pass; its own notice (请检查输入) is already shown. */
  | { readonly kind: 'blocked' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'approval-pass'; readonly route: ApprovalPassRoute; readonly session: ActionSession }
  | { readonly kind: 'select-node'; readonly route: SelectNodeRoute; readonly session: FlowSession };

/**
 * A footer button that starts an approval (SPEC point 4 "Effective type and actions"):
 * agree and submit validate the form, reject and return take it as it is. Submit then
 * asks for the next nodes and goes to selectNode (type 1); the others open approvalPass.
 */
export async function startApproval(
  api: ApprovalApi,
  run: RunView,
  approvalType: ApprovalType,
  form: FormAccess | null,
  extra: { readonly draftKey: string | null },
): Promise<FooterStep> {
  const d = run.detail;
  let formData: unknown = form ? form.submitData() : (d.draftData ?? null);
  if (formStep(approvalType).kind === 'validate-form' && form) {
    const checked = form.validate();
    if (!checked.ok) return { kind: 'blocked' };
    formData = checked.value;
  }
  const after = afterFormStep(approvalType);
  if (after.kind === 'request-next-nodes') {
    const next = await requestNextNodes(api, { appId: d.appId, flowRunPrcsId: d.flowRunPrcsId ?? null, formData });
    if (!next.ok) return { kind: 'failed', message: next.error };
    return {
      kind: 'select-node',
      route: selectNodeRoute(APPROVAL_FLOW_TYPE, d.flowRunPrcsId ?? null),
      session: {
        flowLaunchType: APPROVAL_FLOW_TYPE,
        code: d.code,
        appId: d.appId,
        title: d.title,
        runId: d.id,
        flowRunPrcsId: d.flowRunPrcsId ?? null,
        formData,
        draftKey: extra.draftKey,
        next: next.value,
        submissionId: newSubmissionId(),
      },
    };
  }
  return {
    kind: 'approval-pass',
    route: after,
    session: {
      actionType: after.actionType,
      runId: d.id,
      code: d.code,
      appId: d.appId,
      title: d.title,
      flowRunPrcsId: d.flowRunPrcsId ?? null,
      formData,
      isSign: d.isSign === true,
      isMark: d.isMark === true,
      draftKey: extra.draftKey,
      submissionId: newSubmissionId(),
    },
  };
}

// ---------------------------------------------------------------------------
// The action screen (page/approvalCenter/approvalPass)
// ---------------------------------------------------------------------------

export interface ActionData {
  /** Agree: the next-step chooser's data. */
  readonly next: NextNodeData | null;
  /** Return: the steps it may go back to. */
  readonly returnNodes: readonly ReturnNode[];
  readonly quickOpinions: readonly QuickOpinionOption[];
}

/**
 * What the action screen loads: next nodes for agree (none is the spec's error), return
 * nodes for return, and the quick opinions of the type (a failure there is only logged:
 * the list is a convenience).
 */
export async function loadActionData(
  api: ApprovalApi,
  session: ActionSession,
  opts: { readonly signal?: AbortSignal; readonly log?: Log } = {},
): Promise<Result<ActionData, string>> {
  const log = opts.log ?? consoleLog;
  const quick = api.quickFeedback(session.actionType, { signal: opts.signal }).then(
    (items) => quickOpinionOptions(items),
    (e: unknown) => {
      if (!isCancelled(e)) log('quick opinions failed', e);
      return [] as readonly QuickOpinionOption[];
    },
  );
  try {
    let next: NextNodeData | null = null;
    let returnNodes: readonly ReturnNode[] = [];
    if (session.actionType === 0) {
      const r = await requestNextNodes(api, { appId: session.appId, flowRunPrcsId: session.flowRunPrcsId, formData: session.formData }, opts.signal);
      if (!r.ok) return r;
      next = r.value;
    } else if (session.actionType === 2) {
      returnNodes = await api.returnNodes({ flowRunPrcsId: session.flowRunPrcsId, appId: session.appId }, { signal: opts.signal });
    }
    return ok({ next, returnNodes, quickOpinions: await quick });
  } catch (e) {
    if (isCancelled(e)) throw e;
    return err(messageOf(e));
  }
}

export interface ActionInput {
  readonly session: ActionSession;
  readonly data: ActionData;
  readonly opinion: string;
  readonly returnNodeId: string | null;
  readonly selection: NextStepSelection | null;
  readonly files: readonly AttachmentRef[];
}

export type ActionProblem = { readonly field: 'return' | 'opinion' | 'next' | 'uploads'; readonly code: string; readonly message: string | null };

/** The screen's checks in the spec's order: return step, opinion, then the next step. */
export function checkAction(input: ActionInput): Result<NextStepChoice | null, ActionProblem> {
  const type = input.session.actionType;
  const returnProblem = validateReturnStep(type, input.returnNodeId);
  if (returnProblem !== null) return err({ field: 'return', code: 'return-required', message: returnProblem });
  const isMark = input.session.isMark || input.data.next?.isMark === true;
  const opinion = validateOpinion(input.opinion, type, isMark);
  if (!opinion.ok) return err({ field: 'opinion', code: opinion.error.code, message: opinion.error.message });
  if (type !== 0 || !input.data.next) return ok(null);
  const next = validateNextStep(input.data.next, input.selection ?? { nodeId: null, handlers: [], recipients: [] });
  if (!next.ok) return err({ field: 'next', code: next.error.code, message: next.error.message });
  return ok(next.value);
}

/** Whether the confirm must go through the signature sheet first. */
export const needsSignature = (input: Pick<ActionInput, 'session' | 'data' | 'selection'>): boolean =>
  input.session.actionType === 0 &&
  actionSubmitPlan(input.session.isSign, input.data.next && input.selection ? chosenNode(input.data.next, input.selection) : null).openSignature;

/** An uploaded file as the handling body and the history carry it. */
export const attachmentFromUpload = (file: Pick<UploadResult, 'name' | 'size' | 'domain' | 'path' | 'url'>): AttachmentRef => {
  const dot = file.name.lastIndexOf('.');
  return {
    name: file.name,
    suffix: dot > 0 ? file.name.slice(dot + 1).toLowerCase() : null,
    size: file.size,
    domain: file.domain ?? null,
    path: file.path ?? null,
    fileUrl: file.url,
  };
};

/** The signature PNG through the upload pipeline: the image address and its storage object. */
export async function uploadSignature(uploader: Uploader, png: Blob): Promise<SignatureUpload> {
  const file = Object.assign(png.type === SIGNATURE_IMAGE_TYPE ? png : new Blob([png], { type: SIGNATURE_IMAGE_TYPE }), {
    name: 'signature.png',
  });
  const done = await uploader.upload(file);
  return { path: done.url, object: done.path ?? done.url };
}

export interface ActionSubmitDeps {
  readonly api: ApprovalApi;
  readonly uploader: Uploader;
  readonly notifier: Notifier;
}

export type ActionSubmitOutcome =
  | { readonly kind: 'done'; readonly backSteps: number }
  | { readonly kind: 'invalid'; readonly problem: ActionProblem }
  | { readonly kind: 'failed'; readonly message: string }
  | AlreadySubmitting;

/**
 * 确认同意 / 确认拒绝 / 确认退回 (SPEC point 4 "Submit flow of the action screen"): the
 * checks, the signature upload when one was drawn, is-node-auto for an automatic next
 * node, then flow-run/handling. Success: 操作成功 and the steps to go back (backCount, 2).
 */
export async function submitAction(
  deps: ActionSubmitDeps,
  input: ActionInput,
  opts: { readonly signature?: Blob | null; readonly backSteps: number },
): Promise<ActionSubmitOutcome> {
  const checked = checkAction(input);
  if (!checked.ok) return { kind: 'invalid', problem: checked.error };
  const s = input.session;
  return onceAtATime(actionSubmissionKey(s), async (): Promise<ActionSubmitOutcome> => {
    try {
      const signature = opts.signature ? await uploadSignature(deps.uploader, opts.signature) : null;
      if (s.actionType === 0 && input.data.next && input.selection) {
        await askAutoNode(deps.api, chosenNode(input.data.next, input.selection), s.appId, s.formData);
      }
      await deps.api.handle(
        buildHandlingBody({
          type: s.actionType,
          flowRunPrcsId: s.flowRunPrcsId,
          formData: s.formData,
          opinion: input.opinion,
          signature,
          files: input.files,
          nextStep: checked.value,
          returnNodeId: input.returnNodeId,
        }),
        { idempotencyKey: s.submissionId },
      );
      deps.notifier.success(OPERATION_SUCCESS);
      return { kind: 'done', backSteps: opts.backSteps };
    } catch (e) {
      const message = messageOf(e);
      deps.notifier.fail(message);
      return { kind: 'failed', message };
    }
  });
}
