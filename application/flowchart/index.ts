// Public API of the flow-chart application layer.
export { loadShadedChart, hasChartSource } from './useCases';
export type { ChartContext } from './useCases';
export { $chartContext, chartContextSet, chartContextCleared } from './model';
export { createFlowChartModel, flowChartScreen, chartContextKey } from './chartModel';
export type { FlowChartModel } from './chartModel';
