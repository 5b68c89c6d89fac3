import { describe, expect, it } from 'vitest';
import { FLOW_CHART_LAYER_GAP, FLOW_CHART_NODE_GAP, layeredLayout, type ChartNodeKind } from '../../../../domain/flowchart';

/*
 * The order of nodes within a layer (domain/flowchart/layout.ts): under the mean place of
 * their predecessors, so edges do not cross, then the server's order. Found by mutation
 * testing (reports/README.md): the layer tests placed nodes, none pinned this order.
 */

const node = (id: string, kind: ChartNodeKind = 'audit') => ({ id, kind });
const edge = (source: string, target: string) => ({ source, target });
const xs = (p: Map<string, { x: number }>, ids: string[]) => ids.map((id) => p.get(id)!.x);

describe('the order within a layer', () => {
  it('children follow their parents across, whatever order the server lists them in: no edges cross', () => {
    const p = layeredLayout({
      nodes: [node('a', 'start'), node('b', 'start'), node('underB'), node('underA')],
      edges: [edge('a', 'underA'), edge('b', 'underB')],
    });
    const [a, b] = xs(p, ['a', 'b']);
    expect(a).toBeLessThan(b!);
    expect(xs(p, ['underA', 'underB'])).toEqual([a, b]);
    expect(p.get('underA')!.y).toBe(FLOW_CHART_LAYER_GAP);
  });

  it('a node with several predecessors sits under their mean', () => {
    const p = layeredLayout({
      nodes: [node('a', 'start'), node('b', 'start'), node('c', 'start'), node('join')],
      edges: [edge('a', 'join'), edge('c', 'join')],
    });
    const [a, b, c] = xs(p, ['a', 'b', 'c']);
    expect([a, b, c]).toEqual([-FLOW_CHART_NODE_GAP, 0, FLOW_CHART_NODE_GAP]);
    expect(p.get('join')!.x).toBe(0);
    const under = layeredLayout({
      nodes: [node('a', 'start'), node('b', 'start'), node('c', 'start'), node('join')],
      edges: [edge('a', 'join'), edge('b', 'join')],
    }).get('join')!.x;
    // The mean of -170 and 0, on the grid.
    expect(under).toBeGreaterThan(-FLOW_CHART_NODE_GAP);
    expect(under).toBeLessThan(0);
  });

  it('ties are broken by the server order even when another node comes between them in it', () => {
    const p = layeredLayout({
      nodes: [node('a', 'start'), node('b', 'start'), node('n0'), node('n1'), node('n2')],
      edges: [edge('b', 'n0'), edge('a', 'n1'), edge('a', 'n2')],
    });
    const [n0, n1, n2] = xs(p, ['n0', 'n1', 'n2']);
    expect(n1).toBeLessThan(n2!);
    expect(n2).toBeLessThan(n0!);
  });

  it('nodes that want the same place keep the server order, pushed a node gap apart around it', () => {
    const p = layeredLayout({
      nodes: [node('s', 'start'), node('x'), node('y'), node('z')],
      edges: [edge('s', 'z'), edge('s', 'x'), edge('s', 'y')],
    });
    expect(xs(p, ['x', 'y', 'z'])).toEqual([-FLOW_CHART_NODE_GAP, 0, FLOW_CHART_NODE_GAP]);
  });

  it('a layer of children under parents far apart keeps each under its own parent', () => {
    const p = layeredLayout({
      nodes: [node('a', 'start'), node('b', 'start'), node('c', 'start'), node('d', 'start'), node('underD'), node('underA')],
      edges: [edge('a', 'underA'), edge('d', 'underD')],
    });
    expect(xs(p, ['underA', 'underD'])).toEqual(xs(p, ['a', 'd']));
  });
});
