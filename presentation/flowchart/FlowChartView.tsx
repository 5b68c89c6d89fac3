/**
 * The chart itself: cytoscape through react-cytoscapejs. This module is the heavy part
 * (cytoscape is ~400 kB), so it is only ever imported lazily (FlowChartPanel).
 *
 * Drawn for a slow phone (bench/chartBench.ts: a 300-node chart painted within 700 ms at 4x CPU
 * slowdown, `npm run bench`). cytoscape's cost grows with the elements it is given
 * (styles, bounds, label sizes), so:
 * - every node's position is known before cytoscape sees it (the server's, else the
 *   domain's layered layout) and so is the first viewport: cytoscape runs no layout and
 *   no fit, which would measure every element;
 * - the first frame gets only what is on screen (and the edges crossing it); the rest
 *   is added once that frame is painted;
 * - edges are straight (no search for parallel edges) unless they share their ends,
 *   labels too small to read at the current zoom are not drawn, and the canvas has at
 *   most 2 pixels per CSS pixel.
 */
import type { Core, ElementDefinition, StylesheetJson } from 'cytoscape';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import CytoscapeComponent from 'react-cytoscapejs';
import {
  chartBounds,
  chartFocus,
  elementsInBox,
  FLOW_CHART_GRID,
  FLOW_CHART_MIN_ZOOM,
  FLOW_CHART_NODE_GAP,
  FLOW_CHART_NODES_DRAGGABLE,
  initialViewport,
  layeredLayout,
  visibleBox,
  type Point,
  type ShadedChart,
  type Viewport,
} from '../../domain/flowchart';
import { CHART_COLORS } from './palette';

export interface FlowChartViewProps {
  readonly chart: ShadedChart;
  /** Called once the first frame with the elements is drawn (the bench measures it). */
  readonly onReady?: () => void;
  readonly className?: string;
}

/**
 * cytoscape adds a <style> element (`.__________cytoscape_container { position: relative }`)
 * unless an element with this id exists; the production Content-Security-Policy
 * (style-src 'self', docs/deploy.md) refuses inline <style> and reports it. The
 * container below is positioned through its style prop instead, so a marker element with
 * that id is all cytoscape needs.
 */
const CYTOSCAPE_STYLESHEET_ID = '__________cytoscape_stylesheet';
if (typeof document !== 'undefined' && document.getElementById(CYTOSCAPE_STYLESHEET_ID) === null) {
  const marker = document.createElement('meta');
  marker.id = CYTOSCAPE_STYLESHEET_ID;
  document.head.append(marker);
}

const snap = (v: number): number => Math.round(v / FLOW_CHART_GRID) * FLOW_CHART_GRID;

/** The largest node box (audit, send, plugin), as drawn by STYLE below: half its width and height. */
const NODE_HALF = { width: 66, height: 23 } as const;

/** The server's positions (snapped to the grid) when it gives every node one; else the layered layout. */
export const chartPositions = (chart: ShadedChart): ReadonlyMap<string, Point> => {
  if (chart.nodes.length > 0 && chart.nodes.every((n) => n.position !== null)) {
    return new Map(chart.nodes.map((n) => [n.id, { x: snap(n.position!.x), y: snap(n.position!.y) }]));
  }
  return layeredLayout(chart);
};

/** Node and edge data for cytoscape, each node at its position. */
export const chartElements = (chart: ShadedChart, positions: ReadonlyMap<string, Point> = chartPositions(chart)): ElementDefinition[] => {
  const ids = new Set(chart.nodes.map((n) => n.id));
  const nodes: ElementDefinition[] = chart.nodes.map((n) => ({
    group: 'nodes',
    data: { id: n.id, label: n.blurb && n.blurb !== n.label ? `${n.label}\n${n.blurb}` : n.label, kind: n.kind, shade: n.shade },
    position: { ...(positions.get(n.id) ?? { x: 0, y: 0 }) },
    classes: `${n.kind} ${n.shade}`,
  }));
  // An edge to a node the chart does not have would stop cytoscape: it is left out.
  const kept = chart.edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  // Edges that share their ends (either way round) or loop back to their node are curved
  // apart; the others are drawn straight.
  const pair = (e: { source: string; target: string }) => JSON.stringify([e.source, e.target].sort());
  const pairs = new Map<string, number>();
  for (const e of kept) pairs.set(pair(e), (pairs.get(pair(e)) ?? 0) + 1);
  const edges: ElementDefinition[] = kept.map((e) => ({
    group: 'edges',
    data: { id: `e:${e.id}`, source: e.source, target: e.target, label: e.label },
    classes: e.source === e.target || (pairs.get(pair(e)) ?? 0) > 1 ? `${e.shade} curved` : e.shade,
  }));
  return [...nodes, ...edges];
};

