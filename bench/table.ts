import type { Row } from './types';

const fmt = (n: number): string => (Number.isNaN(n) ? '-' : Number.isInteger(n) ? String(n) : n.toFixed(1));

/** A plain-text table, column widths fitted to the content (CJK-free names assumed). */
export function formatTable(title: string, rows: readonly Row[]): string {
  const header = ['bench', 'value', 'unit', 'detail', 'target', 'result'];
  const body = rows.map((r) => [
    r.name,
    fmt(r.value),
    r.unit,
    r.detail ?? '',
    r.target ?? '-',
    r.pass === null ? '-' : r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => line[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [title, line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
