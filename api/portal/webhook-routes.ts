// /account/webhooks: an account's callbacks on its dashboard: their deliveries, a resend, and its signing secret.
import { tracing } from '../../infra/tracing/tracing.js';
import { Router } from 'express';
import { submittingTraces } from '../../application/jobs/traces.js';
import { ResendRefusedError } from '../../infra/temporal/portal-workflows.js';
import { rotateSecretPage, webhooksPage } from '../web/pages.js';
import { sendPage, sendTooMany } from './answers.js';
import type { PortalDeps } from './deps.js';
import type { PortalLimits } from './limits.js';
import { signedInPages } from './signed-in.js';

/** How long after a rotation its redirect target still shows the new secret. */
const SHOW_NEW_SECRET_MS = 10 * 60_000;

export function webhookRoutes(deps: PortalDeps, limits: PortalLimits): Router {
  const router = Router();
  const { ctx, actor, signedIn, me, sendError } = signedInPages(deps);

  router.get('/account/webhooks', signedIn, async (req, res) => {
    const account = me(req);
    const [deliveries, state] = await Promise.all([
      deps.deliveries(account.account_id),
      deps.accounts.state(account.account_id),
    ]);
    const resent =
      typeof req.query.resent === 'string' && deliveries.some((d) => d.job_id === req.query.resent)
        ? req.query.resent
        : undefined;
    // The secret a rotation just made, on the page it redirected to: only the current one, only for a few minutes.
    const current = state.webhookSecrets[0];
    const fresh =
      current &&
      String(current.issuedAt.getTime()) === req.query.rotated &&
      Date.now() - current.issuedAt.getTime() < SHOW_NEW_SECRET_MS;
    const [rotatedSecret, traces] = await Promise.all([
      fresh ? deps.accounts.signingSecrets(account.account_id).then((secrets) => secrets[0]) : undefined,
      // A process that traces nothing shows no trace: the 50 streams are not read on every load for nothing.
      tracing()
        ? submittingTraces(
            deps.events,
            deliveries.map((d) => d.job_id),
          )
        : new Map<string, string>(),
    ]);
    const page = webhooksPage(ctx(req, res), {
      deliveries,
      hasSecret: state.webhookSecrets.length > 0,
      traces,
      ...(deps.traceUi ? { traceUi: deps.traceUi } : {}),
      ...(resent ? { resent } : {}),
      ...(rotatedSecret ? { rotatedSecret } : {}),
    });
    sendPage(res, 200, page, rotatedSecret ? { secret: true } : undefined);
  });

  // Rotating asks first (GET), like revoking a key: the old secret stops being the current one at once.
  router.get('/account/webhooks/rotate', signedIn, (req, res) => sendPage(res, 200, rotateSecretPage(ctx(req, res))));

  router.post('/account/webhooks/rotate', signedIn, async (req, res) => {
    const account = me(req);
    const throttled = await limits.dashboardAction(account.account_id);
    if (throttled) return sendTooMany(deps, req, res, throttled);
    await deps.accounts.webhookSecret(account.account_id, true, actor(account));
    const issued = (await deps.accounts.state(account.account_id)).webhookSecrets[0]!.issuedAt;
    // Back to the webhooks page (a reload never rotates again), which shows the new secret while it is fresh.
    res.redirect(303, `/account/webhooks?rotated=${issued.getTime()}`);
  });

  router.post('/account/webhooks/:jobId/resend', signedIn, async (req, res) => {
    const account = me(req);
    const throttled = await limits.dashboardAction(account.account_id);
    if (throttled) return sendTooMany(deps, req, res, throttled);
    const delivery = (await deps.deliveries(account.account_id)).find((d) => d.job_id === req.params.jobId);
    if (!delivery) return sendError(req, res, 404, 'No such delivery', 'This callback is not one of your account’s.');
    try {
      await deps.resendWebhook(account.account_id, delivery.job_id);
    } catch (error) {
      if (!(error instanceof ResendRefusedError)) throw error;
      return sendError(
        req,
        res,
        409,
        'Nothing to resend yet',
        'Only a finished job of a live key with a callback address can be sent again.',
      );
    }
    res.redirect(303, `/account/webhooks?resent=${encodeURIComponent(delivery.job_id)}`);
  });

  return router;
}