/** How far past the screen's edges the first frame reaches, so a first small pan finds the chart drawn. */
const FIRST_FRAME_MARGIN = FLOW_CHART_NODE_GAP;

interface FirstView {
  readonly viewport: Viewport | undefined;
  readonly elements: ElementDefinition[];
}

/**
 * The first viewport (fit, else the current node at the minimum zoom) and what the first
 * frame needs for it. A container without a size (not laid out yet) gets everything.
 */
export const firstView = (chart: ShadedChart, positions: ReadonlyMap<string, Point>, all: ElementDefinition[], size: { width: number; height: number }): FirstView => {
  const bounds = chartBounds(positions.values(), NODE_HALF);
  if (!bounds || size.width <= 0 || size.height <= 0) return { viewport: undefined, elements: all };
  const focus = chartFocus(chart.nodes);
  const viewport = initialViewport({ bounds, focus: focus === null ? null : (positions.get(focus) ?? null), ...size });
  const shown = elementsInBox(chart, positions, visibleBox(viewport, size.width, size.height, FIRST_FRAME_MARGIN), NODE_HALF);
  if (shown.all) return { viewport, elements: all };
  const ids = new Set<string>([...shown.nodes, ...[...shown.edges].map((id) => `e:${id}`)]);
  return { viewport, elements: all.filter((el) => ids.has(el.data.id as string)) };
};

const STYLE: StylesheetJson = [
  {
    selector: 'node',
    style: {
      shape: 'round-rectangle',
      width: 132,
      height: 46,
      'background-color': CHART_COLORS.unhandledFill,
      'border-width': 1.5,
      'border-color': CHART_COLORS.unhandledLine,
      label: 'data(label)',
      'text-wrap': 'wrap',
      'text-max-width': '120px',
      'text-valign': 'center',
      'text-halign': 'center',
      'font-size': 12,
      // Not drawn when it would come out under 8 device pixels (the overview of a large
      // chart at the minimum zoom): unreadable there, and costly to draw.
      'min-zoomed-font-size': 8,
      'line-height': 1.35,
      color: CHART_COLORS.text,
      'font-family': 'PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif',
    },
  },
  { selector: 'node.start', style: { shape: 'ellipse', width: 96, height: 40 } },
  { selector: 'node.end', style: { shape: 'ellipse', width: 80, height: 36 } },
  { selector: 'node.send', style: { shape: 'tag', 'border-style': 'dashed' } },
  { selector: 'node.plugin', style: { shape: 'cut-rectangle' } },
  {
    selector: 'node.handled',
    style: { 'background-color': CHART_COLORS.handledFill, 'border-color': CHART_COLORS.handled, color: CHART_COLORS.handledText },
  },
  {
    selector: 'node.handling',
    style: {
      'background-color': CHART_COLORS.current,
      'border-color': CHART_COLORS.current,
      color: '#fff',
      'border-width': 2,
      'underlay-color': CHART_COLORS.current,
      'underlay-padding': 5,
      'underlay-opacity': 0.18,
      'underlay-shape': 'round-rectangle',
    },
  },
  {
    selector: 'edge',
    style: {
      width: 1.5,
      // Straight spares cytoscape its search for parallel edges; 'curved' edges (below) fan out.
      'curve-style': 'straight',
      'line-color': CHART_COLORS.edge,
      'target-arrow-color': CHART_COLORS.edge,
      'target-arrow-shape': 'triangle',
      'arrow-scale': 0.9,
      label: 'data(label)',
      'font-size': 10,
      'min-zoomed-font-size': 8,
      color: CHART_COLORS.edgeText,
      'text-background-color': '#fff',
      'text-background-opacity': 1,
      'text-background-padding': '2px',
    },
  },
  { selector: 'edge.curved', style: { 'curve-style': 'bezier' } },
  { selector: 'edge.handled', style: { width: 2, 'line-color': CHART_COLORS.handled, 'target-arrow-color': CHART_COLORS.handled } },
];

