import { describe, expect, it } from 'vitest';
import { markdownTable, performanceReport } from '../../../bench/report';

const rows = [
  { name: 'login performance (/login)', value: 97, unit: 'score', target: '>= 95 (fails below 90)', pass: true, detail: 'FCP 1.9 s | LCP 2.3 s' },
  { name: '  domain/forms', value: 88.3, unit: '%', target: null, pass: null, detail: '3153/3572' },
  { name: 'home performance (/)', value: 84, unit: 'score', target: '>= 95 (fails below 90)', pass: false },
];

describe('docs/performance.md (bench/report.ts)', () => {
  it('one markdown row per bench row, pipes escaped, FAIL in bold, informational rows with -', () => {
    const lines = markdownTable(rows).split('\n');
    expect(lines).toHaveLength(2 + rows.length);
    expect(lines[2]).toBe('| login performance (/login) | 97 | score | >= 95 (fails below 90) | PASS | FCP 1.9 s \\| LCP 2.3 s |');
    expect(lines[3]).toBe('| domain/forms | 88.3 | % | - | - | 3153/3572 |');
    expect(lines[4]).toContain('| **FAIL** |');
  });

  it('a bench left out of the run (no value) shows - and is neither PASS nor FAIL', () => {
    const skipped = { name: 'Domain mutation score', value: Number.NaN, unit: '%', target: '>= 80%', pass: null, detail: 'not run in this pass (MUTATION=skip)' };
    expect(markdownTable([skipped]).split('\n')[2]).toBe('| Domain mutation score | - | % | >= 80% | - | not run in this pass (MUTATION=skip) |');
  });

  it('carries the date, the machine, the verdict and every table; a bench that did not run says so', () => {
    const page = performanceReport(
      [
        { title: 'Lighthouse 12', rows },
        { title: 'Mutation testing', rows: [], error: 'stryker exited 1' },
      ],
      new Date('2026-11-24T08:30:00Z'),
      'Test CPU, 2 cores, 24 GiB; Node v20.20.2; Chromium 156',
    );
    expect(page).toContain('- Measured: 2026-11-24 08:30 UTC');
    expect(page).toContain('- Machine: Test CPU, 2 cores, 24 GiB; Node v20.20.2; Chromium 156');
    expect(page).toContain('- Result: outside a limit: home performance (/); Mutation testing');
    expect(page).toContain('## Lighthouse 12');
    expect(page).toContain('The bench did not run: stryker exited 1');
    const ok = performanceReport([{ title: 'x', rows: rows.slice(0, 2) }], new Date(0), 'm');
    expect(ok).toContain('- Result: every bench within its limits');
    expect(ok).not.toContain('Hand-written');
  });

  it('hand-written notes come after every table, marked as such', () => {
    const page = performanceReport([{ title: 'x', rows: rows.slice(0, 2) }], new Date(0), 'm', '## Where the time went\n\nhome: ...\n');
    expect(page.indexOf('## x')).toBeLessThan(page.indexOf('## Where the time went'));
    expect(page).toContain('*Hand-written (bench/notes.md), not produced by this run; it says which runs it quotes.*');
  });
});
