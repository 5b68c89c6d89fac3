/**
 * The flow chart under load: a 300-node chart (bench/chartBenchChart.ts) drawn
 * by presentation/flowchart's FlowChartView in headless Chromium (/usr/bin/chromium) at
 * 390x844 with the CPU slowed 4x, timed from the mount to the first paint of the drawn
 * graph (see bench/chartBenchEntry.tsx for the end point). Median of several mounts, for
 * a chart without positions (laid out in the browser) and one with the server's
 * positions: target <= 150 ms each (issue 19), a row fails only above 700 ms (the old
 * limit, kept as the floor; a median between the two passes, noted "(under target)").
 *
 * And the flow-chart chunk in the production build (DIST_DIR, default dist/, like the
 * bundle bench): its gzip size, and a row that fails when any flow-chart code (cytoscape,
 * react-cytoscapejs should it come back, presentation/flowchart) is in the static closure of the entry or of
 * the login or home route, i.e. in what those must fetch before they can render.
 */
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { entryKeys, gzipKb, readManifest, ROUTE_BUDGETS, staticClosure } from './bundle';
import { BENCH_NODE_COUNT } from './chartBenchChart';
import type { ChartMount } from './chartBenchEntry';
import { buildBenchPage, launchChromium, ROOT, serveDir } from './browserPage';
import { formatTable } from './table';
import type { Row } from './types';

const OUT_DIR = join(ROOT, 'dist-bench-chart');
export const CPU_SLOWDOWN = 4;
/** The first-paint target at 4x CPU (issue 19)... */
export const FIRST_PAINT_TARGET_MS = 150;
/** ...and the floor: a median above it fails the bench. */
export const FIRST_PAINT_MS = 700;
/** The lazily loaded module that pulls in cytoscape. */
const VIEW_SOURCE = 'presentation/flowchart/FlowChartView.tsx';


// ---------------------------------------------------------------- the chunk

type Manifest = ReturnType<typeof readManifest>;

/**
 * Flow-chart chunks of a build: those made from presentation/flowchart modules (by source
 * or chunk name), and any JS holding cytoscape or react-cytoscapejs, found by strings
 * minification keeps (cytoscape's container key, the wrapper's display name), so a
 * vendor chunk that swallowed them is caught too.
 */
export function flowChartFiles(distDir: string, manifest: Manifest): Set<string> {
  const files = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const name = (chunk as { name?: string }).name ?? '';
    if (key.startsWith('presentation/flowchart/') || /^(FlowChart[A-Z]|cytoscape|react-cytoscape)/.test(name)) files.add(chunk.file);
  }
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js') || files.has(chunk.file)) continue;
    const text = readFileSync(join(distDir, chunk.file), 'utf8');
    if (text.includes('__________cytoscape_container') || text.includes('CytoscapeComponent')) files.add(chunk.file);
  }
  return files;
}

export function chunkRows(distDir = resolve(process.env.DIST_DIR ?? 'dist')): Row[] {
  const manifest = readManifest(distDir);
  const view = manifest[VIEW_SOURCE];
  if (!view) throw new Error(`${VIEW_SOURCE} is not in the build manifest`);
  const chart = flowChartFiles(distDir, manifest);
  const entries = entryKeys(manifest);
  const initial = [
    { what: 'entry', files: staticClosure(manifest, entries) },
    ...ROUTE_BUDGETS.map((b) => ({ what: `${b.route} route`, files: staticClosure(manifest, [...entries, b.source]) })),
  ];
  const leaks = initial.flatMap((i) => [...i.files].filter((f) => chart.has(f)).map((f) => `${basename(f)} in ${i.what}`));
  return [
    {
      name: 'flow-chart chunk (FlowChartView: cytoscape)',
      value: Math.round(gzipKb(distDir, [view.file]) * 10) / 10,
      unit: 'KB gzip',
      target: null,
      pass: null,
      detail: `all flow-chart files ${(Math.round(gzipKb(distDir, chart) * 10) / 10).toFixed(1)} KB: ${[...chart].map((f) => basename(f)).join(', ')}`,
    },
    {
      name: 'flow-chart files in the initial load (entry, login, home)',
      value: leaks.length,
      unit: 'files',
      target: '0 (loaded with the first chart only)',
      pass: leaks.length === 0,
      detail: leaks.length === 0 ? 'lazy' : leaks.join('; '),
    },
  ];
}

