import express, { type Express, type Router } from 'express';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from '../infra/logger.js';
import { errorHandler, notFound } from './middleware/errors.js';
import { requestContext } from './middleware/request-context.js';
import { healthRoutes, type ReadinessCheck } from './routes/health.js';

export interface AppOptions {
  logger: Logger;
  readiness: Record<string, ReadinessCheck>;
  /** Resource routers, mounted in order after health and metrics. */
  routers?: Router[];
  /** Behind a proxy, trust its X-Forwarded-For for client IPs (anonymous rate limits). */
  trustProxy?: boolean | number | string;
}

export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  app.use(requestContext(options.logger, registry));
  // Resource routes before the operational ones: every router layer is walked by every request that passes it.
  for (const router of options.routers ?? []) app.use(router);
  app.use(healthRoutes(options.readiness));
  app.get('/metrics', async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  });
  app.use(notFound);
  app.use(errorHandler(options.logger));
  return app;
}
