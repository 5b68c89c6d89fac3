/** Viewer settings from SPEC point 9. */
export const FLOW_CHART_MIN_ZOOM = 0.2;
export const FLOW_CHART_GRID = 10;
export const FLOW_CHART_NODES_DRAGGABLE = false;
/** A spinner only appears if loading takes longer than this, so fast loads do not flicker. */
export const FLOW_CHART_LOADING_DELAY_MS = 200;
