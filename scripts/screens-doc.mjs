// Writes docs/screens.md from the screenshots in docs/screens/ (`npm run screens` refreshes both).
import { readdirSync, writeFileSync } from 'node:fs';

const shots = readdirSync('docs/screens').filter((f) => f.endsWith('.png')).sort();
const lines = [
  '# Screens',
  '',
  'Taken by the browser tests in a 390x844 viewport against the sandbox; each test calls',
  '`snap(page, name)` (tests/e2e/support.ts). `npm run screens` (scripts/screens.ts) refreshes',
  'the shots and this page; `npm test` writes its shots to test-results/screens/ and leaves',
  'these alone. `node scripts/screens-doc.mjs` rewrites this page alone.',
  '',
];
// fit-<width>-<text %>-<screen>.png (tests/e2e/fit.spec.ts): one table, a row per screen.
const FIT = /^fit-(\d+)-(\d+)-(.+)\.png$/;
for (const f of shots.filter((s) => !FIT.test(s))) {
  const name = f.replace(/\.png$/, '');
  lines.push(`## ${name}`, '', `<img src="screens/${f}" alt="${name}" width="300">`, '');
}
const fit = shots.map((f) => FIT.exec(f)).filter((m) => m !== null);
if (fit.length > 0) {
  const sizes = [...new Set(fit.map((m) => `${m[1]}-${m[2]}`))].sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b));
  const screens = [...new Set(fit.map((m) => m[3]))];
  lines.push(
    '## Every width and text size',
    '',
    'tests/e2e/fit.spec.ts on Playwright\'s phone descriptors with a notch (47 px top, 34 px',
    'bottom) and the system text at 100%, 130% and 200%: each screen fails the test on',
    'sideways scrolling, cut or overlapping text, or a bar in the notch. Columns: width in',
    'CSS px, text size.',
    '',
    `| screen | ${sizes.map((s) => `${s.replace('-', ' px, ')}%`).join(' | ')} |`,
    `|---|${sizes.map(() => '---').join('|')}|`,
  );
  for (const screen of screens) {
    const cells = sizes.map((s) => {
      const f = `fit-${s}-${screen}.png`;
      return shots.includes(f) ? `<img src="screens/${f}" alt="${screen} ${s}" width="160">` : '';
    });
    lines.push(`| ${screen} | ${cells.join(' | ')} |`);
  }
  lines.push('');
}
writeFileSync('docs/screens.md', lines.join('\n'));
console.log(`docs/screens.md: ${shots.length} screens`);
