/**
 * docs/performance.md, written by `npm run bench` from the tables it printed: every
 * figure with the date and the machine it was measured on. Markdown tables, so
 * the page reads on GitHub; the numbers are the run's own, nothing is edited by hand.
 */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import type { Row } from './types';

export interface BenchResult {
  readonly title: string;
  readonly rows: readonly Row[];
  /** Set when the bench itself failed to run. */
  readonly error?: string;
}

const fmt = (n: number): string => (Number.isNaN(n) ? '-' : Number.isInteger(n) ? String(n) : n.toFixed(1));
const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownTable(rows: readonly Row[]): string {
  const head = '| bench | value | unit | target | result | detail |\n|---|---:|---|---|---|---|';
  const body = rows.map(
    (r) => `| ${cell(r.name.trim())} | ${fmt(r.value)} | ${cell(r.unit)} | ${cell(r.target ?? '-')} | ${r.pass === null ? '-' : r.pass ? 'PASS' : '**FAIL**'} | ${cell(r.detail ?? '')} |`,
  );
  return [head, ...body].join('\n');
}

function chromiumVersion(): string {
  try {
    return execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch {
    return 'Chromium (version unknown)';
  }
}

export function machineLine(): string {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${chromiumVersion()}`;
}

/**
 * `notes`: a hand-written page appended after the tables (bench/notes.md: where each
 * screen's time went, before and after a change, with the date of the runs it quotes).
 */
export function performanceReport(results: readonly BenchResult[], when: Date, machine: string, notes = ''): string {
  const failed = results.flatMap((r) => (r.error ? [r.title] : r.rows.filter((row) => row.pass === false).map((row) => row.name.trim())));
  return [
    '# Performance',
    '',
    'Written by `npm run bench` (bench/run.ts); run it again to refresh this page. Targets and',
    'limits come from the issues; a FAIL row fails the bench. This machine is shared and noisy:',
    'ratios measured in one run (native vs. engines, reference pages) are the fair comparison.',
    '',
    `- Measured: ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- Machine: ${machine}`,
    `- Result: ${failed.length === 0 ? 'every bench within its limits' : `outside a limit: ${failed.join('; ')}`}`,
    '',
    ...results.flatMap((r) => [`## ${r.title}`, '', r.error ? `The bench did not run: ${r.error}` : markdownTable(r.rows), '']),
    ...(notes.trim() === '' ? [] : ['---', '', '*Hand-written (bench/notes.md), not produced by this run; it says which runs it quotes.*', '', notes.trim(), '']),
  ].join('\n');
}
