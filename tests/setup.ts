import fc from 'fast-check';

/**
 * FC_RUNS=2000 npx vitest run tests/unit/domain runs every property test that many
 * times instead of fast-check's 100 (or the test's own count): a deeper search for
 * inputs like '__proto__' that a default run meets only now and then.
 */
const runs = Number(process.env.FC_RUNS);
if (Number.isInteger(runs) && runs > 0) fc.configureGlobal({ numRuns: runs });
