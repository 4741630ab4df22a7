import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Every service the tests start in process writes its log here (test/support/context.ts), and the last project
// scans the lot for keys, secrets, addresses and policy numbers (test/log-scan). Set once, inherited by the forks.
process.env.PVS_TEST_LOG_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'pvs-test-logs-'));

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
      { test: { ...shared, name: 'main', include: ['test/**/*.test.ts'], exclude: ['test/fault/**', 'test/log-scan/**', '**/node_modules/**'] } },
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
      // Last of all: what the whole run logged.
      { test: { name: 'log-scan', include: ['test/log-scan/**/*.test.ts'], sequence: { groupOrder: 2 } } },
    ],
  },
});
