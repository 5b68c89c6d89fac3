/**
 * The approval centre list's use cases (SPEC point 2 "Approval centre list", points 4,
 * 5 and 8): which flow the centre shows, one page of a tab, and the card actions. Each
 * answers an Outcome and shows nothing; the centre's model decides what the user sees.
 */
import {
  buildApprovalListQuery,
  EMPTY_APPROVAL_FILTER,
  flowIdError,
  hasMore,
  NO_APPROVAL_FLOW,
  quickHandlingBody,
  quickHandlingOutcome,
  TODO_TAB,
  type ApprovalFilter,
  type FlowRunListItem,
  type QuickAction,
  type TabCounts,
} from '../../domain/approval';
import { nonBlank } from '../../domain/shared/guards';
import { err, ok } from '../../domain/shared/result';
import type { Token } from '../ports/token';
import { answersAhead } from '../shared/ahead';
import { attempt, invalid, type Outcome } from '../shared/failure';
import { APPROVAL_API, type ApprovalApi, type ApprovalListPage } from './ports';
import { runPathOfCard } from './routes';

export interface CenterQuery {
  readonly flowId?: string | null;
  readonly code?: string | null;
}

/** The flow the centre is opened for, or none for the whole centre. */
export interface CenterScope {
  readonly flowId: string | null;
  readonly code: string | null;
  readonly name: string | null;
  /** Whether the user may start the centre's flow, as the server said; null when not said (the whole centre). */
  readonly canInitiate: boolean | null;
}

export const WHOLE_CENTER: CenterScope = Object.freeze({ flowId: null, code: null, name: null, canInitiate: null });

/** The scope known without a call: the whole centre when neither flowId nor code is given. */
export const immediateCenterScope = (query: CenterQuery): CenterScope | null =>
  nonBlank(query.flowId) || nonBlank(query.code) ? null : WHOLE_CENTER;

/**
 * Which flow the centre shows (route query flowId and code). Without either, the whole
 * centre. A code without a flow id asks flowid-by-appcode; an app with no flow (or one
 * the server says is not set up) gives 未开通审批流程 (SPEC point 5).
 */
export async function resolveCenterScope(api: ApprovalApi, query: CenterQuery, signal?: AbortSignal): Promise<Outcome<CenterScope>> {
  const immediate = immediateCenterScope(query);
  if (immediate) return ok(immediate);
  const code = nonBlank(query.code) ? query.code.trim() : null;
  const given = nonBlank(query.flowId) ? query.flowId.trim() : null;
  const found = await attempt(async (): Promise<Outcome<CenterScope>> => {
    let flowId = given;
    if (flowId === null && code !== null) {
      const id = await api.flowIdByAppCode(code, { signal });
      const problem = flowIdError(id);
      if (problem !== null) return err(invalid(problem));
      flowId = id;
    }
    const info = await api.approvalCenter(flowId ?? code, { signal });
    if (info && info.configured === false) return err(invalid(NO_APPROVAL_FLOW));
    return ok({
      flowId: nonBlank(info?.flowId) ? info.flowId : flowId,
      code: nonBlank(info?.code) ? info.code : code,
      name: nonBlank(info?.name) ? info.name : null,
      canInitiate: typeof info?.canInitiate === 'boolean' ? info.canInitiate : null,
    });
  });
  return found.ok ? found.value : found;
}

/**
 * Whether the centre offers 发起审批: a centre of one flow as its approval-center answer
 * says (canInitiate); otherwise whether the server offers the user any flow to start
 * (can-initiate-flow, which lists only what the user may start).
 */
export async function canStartFrom(api: ApprovalApi, scope: CenterScope, signal?: AbortSignal): Promise<Outcome<boolean>> {
  if (scope.canInitiate !== null) return ok(scope.canInitiate);
  return attempt(async () => (await api.launchableFlows(null, { signal })).some((c) => (c.flows ?? []).length > 0));
}

export interface ApprovalListPageResult {
  readonly items: readonly FlowRunListItem[];
  readonly counts: TabCounts | null;
  readonly hasMore: boolean;
}

/**
 * One page (1-based, 10 each) of a tab with the filter. The filter's only rule that can
 * fail (initiators without a user type) is an `invalid` failure with its message; a
 * failed call is its failure.
 */
export async function loadApprovalPage(
  api: ApprovalApi,
  input: { readonly filter: ApprovalFilter; readonly tab: number; readonly page: number; readonly flowId?: string | null },
  signal?: AbortSignal,
  drawnFirst = false,
): Promise<Outcome<ApprovalListPageResult>> {
  const filter: ApprovalFilter = nonBlank(input.flowId) ? { ...input.filter, flowId: input.flowId } : input.filter;
  const query = buildApprovalListQuery(filter, input.tab, input.page);
  if (!query.ok) return err(invalid(query.error));
  return attempt(async () => {
    const page = await listPagesAhead.take(JSON.stringify(query.value), () => api.list(query.value, { signal, drawnFirst }));
    return { items: page.items, counts: page.counts, hasMore: hasMore(page.items.length) };
  });
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
  // Its answer goes to the centre's list, which renews what it drew from the device.
  listPagesAhead.ask(JSON.stringify(first.value), () => api.list(first.value, { drawnFirst: true }));
}

/** The route's ahead hook (presentation/routes.tsx `ahead`): the centre's route query is its search. */
export const askApprovalCenterAheadOf = (get: <T>(t: Token<T>) => T, search: string): void => {
  const q = new URLSearchParams(search);
  askApprovalCenterAhead(get(APPROVAL_API), { flowId: q.get('flowId'), code: q.get('code') });
};

/** Appends a page, keeping the first copy of a run that moved between pages meanwhile. */
export const appendRuns = (current: readonly FlowRunListItem[], next: readonly FlowRunListItem[]): FlowRunListItem[] => {
  const seen = new Set(current.map((i) => i.id));
  return [...current, ...next.filter((i) => !seen.has(i.id))];
};

export type QuickHandled =
  /** Handled at once: say `toast` (操作成功) and refresh the list. */
  | { readonly kind: 'refresh'; readonly toast: string }
  /** The step needs its page: open the run. */
  | { readonly kind: 'open'; readonly path: string };

/**
 * Approve or reject from a to-do card (SPEC point 4): when the server handled it at once
 * (isQuick) the list refreshes; otherwise the run's page opens, where the step can be
 * handled in full. A quick 同意 may carry an opinion (kept by the action screen's rules,
 * application/approval/opinion.ts).
 */
export const quickHandle = (
  api: ApprovalApi,
  item: FlowRunListItem,
  action: QuickAction,
  tab: number,
  opinion?: string | null,
  idempotencyKey?: string,
): Promise<Outcome<QuickHandled>> =>
  attempt(async (): Promise<QuickHandled> => {
    const outcome = quickHandlingOutcome(await api.quickHandling(quickHandlingBody(item.id, action, opinion), idempotencyKey ? { idempotencyKey } : undefined));
    return outcome.kind === 'toast-and-refresh' ? { kind: 'refresh', toast: outcome.toast } : { kind: 'open', path: runPathOfCard(item, tab) };
  });

/** 撤销申请 / 撤销 once confirmed (SPEC point 8): the run goes back to its applicant. */
export const revokeRun = (api: ApprovalApi, runId: string): Promise<Outcome<void>> => attempt(() => api.revoke(runId));

/** 全部标记为已读 on the received tab. */
export const markAllRunsRead = (api: ApprovalApi): Promise<Outcome<void>> => attempt(() => api.markAllAsRead());
