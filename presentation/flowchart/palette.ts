/** The chart's colours; the legend draws its swatches with the same ones. */
export const CHART_COLORS = Object.freeze({
  /** Handled nodes and edges: blue (SPEC point 4). */
  handled: '#1677ff',
  handledFill: '#e8f1ff',
  handledText: '#0f5ae0',
  /** The current node. */
  current: '#fa8c16',
  unhandledFill: '#ffffff',
  unhandledLine: '#c9cdd4',
  /** Unhandled edges: grey. */
  edge: '#c9cdd4',
  edgeText: '#86909c',
  text: '#4e5969',
});
