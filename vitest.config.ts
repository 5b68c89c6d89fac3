import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/integration/**/*.test.ts', 'tests/integration/**/*.test.tsx'],
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    testTimeout: 20000,
    pool: 'forks',
    coverage: {
      provider: 'v8',
      include: ['domain/**/*.ts', 'application/**/*.ts', 'infrastructure/**/*.ts'],
      exclude: ['**/*.d.ts', '**/index.ts'],
      reporter: ['text-summary', 'text', 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: {
        'domain/**/*.ts': { lines: 95 },
      },
    },
  },
});
