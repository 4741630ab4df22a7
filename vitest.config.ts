import { defineConfig } from 'vitest/config';

const shared = {
  // Temporal workers and workflow bundling need real processes, not worker threads.
  pool: 'forks' as const,
  globalSetup: ['test/support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
  teardownTimeout: 30_000,
};

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'main', include: ['test/**/*.test.ts'], exclude: ['test/fault/**', '**/node_modules/**'] } },
      {
        // The fault suite (issue 21) kills processes and restarts the machine's PostgreSQL, Redis and a Temporal
        // server: one file at a time, and only after every other test has finished (a later group).
        test: {
          ...shared,
          name: 'fault',
          include: ['test/fault/**/*.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 300_000,
        },
      },
    ],
  },
});
