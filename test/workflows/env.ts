// The workflow tests' Temporal (issue 19, item 6): each file starts a server of its own through the SDK's
// TestWorkflowEnvironment and registers stub activities on a worker, as in temporalio/samples-typescript.
//
// Which server: the time-skipping test server is a separate binary (the Java SDK's test server), which the SDK
// downloads from the internet and which no package registry reachable here ships (neither npm nor the Go module
// proxy). So these tests run on the same Temporal CLI dev server as the rest of the suite
// (`TestWorkflowEnvironment.createLocal` with `existing-path`: TEMPORAL_CLI_PATH, `temporal` on PATH,
// .tools/bin/temporal, or built by scripts/build-temporal.sh), in real time: the workflows' timers that are inputs
// (a key's `afterSeconds`, a callback's `retrySeconds`) are passed short, and the day a callback is retried for is
// checked in the scheduled activity's policy and ended early by a receiver's Retry-After beyond it.
import { fileURLToPath } from 'node:url';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker, bundleWorkflowCode, type WorkflowBundle } from '@temporalio/worker';
import { afterAll, beforeAll } from 'vitest';
import { ensureTemporalBinary } from '../../infra/temporal/binary.js';
import { searchAttributeKeys } from '../../contracts/search-attributes.js';

const WORKFLOWS = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));

let runtimeInstalled = false;

/** A dev server with the service's search attributes registered, on the project's Temporal CLI binary. */
async function workflowTestEnvironment(): Promise<TestWorkflowEnvironment> {
  if (!runtimeInstalled) {
    // The SDK warns on every failed activity attempt; failing attempts are what some of these tests are about.
    Runtime.install({ logger: new DefaultLogger('ERROR') });
    runtimeInstalled = true;
  }
  const binary = await ensureTemporalBinary(process.env.TEMPORAL_CLI_PATH);
  return TestWorkflowEnvironment.createLocal({
    server: {
      ...(binary ? { executable: { type: 'existing-path' as const, path: binary } } : {}),
      ip: '127.0.0.1',
      searchAttributes: [...searchAttributeKeys],
    },
  });
}

/** The service's workflows (workflows/index.ts), bundled once per file. */
function bundleWorkflows(): Promise<WorkflowBundle> {
  return bundleWorkflowCode({ workflowsPath: WORKFLOWS, logger: new DefaultLogger('ERROR') });
}

/**
 * A test file's Temporal: the server starts and the workflows are bundled before the file's tests, and the server
 * stops after them. `client` is the server's client; `stubWorker` gives one test a worker on a task queue of its
 * own, with the stub activities it is given.
 */
export function workflowTestFile() {
  let env: TestWorkflowEnvironment | undefined;
  let workflowBundle: WorkflowBundle;
  beforeAll(async () => {
    [env, workflowBundle] = await Promise.all([workflowTestEnvironment(), bundleWorkflows()]);
  });
  afterAll(async () => {
    await env?.teardown();
  });
  const started = (): TestWorkflowEnvironment => {
    if (!env) throw new Error('the Temporal test environment is used before it started');
    return env;
  };
  return {
    get client() {
      return started().client;
    },
    async stubWorker(activities: object) {
      const taskQueue = `test-${crypto.randomUUID()}`;
      const worker = await Worker.create({
        connection: started().nativeConnection,
        taskQueue,
        workflowBundle,
        activities,
      });
      return { worker, taskQueue };
    },
  };
}
