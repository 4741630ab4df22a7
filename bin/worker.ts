// `npm run worker`: the Temporal worker alone (workflows and activities).
import { boot, heartbeat, onShutdown, requireSharedDatabase } from './boot.js';
import { openContext } from './context.js';
import { startDatasetRefreshes, startWorker } from './service.js';

const { config, logger } = boot('worker');
requireSharedDatabase(config, 'worker');
const context = await openContext(config, logger, { temporalAddress: config.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
const worker = await startWorker(context);
logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE }, 'worker running');
heartbeat('worker', () => worker.worker.getState() === 'RUNNING');
// Before the datasets' first loads, which take a while: a signal meanwhile stops the worker like any other.
onShutdown(logger, async () => {
  await worker.stop();
  await context.close();
});
await startDatasetRefreshes(context);
