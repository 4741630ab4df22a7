import { Router } from 'express';

export type ReadinessCheck = () => Promise<boolean>;

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
    const status = Object.fromEntries(names.map((name, i) => [name, results[i] ? 'ok' : 'unavailable']));
    const ready = results.every(Boolean);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks: status });
  });
  return router;
}
