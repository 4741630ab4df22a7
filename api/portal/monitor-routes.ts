// /account/monitors: the account's monitors on its dashboard, both modes, from the monitors read model through
// its reader, and each one's page with its timeline. Another account's monitor is a 404 page.
import { Router } from 'express';
import { isMonitorId } from '../schemas/monitors.js';
import { monitorPage, monitorsPage } from '../web/pages/monitors.js';
import { sendPage } from './answers.js';
import type { PortalDeps } from './deps.js';
import { signedInPages } from './signed-in.js';

const PAGE_SIZE = 50;

export function monitorPageRoutes(deps: PortalDeps): Router {
  const router = Router();
  const { ctx, signedIn, me, sendError } = signedInPages(deps);

  router.get('/account/monitors', signedIn, async (req, res) => {
    const asked = Number(typeof req.query.offset === 'string' ? req.query.offset : 0);
    const offset = Number.isInteger(asked) && asked >= 0 && asked <= 1_000_000 ? asked : 0;
    const owner = { accountId: me(req).account_id };
    const { rows, total } = await deps.monitors.list(owner, { limit: PAGE_SIZE, offset });
    sendPage(
      res,
      200,
      monitorsPage(ctx(req, res), { monitors: rows, total, offset, pageSize: PAGE_SIZE, now: Date.now() }),
    );
  });

  router.get('/account/monitors/:monitorId', signedIn, async (req, res) => {
    const id = String(req.params.monitorId);
    const view = isMonitorId(id) ? await deps.monitors.get(id, { accountId: me(req).account_id }) : null;
    if (!view) return sendError(req, res, 404, 'No such monitor', 'This monitor is not one of your account’s.');
    sendPage(res, 200, monitorPage(ctx(req, res), { ...view, now: Date.now() }));
  });

  return router;
}
