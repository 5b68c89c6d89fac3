/**
 * Flow chart entities as the server sends them (flow-html, flow-html-by-appid)
 * and the shaded elements the chart view draws.
 */

export const CHART_NODE_KINDS = ['start', 'audit', 'send', 'plugin', 'end'] as const;
export type ChartNodeKind = (typeof CHART_NODE_KINDS)[number];

export interface ChartNodeData {
  readonly label?: string | null;
  readonly blurb?: string | null;
  /** Passed through untouched: shading is computed from the situation, not from this. */
  readonly nodeState?: number | string | null;
}

export interface ChartNode {
  readonly id: string;
  /** The node kind (start, audit, send, plugin, end); absent on some servers. */
  readonly type?: string | null;
  readonly data: ChartNodeData;
  readonly position?: { readonly x: number; readonly y: number } | null;
}

export interface ChartEdge {
  readonly id?: string | null;
  readonly source: string;
  readonly target: string;
  readonly label?: string | null;
}

export interface FlowChart {
  readonly nodes: readonly ChartNode[];
  readonly edges: readonly ChartEdge[];
}

/** Where a run stands: `situationDto` on the run detail and on initiate-flow. */
export interface FlowSituation {
  readonly currentNodeId?: string | null;
  readonly completedNodeId?: readonly string[] | null;
}

export type NodeShade = 'handling' | 'handled' | 'unhandled';
export type EdgeShade = 'handled' | 'unhandled';
/** Colour tokens; the view maps them to its palette. */
export type EdgeColor = 'blue' | 'grey';

export interface ShadedNode {
  readonly id: string;
  readonly kind: ChartNodeKind;
  readonly label: string;
  readonly blurb: string;
  readonly nodeState: number | string | null;
  readonly shade: NodeShade;
  readonly position: { readonly x: number; readonly y: number } | null;
}

export interface ShadedEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly label: string;
  readonly shade: EdgeShade;
  readonly color: EdgeColor;
}

export interface ShadedChart {
  readonly nodes: readonly ShadedNode[];
  readonly edges: readonly ShadedEdge[];
}

/** Which call loads the chart: by app id when known, else by flow code. */
export type ChartSource =
  | { readonly kind: 'appId'; readonly vid: string }
  | { readonly kind: 'code'; readonly code: string };
