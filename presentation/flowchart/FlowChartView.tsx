/**
 * The chart itself: cytoscape, created and fed by this component. This module is the
 * heavy part (cytoscape is ~400 kB), so it is only ever imported lazily (FlowChartPanel).
 *
 * Drawn for a slow phone (bench/chartBench.ts: a 300-node chart's first paint within
 * 150 ms at 4x CPU slowdown, `npm run bench`). cytoscape's cost grows with the elements
 * it is given (styles, bounds, label sizes) and with the canvas pixels it clears and the
 * browser composites, so:
 * - every node's position is known before cytoscape sees it (the server's, else the
 *   domain's layered layout) and so is the first viewport: cytoscape runs no layout and
 *   no fit, which would measure every element;
 * - cytoscape is created with the stylesheet, the viewport and the first frame's
 *   elements in one go (no wrapper component: react-cytoscapejs parsed cytoscape's
 *   default stylesheet twice, set the viewport after the elements and needed a second
 *   React pass once the container's size was known);
 * - the first frame gets only what is on screen (and the edges crossing it); the rest
 *   is added once that frame is painted;
 * - the first frame draws the element layer alone (drawElementLayerOnly below);
 * - edges are straight (no search for parallel edges) unless they share their ends,
 *   labels too small to read at the current zoom are not drawn, and the canvas has at
 *   most 2 pixels per CSS pixel.
 */
