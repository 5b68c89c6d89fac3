/**
 * Mutation testing of the domain layer (a score of at least 80%). Runs Stryker
 * (stryker.config.mjs) incrementally: reports/mutation/stryker-incremental.json, left by
 * the last run on this machine (generated, not committed: reports/README.md), holds the
 * outcome of every mutant, so only mutants in changed code, or covered by changed tests,
 * run again; without it (a fresh clone) every mutant runs, which takes far longer. Then
 * reads reports/mutation/mutation.json and prints the score of the domain and of each
 * bounded context. MUTATION=report skips the run and reads the last report (its date is
 * shown). MUTATION=skip leaves it out (a timing run on a fresh clone) and says so.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Row } from './types';

const ROOT = join(import.meta.dirname, '..');
const REPORT = join(ROOT, 'reports/mutation/mutation.json');
const INCREMENTAL = join(ROOT, 'reports/mutation/stryker-incremental.json');
const BREAK = 80;

type Status = 'Killed' | 'Timeout' | 'Survived' | 'NoCoverage' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

interface MutationReport {
  files: Record<string, { mutants: { status: Status }[] }>;
}

export interface Score {
  detected: number;
  undetected: number;
  /** Killed or timed out over all valid mutants (Stryker's mutation score), in %. */
  score: number;
}

/** Scores by bounded context (domain/<context>/...) and for the whole domain ('domain'). */
export function scoresByContext(report: MutationReport): Map<string, Score> {
  const tally = new Map<string, { detected: number; undetected: number }>();
  const add = (key: string, detected: boolean): void => {
    const t = tally.get(key) ?? { detected: 0, undetected: 0 };
    if (detected) t.detected++;
    else t.undetected++;
    tally.set(key, t);
  };
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const context = /^domain\/([^/]+)\//.exec(file.replace(/\\/g, '/'))?.[1] ?? 'other';
    for (const m of mutants) {
      if (m.status === 'Killed' || m.status === 'Timeout') add(context, true), add('domain', true);
      else if (m.status === 'Survived' || m.status === 'NoCoverage') add(context, false), add('domain', false);
    }
  }
  const out = new Map<string, Score>();
  for (const [key, t] of [...tally].sort(([a], [b]) => a.localeCompare(b))) {
    const total = t.detected + t.undetected;
    out.set(key, { ...t, score: total === 0 ? 100 : (t.detected / total) * 100 });
  }
  return out;
}

function runStryker(): Promise<number> {
  return new Promise((resolve, reject) => {
    // Only the summary matters here; Stryker's own table is in its clear-text output.
    const child = spawn('npx', ['stryker', 'run', '--reporters', 'json,html'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

export async function runMutationBench(): Promise<Row[]> {
  // A fresh clone has no incremental file, and a full run takes far longer than every other
  // bench together: MUTATION=skip leaves it out of a timing run and says so in the table.
  if (process.env.MUTATION === 'skip') {
    return [{ name: 'Domain mutation score', value: Number.NaN, unit: '%', target: `>= ${BREAK}%`, pass: null, detail: 'not run in this pass (MUTATION=skip); `npm run mutation` runs it' }];
  }
  const readOnly = process.env.MUTATION === 'report';
  if (readOnly && !existsSync(REPORT)) {
    throw new Error('MUTATION=report: no reports/mutation/mutation.json on this machine (reports are not committed); run `npm run mutation` or the bench without MUTATION=report first');
  }
  const incremental = existsSync(INCREMENTAL);
  const t0 = performance.now();
  const code = readOnly ? 0 : await runStryker();
  const minutes = (performance.now() - t0) / 60_000;
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as MutationReport;
  const scores = scoresByContext(report);
  const domain = scores.get('domain') ?? { detected: 0, undetected: 0, score: 0 };
  const rows: Row[] = [
    {
      name: 'Domain mutation score',
      value: Math.round(domain.score * 10) / 10,
      unit: '%',
      target: `>= ${BREAK}%`,
      pass: domain.score >= BREAK && code === 0,
      detail: readOnly
        ? `last report of ${statSync(REPORT).mtime.toISOString().slice(0, 16).replace('T', ' ')} UTC`
        : `${incremental ? 'incremental' : 'full (no incremental file yet)'} Stryker run, ${minutes.toFixed(1)} min; ${domain.detected} of ${domain.detected + domain.undetected} mutants killed`,
    },
  ];
  for (const [context, s] of scores) {
    if (context === 'domain') continue;
    rows.push({ name: `  domain/${context}`, value: Math.round(s.score * 10) / 10, unit: '%', target: null, pass: null, detail: `${s.detected}/${s.detected + s.undetected}` });
  }
  return rows;
}
