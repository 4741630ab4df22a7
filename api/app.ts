import { tracing } from '../infra/tracing/tracing.js';
import { traceRequests } from './middleware/tracing.js';
import express, { type Express, type Request, type RequestHandler, type Response, type Router } from 'express';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from '../infra/logger.js';
import { businessMetrics } from '../infra/metrics.js';
import { errorHandler, notFound } from './middleware/errors.js';
import { requestContext } from './middleware/request-context.js';
import { healthRoutes, type ReadinessCheck } from './routes/health.js';
import { ApiError } from './errors.js';
import { refuseUnstorableUrl } from './validation.js';

export interface AppOptions {
  logger: Logger;
  readiness: Record<string, ReadinessCheck>;
  /** Resource routers, mounted in order after health and metrics. */
  routers?: Router[];
  /** The level of each request's log line: info (the default, an access log), debug under `npm run dev`. */
  requestLogLevel?: 'info' | 'debug';
  /** Behind a proxy, trust its X-Forwarded-For for client IPs (anonymous rate limits). */
  trustProxy?: number | string;
  /**
   * /metrics is the operator's (its counts are no visitor's business): served by this app behind `metricsGate`
   * (the admin token check), or handed to `metricsElsewhere` to be served by another listener (ADMIN_LISTEN);
   * with neither, not served.
   */
  metricsGate?: RequestHandler;
  metricsElsewhere?: (handler: RequestHandler) => void;
  /** Told of each answered request, with its time in ms (the request log): no middleware layer of its own. */
  answered?: (req: Request, res: Response, ms: number) => void;
}

export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  // The request's span first, so that everything after it (its log lines included) runs in its trace.
  const traces = tracing();
  if (traces) app.use(traceRequests(traces));
  app.use(requestContext(options.logger, registry, options.requestLogLevel, options.answered));
  app.use(refuseUnstorableUrl);
  // Resource routes before the operational ones: every layer is walked by every request that passes it. Each
  // router's layers join the app's own router, in order, rather than the router mounting as one more layer: every
  // router is rooted at /, so they match alike, and a mounted router is a second dispatch on every request that
  // reaches it (its closures, the URL trimmed and restored), about 5 µs a call measured (docs/performance.md).
  for (const router of options.routers ?? []) app.router.stack.push(...router.stack);
  app.use(healthRoutes(options.readiness));
  // The process and HTTP metrics of this app, with the business metrics of the process (infra/metrics.ts).
  const exposed = Registry.merge([registry, businessMetrics]);
  const metrics: RequestHandler = async (_req, res) => {
    res.type(exposed.contentType).send(await exposed.metrics());
  };
  if (options.metricsElsewhere) options.metricsElsewhere(metrics);
  else if (options.metricsGate) app.get('/metrics', options.metricsGate, metrics);
  app.use(methodNotAllowed(app));
  app.use(notFound);
  app.use(errorHandler(options.logger));
  return app;
}

/** What the router keeps of a route: enough to ask whether a path is one of its and with which methods. */
interface RouteLayer {
  match(path: string): unknown;
  route?: { methods: Record<string, boolean> };
  handle?: { stack?: RouteLayer[] };
  slash?: boolean;
}

/**
 * A request no route answered, on a path some route serves with other methods: 405 method_not_allowed with the
 * Allow header (OPTIONS gets 204 and the same header, when the router's own OPTIONS answer has not been given). Routes are read from the app's router once, on the first
 * such request; routers mounted at the root are walked into (every router of the composition root is).
 */
function methodNotAllowed(app: Express): RequestHandler {
  let routes: RouteLayer[] | null = null;
  const collect = (stack: RouteLayer[], into: RouteLayer[]) => {
    for (const layer of stack) {
      if (layer.route) into.push(layer);
      else if (layer.slash && Array.isArray(layer.handle?.stack)) collect(layer.handle.stack, into);
    }
    return into;
  };
  return (req, res, next) => {
    routes ??= collect((app as unknown as { router: { stack: RouteLayer[] } }).router.stack, []);
    const allowed = new Set<string>();
    for (const layer of routes) {
      let matched: unknown = false;
      try {
        matched = layer.match(req.path);
      } catch {
        // A parameter that does not decode: the route itself has already refused it.
      }
      if (!matched) continue;
      for (const [method, on] of Object.entries(layer.route!.methods))
        if (on && method !== '_all') allowed.add(method.toUpperCase());
    }
    if (allowed.has('GET')) allowed.add('HEAD');
    // None, or the method is one of them and its route passed the request on: not ours to answer.
    if (allowed.size === 0 || allowed.has(req.method)) return next();
    const allow = [...allowed].join(', ');
    res.setHeader('Allow', allow);
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    throw ApiError.of(
      'method_not_allowed',
      `${req.method} is not allowed on ${req.path.slice(0, 200)}; use ${allow}.`,
      {},
      { Allow: allow },
    );
  };
}
