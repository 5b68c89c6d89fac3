/**
 * Flow chart use cases (SPEC point 2 "Flow chart", point 4 "Flow chart shading"): load
 * the chart of a flow or a run and shade it by the domain rule. Plain functions over the
 * port, so they run without React.
 */
import { chartSource, shadeFlowChart } from '../../domain/flowchart/shading';
import type { FlowChart, FlowSituation, ShadedChart } from '../../domain/flowchart/types';
import { err, ok, type Result } from '../../domain/shared/result';
import { isApiError, messageOf } from '../ports/errors';
import { isMissingCall } from '../shared/failure';
import type { CallOptions, ChartQuery, FlowchartApi } from './ports';

/** Which chart to draw and where the run stands: what a screen puts in the shared state. */
export interface ChartContext {
  /** The run it belongs to (none for a flow nobody has started yet). */
  readonly runId?: string | null;
  readonly appId?: string | null;
  readonly code?: string | null;
  /** Null for a flow nobody has started yet (the launch page). */
  readonly situation?: FlowSituation | null;
  /** The run or flow name, for the page title. */
  readonly title?: string | null;
}

/** Whether the context names a chart at all (an app id or a code). */
export const hasChartSource = (ctx: ChartContext | null | undefined): boolean =>
  ctx !== null && ctx !== undefined && chartSource({ appId: ctx.appId ?? null, code: ctx.code ?? null }) !== null;

/**
 * The chart of a query: the app-id call when the app id is known (the adapter decides),
 * and the code call when that one is missing on the school's backend (404 or 501,
 * docs/decided-calls.md) and the code is known too.
 */
async function chartOf(api: FlowchartApi, query: ChartQuery, opts: CallOptions): Promise<FlowChart | null> {
  try {
    return await api.chart(query, opts);
  } catch (e) {
    const byCode = chartSource({ code: query.code ?? null });
    if (chartSource(query)?.kind !== 'appId' || byCode === null || !isMissingCall(e)) throw e;
    return api.chart({ appId: null, code: query.code }, opts);
  }
}

/**
 * The shaded chart of a context. The app-id call is preferred (the adapter decides from
 * the query); a failure gives the ApiError's message; leaving the screen (cancelled)
 * rejects so nobody shows a message for it.
 */
export async function loadShadedChart(
  api: FlowchartApi,
  ctx: ChartContext,
  signal?: AbortSignal,
): Promise<Result<ShadedChart, string>> {
  try {
    const chart = await chartOf(api, { appId: ctx.appId ?? null, code: ctx.code ?? null }, { signal });
    return ok(shadeFlowChart(chart, ctx.situation ?? null));
  } catch (e) {
    if (isApiError(e) && e.cancelled) throw e;
    return err(messageOf(e));
  }
}
