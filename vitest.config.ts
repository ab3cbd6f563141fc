import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Logs of failures provoked on purpose are shown only for failing tests (MNEMO_TEST_LOGS=1 streams them).
    setupFiles: ['test/helpers/setup-test-logs.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results.json' },
  },
});
