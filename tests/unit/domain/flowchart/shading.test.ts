import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FLOW_CHART_GRID,
  FLOW_CHART_LEGEND,
  FLOW_CHART_LOADING_DELAY_MS,
  FLOW_CHART_MIN_ZOOM,
  FLOW_CHART_NODES_DRAGGABLE,
  LEGEND_CURRENT,
  LEGEND_HANDLED,
  chartNodeKind,
  chartSource,
  edgeColor,
  handledPath,
  isEdgeHandled,
  nodeShade,
  shadeFlowChart,
  type FlowChart,
  type FlowSituation,
} from '../../../../domain/flowchart';

describe('flow chart strings and constants (SPEC points 2 and 9)', () => {
  it.each([
    [LEGEND_HANDLED, '已办理的节点'],
    [LEGEND_CURRENT, '当前节点'],
  ])('legend %s is the spec string %s', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it('legend pairs each text with the shade it explains', () => {
    expect(FLOW_CHART_LEGEND).toEqual([
      { shade: 'handled', text: '已办理的节点' },
      { shade: 'handling', text: '当前节点' },
    ]);
  });

  it.each([
    ['min zoom', FLOW_CHART_MIN_ZOOM, 0.2],
    ['grid', FLOW_CHART_GRID, 10],
    ['nodes draggable', FLOW_CHART_NODES_DRAGGABLE, false],
    ['loading delay', FLOW_CHART_LOADING_DELAY_MS, 200],
  ])('%s is %s', (_name, value, expected) => {
    expect(value).toBe(expected);
  });
});

const situation: FlowSituation = { currentNodeId: 'c', completedNodeId: ['a', 'b'] };

describe('nodeShade', () => {
  it.each([
    ['c', 'handling'],
    ['a', 'handled'],
    ['b', 'handled'],
    ['d', 'unhandled'],
    ['', 'unhandled'],
  ] as const)('node %s is %s', (id, shade) => {
    expect(nodeShade(id, situation)).toBe(shade);
  });

  it('the current node wins over completed (a run sent back to a done step)', () => {
    expect(nodeShade('a', { currentNodeId: 'a', completedNodeId: ['a', 'b'] })).toBe('handling');
  });

  it.each([null, undefined, {}, { currentNodeId: null, completedNodeId: null }])(
    'no situation (%j) leaves every node unhandled',
    (s) => {
      expect(nodeShade('a', s as FlowSituation | null | undefined)).toBe('unhandled');
    },
  );

  it('a blank current node id is no current node', () => {
    expect(nodeShade('  ', { currentNodeId: '  ' })).toBe('unhandled');
  });
});

describe('handledPath', () => {
  it.each([
    [{ currentNodeId: 'c', completedNodeId: ['a', 'b'] }, ['a', 'b', 'c']],
    [{ completedNodeId: ['a', 'b'] }, ['a', 'b']],
    [{ currentNodeId: 'c' }, ['c']],
    [null, []],
    [{ completedNodeId: ['a', 7, null, 'b'] }, ['a', 'b']],
  ])('%j walks %j', (s, path) => {
    expect(handledPath(s as FlowSituation)).toEqual(path);
  });
});

describe('isEdgeHandled', () => {
  const path = ['a', 'b', 'c'];
  it.each([
    ['a', 'b', true],
    ['b', 'c', true],
    ['b', 'a', true], // drawn the other way round
    ['a', 'c', true], // joins first and last: more than two on the path
    ['c', 'a', true],
    ['c', 'd', false],
    ['a', 'd', false],
    ['a', 'a', false],
  ])('%s -> %s handled: %s', (source, target, handled) => {
    expect(isEdgeHandled({ source, target }, path)).toBe(handled);
  });

  it('a two-node path handles its one pair', () => {
    expect(isEdgeHandled({ source: 'a', target: 'b' }, ['a', 'b'])).toBe(true);
  });

  it('a single-node path handles no edge', () => {
    expect(isEdgeHandled({ source: 'a', target: 'a' }, ['a'])).toBe(false);
  });

  it('first-last closing needs more than two nodes', () => {
    // With exactly two nodes the only pair is the adjacent one; a third node off the path stays grey.
    expect(isEdgeHandled({ source: 'a', target: 'x' }, ['a', 'b'])).toBe(false);
    expect(isEdgeHandled({ source: 'a', target: 'd' }, ['a', 'b', 'c', 'd'])).toBe(true);
    expect(isEdgeHandled({ source: 'a', target: 'c' }, ['a', 'b', 'c', 'd'])).toBe(false);
  });

  it('ids that would collide when joined with a separator stay apart', () => {
    expect(isEdgeHandled({ source: 'a|b', target: 'c' }, ['a', 'b|c'])).toBe(false);
  });
});

describe('edgeColor', () => {
  it.each([
    ['handled', 'blue'],
    ['unhandled', 'grey'],
  ] as const)('%s edges are %s', (shade, color) => {
    expect(edgeColor(shade)).toBe(color);
  });
});

describe('chartNodeKind', () => {
  it.each([
    ['start', 'start'],
    ['audit', 'audit'],
    ['send', 'send'],
    ['plugin', 'plugin'],
    ['end', 'end'],
    [' END ', 'end'],
    ['mystery', 'audit'],
    [undefined, 'audit'],
    [3, 'audit'],
  ])('%j is drawn as %s', (type, kind) => {
    expect(chartNodeKind(type)).toBe(kind);
  });
});

describe('shadeFlowChart', () => {
  const chart: FlowChart = {
    nodes: [
      { id: 'a', type: 'start', data: { label: '开始', blurb: '发起人', nodeState: 1 }, position: { x: 0, y: 0 } },
      { id: 'b', type: 'audit', data: { label: '审批' } },
      { id: 'c', type: 'audit', data: { label: '复核' } },
      { id: 'd', type: 'end', data: { label: '结束' } },
    ],
    edges: [
      { id: 'e1', source: 'a', target: 'b', label: '' },
      { id: 'e2', source: 'b', target: 'c' },
      { source: 'c', target: 'd', label: '条件' },
      { id: 'e4', source: 'c', target: 'a' },
    ],
  };

  it('shades nodes and edges from the situation', () => {
    const shaded = shadeFlowChart(chart, situation);
    expect(shaded.nodes.map((n) => [n.id, n.kind, n.label, n.shade])).toEqual([
      ['a', 'start', '开始', 'handled'],
      ['b', 'audit', '审批', 'handled'],
      ['c', 'audit', '复核', 'handling'],
      ['d', 'end', '结束', 'unhandled'],
    ]);
    expect(shaded.edges.map((e) => [e.id, e.shade, e.color, e.label])).toEqual([
      ['e1', 'handled', 'blue', ''],
      ['e2', 'handled', 'blue', ''],
      ['edge-2', 'unhandled', 'grey', '条件'],
      ['e4', 'handled', 'blue', ''],
    ]);
  });

  it('keeps blurb, nodeState and position for the renderer', () => {
    const [first, second] = shadeFlowChart(chart, situation).nodes;
    expect(first).toMatchObject({ blurb: '发起人', nodeState: 1, position: { x: 0, y: 0 } });
    expect(second).toMatchObject({ blurb: '', nodeState: null, position: null });
  });

  it.each([null, undefined, { nodes: null, edges: undefined }])('no chart (%j) gives no elements', (c) => {
    expect(shadeFlowChart(c as unknown as FlowChart, situation)).toEqual({ nodes: [], edges: [] });
  });

  it('drops malformed elements and duplicate node ids, and keeps edge ids unique', () => {
    const messy = {
      nodes: [{ id: 'a', data: null }, { id: 'a', data: {} }, null, { data: {} }],
      edges: [
        { id: 'x', source: 'a', target: 'b' },
        { id: 'x', source: 'b', target: 'a' },
        { source: 'a' },
        null,
        { id: 'edge-3', source: 'a', target: 'c' },
        { source: 'c', target: 'a' },
      ],
    } as unknown as FlowChart;
    const shaded = shadeFlowChart(messy, null);
    expect(shaded.nodes.map((n) => [n.id, n.label])).toEqual([['a', '']]);
    const ids = shaded.edges.map((e) => e.id);
    expect(ids).toEqual(['x', 'edge-1', 'edge-3', "edge-3'"]);
  });

  const ids = fc.array(fc.string({ maxLength: 6 }), { maxLength: 8 });
  const arbChart = fc.record({
    nodes: ids.map((xs) => xs.map((id) => ({ id, data: { label: id } }))),
    edges: fc.array(fc.record({ source: fc.string({ maxLength: 6 }), target: fc.string({ maxLength: 6 }) }), {
      maxLength: 12,
    }),
  });
  const arbSituation = fc.record({
    currentNodeId: fc.option(fc.string({ maxLength: 6 })),
    completedNodeId: fc.option(ids),
  });

  it('is total for arbitrary ids: every node gets one of three shades, every edge blue or grey', () => {
    fc.assert(
      fc.property(arbChart, arbSituation, (c, s) => {
        const shaded = shadeFlowChart(c, s);
        expect(new Set(shaded.nodes.map((n) => n.id)).size).toBe(shaded.nodes.length);
        expect(new Set(shaded.edges.map((e) => e.id)).size).toBe(shaded.edges.length);
        expect(shaded.edges).toHaveLength(c.edges.length);
        for (const node of shaded.nodes) expect(['handling', 'handled', 'unhandled']).toContain(node.shade);
        for (const edge of shaded.edges) {
          expect(edge.color).toBe(edge.shade === 'handled' ? 'blue' : 'grey');
        }
      }),
    );
  });

  it('a handled edge always joins two nodes of the walked path', () => {
    fc.assert(
      fc.property(arbChart, arbSituation, (c, s) => {
        const path = new Set(handledPath(s));
        for (const edge of shadeFlowChart(c, s).edges.filter((e) => e.shade === 'handled')) {
          expect(path.has(edge.source) && path.has(edge.target)).toBe(true);
        }
      }),
    );
  });

  it('every consecutive pair of the path shades its edge', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ maxLength: 4 }), { minLength: 2, maxLength: 6 }), (path) => {
        const [current, ...rest] = [...path].reverse();
        const s = { currentNodeId: current, completedNodeId: rest.reverse() };
        const edges = path.slice(1).map((target, i) => ({ source: path[i] as string, target }));
        const shaded = shadeFlowChart({ nodes: [], edges }, s);
        // A blank id is no current node, so only check walks whose current id is real.
        if ((current ?? '').trim() !== '') expect(shaded.edges.every((e) => e.shade === 'handled')).toBe(true);
      }),
    );
  });
});

describe('chartSource', () => {
  it.each([
    [{ appId: 'app-1', code: 'leave' }, { kind: 'appId', vid: 'app-1' }],
    [{ appId: '', code: 'leave' }, { kind: 'code', code: 'leave' }],
    [{ appId: null, code: 'leave' }, { kind: 'code', code: 'leave' }],
    [{ code: '  ' }, null],
    [{}, null],
  ])('%j loads from %j', (ids, source) => {
    expect(chartSource(ids)).toEqual(source);
  });
});
