/**
 * `npm run bench`: every bench in turn, one table each, then docs/performance.md with
 * the same tables, the date and the machine (bench/report.ts). Exits non-zero when any
 * row misses a hard limit (pass === false). Add a bench by appending to BENCHES.
 */
import { HASH_BENCH_RUNS, runHashBench } from './hash';
import { runFormBench } from './formBench';
import { runBundleBench } from './bundle';
import { runLoadBench } from './loadBench';
import { runMutationBench } from './mutationBench';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineLine, performanceReport, type BenchResult } from './report';
import { formatTable } from './table';
import type { Bench, Row } from './types';

export const BENCHES: readonly Bench[] = [
  { title: 'Initial JavaScript by route, gzip (production build)', run: runBundleBench },
  { title: `MD5 throughput, best of ${HASH_BENCH_RUNS} (SPEC point 9 file hash)`, run: runHashBench },
  { title: 'Form engine and renderer: 300 fields, 100 rules, headless Chromium, 4x CPU slowdown', run: runFormBench },
  { title: 'Sandbox under load: 50 simulated users starting and approving flows over HTTP on loopback, 20 s', run: runLoadBench },
  { title: '批量处理: 50 runs agreed as one batch beside 50 single approvals through the detail page (sandbox on loopback, same run)', run: () => import('./batchBench').then((m) => m.runBatchBench()) },
  { title: 'Mutation testing of the domain layer (Stryker, incremental)', run: runMutationBench },
  { title: 'Flow chart: 300 nodes first paint, headless Chromium, 4x CPU slowdown; flow-chart chunk kept out of the initial load', run: () => import('./chartBench').then((m) => m.runChartBench()) },
  { title: 'Lighthouse 12, mobile defaults (production build as npm start serves it, Debian Chromium): login, home, approval list', run: () => import('./lighthouseBench').then((m) => m.runLighthouseBench()) },
  {
    title: 'Lighthouse 12, mobile defaults, the same build behind a TLS and HTTP/2 front (as docs/deploy.md serves it; information, the targets are the rows above)',
    run: () => import('./lighthouseBench').then((m) => m.runLighthouseBench({ http2: true })),
  },
  { title: 'Long lists: 1,000 loaded rows, scroll frames at 4x CPU slowdown (main-thread CPU per frame, headless Chromium; median of 3 scrolls)', run: () => import('./scrollBench').then((m) => m.runScrollBench()) },
];

async function main(): Promise<void> {
  const failed: Row[] = [];
  const results: BenchResult[] = [];
  for (const bench of BENCHES) {
    try {
      const rows = await bench.run();
      console.log(`${formatTable(bench.title, rows)}\n`);
      failed.push(...rows.filter((r) => r.pass === false));
      results.push({ title: bench.title, rows });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      console.error(`${bench.title}: ${message}`);
      failed.push({ name: bench.title, value: 0, unit: '', target: 'runs', pass: false });
      results.push({ title: bench.title, rows: [], error: message });
    }
  }
  // BENCH_REPORT= (empty) leaves docs/performance.md alone, e.g. for a partial run.
  const report = process.env.BENCH_REPORT ?? join(import.meta.dirname, '..', 'docs', 'performance.md');
  if (report !== '') {
    const notesFile = join(import.meta.dirname, 'notes.md');
    const notes = existsSync(notesFile) ? readFileSync(notesFile, 'utf8') : '';
    writeFileSync(report, `${performanceReport(results, new Date(), machineLine(), notes).trimEnd()}\n`);
    console.log(`Written: ${report}`);
  }
  if (failed.length > 0) {
    console.error(`FAIL: ${failed.map((r) => r.name).join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('All benches within their limits.');
  }
}

await main();
