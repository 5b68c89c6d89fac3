/**
 * Where each node of a flow chart goes when the server sends no positions: a top-down
 * layered layout computed here, in linear time, rather than by the renderer's own layout
 * (cytoscape's breadthfirst took most of a 300-node chart's first paint on a slow phone,
 * the speed target in docs/performance.md). With every position known up front, the renderer draws the final picture
 * in its first frame.
 *
 * Layers: loops (a run sent back to an earlier step) are set aside, then each node goes
 * one layer below the lowest of its predecessors, so branches of unequal length merge
 * below both. Within a layer nodes follow the mean place of their predecessors (fewer
 * crossings), then the server's order; each layer is centred on x = 0.
 */
import { FLOW_CHART_GRID } from './constants';
import type { ChartNodeKind } from './types';

/** Centre-to-centre distances, multiples of the grid: node boxes are 132 x 46 with room for edge labels. */
export const FLOW_CHART_LAYER_GAP = 100;
export const FLOW_CHART_NODE_GAP = 170;

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface LayoutInput {
  readonly nodes: readonly { readonly id: string; readonly kind: ChartNodeKind }[];
  readonly edges: readonly { readonly source: string; readonly target: string }[];
}

const snap = (v: number): number => Math.round(v / FLOW_CHART_GRID) * FLOW_CHART_GRID;

/** Edges between known nodes, without self-loops, as adjacency lists in input order. */
const adjacency = (input: LayoutInput) => {
  const out = new Map<string, string[]>(input.nodes.map((n) => [n.id, []]));
  for (const e of input.edges) if (e.source !== e.target && out.has(e.target)) out.get(e.source)?.push(e.target);
  return out;
};

/**
 * The edges that close a loop, found by a depth-first walk from the start nodes (then
 * from any node not reached), iterative so a long chain cannot overflow the stack.
 */
const loopEdges = (input: LayoutInput, out: ReadonlyMap<string, readonly string[]>): Set<string> => {
  const state = new Map<string, 'open' | 'done'>();
  const loops = new Set<string>();
  const starts = input.nodes.filter((n) => n.kind === 'start').map((n) => n.id);
  for (const root of [...starts, ...input.nodes.map((n) => n.id)]) {
    if (state.has(root)) continue;
    state.set(root, 'open');
    const stack: { id: string; next: number }[] = [{ id: root, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const targets = out.get(top.id) ?? [];
      if (top.next >= targets.length) {
        state.set(top.id, 'done');
        stack.pop();
        continue;
      }
      const target = targets[top.next++]!;
      const seen = state.get(target);
      if (seen === 'open') loops.add(`${top.id}\u0000${target}`);
      else if (seen === undefined) {
        state.set(target, 'open');
        stack.push({ id: target, next: 0 });
      }
    }
  }
  return loops;
};

/** Every node's position, keyed by id, on the grid. */
export const layeredLayout = (input: LayoutInput): Map<string, Point> => {
  const out = adjacency(input);
  const loops = loopEdges(input, out);
  const forward = new Map<string, string[]>();
  // Each id once: a node listed twice is one node.
  const ids = [...new Set(input.nodes.map((n) => n.id))];
  const preds = new Map<string, string[]>(ids.map((id) => [id, []]));
  const indegree = new Map<string, number>(ids.map((id) => [id, 0]));
  for (const [source, targets] of out) {
    const kept = [...new Set(targets)].filter((t) => !loops.has(`${source}\u0000${t}`));
    forward.set(source, kept);
    for (const t of kept) {
      preds.get(t)!.push(source);
      indegree.set(t, indegree.get(t)! + 1);
    }
  }
  // Longest path from the sources, in topological order (what is left is acyclic).
  const layer = new Map<string, number>();
  const queue = ids.filter((id) => indegree.get(id) === 0);
  for (const id of queue) layer.set(id, 0);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    for (const t of forward.get(id) ?? []) {
      layer.set(t, Math.max(layer.get(t) ?? 0, layer.get(id)! + 1));
      const left = indegree.get(t)! - 1;
      indegree.set(t, left);
      if (left === 0) queue.push(t);
    }
  }
  const layers: string[][] = [];
  // Input order, so that equal places keep the server's order.
  for (const id of ids) (layers[layer.get(id)!] ??= []).push(id);
  const positions = new Map<string, Point>();
  layers.forEach((ids, depth) => {
    // Each node wants to sit under the mean of its predecessors; neighbours are then
    // pushed apart to the node gap and the layer shifted back to where it wanted to be.
    const wanted = ids.map((id) => {
      const from = preds.get(id)!.map((p) => positions.get(p)?.x).filter((x): x is number => x !== undefined);
      return { id, x: from.length === 0 ? 0 : from.reduce((a, b) => a + b, 0) / from.length };
    });
    // A stable sort: nodes wanting the same place keep the server's order.
    wanted.sort((a, b) => a.x - b.x);
    const xs: number[] = [];
    wanted.forEach((w, i) => xs.push(i === 0 ? w.x : Math.max(w.x, xs[i - 1]! + FLOW_CHART_NODE_GAP)));
    const shift = wanted.reduce((sum, w, i) => sum + w.x - xs[i]!, 0) / wanted.length;
    wanted.forEach((w, i) => positions.set(w.id, { x: snap(xs[i]! + shift), y: depth * FLOW_CHART_LAYER_GAP }));
  });
  return positions;
};
