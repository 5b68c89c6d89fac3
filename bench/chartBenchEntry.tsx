/**
 * The chart bench page: mounts the flow chart (presentation/flowchart FlowChartView) with
 * a 300-node chart in a phone-sized canvas and times it from the mount to the first
 * paint of the drawn graph. Driven by bench/chartBench.ts through window.__chartBench.
 *
 * The end point is the view's onReady: it fires two animation frames after the commit
 * that set the chart up. cytoscape draws in its own requestAnimationFrame loop, which
 * was registered before ours, so the first of our frames is the one in which cytoscape
 * draws the chart; the browser paints that frame, and our second frame callback runs at
 * the start of the next one, after the paint. The page checks the claim on every mount:
 * cytoscape must have emitted 'render' with the elements before onReady, and the node
 * layer's canvas must hold drawn pixels. (cytoscape's 'render' event alone would stop
 * the clock before the paint.)
 */
import type { Core } from 'cytoscape';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { ShadedChart } from '../domain/flowchart';
import type { FlowChartViewProps } from '../presentation/flowchart/FlowChartView';
import '../presentation/shared/theme.css';
import '../presentation/flowchart/flowchart.css';
import { buildBenchChart } from './chartBenchChart';

let View: ComponentType<FlowChartViewProps> | null = null;
const page = document.getElementById('root') as HTMLElement;

/** The chunk the app loads lazily with the first chart: fetch, parse and evaluate. */
async function loadView(): Promise<number> {
  const t0 = performance.now();
  View = (await import('../presentation/flowchart/FlowChartView')).default;
  return performance.now() - t0;
}

export interface ChartMount {
  /** Mount start to the paint of the drawn graph (onReady). */
  total: number;
  /** Mount start to the end of React's commit: cytoscape created, elements added, viewport set. */
  setup: number;
  /** End of the commit to the start of the first draw: waiting for the frame, style and label calculations. */
  frame: number;
  /** How long cytoscape's first draw of the chart took (its renderer's own timing). */
  draw: number;
  /** Mount start to the end of the first draw holding every element (the view adds off-screen ones after the first paint). */
  whole: number;
  /** Draws cytoscape made up to onReady. */
  draws: number;
  /** Nodes in the chart, and those inside the visible viewport. */
  nodes: number;
  visible: number;
  zoom: number;
  /** Non-transparent pixels of the node layer at onReady: proof the graph was drawn. */
  inked: number;
  /** cytoscape drew the chart (a 'render' with elements) before onReady. */
  drawnBeforeReady: boolean;
}

/** The cytoscape instance drawing inside `root` (cytoscape registers it on its container). */
const findCy = (root: Element): Core | null => {
  for (const el of root.querySelectorAll('div')) {
    const cy = (el as Element & { _cyreg?: { cy?: Core } })._cyreg?.cy;
    if (cy) return cy;
  }
  return null;
};

function inkedPixels(host: HTMLElement): number {
  const layer = host.querySelector<HTMLCanvasElement>('canvas[data-id="layer2-node"]');
  const ctx = layer?.getContext('2d');
  if (!layer || !ctx || layer.width === 0 || layer.height === 0) return 0;
  const data = ctx.getImageData(0, 0, layer.width, layer.height).data;
  let inked = 0;
  for (let i = 3; i < data.length; i += 4) if ((data[i] as number) > 0) inked++;
  return inked;
}

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

