/**
 * The run page's use cases (page/approvalCenter/flowApproval, SPEC point 2 "Flow approval
 * detail", point 4 "Effective type and actions"): what the page shows of a run, and what
 * a footer button that starts an approval hands to the next page.
 */
import {
  afterFormStep,
  APPROVAL_FLOW_TYPE,
  detailFooterButtons,
  detailStamp,
  effectiveType,
  flowStateView,
  formStep,
  historyView,
  isFormReadOnly,
  selectNodeRoute,
  TODO_TAB,
  type ApprovalPassRoute,
  type ApprovalType,
  type DetailStamp,
  type FlowStateView,
  type FooterButton,
  type HistoryNodeView,
  type SelectNodeRoute,
} from '../../domain/approval';
import { nonBlank } from '../../domain/shared/guards';
import { err, ok, type Result } from '../../domain/shared/result';
import { REQUEST_FAILED } from '../ports/errors';
import { attempt, type Outcome } from '../shared/failure';
import type { ActionSession, FlowSession } from './handoff';
import { requestNextNodes } from './launch';
import type { ApprovalApi, ApprovalRunDetail } from './ports';
import { newSubmissionId } from './submission';

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

/** The node type of a run that is read, not acted on (domain flowApprovalQuery opens every tab but 我的待办 with it). */
const READER_TYPE = 1;

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
  const effective = effectiveType(num(query.type, READER_TYPE), detail.flowRunPrcsId);
  const tab = num(query.tab, TODO_TAB);
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

/** info-app for the route's run; a route without a run id is the generic failure. */
export async function loadRun(api: ApprovalApi, query: RunQuery, signal?: AbortSignal): Promise<Outcome<RunView>> {
  if (!nonBlank(query.FlowRunId)) return err({ kind: 'refused', message: REQUEST_FAILED });
  const detail = await attempt(() => api.info({ flowRunId: query.FlowRunId, type: num(query.type, READER_TYPE) }, { signal }));
  return detail.ok ? ok(runView(detail.value, query)) : detail;
}

/** The part of the form engine a footer button needs: validated data, or the data as it stands. */
export interface FormAccess {
  validate(): Result<unknown, unknown>;
  submitData(): unknown;
  /** Writes the local draft now (the page is left for the next step). */
  flushDraft?(): void;
}

export type FooterStep =
  /** The form did not pass; its own notice (请检查输入) is already shown. */
  | { readonly kind: 'blocked' }
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
): Promise<Outcome<FooterStep>> {
  const d = run.detail;
  let formData: unknown = form ? form.submitData() : (d.draftData ?? null);
  if (formStep(approvalType).kind === 'validate-form' && form) {
    const checked = form.validate();
    if (!checked.ok) return ok({ kind: 'blocked' });
    formData = checked.value;
  }
  const after = afterFormStep(approvalType);
  if (after.kind === 'request-next-nodes') {
    const next = await requestNextNodes(api, { appId: d.appId, flowRunPrcsId: d.flowRunPrcsId ?? null, formData });
    if (!next.ok) return next;
    return ok({
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
    });
  }
  return ok({
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
  });
}

