/** Presentation-only strings of the flow chart (the legend's words are domain/flowchart/messages.ts). */
export const FLOW_CHART_TITLE = '流程图';
export const CHART_LOADING = '流程图加载中…';
export const CHART_EMPTY = '暂无流程图';
export const CHART_LABEL = '流程图';
export const LEGEND_LABEL = '图例';
