/**
 * The first view of a chart (SPEC point 9: minimum zoom 0.2): the whole chart fitted to
 * the screen, never enlarged past FLOW_CHART_MAX_FIT_ZOOM. A chart too big to fit even at
 * the minimum zoom opens on the node that matters, the current one (else the start), with
 * its edges kept inside the screen, rather than on the middle of the chart.
 *
 * Computed from the positions the view already knows, so the renderer need not measure
 * every element (and label) before its first frame, which cytoscape's fit() would.
 */
import { FLOW_CHART_MIN_ZOOM } from './constants';
import type { Point } from './layout';
import type { ShadedNode } from './types';

/** A small chart is not blown up past life size (a little over, to stay legible on a phone). */
export const FLOW_CHART_MAX_FIT_ZOOM = 1.2;
export const FLOW_CHART_FIT_PADDING = 24;

export interface Box {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

export interface Viewport {
  readonly zoom: number;
  /** Screen position of the model origin: screen = model * zoom + pan. */
  readonly pan: Point;
}

/** The box around every node, each `half` its size around its centre; null when there are none. */
export const chartBounds = (points: Iterable<Point>, half: { readonly width: number; readonly height: number }): Box | null => {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const p of points) {
    x1 = Math.min(x1, p.x - half.width);
    y1 = Math.min(y1, p.y - half.height);
    x2 = Math.max(x2, p.x + half.width);
    y2 = Math.max(y2, p.y + half.height);
  }
  return x1 === Infinity ? null : { x1, y1, x2, y2 };
};

/** One axis: centre the span when it fits, else centre the focus but keep the span's ends on screen. */
const panAxis = (lo: number, hi: number, focus: number, zoom: number, screen: number, padding: number): number => {
  if ((hi - lo) * zoom <= screen - 2 * padding) return screen / 2 - ((lo + hi) / 2) * zoom;
  const centred = screen / 2 - focus * zoom;
  const most = padding - lo * zoom;
  const least = screen - padding - hi * zoom;
  return Math.min(most, Math.max(least, centred));
};

export const initialViewport = (opts: {
  readonly bounds: Box;
  /** The node to open on when the chart does not fit. */
  readonly focus: Point | null;
  readonly width: number;
  readonly height: number;
  readonly padding?: number;
}): Viewport => {
  const { bounds, width, height } = opts;
  const padding = opts.padding ?? FLOW_CHART_FIT_PADDING;
  const w = Math.max(1, bounds.x2 - bounds.x1);
  const h = Math.max(1, bounds.y2 - bounds.y1);
  const fit = Math.min((width - 2 * padding) / w, (height - 2 * padding) / h);
  const zoom = Math.min(FLOW_CHART_MAX_FIT_ZOOM, Math.max(FLOW_CHART_MIN_ZOOM, fit));
  const focus = opts.focus ?? { x: (bounds.x1 + bounds.x2) / 2, y: (bounds.y1 + bounds.y2) / 2 };
  return {
    zoom,
    pan: {
      x: panAxis(bounds.x1, bounds.x2, focus.x, zoom, width, padding),
      y: panAxis(bounds.y1, bounds.y2, focus.y, zoom, height, padding),
    },
  };
};

/** The node a chart opens on when it does not fit: the current one, else the (first) start. */
export const chartFocus = (nodes: readonly Pick<ShadedNode, 'id' | 'kind' | 'shade'>[]): string | null =>
  (nodes.find((n) => n.shade === 'handling') ?? nodes.find((n) => n.kind === 'start'))?.id ?? null;

/** The part of the chart on screen, in chart coordinates, widened by `margin` on each side. */
export const visibleBox = (viewport: Viewport, width: number, height: number, margin = 0): Box => ({
  x1: -viewport.pan.x / viewport.zoom - margin,
  y1: -viewport.pan.y / viewport.zoom - margin,
  x2: (width - viewport.pan.x) / viewport.zoom + margin,
  y2: (height - viewport.pan.y) / viewport.zoom + margin,
});

const overlaps = (a: Box, b: Box): boolean => a.x1 <= b.x2 && b.x1 <= a.x2 && a.y1 <= b.y2 && b.y1 <= a.y2;

export interface InBox {
  readonly nodes: ReadonlySet<string>;
  readonly edges: ReadonlySet<string>;
  /** Every node and edge is in: nothing is left to add. */
  readonly all: boolean;
}

/**
 * What a first frame must draw to look finished (a large chart paints in time): the nodes whose boxes meet the
 * box, every edge that may cross it (its ends' boxes span it), and the far ends of those
 * edges, which the renderer needs to draw them. The rest of a large chart can follow.
 */
export const elementsInBox = (
  chart: { readonly nodes: readonly { readonly id: string }[]; readonly edges: readonly { readonly id: string; readonly source: string; readonly target: string }[] },
  positions: ReadonlyMap<string, Point>,
  box: Box,
  half: { readonly width: number; readonly height: number },
): InBox => {
  const boxOf = (p: Point): Box => ({ x1: p.x - half.width, y1: p.y - half.height, x2: p.x + half.width, y2: p.y + half.height });
  const nodes = new Set<string>();
  for (const n of chart.nodes) {
    const p = positions.get(n.id);
    if (p && overlaps(boxOf(p), box)) nodes.add(n.id);
  }
  const edges = new Set<string>();
  for (const e of chart.edges) {
    const s = positions.get(e.source);
    const t = positions.get(e.target);
    if (!s || !t) continue;
    const span: Box = {
      x1: Math.min(s.x, t.x) - half.width,
      y1: Math.min(s.y, t.y) - half.height,
      x2: Math.max(s.x, t.x) + half.width,
      y2: Math.max(s.y, t.y) + half.height,
    };
    if (!overlaps(span, box)) continue;
    edges.add(e.id);
    nodes.add(e.source);
    nodes.add(e.target);
  }
  const all = chart.nodes.every((n) => nodes.has(n.id)) && chart.edges.every((e) => edges.has(e.id) || !positions.has(e.source) || !positions.has(e.target));
  return { nodes, edges, all };
};
