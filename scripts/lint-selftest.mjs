// Proves the lint bites: plants wrong-way imports, an import cycle and hook mistakes,
// expects depcruise or ESLint to fail on each with the rule meant to catch it, expects
// the controls to pass, and removes the probes whatever happens.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

const TARGET = 'export type T = { x: number };\nexport const t = 1;\n';
/** The specifier `from` uses for `to` ('../../infrastructure/__probe__/t'). */
const spec = (from, to) => {
  const r = relative(dirname(from), to).replace(/\.tsx?$/, '');
  return r.startsWith('.') ? r : `./${r}`;
};
const importOf = (s, typeOnly) =>
  typeOnly ? `import type { T } from '${s}';\nexport const v: T | null = null;\n` : `import * as m from '${s}';\nexport const v = m;\n`;

/**
 * A depcruise probe: `from` imports `to` (a planted file, or a package when `to` has no
 * slash). `rule` is the rule that must reject it; null for a control that must pass.
 */
const imports = (name, from, to, rule, { typeOnly = false } = {}) => {
  const planted = to.includes('/');
  return {
    tool: 'depcruise',
    name,
    files: { [from]: importOf(planted ? spec(from, to) : to, typeOnly), ...(planted ? { [to]: TARGET } : {}) },
    check: [from],
    rule,
  };
};

const depcruiseProbes = [
  imports('domain -> infrastructure', 'domain/__probe__/p.ts', 'infrastructure/__probe__/t.ts', 'domain-is-pure'),
  imports('domain -> infrastructure (type-only)', 'domain/__probe__/p.ts', 'infrastructure/__probe__/t.ts', 'domain-is-pure', { typeOnly: true }),
  imports('domain -> axios', 'domain/__probe__/p.ts', 'axios', 'domain-is-pure'),
  imports('presentation -> infrastructure', 'presentation/shared/__probe__/p.ts', 'infrastructure/__probe__/t.ts', 'presentation-never-infrastructure'),
  imports('application -> infrastructure', 'application/__probe__/p.ts', 'infrastructure/__probe__/t.ts', 'application-inwards-only', { typeOnly: true }),
  imports('domain -> domain (control: must pass)', 'domain/__probe__/p.ts', 'domain/__probe__/t.ts', null),
  imports('infrastructure -> application ports (control: must pass)', 'infrastructure/__probe__/p.ts', 'application/__probe__/ports.ts', null, { typeOnly: true }),
  imports('infrastructure -> application use case', 'infrastructure/__probe__/p.ts', 'application/__probe__/useCase.ts', 'infrastructure-speaks-ports'),
  {
    tool: 'depcruise',
    name: 'an import cycle (domain a -> b -> a)',
    files: { 'domain/__probe__/a.ts': importOf('./b', false), 'domain/__probe__/b.ts': importOf('./a', false) },
    check: ['domain/__probe__'],
    rule: 'no-circular',
  },
  {
    tool: 'depcruise',
    name: 'an import cycle closed by a type-only import (presentation)',
    files: { 'presentation/forms/__probe__/a.ts': importOf('./b', false), 'presentation/forms/__probe__/b.ts': importOf('./a', true) },
    check: ['presentation/forms/__probe__'],
    rule: 'no-circular',
  },
  imports('page context -> another page context (portal -> apps)', 'presentation/portal/__probe__/p.ts', 'presentation/apps/__probe__/t.ts', 'presentation-pages-apart'),
  imports('page context -> another page context, type-only (session -> shell)', 'presentation/session/__probe__/p.ts', 'presentation/shell/__probe__/t.ts', 'presentation-pages-apart', { typeOnly: true }),
  imports('capability context -> page context (forms -> approval)', 'presentation/forms/__probe__/p.ts', 'presentation/approval/__probe__/t.ts', 'presentation-capabilities-below-pages'),
  imports('capability context -> page context (shared -> todo)', 'presentation/shared/__probe__/p.ts', 'presentation/todo/__probe__/t.ts', 'presentation-capabilities-below-pages'),
  imports('page context -> the route table file', 'presentation/approval/__probe__/p.ts', 'presentation/__probe__.ts', 'presentation-top-level-on-top', { typeOnly: true }),
  imports('a presentation folder that is no listed context', 'presentation/__probe__/p.ts', 'presentation/shared/__probe__/t.ts', 'presentation-contexts-known'),
  imports('page context -> capability context (control: must pass)', 'presentation/approval/__probe__/p.ts', 'presentation/forms/__probe__/t.ts', null),
  imports('page context -> its own files (control: must pass)', 'presentation/approval/__probe__/p.ts', 'presentation/approval/__probe__/t.ts', null),
  imports('capability context -> capability context (control: must pass)', 'presentation/forms/__probe__/p.ts', 'presentation/files/__probe__/t.ts', null),
  imports('top-level file -> page context (control: must pass)', 'presentation/__probe__.ts', 'presentation/approval/__probe__/t.ts', null),
  imports('application: page context -> another page context (apps -> approval)', 'application/apps/__probe__/p.ts', 'application/approval/__probe__/t.ts', 'application-pages-apart', { typeOnly: true }),
  imports('application: capability -> page context (session -> todo)', 'application/session/__probe__/p.ts', 'application/todo/__probe__/t.ts', 'application-capabilities-below-pages'),
  imports('application: an application folder that is no listed context', 'application/__probe__/p.ts', 'application/shared/__probe__/t.ts', 'application-contexts-known'),
  imports('application: page context -> the ports (control: must pass)', 'application/apps/__probe__/p.ts', 'application/ports/__probe__/t.ts', null),
];

