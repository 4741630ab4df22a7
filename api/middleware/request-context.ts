import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { Histogram, type Registry } from 'prom-client';
import { routeLabel } from './route-label.js';
import type { Logger } from '../../infra/logger.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request's id in logs and the X-Request-Id answer: the caller's when it sent a usable one. */
    id: string;
    /**
     * The service's own id for the request, whatever the caller sent: what the ledger records as a charge's
     * reference, which no client may choose (or repeat).
     */
    ownId: string;
  }
}

interface RouteMetrics {
  baseUrl: string;
  label: string;
  /** By method, then status. */
  children: Map<string, Map<number, { observe(value: number): void }>>;
}

const SAFE = /^[A-Za-z0-9._-]{8,64}$/;
const PROBES = new Set(['/readyz', '/healthz']);

// Unique without a random draw per request: this process's random id and a counter, UUID-shaped.
const boot = randomUUID().slice(0, 23);
let counter = 0;
const nextId = () => `${boot}-${(counter++).toString(16).padStart(12, '0')}`;

/**
 * What every request gets: an id (the caller's X-Request-Id when it looks like one, else a new one) sent back
 * as X-Request-Id, `X-Content-Type-Options: nosniff` (a JSON or CSV answer quoting a caller's text must never be
 * sniffed into HTML or script by a browser; the pages' helmet sets it too), and when it finishes one histogram sample and one log line under that id, its path logged
 * without the query string. The line is at `requestLevel`: info in production's access log, debug under
 * `npm run dev`, whose console is for people (LOG_LEVEL=debug shows the lines there too).
 */
export function requestContext(
  logger: Logger,
  registry: Registry,
  requestLevel: 'info' | 'debug' = 'info',
  /** Told of each answered request with its time in ms, from the same listener (the request log). */
  answered?: (req: Request, res: Response, ms: number) => void,
): RequestHandler {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  // A route's label and its histogram children, kept on the route (the Route object the router matched): prom-client
  // would hash the label object on every request, and the label would be built again on every request.
  const routes = new WeakMap<object, RouteMetrics>();
  const unmatched: RouteMetrics = { baseUrl: '', label: 'unmatched', children: new Map() };
  const metricsOf = (req: Request): RouteMetrics => {
    const route = req.route as object | undefined;
    if (!route) return unmatched;
    let found = routes.get(route);
    // A router mounted at two paths shares its routes: the label follows the path this request came by.
    if (!found || found.baseUrl !== req.baseUrl) {
      const label = routeLabel(req);
      if (!label) return unmatched;
      found = { baseUrl: req.baseUrl, label, children: new Map() };
      routes.set(route, found);
    }
    return found;
  };
  const observe = (method: string, route: RouteMetrics, status: number, seconds: number) => {
    let byStatus = route.children.get(method);
    if (!byStatus) route.children.set(method, (byStatus = new Map()));
    let child = byStatus.get(status);
    if (!child) byStatus.set(status, (child = duration.labels({ method, route: route.label, status: String(status) })));
    child.observe(seconds);
  };
  return (req, res, next) => {
    const start = performance.now();
    const incoming = req.headers['x-request-id'];
    req.ownId = nextId();
    req.id = typeof incoming === 'string' && SAFE.test(incoming) ? incoming : req.ownId;
    res.setHeader('X-Request-Id', req.id);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.on('finish', () => {
      const ms = performance.now() - start;
      const seconds = ms / 1000;
      const route = metricsOf(req);
      observe(req.method, route, res.statusCode, seconds);
      answered?.(req, res, ms);
      // Probes (orchestrators, load balancers, `npm run dev` waiting for readiness) call these every few seconds:
      // at info they would drown the access log, so they are logged at debug.
      const level = PROBES.has(req.path) ? 'debug' : requestLevel;
      if (logger.isLevelEnabled(level)) {
        logger[level](
          // The path only when it named something that exists: a refused or unmatched path is whatever the caller
          // typed (a policy number, an address), so those lines carry the route's pattern alone.
          // Members left undefined are not written (pino leaves them out): one shape for every line, where spreads
          // in the middle of the literal gave each line a map of its own (see command-handler.ts).
          {
            request_id: req.id,
            trace_id: req.traceId,
            method: req.method,
            route: route.label,
            path: res.statusCode < 400 ? req.path : undefined,
            status: res.statusCode,
            ms: Math.round(ms),
          },
          'request',
        );
      }
    });
    next();
  };
}
