// Prints line coverage per layer from vitest's json-summary, and fails when the domain
// drops under 95% (domain line coverage of at least 95%, printed in the test output).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const summary = JSON.parse(readFileSync('coverage/coverage-summary.json', 'utf8'));
const layers = new Map();
for (const [file, data] of Object.entries(summary)) {
  if (file === 'total') continue;
  const layer = relative(process.cwd(), file).split('/')[0];
  const acc = layers.get(layer) ?? { covered: 0, total: 0 };
  acc.covered += data.lines.covered;
  acc.total += data.lines.total;
  layers.set(layer, acc);
}
const pct = ({ covered, total }) => (total === 0 ? 100 : (100 * covered) / total);
console.log('\nLine coverage by layer');
for (const [layer, acc] of [...layers].sort()) {
  console.log(`  ${layer.padEnd(16)} ${pct(acc).toFixed(2).padStart(6)}%  (${acc.covered}/${acc.total} lines)`);
}
const domain = layers.get('domain');
const domainPct = domain ? pct(domain) : 0;
console.log(`Domain line coverage: ${domainPct.toFixed(2)}% (required: 95%)`);
if (domainPct < 95) process.exit(1);
