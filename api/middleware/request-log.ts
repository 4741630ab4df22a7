import type { RequestHandler } from 'express';
import type { RequestLogEntry } from '../../infra/request-log.js';

/**
 * Records each API call a key made in its account's request log (infra/request-log.ts) once it is answered: the
 * route's pattern, status, error code and latency. A call without a valid key belongs to no account and is not
 * recorded; the error code is read from the error body the handlers send, never from the request.
 */
export function recordRequests(log: { record(entry: RequestLogEntry): void }): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let error: string | null = null;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 400 && typeof (body as { error?: unknown } | null)?.error === 'string') error = (body as { error: string }).error;
      return json(body);
    };
    res.on('finish', () => {
      const principal = req.principal;
      if (!principal) return;
      log.record({
        at: new Date(),
        accountId: principal.accountId,
        keyId: principal.keyId,
        method: req.method,
        route: req.route?.path ? String(req.route.path) : 'unmatched',
        status: res.statusCode,
        error,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
        requestId: req.id,
      });
    });
    next();
  };
}
