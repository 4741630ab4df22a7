// A test hook, never loaded by the service itself: `node --import tsx --import ./test/support/drop-first-attempt.mjs
// bin/dev.ts` (test/e2e/dev.test.ts). It wraps the activities of every worker the process creates so that the first
// attempt of one dataset load is lost, as when its task goes down with a worker or never reaches one: it never
// answers and never heartbeats. The workflow's heartbeat timeout must then retry it within seconds.
// Nothing in the service knows of it (no flag, no environment variable): it replaces Worker.create in this process
// before the service imports the worker. Plain JavaScript: Node also preloads it into the SDK's workflow threads,
// where the TypeScript loader is not registered (there it patches a Worker nobody creates).
import process from 'node:process';
import { Context } from '@temporalio/activity';
import { Worker } from '@temporalio/worker';

const create = Worker.create.bind(Worker);
let dropped = false;

Worker.create = async (options) => {
  const activities = options.activities;
  const refresh = activities?.refreshDataset;
  if (!activities || !refresh) return create(options);
  const refreshDataset = async (...args) => {
    const context = Context.current();
    if (dropped || context.info.attempt > 1) return refresh(...args);
    dropped = true;
    process.stdout.write(`test hook: the first attempt of refreshDataset(${args[0].slug}) is lost\n`);
    // Lost: no answer, no heartbeat. It ends only when the worker shuts down and cancels what it still runs.
    return new Promise((_resolve, reject) => {
      context.cancellationSignal.addEventListener('abort', () => reject(new Error('lost attempt cancelled')));
    });
  };
  return create({ ...options, activities: { ...activities, refreshDataset } });
};
