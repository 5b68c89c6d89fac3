/**
 * A flow chart on screen (the flowChart page, the launch page's 查看流程 tab): loads the
 * chart of its context (app id preferred), shades it by the domain rule, and offers 重试
 * after a failure, which it shows in place. One model per context.
 */
import { combine, createEvent, sample } from 'effector';
import type { ShadedChart } from '../../domain/flowchart/types';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import { FLOWCHART_API, type FlowchartApi } from './ports';
import { loadShadedChart, type ChartContext } from './useCases';

/** What a context's chart depends on: two contexts with the same key draw the same chart. */
export const chartContextKey = (c: ChartContext | null): string =>
  c === null ? '' : JSON.stringify([c.appId ?? null, c.code ?? null, c.situation?.currentNodeId ?? null, c.situation?.completedNodeId ?? null]);

export function createFlowChartModel(deps: { readonly api: FlowchartApi; readonly context: ChartContext | null }) {
  const opened = createEvent();
  const loader = createLoader((ctx: ChartContext, { signal }) => loadShadedChart(deps.api, ctx, signal));
  const { context } = deps;
  if (context !== null) sample({ clock: opened, fn: () => context, target: loader.started });

  /** The chart once it is in; null while it loads (or with no context yet) or after a failure. */
  const $chart = loader.$data.map((r): ShadedChart | null => (r?.ok ? r.value : null));
  /** Why the chart could not be loaded (shown in place with 重试). */
  const $error = combine(loader.$data, loader.$status, (r, status): string | null => (status === 'ready' && r !== null && !r.ok ? r.error : null));
  return { $chart, $error, opened, retried: loader.retried, dispose: loader.dispose };
}

export type FlowChartModel = ReturnType<typeof createFlowChartModel>;

export const flowChartScreen = defineScreen({
  name: 'flowChart',
  lifetime: 'screen',
  key: (context: ChartContext | null) => chartContextKey(context),
  create: (get, context) => createFlowChartModel({ api: get(FLOWCHART_API), context }),
});
