// `npm run api`: the HTTP API alone, for deployments that run API, worker and projector as separate processes.
import { boot, onShutdown, requireSharedDatabase } from './boot.js';
import { openContext } from './context.js';
import { startApi } from './service.js';

const { config, logger } = boot('api');
requireSharedDatabase(config, 'api');
const context = await openContext(config, logger, { temporalAddress: config.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
const api = await startApi(context);
logger.info({ url: config.PUBLIC_BASE_URL }, 'api listening');
onShutdown(logger, async () => {
  await api.stop();
  await context.close();
});
