/**
 * The route budget check of `npm test`, run on the production build right
 * after `npm run build`: fails when a route's initial JavaScript (entry + preloads +
 * route chunks, gzip) is over its hard limit, or when a heavy module (flow chart,
 * scanner, signature pad, cropper, QR code, file preview) is in the initial download of
 * the entry, login or home. The rules and the closure logic live in bench/bundle.ts,
 * which `npm run bench` prints from.
 *
 *   tsx scripts/budget-check.ts [distDir]     (default: $DIST_DIR or dist)
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkBudgets, type BudgetReport } from '../bench/bundle';

export function formatReport(report: BudgetReport): string {
  const lines = report.routes.map((r) => {
    const verdict = r.kb > r.limitKb ? 'OVER THE LIMIT' : r.kb > r.targetKb ? 'over target, under limit' : 'ok';
    return `  ${r.route.padEnd(6)} ${r.kb.toFixed(1).padStart(6)} KB gzip  (target ${r.targetKb}, limit ${r.limitKb})  ${verdict}`;
  });
  const tail = report.failures.length === 0 ? ['budget check passed'] : ['budget check FAILED:', ...report.failures.map((f) => `  - ${f}`)];
  return ['Initial JavaScript by route:', ...lines, ...tail].join('\n');
}

/** Exit code 0 when every budget holds, 1 otherwise (2: the build could not be read). */
export function main(argv: readonly string[] = process.argv.slice(2)): number {
  const distDir = resolve(argv[0] ?? process.env.DIST_DIR ?? 'dist');
  let report: BudgetReport;
  try {
    report = checkBudgets(distDir);
  } catch (e) {
    console.error(`budget check: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  const text = formatReport(report);
  if (report.failures.length === 0) console.log(text);
  else console.error(text);
  return report.failures.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) process.exit(main());
