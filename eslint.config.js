/**
 * ESLint (npm run lint, after dependency-cruiser): the rules the type checker and the
 * layer lint cannot see, over the product's layers and, without the console rule, over
 * tests, sandbox, bench and scripts. Kept small on purpose: the rules that the code's
 * eslint-disable comments name (the hooks rules, no-control-regex, no-console,
 * no-empty-pattern, @typescript-eslint/no-explicit-any), and no-debugger. scripts/lint-selftest.mjs plants
 * violations and shows the lint failing.
 *
 * A disable comment must disable something: a directive that suppresses nothing fails
 * the lint (reportUnusedDisableDirectives), so each one left in the code names a rule
 * that would otherwise report that line.
 *
 * No type information is used (no parserOptions.project): the rules below are syntactic,
 * and the lint stays a few seconds.
 */
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The product: the layers of ARCHITECTURE.md. */
const PRODUCT = ['{domain,application,infrastructure,presentation,composition}/**/*.{ts,tsx}'];
/** Around it: tests, the sandbox backend, the benches and the scripts (the same rules but the console's). */
const AROUND = ['{tests,sandbox,bench,scripts}/**/*.{ts,tsx,js,mjs,cjs}'];

export default defineConfig(
  globalIgnores(['dist/**', 'dist-*/**', 'coverage/**', 'reports/**', 'sandbox/.data/**', 'test-results/**']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    // Registered everywhere so a disable comment naming one of its rules is checked too.
    plugins: { '@typescript-eslint': tseslint.plugin },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: [...PRODUCT, ...AROUND],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // An error, not a warning: a dependency left out on purpose says why in a disable
      // comment beside it, so the next reader knows the effect does not rerun by design.
      'react-hooks/exhaustive-deps': 'error',
      'no-control-regex': 'error',
      'no-empty-pattern': 'error',
      'no-debugger': 'error',
    },
  },
  {
    // Playwright's fixtures hand their value on with a `use` callback, which the hooks
    // rules take for React's use(); nothing under tests/e2e/ is a React component.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'react-hooks/exhaustive-deps': 'off' },
  },
  {
    // domain is pure, and application's use cases log through the Log they are given:
    // neither uses the console, so the console default of that Log is marked where it is
    // defined (application/*/useCases.ts consoleLog).
    files: PRODUCT,
    rules: {
      'no-console': 'error',
      // The product has no explicit any; the one place that needs it says why beside it.
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Screens, adapters and the composition root may warn and report errors on the
    // console: it is their I/O, and each such call says what failed.
    files: ['{infrastructure,presentation,composition}/**/*.{ts,tsx}'],
    rules: { 'no-console': ['error', { allow: ['warn', 'error'] }] },
  },
);
