// Writes docs/screens.md from the screenshots the browser tests leave in docs/screens/.
import { readdirSync, writeFileSync } from 'node:fs';

const shots = readdirSync('docs/screens').filter((f) => f.endsWith('.png')).sort();
const lines = [
  '# Screens',
  '',
  'Written by the browser tests (`npm run test:e2e`) in a 390x844 viewport against the sandbox;',
  'each test calls `snap(page, name)` (tests/e2e/support.ts). Regenerate this page with',
  '`node scripts/screens-doc.mjs`.',
  '',
];
for (const f of shots) {
  const name = f.replace(/\.png$/, '');
  lines.push(`## ${name}`, '', `<img src="screens/${f}" alt="${name}" width="300">`, '');
}
writeFileSync('docs/screens.md', lines.join('\n'));
console.log(`docs/screens.md: ${shots.length} screens`);