/**
 * cytoscape's first frame normally renders the whole chart into its layer textures (its
 * "first get"), which for a large chart costs more than drawing what is on screen. Marked
 * as done, the layers are built over the following frames instead, as cytoscape does
 * after any change. This reaches into the renderer's internals: if they change, the
 * guard leaves cytoscape as it is.
 */
const skipFirstLayerBuild = (cy: Core): void => {
  const renderer = (cy as unknown as { renderer?: () => { data?: { lyrTxrCache?: { firstGet?: unknown } } } }).renderer?.();
  const cache = renderer?.data?.lyrTxrCache;
  if (cache && typeof cache.firstGet === 'boolean') cache.firstGet = false;
};

/**
 * Canvas pixels per CSS pixel: the screen's, at most 2. A 3x phone would otherwise clear,
 * draw and composite 2.25 times the pixels of a 2x one for a barely sharper chart.
 */
const PIXEL_RATIO = typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1);

/**
 * The flow chart (SPEC point 2 "Flow chart", point 9): node kinds drawn apart, shading
 * from the domain rule (handled blue, current highlighted, others grey), minimum zoom
 * 0.2 on a grid of 10, nodes not draggable.
 */
export default function FlowChartView({ chart, onReady, className }: FlowChartViewProps) {
  const positions = useMemo(() => chartPositions(chart), [chart]);
  const all = useMemo(() => chartElements(chart, positions), [chart, positions]);
  const host = useRef<HTMLDivElement | null>(null);
  // The container's size decides the first viewport; cytoscape mounts once it is known
  // (measured in a layout effect, so still before the first paint).
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  // The chart whose every element has been handed to cytoscape.
  const [complete, setComplete] = useState<ShadedChart | null>(null);
  const first = useMemo(() => (size ? firstView(chart, positions, all, size) : null), [chart, positions, all, size]);
  const cyRef = useRef<Core | null>(null);
  const ready = useRef(onReady);
  ready.current = onReady;

  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    const measure = (): boolean => {
      const box = { width: el.clientWidth, height: el.clientHeight };
      if (box.width <= 0 || box.height <= 0) return false;
      setSize(box);
      return true;
    };
    if (measure()) return;
    // Not laid out yet (a hidden tab): wait until it has a size, there is nothing to see before.
    if (typeof ResizeObserver === 'undefined') {
      setSize({ width: 0, height: 0 });
      return;
    }
    const observer = new ResizeObserver(() => {
      if (measure()) observer.disconnect();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // react-cytoscapejs has added the first frame's elements in its own mount or update,
  // just before this effect; the viewport is set here, before cytoscape's next frame.
  // cytoscape draws in its own animation-frame loop, started before this frame was asked
  // for: by our second frame the drawn chart has been painted. Then the rest is added.
  useLayoutEffect(() => {
    if (!first) return;
    if (first.viewport) cyRef.current?.viewport(first.viewport);
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        ready.current?.();
        if (first.elements !== all) setComplete(chart);
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [chart, all, first]);

  const elements = complete === chart || !first ? all : first.elements;
  return (
    <div ref={host} className={className} style={{ width: '100%', height: '100%' }}>
      {first ? (
        <CytoscapeComponent
          elements={elements}
          stylesheet={STYLE}
          cy={(cy) => {
            cyRef.current = cy;
            skipFirstLayerBuild(cy);
          }}
          style={{ width: '100%', height: '100%' }}
          minZoom={FLOW_CHART_MIN_ZOOM}
          maxZoom={3}
          autoungrabify={!FLOW_CHART_NODES_DRAGGABLE}
          autounselectify
          boxSelectionEnabled={false}
          pixelRatio={PIXEL_RATIO}
        />
      ) : null}
    </div>
  );
}
