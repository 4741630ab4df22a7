import { Router } from 'express';
import { availableOf, reservedOf } from '../../domain/ledger/ledger.js';
import { periodEnd, periodOf } from '../../domain/plans.js';
import type { Ledger } from '../../infra/ledger.js';
import { keyGate, type GateDeps } from '../middleware/key-gate.js';

export interface AccountRouteDeps extends GateDeps {
  ledger: Ledger;
}

/**
 * GET /api/v1/account: the key holder's own view, with any key of the account (no scope needed): plan, credits
 * and when they reset, and this key's requests this month and this minute against the plan's limits.
 */
export function accountRoutes(deps: AccountRouteDeps): Router {
  const router = Router();
  router.get('/api/v1/account', keyGate(deps, null), async (req, res) => {
    const principal = req.principal!;
    const now = new Date();
    const period = periodOf(now);
    const [ledger, used] = await Promise.all([deps.ledger.state(principal.accountId), deps.limits.usedBy(principal.keyId, principal.limits, now)]);
    // The month's allowance is granted lazily, by the month's first charge or reservation: until then the whole
    // allowance is what is available (what was left last month expires then; reservations carry over).
    const current = ledger.period === period;
    res.json({
      account_id: principal.accountId,
      key_id: principal.keyId,
      mode: principal.mode,
      plan: principal.plan,
      credits: {
        available: current ? availableOf(ledger) : principal.limits.monthlyCredits,
        reserved: reservedOf(ledger),
        monthly_allowance: principal.limits.monthlyCredits,
        period_end: periodEnd(period).toISOString(),
      },
      requests: {
        this_month: used.month,
        monthly_limit: principal.limits.requestsPerMonth,
        this_minute: used.minute,
        per_minute_limit: principal.limits.requestsPerMinute,
      },
    });
  });
  return router;
}
