// Vitest config used only by Stryker (stryker.config.mjs): the domain layer's own unit
// tests, nothing else. Keeping the run to tests/unit/domain makes each mutant's test
// run take milliseconds; integration and browser tests cover other layers.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/domain/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    testTimeout: 20000,
  },
});