// ---------------------------------------------------------------- the paint



interface PageResult {
  load: number;
  cold: ChartMount;
  laidOut: ChartMount[];
  preset: ChartMount[];
  edges: number;
}

const median = (mounts: readonly ChartMount[]): ChartMount => {
  const sorted = [...mounts].sort((a, b) => a.total - b.total);
  const at = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!at) throw new Error('no mounts');
  return at;
};

const parts = (m: ChartMount) =>
  `set-up ${m.setup.toFixed(0)} + to frame ${m.frame.toFixed(0)} + draw ${m.draw.toFixed(0)} + paint ${(m.total - m.setup - m.frame - m.draw).toFixed(0)} ms; ${m.visible} nodes on screen at zoom ${m.zoom.toFixed(2)}`;

/** A median first paint: the target, and the floor that fails the bench. */
export const firstPaintRow = (name: string, m: ChartMount, mounts: number): Row => ({
  name,
  value: m.total,
  unit: 'ms',
  target: `<= ${FIRST_PAINT_TARGET_MS} ms (fails above ${FIRST_PAINT_MS} ms)`,
  pass: m.total <= FIRST_PAINT_MS,
  detail: `median of ${mounts}: ${parts(m)}${m.total <= FIRST_PAINT_TARGET_MS ? '' : ' (under target)'}`,
});

/** Every mount must have drawn the laid-out graph before onReady, and left ink on the canvas. */
const undrawn = (mounts: readonly ChartMount[]) => mounts.filter((m) => !m.drawnBeforeReady || m.inked === 0 || m.nodes === 0).length;

export async function paintRows(opts: { mounts?: number; nodes?: number } = {}): Promise<Row[]> {
  await buildBenchPage('chart-bench.html', OUT_DIR);
  const { server, url } = await serveDir(OUT_DIR);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${url}/bench/chart-bench.html`);
    await page.waitForFunction(() => (window as unknown as { __chartBench?: { ready: boolean } }).__chartBench?.ready === true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const result = (await page.evaluate(
      (o) => (window as unknown as { __chartBench: { run: (x: unknown) => Promise<unknown> } }).__chartBench.run(o),
      { mounts: opts.mounts ?? 5, nodes: opts.nodes ?? BENCH_NODE_COUNT },
    )) as PageResult;
    const laidOut = median(result.laidOut);
    const preset = median(result.preset);
    const all = [result.cold, ...result.laidOut, ...result.preset];
    const bad = undrawn(all);
    return [
      { name: 'chart', value: laidOut.nodes, unit: 'nodes', target: null, pass: null, detail: `${result.edges} edges; canvas 390x750 at device pixel ratio 2` },
      { name: 'flow-chart chunk load (fetch + evaluate)', value: result.load, unit: 'ms', target: null, pass: null },
      { name: 'first paint (first mount, cold)', value: result.cold.total, unit: 'ms', target: null, pass: null, detail: parts(result.cold) },
      firstPaintRow('first paint, laid out in the browser', laidOut, result.laidOut.length),
      firstPaintRow('first paint, server positions', preset, result.preset.length),
      {
        name: 'whole chart drawn (rest added after the first paint)',
        value: laidOut.whole,
        unit: 'ms',
        target: null,
        pass: null,
        detail: `server positions: ${preset.whole.toFixed(0)} ms`,
      },
      { name: 'mounts without a drawn chart at onReady', value: bad, unit: 'mounts', target: '0', pass: bad === 0, detail: `of ${all.length}` },
      { name: 'mounts that never drew every element', value: all.filter((m) => m.whole < 0 || m.nodes !== laidOut.nodes).length, unit: 'mounts', target: '0', pass: all.every((m) => m.whole >= 0 && m.nodes === laidOut.nodes) },
    ];
  } finally {
    await browser.close();
    server.close();
  }
}

export async function runChartBench(): Promise<Row[]> {
  let chunk: Row[];
  try {
    chunk = chunkRows();
  } catch (e) {
    // No production build to read (npm run build first): say so, and still time the paint.
    chunk = [{ name: 'flow-chart files in the initial load', value: 0, unit: '', target: 'a production build to check', pass: false, detail: e instanceof Error ? e.message : String(e) }];
  }
  return [...chunk, ...(await paintRows())];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runChartBench()
    .then((rows) => console.log(formatTable('Flow chart: 300 nodes, 4x CPU slowdown', rows)))
    .catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
}
