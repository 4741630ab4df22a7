import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Every service the tests start in process writes its log here (test/support/context.ts), and the last project
// scans the lot for keys, secrets, addresses and policy numbers (test/log-scan). Set once, inherited by the forks.
process.env.PVS_TEST_LOG_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'pvs-test-logs-'));
// Every answer of the service the tests receive is checked against /openapi.json (test/support/openapi-recorder.ts;
// OPENAPI_RECORDER=0 turns it off), the operations exercised are listed here, and test/openapi-coverage checks
// after all files that none of the document's was left out.
process.env.OPENAPI_RECORDER ??= '1';
process.env.OPENAPI_RECORD_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'pvs-openapi-record-'));

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
      {
        test: {
          ...shared,
          name: 'main',
          include: ['test/**/*.test.ts'],
          exclude: ['test/fault/**', 'test/log-scan/**', 'test/openapi-coverage/**', '**/node_modules/**'],
          // Every answer of the service is checked against /openapi.json (issue 17).
          setupFiles: ['test/support/openapi-recorder.ts'],
        },
      },
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
      { test: { name: 'openapi-coverage', include: ['test/openapi-coverage/**/*.test.ts'], sequence: { groupOrder: 2 } } },
    ],
  },
});
