/**
 * The approval centre's routes (SPEC point 2 route table), built from PATHS so a path is
 * written once: the route table reads PATHS, the models and the pages build their links
 * with these typed builders.
 */
import { flowApprovalQuery, type ApprovalPassRoute, type FlowRunListItem, type SelectNodeRoute } from '../../domain/approval';
import { PATHS } from '../shared/routes';

type QueryValue = string | number | null | undefined;

/** `path?k=v&...`, leaving out empty values, in the order given. */
const withQuery = (path: string, params: Readonly<Record<string, QueryValue>>): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && String(v) !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

/** page/approvalCenter, for one flow when flowId or code is given. */
export const approvalCenterPath = (
  scope: { readonly flowId?: string | null; readonly code?: string | null; readonly tab?: number | null } = {},
): string => withQuery(PATHS.approvalCenter, { flowId: scope.flowId, code: scope.code, tab: scope.tab });

/** page/approvalCenter/flowList: the flows the user may start. */
export const flowListPath = (): string => PATHS.flowList;

/** page/approvalCenter/flowLaunch?code= */
export const flowLaunchPath = ({ code }: { readonly code: string }): string => withQuery(PATHS.flowLaunch, { code });

export interface FlowApprovalParams {
  readonly runId: string;
  /** The node type the run is opened as (0 acts on the user's step, 1 reads). */
  readonly type: number;
  /** The centre tab it was opened from. */
  readonly tab: number;
}

/** page/approvalCenter/flowApproval?FlowRunId&type&tab */
export const flowApprovalPath = ({ runId, type, tab }: FlowApprovalParams): string =>
  withQuery(PATHS.flowApproval, { FlowRunId: runId, type, tab });

/** The run page of a card of a tab (only the to-do tab opens it to act: domain flowApprovalQuery). */
export const runPathOfCard = (item: Pick<FlowRunListItem, 'id' | 'nodeType'>, tab: unknown): string => {
  const q = flowApprovalQuery(item, tab);
  return flowApprovalPath({ runId: q.FlowRunId, type: q.type, tab: q.tab });
};

/** page/approvalCenter/flowLaunch/selectNode?flowLaunchType&flowRunPrcsId */
export const selectNodePath = (route: Pick<SelectNodeRoute, 'flowLaunchType' | 'flowRunPrcsId'>): string =>
  withQuery(PATHS.selectNode, { flowLaunchType: route.flowLaunchType, flowRunPrcsId: route.flowRunPrcsId });

/** page/approvalCenter/approvalPass with its optional backCount; the title travels in the route state. */
export const approvalPassPath = (route: Pick<ApprovalPassRoute, 'backCount'>): string =>
  withQuery(PATHS.approvalPass, { backCount: route.backCount });

/** page/approvalCenter/flowChart?FlowRunId=: the chart of a run (the run page sets it; a reload loads it by the id). */
export const flowChartPath = (runId?: string | null): string => withQuery(PATHS.flowChart, { FlowRunId: runId });
