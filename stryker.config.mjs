// Mutation testing of the domain layer: its rules are where a surviving mutant costs most, so its score must stay at 80% or more. `npm run mutation`.
//
// Incremental: reports/mutation/stryker-incremental.json (kept locally, not committed:
// reports/README.md) holds the last run's outcome, so a rerun on the same machine only
// tests the mutants in changed code or covered by changed tests; the first run of a fresh
// clone tests them all. bench/mutationBench.ts runs Stryker the same way and reports the
// score.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every .ts file under dir, as a forward-slash path relative to the repo root. */
function tsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return tsFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** A module with no runtime statement (only types, interfaces and type imports/exports). */
function isTypeOnly(file) {
  const code = readFileSync(join(import.meta.dirname, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');
  return !/^\s*(export\s+)?(default\b|const\b|let\b|var\b|function\b|async\b|class\b|abstract\b|enum\b)/m.test(code)
    && !/^\s*export\s*\*|^\s*export\s*\{(?!\s*type\b)/m.test(code);
}

// Barrels (index.ts) and type-only modules hold no behaviour to mutate.
const excluded = tsFiles('domain').filter((f) => f.endsWith('/index.ts') || isTypeOnly(f));

/**
 * Files outside domain/ and tests/unit/domain/ that domain tests import (the real route
 * table for the link policy, the idempotency key built on the domain hash). A test that
 * cannot load in Stryker's sandbox is left out of the run without an error, and the
 * code it covers shows as "no coverage": tests/unit/scripts/strykerSandbox.test.ts
 * checks that everything the domain tests import is copied.
 */
export const SANDBOX_EXTRA_FILES = ['application/shared/routes.ts', 'application/shared/idempotency.ts'];

/** gitignore-style patterns that let one file in: each folder on its way is let in, and its other files kept out. */
function letIn(file) {
  const parts = file.split('/');
  const out = [];
  for (let i = 1; i < parts.length; i++) {
    const dir = parts.slice(0, i).join('/');
    out.push(`!/${dir}`, `/${dir}/*`);
  }
  return [...out, `!/${file}`];
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.mjs' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['domain/**/*.ts', ...excluded.map((f) => `!${f}`)],
  // Copy only what the domain tests need into Stryker's sandbox: the project root also
  // holds other people's build outputs (dist-*), screenshots and reports that change
  // while a run copies them (and would slow every run down).
  ignorePatterns: [
    '/*',
    '!/domain',
    '!/tests',
    '/tests/*',
    '!/tests/setup.ts',
    '!/tests/unit',
    '/tests/unit/*',
    '!/tests/unit/domain',
    '!/package.json',
    '!/tsconfig.json',
    '!/vitest.stryker.config.mjs',
    ...[...new Set(SANDBOX_EXTRA_FILES.flatMap(letIn))],
  ],
  coverageAnalysis: 'perTest',
  // A static mutant (in a module-level constant: message tables, frozen lookup maps) is
  // active while modules load, so every test has to run again for it: a few hundred of
  // them would take most of the run. They are reported as Ignored and left out of the
  // score; the message tables are checked word for word by the domain messages tests.
  ignoreStatic: true,
  concurrency: 2,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: 80 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
