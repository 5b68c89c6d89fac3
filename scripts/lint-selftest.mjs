// Proves the layer lint bites: plants wrong-way imports, expects depcruise to fail on
// each, and removes the probes whatever happens.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

const probes = [
  { name: 'domain -> infrastructure', from: 'domain/__probe__/p.ts', target: 'infrastructure/__probe__/t.ts', spec: '../../infrastructure/__probe__/t', typeOnly: false },
  { name: 'domain -> infrastructure (type-only)', from: 'domain/__probe__/p.ts', target: 'infrastructure/__probe__/t.ts', spec: '../../infrastructure/__probe__/t', typeOnly: true },
  { name: 'domain -> axios', from: 'domain/__probe__/p.ts', target: null, spec: 'axios', typeOnly: false },
  { name: 'presentation -> infrastructure', from: 'presentation/__probe__/p.ts', target: 'infrastructure/__probe__/t.ts', spec: '../../infrastructure/__probe__/t', typeOnly: false },
  { name: 'application -> infrastructure', from: 'application/__probe__/p.ts', target: 'infrastructure/__probe__/t.ts', spec: '../../infrastructure/__probe__/t', typeOnly: true },
  { name: 'domain -> domain (control: must pass)', from: 'domain/__probe__/p.ts', target: 'domain/__probe__/t.ts', spec: './t', typeOnly: false, allowed: true },
  { name: 'infrastructure -> application ports (control: must pass)', from: 'infrastructure/__probe__/p.ts', target: 'application/__probe__/ports.ts', spec: '../../application/__probe__/ports', typeOnly: true, allowed: true },
  { name: 'infrastructure -> application use case', from: 'infrastructure/__probe__/p.ts', target: 'application/__probe__/useCase.ts', spec: '../../application/__probe__/useCase', typeOnly: false },
];

const cleanup = () => {
  for (const dir of ['domain', 'application', 'infrastructure', 'presentation']) rmSync(`${dir}/__probe__`, { recursive: true, force: true });
};

let failed = 0;
try {
  for (const p of probes) {
    cleanup();
    mkdirSync(p.from.replace(/\/[^/]+$/, ''), { recursive: true });
    if (p.target) {
      mkdirSync(p.target.replace(/\/[^/]+$/, ''), { recursive: true });
      writeFileSync(p.target, 'export type T = { x: number };\nexport const t = 1;\n');
    }
    const imp = p.typeOnly ? `import type { T } from '${p.spec}';\nexport const v: T | null = null;\n` : `import * as m from '${p.spec}';\nexport const v = m;\n`;
    writeFileSync(p.from, imp);
    let bit = false;
    try {
      execFileSync('npx', ['depcruise', '--config', '.dependency-cruiser.cjs', p.from], { stdio: 'pipe' });
    } catch {
      bit = true;
    }
    const good = p.allowed ? !bit : bit;
    console.log(`${good ? 'ok  ' : 'FAIL'} lint ${p.allowed ? 'accepts' : 'rejects'} ${p.name}`);
    if (!good) failed++;
  }
} finally {
  cleanup();
}
if (failed) {
  console.error(`${failed} lint probe(s) gave the wrong verdict`);
  process.exit(1);
}
