/**
 * `npm run bench`: every bench in turn, one table each. Exits non-zero when any row
 * misses a hard limit (pass === false). Add a bench by appending to BENCHES.
 */
import { runHashBench } from './hash';
import { runFormBench } from './formBench';
import { runBundleBench } from './bundle';
import { formatTable } from './table';
import type { Bench, Row } from './types';

export const BENCHES: readonly Bench[] = [
  { title: 'Initial JavaScript by route, gzip (production build)', run: runBundleBench },
  { title: 'MD5 throughput, best of 3 (SPEC point 9 file hash)', run: runHashBench },
  { title: 'Form engine and renderer: 300 fields, 100 rules, headless Chromium, 4x CPU slowdown', run: runFormBench },
];

async function main(): Promise<void> {
  const failed: Row[] = [];
  for (const bench of BENCHES) {
    try {
      const rows = await bench.run();
      console.log(`${formatTable(bench.title, rows)}\n`);
      failed.push(...rows.filter((r) => r.pass === false));
    } catch (e) {
      console.error(`${bench.title}: ${e instanceof Error ? e.message : String(e)}`);
      failed.push({ name: bench.title, value: 0, unit: '', target: 'runs', pass: false });
    }
  }
  if (failed.length > 0) {
    console.error(`FAIL: ${failed.map((r) => r.name).join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('All benches within their limits.');
  }
}

await main();
