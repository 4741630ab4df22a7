// `npm run worker`: the Temporal workers alone (workflows and activities), those of WORKER_QUEUES.
import { boot, heartbeat, onShutdown, requireSharedDatabase } from './boot.js';
import { openContext } from './context.js';
import { startDatasetRefreshes, startWorker, workerTaskQueues } from './service.js';

const { config, logger } = boot('worker');
requireSharedDatabase(config, 'worker');
const context = await openContext(config, logger, { temporalAddress: config.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
const worker = await startWorker(context);
const queues = workerTaskQueues(config);
logger.info({ taskQueues: Object.values(queues) }, 'worker running');
heartbeat('worker', () => worker.workers.every((w) => w.getState() === 'RUNNING'));
// Before the datasets' first loads, which take a while: a signal meanwhile stops the worker like any other.
const stopping = onShutdown(logger, async () => {
  await worker.stop();
  await context.close();
});
// The Schedules start workflows on the main queue: its workers keep them.
if (queues.main)
  await startDatasetRefreshes(context).catch((error: unknown) => {
    if (!stopping.aborted) throw error;
  });
