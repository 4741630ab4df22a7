import { Router } from 'express';
import { availableIn, reservedOf } from '../../domain/ledger/ledger.js';
import { periodEnd, periodOf } from '../../domain/plans.js';
import type { Ledger } from '../../application/ledger/ledger.js';
import { listStatements } from '../../application/ledger/statements.js';
import { publishedKeys, type SigningKey } from '../../application/ledger/signing-keys.js';
import { exportPages } from '../../application/ledger/export.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { keyGate, type GateDeps } from '../middleware/key-gate.js';

export interface AccountRouteDeps extends GateDeps {
  ledger: Ledger;
  db: Queryable;
  events: EventStore;
  /** LEDGER_SIGNING_KEY's keys: every public key is published. */
  statementKeys: readonly SigningKey[];
}

/** Where the statements' public keys are published (docs/ledger-verification.md). */
export const LEDGER_KEYS_PATH = '/.well-known/pvs-ledger-keys.json';

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
    const [ledger, used] = await Promise.all([
      deps.ledger.state(principal.accountId),
      deps.limits.usedBy(principal.keyId, principal.limits, now),
    ]);
    const reserved = reservedOf(ledger);
    res.json({
      account_id: principal.accountId,
      key_id: principal.keyId,
      mode: principal.mode,
      plan: principal.plan,
      credits: {
        available: availableIn(
          period,
          { period: ledger.period, balance: ledger.balance, reserved },
          principal.limits.monthlyCredits,
        ),
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
  // The account's signed monthly statements (issue 43), newest first (every edition of a month signed again),
  // each verifiable against the published keys.
  router.get('/api/v1/account/statements', keyGate(deps, null), async (req, res) => {
    res.json({ statements: await listStatements(deps.db, req.principal!.accountId), keys_url: LEDGER_KEYS_PATH });
  });
  // The account's own ledger (issue 54): the export the verifier reads, one JSON line per credits event, written
  // as it is read, so that the customer holds the evidence and not only the operator.
  router.get('/api/v1/account/ledger', keyGate(deps, null), async (req, res) => {
    const accountId = req.principal!.accountId;
    res.attachment(`pvs-ledger-${accountId}.jsonl`).type('application/x-ndjson');
    for await (const lines of exportPages(deps.events, accountId)) res.write(lines);
    res.end();
  });

  router.get(LEDGER_KEYS_PATH, async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').json(await publishedKeys(deps.db, deps.statementKeys));
  });
  return router;
}
