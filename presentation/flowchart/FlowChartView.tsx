/**
 * The chart itself: cytoscape through react-cytoscapejs. This module is the heavy part
 * (cytoscape is ~400 kB), so it is only ever imported lazily (FlowChartPanel).
 */
import type { Core, ElementDefinition, LayoutOptions, StylesheetJson } from 'cytoscape';
import { useEffect, useMemo, useRef } from 'react';
import CytoscapeComponent from 'react-cytoscapejs';
import { FLOW_CHART_GRID, FLOW_CHART_MIN_ZOOM, FLOW_CHART_NODES_DRAGGABLE, type ShadedChart } from '../../domain/flowchart';
import { CHART_COLORS } from './palette';

export interface FlowChartViewProps {
  readonly chart: ShadedChart;
  /** Called once the first frame with the elements is drawn (the bench measures it). */
  readonly onReady?: () => void;
  readonly className?: string;
}

const snap = (v: number): number => Math.round(v / FLOW_CHART_GRID) * FLOW_CHART_GRID;

/** Node and edge data for cytoscape; positions snapped to the grid when the server gives them. */
export const chartElements = (chart: ShadedChart): ElementDefinition[] => {
  const ids = new Set(chart.nodes.map((n) => n.id));
  const nodes: ElementDefinition[] = chart.nodes.map((n) => ({
    group: 'nodes',
    data: { id: n.id, label: n.blurb && n.blurb !== n.label ? `${n.label}\n${n.blurb}` : n.label, kind: n.kind, shade: n.shade },
    ...(n.position ? { position: { x: snap(n.position.x), y: snap(n.position.y) } } : {}),
    classes: `${n.kind} ${n.shade}`,
  }));
  // An edge to a node the chart does not have would stop cytoscape: it is left out.
  const edges: ElementDefinition[] = chart.edges
    .filter((e) => ids.has(e.source) && ids.has(e.target))
    .map((e) => ({ group: 'edges', data: { id: `e:${e.id}`, source: e.source, target: e.target, label: e.label }, classes: e.shade }));
  return [...nodes, ...edges];
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
      'curve-style': 'bezier',
      'line-color': CHART_COLORS.edge,
      'target-arrow-color': CHART_COLORS.edge,
      'target-arrow-shape': 'triangle',
      'arrow-scale': 0.9,
      label: 'data(label)',
      'font-size': 10,
      color: CHART_COLORS.edgeText,
      'text-background-color': '#fff',
      'text-background-opacity': 1,
      'text-background-padding': '2px',
    },
  },
  { selector: 'edge.handled', style: { width: 2, 'line-color': CHART_COLORS.handled, 'target-arrow-color': CHART_COLORS.handled } },
];

/**
 * Without positions from the server the nodes are laid out top-down from the start
 * (breadthfirst, no animation: the first paint is the final one).
 */
const layoutFor = (chart: ShadedChart): LayoutOptions => {
  if (chart.nodes.length > 0 && chart.nodes.every((n) => n.position !== null)) {
    return { name: 'preset', fit: true, padding: 24 };
  }
  const roots = chart.nodes.filter((n) => n.kind === 'start').map((n) => `#${CSS.escape(n.id)}`);
  return {
    name: 'breadthfirst',
    directed: true,
    fit: true,
    padding: 24,
    spacingFactor: 1.05,
    animate: false,
    ...(roots.length > 0 ? { roots: roots.join(',') } : {}),
  } as LayoutOptions;
};

/**
 * The flow chart (SPEC point 2 "Flow chart", point 9): node kinds drawn apart, shading
 * from the domain rule (handled blue, current highlighted, others grey), minimum zoom
 * 0.2 on a grid of 10, nodes not draggable.
 */
export default function FlowChartView({ chart, onReady, className }: FlowChartViewProps) {
  const elements = useMemo(() => chartElements(chart), [chart]);
  const layout = useMemo(() => layoutFor(chart), [chart]);
  const cyRef = useRef<Core | null>(null);
  const ready = useRef(onReady);
  ready.current = onReady;

  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    // react-cytoscapejs diffs the elements; the layout is ours to run on a new chart.
    cy.layout(layout).run();
    cy.minZoom(FLOW_CHART_MIN_ZOOM);
    // Never zoom in past life size on a small chart.
    if (cy.zoom() > 1.2) {
      cy.zoom(1.2);
      cy.center();
    }
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => ready.current?.());
    });
    return () => cancelAnimationFrame(frame);
  }, [elements, layout]);

  return (
    <CytoscapeComponent
      elements={elements}
      stylesheet={STYLE}
      layout={{ name: 'preset', fit: false }}
      cy={(cy) => {
        cyRef.current = cy;
      }}
      className={className}
      style={{ width: '100%', height: '100%' }}
      minZoom={FLOW_CHART_MIN_ZOOM}
      maxZoom={3}
      autoungrabify={!FLOW_CHART_NODES_DRAGGABLE}
      autounselectify
      boxSelectionEnabled={false}
      pixelRatio="auto"
    />
  );
}
