/** Presentation-only strings of the flow chart (the legend's words are domain/flowchart/messages.ts). */
export const FLOW_CHART_TITLE = '流程图';
export const CHART_LOADING = '流程图加载中…';
export const CHART_EMPTY = '暂无流程图';
export const CHART_LABEL = '流程图';
export const LEGEND_LABEL = '图例';
/** The chart page opened with no run in the shared state and none in its address. */
export const CHART_NO_RUN = '没有可显示的流程，请从审批详情打开流程图';
