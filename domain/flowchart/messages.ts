/** Every string the flow chart shows, word for word from SPEC.md. */

export const LEGEND_HANDLED = '已办理的节点';
export const LEGEND_CURRENT = '当前节点';

export const FLOW_CHART_LEGEND = Object.freeze([
  Object.freeze({ shade: 'handled', text: LEGEND_HANDLED }),
  Object.freeze({ shade: 'handling', text: LEGEND_CURRENT }),
] as const);
