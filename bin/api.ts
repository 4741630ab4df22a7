// `npm run api`: the HTTP API alone, for deployments that run API, worker and projector as separate processes.
import { boot, onShutdown, requireSharedDatabase } from './boot.js';
import { openContext } from './context.js';
import { startApi } from './service.js';

const { config, logger } = boot('api');
requireSharedDatabase(config, 'api');
const shutdown = onShutdown(logger);
await shutdown.start(async () => {
  const context = await openContext(config, logger, { temporalAddress: config.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  shutdown.defer(() => context.close());
  const api = await startApi(context);
  shutdown.defer(() => api.stop());
  logger.info({ url: config.PUBLIC_BASE_URL }, 'api listening');
});
