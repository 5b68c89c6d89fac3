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
for (const f of shots) {
  const name = f.replace(/\.png$/, '');
  lines.push(`## ${name}`, '', `<img src="screens/${f}" alt="${name}" width="300">`, '');
}
writeFileSync('docs/screens.md', lines.join('\n'));
console.log(`docs/screens.md: ${shots.length} screens`);
