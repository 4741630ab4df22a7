import { Router } from 'express';

/**
 * True: answers. 'degraded': answers, and the service serves, with part of it behind (a read model stopped at or
 * going past a parked event); the details say which. False: does not answer.
 */
export type ReadinessCheck = () => Promise<boolean | { degraded: Record<string, string> }>;

const withTimeout = (check: ReadinessCheck, ms: number) =>
  Promise.race([
    check().catch(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref()),
  ]);

/** /healthz: the process answers. /readyz: every engine it needs answers too. */
export function healthRoutes(checks: Record<string, ReadinessCheck>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => withTimeout(checks[name]!, 2000)));
    const status = Object.fromEntries(
      names.map((name, i) => [name, results[i] === true ? 'ok' : results[i] ? 'degraded' : 'unavailable']),
    );
    const degraded = Object.assign(
      {},
      ...results.map((result) => (typeof result === 'object' ? result.degraded : {})),
    ) as Record<string, string>;
    const ready = results.every(Boolean);
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'not_ready',
      checks: status,
      ...(Object.keys(degraded).length > 0 ? { degraded } : {}),
    });
  });
  return router;
}
