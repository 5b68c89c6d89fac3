import type {
  ChartEdge,
  ChartNodeKind,
  ChartSource,
  EdgeColor,
  EdgeShade,
  FlowChart,
  FlowSituation,
  NodeShade,
  ShadedChart,
  ShadedEdge,
  ShadedNode,
} from './types';
import { CHART_NODE_KINDS } from './types';
import { nonBlank } from '../shared/guards';

const asArray = <T>(value: readonly T[] | null | undefined): readonly T[] =>
  Array.isArray(value) ? value : [];


const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const currentOf = (situation: FlowSituation | null | undefined): string | null =>
  nonBlank(situation?.currentNodeId) ? situation.currentNodeId : null;

const completedOf = (situation: FlowSituation | null | undefined): readonly string[] =>
  asArray(situation?.completedNodeId).filter((id): id is string => typeof id === 'string');

/** The order the run walked: completed nodes, then the current one. */
export const handledPath = (situation: FlowSituation | null | undefined): readonly string[] => {
  const current = currentOf(situation);
  const completed = completedOf(situation);
  return current === null ? completed : [...completed, current];
};

/** The current node wins over "completed" so a node sent back to is shown as in progress. */
export const nodeShade = (nodeId: string, situation: FlowSituation | null | undefined): NodeShade => {
  if (nodeId === currentOf(situation)) return 'handling';
  return completedOf(situation).includes(nodeId) ? 'handled' : 'unhandled';
};

type Adjacency = ReadonlyMap<string, ReadonlySet<string>>;

/** Pairs are kept in a nested map, not joined strings, so no id can collide with another pair. */
const adjacencyOf = (path: readonly string[]): Adjacency => {
  const map = new Map<string, Set<string>>();
  const link = (a: string, b: string): void => {
    const set = map.get(a) ?? new Set<string>();
    set.add(b);
    map.set(a, set);
  };
  const join = (a: string, b: string): void => {
    link(a, b);
    link(b, a);
  };
  path.forEach((id, i) => {
    const next = path[i + 1];
    if (next !== undefined) join(id, next);
  });
  const first = path[0];
  const last = path[path.length - 1];
  // A loop back to the start (e.g. a run returned to its initiator) closes the path.
  if (path.length > 2 && first !== undefined && last !== undefined) join(first, last);
  return map;
};

const handledIn = (adjacency: Adjacency, edge: Pick<ChartEdge, 'source' | 'target'>): boolean =>
  adjacency.get(edge.source)?.has(edge.target) ?? false;

/** Direction does not matter: a walked pair shades the edge whichever way it was drawn. */
export const isEdgeHandled = (
  edge: Pick<ChartEdge, 'source' | 'target'>,
  path: readonly string[],
): boolean => handledIn(adjacencyOf(path), edge);

export const edgeColor = (shade: EdgeShade): EdgeColor => (shade === 'handled' ? 'blue' : 'grey');

/** Unknown kinds are drawn as ordinary audit steps rather than dropped. */
export const chartNodeKind = (type: unknown): ChartNodeKind => {
  const normalised = typeof type === 'string' ? type.trim().toLowerCase() : '';
  return CHART_NODE_KINDS.find((kind) => kind === normalised) ?? 'audit';
};

const firstById = <T extends { readonly id: string }>(items: readonly T[]): readonly T[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
};

export const shadeFlowChart = (
  chart: FlowChart | null | undefined,
  situation: FlowSituation | null | undefined,
): ShadedChart => {
  const adjacency = adjacencyOf(handledPath(situation));
  // The renderer refuses duplicate ids, so the first node with an id wins.
  const nodes = firstById(asArray(chart?.nodes).filter((node) => typeof node?.id === 'string'))
    .map(
      (node): ShadedNode => ({
        id: node.id,
        kind: chartNodeKind(node.type),
        label: text(node.data?.label),
        blurb: text(node.data?.blurb),
        nodeState: node.data?.nodeState ?? null,
        shade: nodeShade(node.id, situation),
        position: node.position ?? null,
      }),
    );
  const usedEdgeIds = new Set<string>();
  const edgeId = (given: unknown, index: number): string => {
    let id = nonBlank(given) && !usedEdgeIds.has(given) ? given : `edge-${index}`;
    while (usedEdgeIds.has(id)) id = `${id}'`;
    usedEdgeIds.add(id);
    return id;
  };
  const edges = asArray(chart?.edges)
    .filter((edge) => typeof edge?.source === 'string' && typeof edge.target === 'string')
    .map((edge, index): ShadedEdge => {
      const shade: EdgeShade = handledIn(adjacency, edge) ? 'handled' : 'unhandled';
      return {
        id: edgeId(edge.id, index),
        source: edge.source,
        target: edge.target,
        label: text(edge.label),
        shade,
        color: edgeColor(shade),
      };
    });
  return { nodes, edges };
};

/** The app-id variant is preferred when known (SPEC point 7). */
export const chartSource = (ids: {
  readonly appId?: string | null;
  readonly code?: string | null;
}): ChartSource | null => {
  if (nonBlank(ids.appId)) return { kind: 'appId', vid: ids.appId };
  if (nonBlank(ids.code)) return { kind: 'code', code: ids.code };
  return null;
};
