import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Temporal workers and workflow bundling need real processes, not worker threads.
    pool: 'forks',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
