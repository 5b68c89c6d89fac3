/**
 * Two builds of the app audited by Lighthouse in alternation: the fair way to judge a
 * change on a noisy machine, where one build's home score spreads over ten points
 * (bench/notes.md, 2026-11-27). Each pair audits both builds once, the order swapped every
 * other pair so neither build always goes first; then every run is printed and each
 * build's median, with whether the two builds' ranges overlap (within the noise).
 *
 *   npx tsx bench/lighthouseAb.ts <distA> <distB> [pairs = 4] [page = home]
 *   npm run bench:lh-ab -- /tmp/before-dist /tmp/after-dist 3 "approval list"
 *
 * Builds come from `npx vite build --outDir <dir>` at each commit; the page is a name of
 * LIGHTHOUSE_PAGES (login, home, home (repeat visit), approval list).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './browserPage';
import { pagesNamed, runLighthouseBench, type LighthouseRun } from './lighthouseBench';

export interface AbRun {
  readonly build: 'A' | 'B';
  readonly score: number;
  readonly lcpS: number;
  readonly tbtMs: number;
}

/** One audit of a build, as compared: LCP in seconds to two places, TBT in whole milliseconds (as the bench's rows show them). */
export function abRun(build: 'A' | 'B', run: LighthouseRun): AbRun {
  return { build, score: run.performance, lcpS: Number((run.lcpMs / 1000).toFixed(2)), tbtMs: Math.round(run.tbtMs) };
}

/** Fewer runs of a build than this say nothing of its spread: no verdict. */
export const AB_MIN_RUNS = 3;

/** Each build's median and range of one measure, and whether the ranges are apart (each build run AB_MIN_RUNS times at least). */
export function compare(runs: readonly AbRun[], pick: (r: AbRun) => number): { a: number; b: number; apart: boolean; line: string } {
  const of = (build: 'A' | 'B') => runs.filter((r) => r.build === build).map(pick).filter(Number.isFinite);
  const [a, b] = [of('A'), of('B')];
  const range = (xs: number[]) => `${Math.min(...xs)}-${Math.max(...xs)}`;
  const enough = a.length >= AB_MIN_RUNS && b.length >= AB_MIN_RUNS;
  const apart = enough && (Math.max(...a) < Math.min(...b) || Math.max(...b) < Math.min(...a));
  const verdict = !enough ? `too few runs to judge (${AB_MIN_RUNS} a build at least)` : apart ? 'apart' : 'ranges overlap, within the noise';
  // The median of an even count is a mean of two measures given to two places: three places
  // hold it exactly (3.405, not 3.4050000000000002).
  const mid = (xs: number[]) => Number(median(xs).toFixed(3));
  return { a: mid(a), b: mid(b), apart, line: `A ${mid(a)} (${range(a)}), B ${mid(b)} (${range(b)}): ${verdict}` };
}

async function main(): Promise<void> {
  const [distA, distB, pairsArg, pageArg] = process.argv.slice(2);
  if (!distA || !distB) throw new Error('usage: tsx bench/lighthouseAb.ts <distA> <distB> [pairs] [page]');
  const pairs = Math.max(1, Number(pairsArg ?? 4));
  const page = pageArg ?? 'home';
  pagesNamed([page]);
  const runs: AbRun[] = [];
  for (let i = 0; i < pairs; i += 1) {
    const order: Array<['A' | 'B', string]> = i % 2 === 0 ? [['A', distA], ['B', distB]] : [['B', distB], ['A', distA]];
    for (const [build, dist] of order) {
      const audited: LighthouseRun[] = [];
      await runLighthouseBench({ runs: 1, distDir: resolve(dist), pages: [page], onRun: (r) => audited.push(r) });
      const [one] = audited;
      if (!one) throw new Error(`no audit of ${page}`);
      const run = abRun(build, one);
      runs.push(run);
      console.log(`pair ${i + 1} ${build}: score ${run.score}, LCP ${run.lcpS} s, TBT ${run.tbtMs} ms`);
    }
  }
  console.log(`\n${page}, ${pairs} pairs (A ${distA}, B ${distB})`);
  console.log(`score: ${compare(runs, (r) => r.score).line}`);
  console.log(`LCP s: ${compare(runs, (r) => r.lcpS).line}`);
  console.log(`TBT ms: ${compare(runs, (r) => r.tbtMs).line}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
