import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { Request, RequestHandler } from 'express';
import { contextFrom } from '../../infra/tracing/spans.js';
import type { Tracing } from '../../infra/tracing/tracing.js';
import { routeLabel } from './route-label.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request's trace when tracing is on: logged beside its request id and kept in the request log. */
    traceId?: string;
  }
}

const routeOf = (req: Request) => routeLabel(req) ?? 'unmatched';

/**
 * The root span of each request (or a child of the caller's, when it sent a W3C traceparent), active for the whole
 * chain, so that the workflows a route starts, the events it appends and the log lines it writes join its trace.
 * Installed only when tracing is on (api/app.ts).
 */
export function traceRequests(tracing: Tracing): RequestHandler {
  return (req, res, next) => {
    const parent = contextFrom(req.headers as Record<string, unknown>);
    const span: Span = tracing.tracer.startSpan(
      `${req.method}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } },
      parent,
    );
    req.traceId = span.spanContext().traceId;
    res.on('finish', () => {
      const route = routeOf(req);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({
        'http.route': route,
        'http.response.status_code': res.statusCode,
        'pvs.request_id': req.id,
      });
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), next);
  };
}
