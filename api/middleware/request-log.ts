import type { Request, Response } from 'express';
import type { RequestLogEntry } from '../../application/request-log.js';

declare module 'express-serve-static-core' {
  interface Locals {
    /** The error code of an error answer (the body's `error`), set by the error handler for the request log. */
    errorCode?: string;
  }
}

/** The public API's paths: only calls there are an account's calls (pages and downloads are not). */
const API = /^\/api\/v1(?:[/?]|$)/;

/**
 * Records each API call a key made in its account's request log (application/request-log.ts) once it is answered: the
 * route's pattern, status, error code and latency. A call without a valid key belongs to no account and is not
 * recorded; the error code is the one the error handler answered with, never read from the request. Called by
 * the request context's one `finish` listener (api/middleware/request-context.ts) with the time it measured, so
 * that a call costs no middleware layer, listener or timer of its own: the row goes into a buffer written in
 * batches off the request.
 */
export function requestRecorder(log: {
  record(entry: RequestLogEntry): void;
}): (req: Request, res: Response, ms: number) => void {
  return (req, res, ms) => {
    const principal = req.principal;
    if (!principal || !API.test(req.originalUrl)) return;
    log.record({
      at: Date.now(),
      accountId: principal.accountId,
      keyId: principal.keyId,
      method: req.method,
      route: req.route?.path ? String(req.route.path) : 'unmatched',
      status: res.statusCode,
      error: res.statusCode >= 400 ? (res.locals.errorCode ?? null) : null,
      ms: Math.round(ms),
      requestId: req.id,
      ...(req.traceId ? { traceId: req.traceId } : {}),
    });
  };
}