/** An ESLint probe: one planted file; `rule` is what must be reported, null for a control. */
const lints = (name, file, text, rule) => ({ tool: 'eslint', name, files: { [file]: text }, check: [file], rule });

const eslintProbes = [
  lints(
    'a hook called conditionally',
    'presentation/approval/__probe__/Conditional.tsx',
    "import { useState } from 'react';\n\nexport function Probe({ on }: { on: boolean }) {\n  if (on) {\n    const [v] = useState(0);\n    return <span>{v}</span>;\n  }\n  return null;\n}\n",
    'react-hooks/rules-of-hooks',
  ),
  lints(
    'an effect missing a dependency',
    'presentation/approval/__probe__/Deps.tsx',
    "import { useEffect } from 'react';\n\nexport function Probe({ id }: { id: string }) {\n  useEffect(() => {\n    document.title = id;\n  }, []);\n  return null;\n}\n",
    'react-hooks/exhaustive-deps',
  ),
  lints(
    'a disable comment that disables nothing',
    'presentation/approval/__probe__/unused.ts',
    '// eslint-disable-next-line no-console\nexport const quiet = 1;\n',
    'Unused eslint-disable directive',
  ),
  lints('an explicit any in domain/', 'domain/__probe__/any.ts', 'export const id = (x: any): unknown => x;\n', '@typescript-eslint/no-explicit-any'),
  lints('console.warn in application/', 'application/__probe__/log.ts', "export const log = (m: string): void => console.warn(m);\n", 'no-console'),
  lints('console.log in presentation/', 'presentation/approval/__probe__/log.ts', "export const log = (m: string): void => console.log(m);\n", 'no-console'),
  lints(
    'hooks called at the top with their dependencies, console.warn in a screen (control: must pass)',
    'presentation/approval/__probe__/Fine.tsx',
    "import { useEffect, useState } from 'react';\n\nexport function Probe({ id }: { id: string }) {\n  const [v] = useState(0);\n  useEffect(() => {\n    if (v < 0) console.warn('[probe] negative', id);\n  }, [id, v]);\n  return <span>{v}</span>;\n}\n",
    null,
  ),
];

const PROBE_DIRS = [
  'domain/__probe__',
  'application/__probe__',
  'infrastructure/__probe__',
  'presentation/__probe__',
  'presentation/__probe__.ts',
  ...['approval', 'todo', 'portal', 'apps', 'session', 'shell', 'forms', 'files', 'shared'].map((c) => `presentation/${c}/__probe__`),
  ...['approval', 'todo', 'apps', 'session', 'ports', 'shared'].map((c) => `application/${c}/__probe__`),
];
const cleanup = () => {
  for (const p of PROBE_DIRS) rmSync(p, { recursive: true, force: true });
};

const run = (probe) => {
  const args =
    probe.tool === 'depcruise'
      ? ['depcruise', '--config', '.dependency-cruiser.cjs', ...probe.check]
      : ['eslint', '--max-warnings', '0', ...probe.check];
  try {
    return { failed: false, out: execFileSync('npx', args, { stdio: 'pipe', encoding: 'utf8' }) };
  } catch (e) {
    return { failed: true, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
};

let wrong = 0;
try {
  for (const probe of [...depcruiseProbes, ...eslintProbes]) {
    cleanup();
    for (const [file, text] of Object.entries(probe.files)) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    const { failed, out } = run(probe);
    // A wrong-way probe must fail, and by the rule meant for it (not a typo or another rule).
    const good = probe.rule === null ? !failed : failed && out.includes(probe.rule);
    const verdict = probe.rule === null ? 'accepts' : `rejects (${probe.rule})`;
    console.log(`${good ? 'ok  ' : 'FAIL'} ${probe.tool} ${verdict}: ${probe.name}`);
    if (!good) {
      wrong++;
      console.log(out.trim().replace(/^/gm, '       '));
    }
  }
} finally {
  cleanup();
}
if (wrong) {
  console.error(`${wrong} lint probe(s) gave the wrong verdict`);
  process.exit(1);
}
