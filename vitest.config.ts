import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Every service the tests start in process writes its log here (test/support/context.ts), and the last project
// scans the lot for keys, secrets, addresses and policy numbers (test/log-scan). Set once, inherited by the forks.
process.env.PVS_TEST_LOG_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'pvs-test-logs-'));
// Every answer of the service the tests receive is checked against /openapi.json (test/support/openapi-recorder.ts;
// OPENAPI_RECORDER=0 turns it off), the operations exercised are listed here, and test/openapi-coverage checks
// after all files that none of the document's was left out.
process.env.OPENAPI_RECORDER ??= '1';
process.env.OPENAPI_RECORD_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'pvs-openapi-record-'));

const processes = {
  // Temporal workers, workflow bundling and the tests that spawn node need real processes, not worker threads.
  pool: 'forks' as const,
  testTimeout: 60_000,
  hookTimeout: 180_000,
  teardownTimeout: 30_000,
};
// One Temporal dev server for the run (test/support/global-setup.ts), for the projects whose tests use it.
const shared = { ...processes, globalSetup: ['test/support/global-setup.ts'] };

// The unit tests need no engine: no Temporal server (so no global setup), no database, no browser, and run alone
// with `npx vitest --project unit`. The files under test/unit/ that do open one run with `main`.
const UNIT_WITH_ENGINES = new Set([
  // PGlite, through the dataset activities' own tables.
  'test/unit/datasets-activities.test.ts',
  // PGlite, for the data keys the payload codec seals jobs' and batches' workflows with.
  'test/unit/payload-codec.test.ts',
  'test/unit/codec-origin.test.ts',
]);
const unitFiles = readdirSync(fileURLToPath(new URL('test/unit', import.meta.url)), {
  recursive: true,
  encoding: 'utf8',
})
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `test/unit/${file.split(path.sep).join('/')}`)
  .filter((file) => !UNIT_WITH_ENGINES.has(file))
  .sort();

export default defineConfig({
  test: {
    // The default output, and after it the files a dying fork took with it (vitest itself does not name them).
    reporters: ['default', './test/support/unfinished-reporter.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'main',
          include: ['test/**/*.test.ts'],
          exclude: [
            ...unitFiles,
            'test/workflows/**',
            'test/fault/**',
            'test/log-scan/**',
            'test/openapi-coverage/**',
            '**/node_modules/**',
          ],
          // Every answer of the service is checked against /openapi.json (issue 17).
          setupFiles: ['test/support/openapi-recorder.ts'],
        },
      },
      {
        // No global setup: nothing here talks to Temporal. No OpenAPI recorder either: no unit test calls the
        // service's API (those that fetch serve /assets or a bare router), and loading it costs a second a file.
        test: {
          ...processes,
          name: 'unit',
          include: unitFiles,
        },
      },
      {
        // Workflow tests with stub activities (issue 19, item 6): each file starts its own Temporal server through
        // TestWorkflowEnvironment (test/workflows/env.ts), so no global setup either.
        test: {
          ...processes,
          name: 'workflows',
          include: ['test/workflows/**/*.test.ts'],
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
      {
        test: {
          name: 'openapi-coverage',
          include: ['test/openapi-coverage/**/*.test.ts'],
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
