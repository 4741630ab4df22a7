// The workflows are bundled in a child process (infra/temporal/bundle.ts), so webpack, its loaders and swc never
// load into a process that runs a worker (issue 57: the dev process's memory).
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { bundleWorkflows } from '../../infra/temporal/bundle.js';
import { WORKFLOWS_PATH } from '../../infra/temporal/worker.js';

// @temporalio/worker requires webpack's index, whose members load lazily: that index and its memoize are all a
// process that never bundles holds.
const INDEX = /node_modules[\\/]webpack[\\/]lib[\\/](index|util[\\/]memoize)\.js$/;
const loadedWebpack = () =>
  Object.keys(createRequire(import.meta.url).cache).filter(
    (file) => /node_modules[\\/](webpack|@swc|swc-loader)[\\/]/.test(file) && !INDEX.test(file),
  );

it('bundles the workflows without loading webpack or swc into this process', async () => {
  expect(loadedWebpack()).toEqual([]);
  const code = await bundleWorkflows({ workflowsPath: WORKFLOWS_PATH });
  // The bundle is Temporal's: its entry and our workflows by name.
  expect(code).toContain('__TEMPORAL__');
  expect(code).toMatch(/verificationWorkflow|extractionWorkflow/);
  expect(loadedWebpack()).toEqual([]);
}, 180_000);
