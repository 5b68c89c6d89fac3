/**
 * The chart of the run on screen, shared between pages (SPEC point 2 route table:
 * page/approvalCenter/flowChart "Flow chart of current run, read from shared state,
 * loading state if absent"). The approval detail and the launch page set it; the chart
 * page only reads it.
 */
import { createEvent, createStore } from 'effector';
import type { ChartContext } from './useCases';

export const chartContextSet = createEvent<ChartContext>();
export const chartContextCleared = createEvent();

export const $chartContext = createStore<ChartContext | null>(null, { serialize: 'ignore' })
  .on(chartContextSet, (_, ctx) => ctx)
  .reset(chartContextCleared);
