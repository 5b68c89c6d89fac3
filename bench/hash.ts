/**
 * Whole-file MD5 throughput of the hasher behind the FileHasher port (WebAssembly,
 * infrastructure/upload/md5Wasm.ts), its fallback (spark-md5) and node's native crypto,
 * on the same 64 MB of random bytes, fed the way the port feeds them: 10 MB chunks; and
 * the port itself, Blob reads included: in Node on an in-memory Blob, and in Chromium as
 * the app runs it, in its worker, on a file chosen from disk in an <input type=file>
 * (bench/hash-bench.html). Best of HASH_BENCH_RUNS (5) runs each, interleaved (one of
 * each in turn), so a change in a shared machine's load falls on all of them alike. Five,
 * not three: the Chromium row's first run starts its worker, and one slow run of the two
 * left moved that row from 0.85x to 0.66x between runs of one build (bench/notes.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HASH_CHUNK_SIZE } from '../domain/files/files';
import { Md5FileHasher } from '../infrastructure/upload/fileHasher';
import { createMd5Engine, type Md5EngineKind } from '../infrastructure/upload/md5';
import { buildBenchPage, launchChromium, ROOT, serveDir } from './browserPage';
import { formatTable } from './table';
import type { Row } from './types';

export const HASH_BENCH_BYTES = 64 * 1024 * 1024;
export const HASH_BENCH_RUNS = 5;
/** The WebAssembly engine must reach 80% of native speed. */
export const HASH_MIN_RATIO = 0.8;
/** The port, Blob reads included, aims at 85% of native (issue 19) and fails below 80%. */
export const HASH_PORT_TARGET = 0.85;
export const HASH_PORT_MIN_RATIO = 0.8;

const MB = 1024 * 1024;
const OUT_DIR = join(ROOT, 'dist-bench-hash');

/** The port in Chromium: hashes the file at `path`, chosen in the bench page's input, once per call. */
async function openBrowserPort(path: string): Promise<{ hash: () => Promise<string>; close: () => Promise<void> }> {
  await buildBenchPage('hash-bench.html', OUT_DIR);
  const { server, url } = await serveDir(OUT_DIR);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/bench/hash-bench.html`);
    await page.waitForFunction(() => typeof window.hashChosenFile === 'function');
    await page.locator('input').setInputFiles(path);
    return {
      hash: () => page.evaluate(() => window.hashChosenFile()),
      close: async () => {
        await browser.close();
        server.close();
      },
    };
  } catch (e) {
    await browser.close();
    server.close();
    throw e;
  }
}

const chunksOf = (data: Uint8Array): Uint8Array[] => {
  const out: Uint8Array[] = [];
  for (let i = 0; i < data.length; i += HASH_CHUNK_SIZE) out.push(data.subarray(i, Math.min(data.length, i + HASH_CHUNK_SIZE)));
  return out;
};

/** The best time of a job, and its first (a cold start, for the jobs that have one). */
type Timed = { seconds: number; first: number; digest: string };

/** Runs each job `runs` times, one of each in turn; the best time of each. */
async function bestOfInterleaved<K extends string>(runs: number, jobs: Record<K, () => Promise<string>>): Promise<Record<K, Timed>> {
  const names = Object.keys(jobs) as K[];
  const best = Object.fromEntries(names.map((n) => [n, { seconds: Infinity, first: NaN, digest: '' }])) as Record<K, Timed>;
  for (let i = 0; i < runs; i++) {
    for (const name of names) {
      const t0 = process.hrtime.bigint();
      const digest = await jobs[name]();
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      best[name] = { seconds: Math.min(best[name].seconds, seconds), first: i === 0 ? seconds : best[name].first, digest };
    }
  }
  return best;
}

const engineRun = (kind: Md5EngineKind, chunks: Uint8Array[]) => async () => {
  const engine = await createMd5Engine(kind);
  for (const c of chunks) engine.update(c);
  return engine.digest();
};

export async function runHashBench(opts: { bytes?: number; runs?: number } = {}): Promise<Row[]> {
  const bytes = opts.bytes ?? HASH_BENCH_BYTES;
  const runs = opts.runs ?? HASH_BENCH_RUNS;
  const data = new Uint8Array(randomBytes(bytes));
  const chunks = chunksOf(data);
  const mbps = (seconds: number) => bytes / MB / seconds;

  const blob = new Blob([data]);
  const dir = mkdtempSync(join(tmpdir(), 'hash-bench-'));
  const file = join(dir, 'upload.bin');
  writeFileSync(file, data);
  const browserPort = await openBrowserPort(file);
  const { native, wasm, spark, port, browser } = await bestOfInterleaved(runs, {
    native: async () => {
      const h = createHash('md5');
      for (const c of chunks) h.update(c);
      return h.digest('hex');
    },
    wasm: engineRun('wasm', chunks),
    spark: engineRun('spark', chunks),
    port: () => new Md5FileHasher({ createWorker: null, engine: 'wasm' }).md5(blob, 'whole'),
    browser: browserPort.hash,
  }).finally(async () => {
    await browserPort.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [name, r] of [['WebAssembly engine', wasm], ['spark-md5', spark], ['FileHasher', port], ['FileHasher in Chromium', browser]] as const) {
    if (r.digest !== native.digest) throw new Error(`${name} digest ${r.digest} differs from node:crypto ${native.digest}`);
  }

  const nativeSpeed = mbps(native.seconds);
  const ratio = (seconds: number) => mbps(seconds) / nativeSpeed;
  const ratioText = (seconds: number) => `${ratio(seconds).toFixed(2)}x native`;
  const size = `${Math.round(bytes / MB)} MB`;
  return [
    { name: `md5 node:crypto (${size})`, value: nativeSpeed, unit: 'MB/s', target: null, pass: null, detail: '1.00x native' },
    {
      name: `md5 WebAssembly engine, behind the port (${size})`,
      value: mbps(wasm.seconds),
      unit: 'MB/s',
      target: `>= ${HASH_MIN_RATIO}x native`,
      pass: ratio(wasm.seconds) >= HASH_MIN_RATIO,
      detail: ratioText(wasm.seconds),
    },
    { name: `md5 spark-md5, fallback (${size})`, value: mbps(spark.seconds), unit: 'MB/s', target: null, pass: null, detail: ratioText(spark.seconds) },
    {
      name: `md5 FileHasher port incl. Blob reads (${size})`,
      value: mbps(port.seconds),
      unit: 'MB/s',
      target: `>= ${HASH_PORT_TARGET}x native (fails below ${HASH_PORT_MIN_RATIO}x)`,
      pass: ratio(port.seconds) >= HASH_PORT_MIN_RATIO,
      detail: ratioText(port.seconds) + (ratio(port.seconds) >= HASH_PORT_TARGET ? '' : ' (under target)'),
    },
    {
      // The same port as a phone runs it; a new row, so no old limit fails it.
      name: `md5 FileHasher port in Chromium: its worker, a file from disk (${size})`,
      value: mbps(browser.seconds),
      unit: 'MB/s',
      target: `>= ${HASH_PORT_TARGET}x native`,
      pass: null,
      detail: `${ratioText(browser.seconds)}${ratio(browser.seconds) >= HASH_PORT_TARGET ? '' : ' (under target)'}; one hasher for the page as in the app, its worker started by the first run (${Math.round(browser.first * 1000)} ms) and kept; timed from node, one CDP call included`,
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await runHashBench();
  console.log(formatTable(`MD5 throughput, best of ${HASH_BENCH_RUNS}`, rows));
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
}
