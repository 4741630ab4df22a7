// `npm run worker`: the Temporal workers alone (workflows and activities), those of WORKER_QUEUES.
import { boot, heartbeat, onShutdown, requireSharedDatabase } from './boot.js';
import { openContext } from './context.js';
import { startDatasetRefreshes, startWorker, workerTaskQueues } from './service.js';

const { config, logger } = boot('worker');
requireSharedDatabase(config, 'worker');
const shutdown = onShutdown(logger);
await shutdown.start(async () => {
  const context = await openContext(config, logger, { temporalAddress: config.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  shutdown.defer(() => context.close());
  const worker = await startWorker(context);
  shutdown.defer(() => worker.stop());
  const queues = workerTaskQueues(config);
  logger.info({ taskQueues: Object.values(queues) }, 'worker running');
  heartbeat('worker', () => worker.workers.every((w) => w.getState() === 'RUNNING'));
  // The Schedules start workflows on the main queue: its workers keep them.
  if (queues.main) await startDatasetRefreshes(context);
});
