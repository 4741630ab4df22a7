import { Router } from 'express';
import { availableIn, reservedOf } from '../../domain/ledger/ledger.js';
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
    const reserved = reservedOf(ledger);
    res.json({
      account_id: principal.accountId,
      key_id: principal.keyId,
      mode: principal.mode,
      plan: principal.plan,
      credits: {
        available: availableIn(period, { period: ledger.period, balance: ledger.balance, reserved }, principal.limits.monthlyCredits),
        reserved,
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
