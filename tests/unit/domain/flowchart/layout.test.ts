import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FLOW_CHART_GRID,
  FLOW_CHART_LAYER_GAP,
  FLOW_CHART_NODE_GAP,
  layeredLayout,
  type ChartNodeKind,
  type LayoutInput,
} from '../../../../domain/flowchart';

const node = (id: string, kind: ChartNodeKind = 'audit') => ({ id, kind });
const edge = (source: string, target: string) => ({ source, target });
const layerOf = (positions: Map<string, { y: number }>, id: string): number => positions.get(id)!.y / FLOW_CHART_LAYER_GAP;

describe('layeredLayout: a top-down layout when the server sends no positions', () => {
  it('a chain goes straight down from the start, one layer per step', () => {
    const p = layeredLayout({
      nodes: [node('s', 'start'), node('a'), node('b', 'send'), node('e', 'end')],
      edges: [edge('s', 'a'), edge('a', 'b'), edge('b', 'e')],
    });
    expect([...p.entries()]).toEqual([
      ['s', { x: 0, y: 0 }],
      ['a', { x: 0, y: FLOW_CHART_LAYER_GAP }],
      ['b', { x: 0, y: 2 * FLOW_CHART_LAYER_GAP }],
      ['e', { x: 0, y: 3 * FLOW_CHART_LAYER_GAP }],
    ]);
  });

  it('branches sit side by side under their fork, in the server order, and merge below the longer one', () => {
    const p = layeredLayout({
      nodes: [node('s', 'start'), node('left'), node('right'), node('right2'), node('m'), node('e', 'end')],
      edges: [edge('s', 'left'), edge('s', 'right'), edge('right', 'right2'), edge('left', 'm'), edge('right2', 'm'), edge('m', 'e')],
    });
    expect(layerOf(p, 'left')).toBe(1);
    expect(layerOf(p, 'right')).toBe(1);
    expect(layerOf(p, 'right2')).toBe(2);
    expect(layerOf(p, 'm')).toBe(3);
    expect(layerOf(p, 'e')).toBe(4);
    const [left, right] = [p.get('left')!.x, p.get('right')!.x];
    expect(left).toBeLessThan(0);
    expect(right).toBeGreaterThan(0);
    expect(right - left).toBeGreaterThanOrEqual(FLOW_CHART_NODE_GAP - FLOW_CHART_GRID);
    // A path keeps its column; the merge sits between its two predecessors.
    expect(p.get('right2')!.x).toBe(right);
    expect(p.get('m')!.x).toBeGreaterThan(left);
    expect(p.get('m')!.x).toBeLessThan(right);
  });

  it('a loop back to an earlier step (a run sent back) does not lift the earlier step', () => {
    const p = layeredLayout({
      nodes: [node('s', 'start'), node('a'), node('b'), node('e', 'end')],
      edges: [edge('s', 'a'), edge('a', 'b'), edge('b', 'a'), edge('b', 's'), edge('b', 'e')],
    });
    expect(['s', 'a', 'b', 'e'].map((id) => layerOf(p, id))).toEqual([0, 1, 2, 3]);
  });

  it('starts from the start node even when it is not listed first', () => {
    const p = layeredLayout({ nodes: [node('b'), node('a'), node('s', 'start')], edges: [edge('s', 'a'), edge('a', 'b'), edge('b', 's')] });
    expect(['s', 'a', 'b'].map((id) => layerOf(p, id))).toEqual([0, 1, 2]);
  });

  it('a chart without a start, all in one loop, is still laid out', () => {
    const p = layeredLayout({ nodes: [node('a'), node('b'), node('c')], edges: [edge('a', 'b'), edge('b', 'c'), edge('c', 'a')] });
    expect(['a', 'b', 'c'].map((id) => layerOf(p, id))).toEqual([0, 1, 2]);
  });

  it('ignores self-loops, repeated edges and edges to nodes the chart lacks', () => {
    const p = layeredLayout({
      nodes: [node('s', 'start'), node('a')],
      edges: [edge('s', 's'), edge('s', 'a'), edge('s', 'a'), edge('a', 'ghost'), edge('ghost', 's')],
    });
    expect([...p.entries()]).toEqual([
      ['s', { x: 0, y: 0 }],
      ['a', { x: 0, y: FLOW_CHART_LAYER_GAP }],
    ]);
  });

  it('unconnected nodes share the top layer, spread apart in the server order', () => {
    const p = layeredLayout({ nodes: [node('a'), node('b'), node('c')], edges: [] });
    expect(['a', 'b', 'c'].map((id) => p.get(id)!.y)).toEqual([0, 0, 0]);
    const xs = ['a', 'b', 'c'].map((id) => p.get(id)!.x);
    expect(xs).toEqual([-FLOW_CHART_NODE_GAP, 0, FLOW_CHART_NODE_GAP]);
  });

  it('a node listed twice is placed once', () => {
    const p = layeredLayout({ nodes: [node('s', 'start'), node('s', 'start'), node('a')], edges: [edge('s', 'a')] });
    expect(p.size).toBe(2);
  });

  it('an empty chart has no positions', () => {
    expect(layeredLayout({ nodes: [], edges: [] }).size).toBe(0);
  });

  const arbChart: fc.Arbitrary<LayoutInput> = fc.integer({ min: 1, max: 40 }).chain((n) =>
    fc.record({
      nodes: fc.constant(Array.from({ length: n }, (_, i) => node(`n${i}`, i === 0 ? 'start' : 'audit'))),
      edges: fc.array(
        fc.tuple(fc.nat(n - 1), fc.nat(n - 1)).map(([a, b]) => edge(`n${a}`, `n${b}`)),
        { maxLength: 3 * n },
      ),
    }),
  );

  it('places every node once, on the grid, with nodes of a layer at least a node gap apart', () => {
    fc.assert(
      fc.property(arbChart, (chart) => {
        const p = layeredLayout(chart);
        expect(p.size).toBe(chart.nodes.length);
        const byLayer = new Map<number, number[]>();
        for (const { x, y } of p.values()) {
          expect(x % FLOW_CHART_GRID === 0 && y % FLOW_CHART_GRID === 0).toBe(true);
          byLayer.set(y, [...(byLayer.get(y) ?? []), x]);
        }
        for (const xs of byLayer.values()) {
          xs.sort((a, b) => a - b);
          // Snapping each to the grid can take back at most one grid step.
          xs.slice(1).forEach((x, i) => expect(x - xs[i]!).toBeGreaterThanOrEqual(FLOW_CHART_NODE_GAP - FLOW_CHART_GRID));
        }
      }),
    );
  });

  it('in a chart without loops every edge points down', () => {
    const acyclic = arbChart.map((c) => ({
      ...c,
      edges: c.edges.filter((e) => Number(e.source.slice(1)) < Number(e.target.slice(1))),
    }));
    fc.assert(
      fc.property(acyclic, (chart) => {
        const p = layeredLayout(chart);
        for (const e of chart.edges) expect(p.get(e.target)!.y).toBeGreaterThan(p.get(e.source)!.y);
      }),
    );
  });
});
