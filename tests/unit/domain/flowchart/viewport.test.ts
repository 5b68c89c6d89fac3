import { describe, expect, it } from 'vitest';
import {
  chartBounds,
  chartFocus,
  elementsInBox,
  FLOW_CHART_FIT_PADDING,
  FLOW_CHART_MAX_FIT_ZOOM,
  FLOW_CHART_MIN_ZOOM,
  initialViewport,
  visibleBox,
  type Box,
  type Viewport,
} from '../../../../domain/flowchart';

const HALF = { width: 60, height: 20 };
const screen = { width: 400, height: 800 };
/** Where a chart point lands on the screen. */
const onScreen = (v: Viewport, p: { x: number; y: number }) => ({ x: p.x * v.zoom + v.pan.x, y: p.y * v.zoom + v.pan.y });

describe('chartBounds', () => {
  it('is the box around every node box', () => {
    expect(chartBounds([{ x: 0, y: 0 }, { x: 100, y: -50 }], HALF)).toEqual({ x1: -60, y1: -70, x2: 160, y2: 20 });
  });

  it('is null without nodes', () => {
    expect(chartBounds([], HALF)).toBeNull();
  });
});

describe('initialViewport (SPEC point 9: minimum zoom 0.2)', () => {
  it('a small chart is centred and not enlarged past the fit cap', () => {
    const bounds: Box = { x1: -60, y1: -20, x2: 60, y2: 20 };
    const v = initialViewport({ bounds, focus: { x: 0, y: 0 }, ...screen });
    expect(v.zoom).toBe(FLOW_CHART_MAX_FIT_ZOOM);
    expect(onScreen(v, { x: 0, y: 0 })).toEqual({ x: 200, y: 400 });
  });

  it('a chart that fits is shown whole, centred, inside the padding', () => {
    const bounds: Box = { x1: 0, y1: 0, x2: 1000, y2: 1000 };
    const v = initialViewport({ bounds, focus: { x: 0, y: 0 }, ...screen });
    expect(v.zoom).toBeCloseTo((400 - 2 * FLOW_CHART_FIT_PADDING) / 1000);
    const topLeft = onScreen(v, { x: 0, y: 0 });
    const bottomRight = onScreen(v, { x: 1000, y: 1000 });
    expect(topLeft.x).toBeCloseTo(FLOW_CHART_FIT_PADDING);
    expect(bottomRight.x).toBeCloseTo(400 - FLOW_CHART_FIT_PADDING);
    expect((topLeft.y + bottomRight.y) / 2).toBeCloseTo(400);
  });

  it('a chart too big for the minimum zoom opens on the focus node', () => {
    const bounds: Box = { x1: -500, y1: 0, x2: 500, y2: 20000 };
    const v = initialViewport({ bounds, focus: { x: 100, y: 9000 }, ...screen, padding: 10 });
    expect(v.zoom).toBe(FLOW_CHART_MIN_ZOOM);
    // 1000 wide fits at 0.2 (200 px): centred across; the focus is centred down.
    expect(onScreen(v, { x: 0, y: 9000 })).toEqual({ x: 200, y: 400 });
  });

  it('…but does not scroll past the ends of the chart (a focus near the start)', () => {
    const bounds: Box = { x1: -5000, y1: 0, x2: 5000, y2: 20000 };
    const v = initialViewport({ bounds, focus: { x: -4990, y: 10 }, ...screen });
    const topLeft = onScreen(v, { x: -5000, y: 0 });
    expect(topLeft).toEqual({ x: FLOW_CHART_FIT_PADDING, y: FLOW_CHART_FIT_PADDING });
    const end = initialViewport({ bounds, focus: { x: 4990, y: 19990 }, ...screen });
    expect(onScreen(end, { x: 5000, y: 20000 })).toEqual({ x: 400 - FLOW_CHART_FIT_PADDING, y: 800 - FLOW_CHART_FIT_PADDING });
  });

  it('without a focus a big chart opens on its middle', () => {
    const bounds: Box = { x1: 0, y1: 0, x2: 100, y2: 20000 };
    const v = initialViewport({ bounds, focus: null, ...screen });
    expect(onScreen(v, { x: 50, y: 10000 })).toEqual({ x: 200, y: 400 });
  });

  it('a chart that fits is fitted by its tighter side, wherever it lies', () => {
    // Wider screen than tall: the height decides. The chart lies away from the origin.
    const bounds: Box = { x1: 1000, y1: 3000, x2: 2000, y2: 4000 };
    const v = initialViewport({ bounds, focus: null, width: 800, height: 400 });
    expect(v.zoom).toBeCloseTo((400 - 2 * FLOW_CHART_FIT_PADDING) / 1000);
    expect(onScreen(v, { x: 1500, y: 3500 }).x).toBeCloseTo(400);
    expect(onScreen(v, { x: 1500, y: 3000 }).y).toBeCloseTo(FLOW_CHART_FIT_PADDING);
  });

  it('without a focus a chart too big both ways opens on its middle', () => {
    const bounds: Box = { x1: 0, y1: 0, x2: 10000, y2: 20000 };
    const v = initialViewport({ bounds, focus: null, ...screen });
    expect(v.zoom).toBe(FLOW_CHART_MIN_ZOOM);
    expect(onScreen(v, { x: 5000, y: 10000 })).toEqual({ x: 200, y: 400 });
  });

  it('a side a little wider than the screen less its padding keeps its end at the padding, not centred', () => {
    // 1,950 at 0.2 is 390 px: more than 400 - 2 x 10, less than 400.
    const bounds: Box = { x1: 0, y1: 0, x2: 1950, y2: 20000 };
    const v = initialViewport({ bounds, focus: { x: 0, y: 0 }, ...screen, padding: 10 });
    expect(v.zoom).toBe(FLOW_CHART_MIN_ZOOM);
    expect(onScreen(v, { x: 0, y: 0 }).x).toBeCloseTo(10);
  });

  it('a single point (no extent) does not divide by zero', () => {
    const v = initialViewport({ bounds: { x1: 5, y1: 5, x2: 5, y2: 5 }, focus: null, ...screen });
    expect(v.zoom).toBe(FLOW_CHART_MAX_FIT_ZOOM);
    expect(Number.isFinite(v.pan.x) && Number.isFinite(v.pan.y)).toBe(true);
  });
});