import cytoscape, { type Core, type ElementDefinition, type StylesheetJson } from 'cytoscape';
import { useLayoutEffect, useRef } from 'react';
import {
  chartBounds,
  chartFocus,
  elementsInBox,
  FLOW_CHART_GRID,
  FLOW_CHART_MIN_ZOOM,
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
/** What that stylesheet would give the container (without it cytoscape warns on the console at every mount). */
const CONTAINER_STYLE = { position: 'relative', width: '100%', height: '100%' } as const;
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

interface FirstView {
  readonly viewport: Viewport | undefined;
  readonly elements: ElementDefinition[];
}

/**
 * The first viewport (fit, else the current node at the minimum zoom) and what the first
 * frame needs for it: the elements meeting the screen, no margin past its edges (the
 * rest follows one frame after the first paint, before a pan can show anything else).
 * A container without a size (not laid out yet) gets everything.
 */
export const firstView = (chart: ShadedChart, positions: ReadonlyMap<string, Point>, all: ElementDefinition[], size: { width: number; height: number }): FirstView => {
  const bounds = chartBounds(positions.values(), NODE_HALF);
  if (!bounds || size.width <= 0 || size.height <= 0) return { viewport: undefined, elements: all };
  const focus = chartFocus(chart.nodes);
  const viewport = initialViewport({ bounds, focus: focus === null ? null : (positions.get(focus) ?? null), ...size });
  const shown = elementsInBox(chart, positions, visibleBox(viewport, size.width, size.height), NODE_HALF);
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
 * The parts of cytoscape's canvas renderer reached below: internals, so each use is
 * guarded, and if they change cytoscape is left as it is.
 */
interface CanvasRendererInternals {
  readonly data?: { lyrTxrCache?: { firstGet?: unknown }; canvasNeedsRedraw?: boolean[] };
  readonly DRAG?: number;
  readonly SELECT_BOX?: number;
  prevPxRatio?: number;
  getPixelRatio?: () => number;
  beforeRender?: (fn: (willDraw: boolean) => void, priority: number) => void;
}

const rendererOf = (cy: Core): CanvasRendererInternals | undefined =>
  (cy as unknown as { renderer?: () => CanvasRendererInternals | undefined }).renderer?.();

/**
 * cytoscape's first frame normally renders the whole chart into its layer textures (its
 * "first get"), which for a large chart costs more than drawing what is on screen. Marked
 * as done, the layers are built over the following frames instead, as cytoscape does
 * after any change.
 */
const skipFirstLayerBuild = (r: CanvasRendererInternals): void => {
  const cache = r.data?.lyrTxrCache;
  if (cache && typeof cache.firstGet === 'boolean') cache.firstGet = false;
};

/**
 * cytoscape draws on three canvases the size of the screen: the elements, the elements
 * being dragged and the selection box (with the tap ripple). Its first frame clears all
 * three, and the browser then rasterises and composites all three; on a fresh chart the
 * last two are empty (nothing is dragged, boxed or tapped yet: a new canvas is already
 * clear), so the first frame draws the element layer alone. cytoscape asks for the drag
 * layer again whenever an element's box is first measured, which its draw would do: the
 * boxes are measured just before, in the same frame.
 */
const drawElementLayerOnly = (cy: Core, r: CanvasRendererInternals): void => {
  const needs = r.data?.canvasNeedsRedraw;
  if (!needs || typeof r.DRAG !== 'number' || typeof r.SELECT_BOX !== 'number' || !r.beforeRender || !r.getPixelRatio) return;
  const { DRAG, SELECT_BOX, getPixelRatio } = r;
  let first = true;
  // After every other step of the frame (cytoscape's run from 400 down to 100), just before the draw.
  r.beforeRender((willDraw) => {
    if (!first || !willDraw) return;
    first = false;
    cy.elements().boundingBox();
    // A first frame also re-fits the canvases to the pixel ratio, asking for every layer.
    r.prevPxRatio = getPixelRatio.call(r);
    needs[DRAG] = false;
    needs[SELECT_BOX] = false;
  }, -1);
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
  const host = useRef<HTMLDivElement | null>(null);
  const ready = useRef(onReady);
  ready.current = onReady;

  // cytoscape is created here, in a layout effect: the container's size (which decides
  // the first viewport) is known, and the elements are in before the browser's next frame.
  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    let cy: Core | null = null;
    let frame = 0;
    const mount = (size: { width: number; height: number }): void => {
      const positions = chartPositions(chart);
      const all = chartElements(chart, positions);
      const first = firstView(chart, positions, all, size);
      const drawn = cytoscape({
        container: el,
        style: STYLE,
        // Every position is set on the elements: no layout runs.
        layout: { name: 'null' },
        ...(first.viewport ? { zoom: first.viewport.zoom, pan: { ...first.viewport.pan } } : {}),
        minZoom: FLOW_CHART_MIN_ZOOM,
        maxZoom: 3,
        autoungrabify: !FLOW_CHART_NODES_DRAGGABLE,
        autounselectify: true,
        boxSelectionEnabled: false,
        pixelRatio: PIXEL_RATIO,
      });
      cy = drawn;
      const r = rendererOf(drawn);
      if (r) {
        skipFirstLayerBuild(r);
        drawElementLayerOnly(drawn, r);
      }
      drawn.add(first.elements);
      // cytoscape draws in its own animation-frame loop, started before this frame was
      // asked for: by our second frame the drawn chart has been painted. Then the rest.
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          ready.current?.();
          if (first.elements === all) return;
          const shown = new Set(first.elements.map((e) => e.data.id));
          drawn.add(all.filter((e) => !shown.has(e.data.id)));
        });
      });
    };
    let observer: ResizeObserver | null = null;
    const measured = (): boolean => {
      const box = { width: el.clientWidth, height: el.clientHeight };
      if (box.width <= 0 || box.height <= 0) return false;
      mount(box);
      return true;
    };
    if (!measured()) {
      // Not laid out yet (a hidden tab): wait until it has a size, there is nothing to see before.
      if (typeof ResizeObserver === 'undefined') mount({ width: 0, height: 0 });
      else {
        const watching = new ResizeObserver(() => {
          if (measured()) watching.disconnect();
        });
        watching.observe(el);
        observer = watching;
      }
    }
    return () => {
      observer?.disconnect();
      cancelAnimationFrame(frame);
      cy?.destroy();
    };
  }, [chart]);

  return <div ref={host} className={className} style={CONTAINER_STYLE} />;
}