async function mount(chart: ShadedChart): Promise<ChartMount> {
  const Chart = View;
  if (!Chart) throw new Error('view not loaded');
  const host = document.createElement('div');
  host.className = 'bench-host';
  const canvas = document.createElement('div');
  canvas.className = 'cw-chart__canvas';
  host.append(canvas);
  page.append(host);
  await nextFrame();

  let committedAt = 0;
  let drawnAt = 0;
  let drawMs = 0;
  let draws = 0;
  let wholeAt = 0;
  let drawsAtReady = 0;
  const total = chart.nodes.length + chart.edges.length;
  // The chart's commit (React mounts cytoscape in a second, synchronous pass once the
  // view has measured its box) ends its task; this observer's callback runs right after,
  // before any animation frame, so it sees the set-up time and hooks every draw.
  const watch = new MutationObserver(() => {
    const cy = findCy(canvas);
    if (!cy || committedAt > 0) return;
    committedAt = performance.now();
    watch.disconnect();
    cy.on('render', () => {
      draws++;
      if (wholeAt === 0 && cy.elements().length === total) wholeAt = performance.now();
      if (drawnAt === 0 && cy.nodes().length > 0) {
        drawnAt = performance.now();
        // cytoscape records the draw's duration when its frame callback returns.
        queueMicrotask(() => {
          drawMs = (cy as unknown as { renderer(): { lastRedrawTime?: number } }).renderer().lastRedrawTime ?? 0;
        });
      }
    });
  });
  watch.observe(canvas, { childList: true, subtree: true });

  const root = createRoot(canvas);
  // Marks for a DevTools trace of the bench: the measured span, mount to first paint.
  performance.mark('chart-bench:mount');
  const t0 = performance.now();
  const t1 = await new Promise<number>((done) => {
    root.render(<Chart chart={chart} onReady={() => done(performance.now())} />);
  });
  performance.mark('chart-bench:ready');
  drawsAtReady = draws;
  const inked = inkedPixels(canvas);
  watch.disconnect();
  const cy = findCy(canvas);
  const extent = cy?.extent();
  const visible = extent
    ? cy!.nodes().filter((n) => {
        const p = n.position();
        return p.x >= extent.x1 && p.x <= extent.x2 && p.y >= extent.y1 && p.y <= extent.y2;
      }).length
    : 0;
  const result: ChartMount = {
    total: t1 - t0,
    setup: committedAt - t0,
    frame: drawnAt > 0 ? drawnAt - drawMs - committedAt : 0,
    draw: drawMs,
    draws: drawsAtReady,
    whole: 0,
    nodes: cy?.nodes().length ?? 0,
    visible,
    zoom: cy?.zoom() ?? 0,
    inked,
    drawnBeforeReady: drawnAt > 0 && drawnAt <= t1,
  };
  // The rest of the chart, added after the first paint.
  for (let waited = 0; wholeAt === 0 && waited < 200; waited++) await nextFrame();
  result.whole = wholeAt > 0 ? wholeAt - t0 : -1;
  result.nodes = cy?.nodes().length ?? 0;
  root.unmount();
  host.remove();
  await nextFrame();
  return result;
}

async function run(opts: { mounts: number; nodes: number }) {
  const layoutChart = buildBenchChart({ nodes: opts.nodes });
  const presetChart = buildBenchChart({ nodes: opts.nodes, positions: true });
  const load = await loadView();
  // The first mount is cold (JIT, style and font caches); then warm mounts of each kind.
  const cold = await mount(layoutChart);
  const laidOut: ChartMount[] = [];
  const preset: ChartMount[] = [];
  for (let i = 0; i < opts.mounts; i++) {
    laidOut.push(await mount(layoutChart));
    preset.push(await mount(presetChart));
  }
  return { load, cold, laidOut, preset, edges: layoutChart.edges.length };
}

/** Mounts a chart and leaves it on the page, to look at (a screenshot) rather than time. */
async function show(opts: { nodes: number; positions: boolean }): Promise<void> {
  if (!View) await loadView();
  const Chart = View!;
  const host = document.createElement('div');
  host.className = 'bench-host';
  const canvas = document.createElement('div');
  canvas.className = 'cw-chart__canvas';
  host.append(canvas);
  page.replaceChildren(host);
  const chart = buildBenchChart(opts);
  await new Promise<void>((done) => createRoot(canvas).render(<Chart chart={chart} onReady={done} />));
}

(window as unknown as { __chartBench: unknown }).__chartBench = { ready: true, run, show };
