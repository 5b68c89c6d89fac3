/**
 * What the chart view hands to cytoscape (presentation/flowchart/FlowChartView): node
 * positions, edge classes, and the first frame's share of a large chart.
 */
import { describe, expect, it } from 'vitest';
import { FLOW_CHART_LAYER_GAP, type ShadedChart, type ShadedEdge, type ShadedNode } from '../../../../domain/flowchart';
import { chartElements, chartPositions, firstView } from '../../../../presentation/flowchart/FlowChartView';

const node = (id: string, extra: Partial<ShadedNode> = {}): ShadedNode => ({
  id,
  kind: 'audit',
  label: id,
  blurb: '',
  nodeState: null,
  shade: 'unhandled',
  position: null,
  ...extra,
});
const edge = (id: string, source: string, target: string): ShadedEdge => ({ id, source, target, label: '', shade: 'unhandled', color: 'grey' });

describe('chartPositions', () => {
  it('keeps the server positions, snapped to the grid of 10, when every node has one', () => {
    const chart: ShadedChart = { nodes: [node('a', { position: { x: 14, y: 26 } }), node('b', { position: { x: -6, y: 204 } })], edges: [] };
    expect([...chartPositions(chart).entries()]).toEqual([
      ['a', { x: 10, y: 30 }],
      ['b', { x: -10, y: 200 }],
    ]);
  });

  it('lays the chart out itself when a position is missing', () => {
    const chart: ShadedChart = {
      nodes: [node('s', { kind: 'start', position: { x: 500, y: 500 } }), node('a')],
      edges: [edge('1', 's', 'a')],
    };
    expect([...chartPositions(chart).entries()]).toEqual([
      ['s', { x: 0, y: 0 }],
      ['a', { x: 0, y: FLOW_CHART_LAYER_GAP }],
    ]);
  });
});

describe('chartElements', () => {
  const chart: ShadedChart = {
    nodes: [node('a', { blurb: '王老师', shade: 'handled', kind: 'start' }), node('b'), node('c')],
    edges: [edge('1', 'a', 'b'), edge('2', 'b', 'c'), edge('3', 'c', 'b'), edge('4', 'c', 'c'), edge('5', 'c', 'ghost')],
  };
  const elements = chartElements(chart);

  it('gives every node its position, label (with blurb), kind and shade', () => {
    const a = elements.find((e) => e.data.id === 'a')!;
    expect(a).toMatchObject({ group: 'nodes', data: { label: 'a\n王老师', kind: 'start', shade: 'handled' }, position: { x: 0, y: 0 }, classes: 'start handled' });
  });

  it('draws edges straight, but curves those sharing their ends and loops, and leaves out edges to missing nodes', () => {
    const classes = Object.fromEntries(elements.filter((e) => e.group === 'edges').map((e) => [e.data.id, e.classes]));
    expect(classes).toEqual({ 'e:1': 'unhandled', 'e:2': 'unhandled curved', 'e:3': 'unhandled curved', 'e:4': 'unhandled curved' });
  });
});

describe('firstView: a large chart draws what is on screen first', () => {
  // A chain of 100 steps: 100 layers, far taller than a phone at the minimum zoom.
  const nodes = Array.from({ length: 100 }, (_, i) => node(`n${i}`, { kind: i === 0 ? 'start' : 'audit', shade: i === 50 ? 'handling' : 'unhandled' }));
  const edges = nodes.slice(1).map((n, i) => edge(`${i}`, `n${i}`, n.id));
  const chart: ShadedChart = { nodes, edges };
  const positions = chartPositions(chart);
  const all = chartElements(chart, positions);

  it('opens on the current node with only the elements around it', () => {
    const view = firstView(chart, positions, all, { width: 390, height: 750 });
    const ids = new Set(view.elements.map((e) => e.data.id));
    expect(ids.has('n50')).toBe(true);
    expect(ids.has('n0')).toBe(false);
    expect(ids.has('n99')).toBe(false);
    expect(view.elements.length).toBeLessThan(all.length / 2);
    // Every edge it takes has both its ends.
    for (const e of view.elements.filter((el) => el.group === 'edges')) {
      expect(ids.has(e.data.source as string) && ids.has(e.data.target as string)).toBe(true);
    }
    expect(view.viewport?.zoom).toBe(0.2);
  });

  it('a chart that fits is given whole (the same list, so nothing is added later)', () => {
    const small: ShadedChart = { nodes: nodes.slice(0, 3), edges: edges.slice(0, 2) };
    const p = chartPositions(small);
    const elements = chartElements(small, p);
    expect(firstView(small, p, elements, { width: 390, height: 750 }).elements).toBe(elements);
  });

  it('a container without a size gets everything and no viewport', () => {
    expect(firstView(chart, positions, all, { width: 0, height: 0 })).toEqual({ viewport: undefined, elements: all });
  });
});
