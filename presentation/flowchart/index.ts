// Public API of the flow-chart screens for other areas.
export { FlowChartPanel, ChartLegend, type FlowChartPanelProps } from './FlowChartPanel';
export { FLOW_CHART_TITLE } from './strings';
