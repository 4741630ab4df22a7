// /account/monitors: the account's monitors on its dashboard, both modes, from the monitors read model through
// its reader, and each one's page with its timeline, where an event whose delivery has ended can be sent again.
// Another account's monitor is a 404 page.
import { Router } from 'express';
import { ResendRefusedError } from '../../infra/temporal/portal-workflows.js';
import { isMonitorId } from '../schemas/monitors.js';
import { monitorPage, monitorsPage } from '../web/pages/monitors.js';
import { sendPage, sendTooMany } from './answers.js';
import type { PortalDeps } from './deps.js';
import type { PortalLimits } from './limits.js';
import { signedInPages } from './signed-in.js';

const PAGE_SIZE = 50;

export function monitorPageRoutes(deps: PortalDeps, limits: PortalLimits): Router {
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
    const resent = typeof req.query.resent === 'string' ? req.query.resent : undefined;
    const shown = resent && view.timeline.some((e) => e.type === 'notice_resent' && e.notice_id === resent);
    sendPage(res, 200, monitorPage(ctx(req, res), { ...view, now: Date.now(), ...(shown ? { resent } : {}) }));
  });

  router.post('/account/monitors/:monitorId/events/:noticeId/resend', signedIn, async (req, res) => {
    const account = me(req);
    const throttled = await limits.dashboardAction(account.account_id);
    if (throttled) return sendTooMany(deps, req, res, throttled);
    const id = String(req.params.monitorId);
    const noticeId = String(req.params.noticeId);
    const view = isMonitorId(id) ? await deps.monitors.get(id, { accountId: account.account_id }) : null;
    if (!view?.timeline.some((e) => e.type === 'notice_due' && e.notice_id === noticeId)) {
      return sendError(req, res, 404, 'No such event', 'This event is not one of your monitors’.');
    }
    try {
      await deps.resendMonitorNotice({ accountId: account.account_id, monitorId: id, noticeId, mode: view.row.mode });
    } catch (error) {
      if (!(error instanceof ResendRefusedError)) throw error;
      return sendError(req, res, 409, 'Not sent again', error.message);
    }
    res.redirect(303, `/account/monitors/${id}?resent=${encodeURIComponent(noticeId)}`);
  });

  return router;
}