describe('visibleBox', () => {
  it('is the screen in chart coordinates, widened by the margin', () => {
    const v: Viewport = { zoom: 0.5, pan: { x: 100, y: -200 } };
    expect(visibleBox(v, 400, 800)).toEqual({ x1: -200, y1: 400, x2: 600, y2: 2000 });
    expect(visibleBox(v, 400, 800, 50)).toEqual({ x1: -250, y1: 350, x2: 650, y2: 2050 });
  });
});

describe('elementsInBox: what a first frame must draw', () => {
  const positions = new Map([
    ['top', { x: 0, y: 0 }],
    ['mid', { x: 0, y: 500 }],
    ['far', { x: 0, y: 5000 }],
    ['side', { x: 3000, y: 4000 }],
  ]);
  const chart = {
    nodes: [...positions.keys()].map((id) => ({ id })),
    edges: [
      { id: 'top-mid', source: 'top', target: 'mid' },
      { id: 'mid-far', source: 'mid', target: 'far' },
      { id: 'far-side', source: 'far', target: 'side' },
      { id: 'top-ghost', source: 'top', target: 'ghost' },
    ],
  };

  it('takes the nodes in the box, the edges that may cross it and their far ends', () => {
    const shown = elementsInBox(chart, positions, { x1: -100, y1: -100, x2: 100, y2: 1000 }, HALF);
    expect([...shown.nodes].sort()).toEqual(['far', 'mid', 'top']);
    expect([...shown.edges].sort()).toEqual(['mid-far', 'top-mid']);
    expect(shown.all).toBe(false);
  });

  it('an edge passing through the box is taken though neither end is in it', () => {
    const shown = elementsInBox(chart, positions, { x1: 1000, y1: 4500, x2: 1200, y2: 4700 }, HALF);
    expect([...shown.edges]).toEqual(['far-side']);
    expect([...shown.nodes].sort()).toEqual(['far', 'side']);
  });

  it("a node is taken when its box meets the box's edge, and not a pixel further", () => {
    const at = (x: number, y: number) => new Map([['n', { x, y }]]);
    const one = { nodes: [{ id: 'n' }], edges: [] };
    const box: Box = { x1: -100, y1: -100, x2: 100, y2: 100 };
    // Half a node is 60 by 20.
    for (const [x, y, inside] of [
      [160, 0, true],
      [161, 0, false],
      [-160, 0, true],
      [-161, 0, false],
      [0, 120, true],
      [0, 121, false],
      [0, -120, true],
      [0, -121, false],
    ] as const) {
      const shown = elementsInBox(one, at(x, y), box, HALF);
      expect([shown.nodes.has('n'), shown.all], `node at ${x}, ${y}`).toEqual([inside, inside]);
    }
    expect(elementsInBox(one, new Map(), box, HALF).nodes.size).toBe(0);
  });

  it("an edge is taken when its ends' boxes span the box, and not a pixel further", () => {
    const ends = (y: number) =>
      new Map([
        ['a', { x: -1000, y }],
        ['b', { x: 1000, y }],
      ]);
    const pair = { nodes: [{ id: 'a' }, { id: 'b' }], edges: [{ id: 'ab', source: 'a', target: 'b' }] };
    const box: Box = { x1: -100, y1: -100, x2: 100, y2: 100 };
    expect(elementsInBox(pair, ends(120), box, HALF).edges.has('ab')).toBe(true);
    expect(elementsInBox(pair, ends(121), box, HALF).edges.has('ab')).toBe(false);
    expect(elementsInBox(pair, ends(-120), box, HALF).edges.has('ab')).toBe(true);
    expect(elementsInBox(pair, ends(-121), box, HALF).edges.size).toBe(0);
  });

  it('is not everything while a node or an edge between placed nodes is left out', () => {
    const all = { x1: -10000, y1: -10000, x2: 10000, y2: 10000 };
    const lone = { nodes: [...chart.nodes, { id: 'lone' }], edges: chart.edges };
    const far = new Map([...positions, ['lone', { x: 50000, y: 50000 }]]);
    expect(elementsInBox(lone, far, all, HALF).all).toBe(false);
    // Every node in, one edge not: an edge between two nodes far apart, both taken by other edges.
    const two = { nodes: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], edges: [{ id: 'ab', source: 'a', target: 'b' }, { id: 'bc', source: 'b', target: 'c' }, { id: 'ac', source: 'a', target: 'c' }] };
    const spots = new Map([
      ['a', { x: 0, y: 0 }],
      ['b', { x: 0, y: 20000 }],
      ['c', { x: -20000, y: 0 }],
    ]);
    const shown = elementsInBox(two, spots, { x1: -100, y1: 19900, x2: 100, y2: 20100 }, HALF);
    expect([...shown.nodes].sort()).toEqual(['a', 'b', 'c']);
    expect([...shown.edges].sort()).toEqual(['ab', 'bc']);
    expect(shown.all).toBe(false);
  });

  it('says when it took everything (edges to missing nodes are never drawn)', () => {
    const shown = elementsInBox(chart, positions, { x1: -10000, y1: -10000, x2: 10000, y2: 10000 }, HALF);
    expect(shown.all).toBe(true);
    expect(shown.edges.has('top-ghost')).toBe(false);
  });
});

describe('chartFocus', () => {
  it('is the current node, else the start, else none', () => {
    expect(
      chartFocus([
        { id: 's', kind: 'start', shade: 'handled' },
        { id: 'c', kind: 'audit', shade: 'handling' },
      ]),
    ).toBe('c');
    expect(chartFocus([{ id: 'a', kind: 'audit', shade: 'unhandled' }, { id: 's', kind: 'start', shade: 'unhandled' }])).toBe('s');
    expect(chartFocus([{ id: 'a', kind: 'audit', shade: 'handled' }])).toBeNull();
  });
});
