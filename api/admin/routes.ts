import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { KEY_MODES, SCOPES, sameSecret } from '../../domain/accounts/keys.js';
import { PLANS, PLAN_NAMES, periodOf, type PlanLimits, type PlanName } from '../../domain/plans.js';
import { availableOf, reservedOf } from '../../domain/ledger/ledger.js';
import type { Accounts } from '../../application/accounts.js';
import { auditExport } from '../../application/audit.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import type { Ledger } from '../../application/ledger/ledger.js';
import type { Queryable } from '../../infra/sql/sql.js';
import type { UsageRecorder } from '../../application/usage.js';
import { findAccount, findKeyAccount, unconfirmedAccountsOf } from '../../projections/accounts.js';
import { listAccountIds, type AccountReader } from '../../projections/readers/accounts.js';
import type { KeyDirectory } from '../middleware/auth.js';
import { ApiError } from '../errors.js';
import { firstProblem, parse, refuseUnstorableBody } from '../validation.js';
import { recordReconcile } from '../../infra/operations-metrics.js';
import { reconcileAll, reconcileOne, replayPages } from './ledger-audit.js';
import { exportPages } from '../../application/ledger/export.js';
import { previousPeriod, signStatement, type SigningKey } from '../../application/ledger/statements.js';
import type { LedgerStatement } from '../../domain/ledger/statement.js';
import { migrateChain } from '../../application/ledger/chain-migration.js';

export interface AdminDeps {
  /**
   * The admin token check (requireAdmin), one for every route that takes the token (/admin and /codec), so
   * that failed attempts count against one limit per client whichever door they knock on.
   */
  requireAdmin: RequestHandler;
  db: Queryable;
  events: EventStore;
  accounts: Accounts;
  ledger: Ledger;
  keys: KeyDirectory;
  usage: UsageRecorder;
  /** Writes the audit entries still buffered (application/audit.ts AuditRecorder). */
  flushAudit: () => Promise<void>;
  /** What each write must show before it is answered: the next request (the CLI's, a key's) reads without a position. */
  reader: AccountReader;
  /** LEDGER_SIGNING_KEY's keys: the first signs statements. */
  statementKeys: readonly SigningKey[];
  /** Told of each statement signed: the account hears of it (application/ledger/statement-notice.ts). */
  statementSigned?: (statement: LedgerStatement) => Promise<void>;
}

const limitsSchema = {
  monthly_credits: z.number().int().min(0).optional(),
  requests_per_minute: z.number().int().min(1).optional(),
  requests_per_month: z.number().int().min(1).optional(),
};

const createAccount = z
  .object({
    email: z.email().optional(),
    name: z.string().trim().min(1).max(200).optional(),
    plan: z.enum(PLAN_NAMES).default('free'),
    ...limitsSchema,
  })
  .refine((body) => body.email || body.name, { message: 'give an email or a name' });

const changePlan = z.object({ plan: z.enum(PLAN_NAMES), ...limitsSchema });
const createKey = z.object({
  mode: z.enum(KEY_MODES),
  scopes: z
    .array(z.enum(SCOPES))
    .min(1)
    .default([...SCOPES]),
});
const grantCredits = z.object({
  amount: z
    .number()
    .int()
    .refine((n) => n !== 0, 'must not be 0'),
  reason: z.enum(['top_up', 'adjustment']).default('top_up'),
});

function limitsOf(
  plan: PlanName,
  overrides: { monthly_credits?: number; requests_per_minute?: number; requests_per_month?: number },
): PlanLimits {
  const base = PLANS[plan];
  return {
    monthlyCredits: overrides.monthly_credits ?? base.monthlyCredits,
    requestsPerMinute: overrides.requests_per_minute ?? base.requestsPerMinute,
    requestsPerMonth: overrides.requests_per_month ?? base.requestsPerMonth,
  };
}

/** The plan limits as the admin API answers them: snake_case like every other field it prints. */
const limitsBody = (limits: PlanLimits) => ({
  monthly_credits: limits.monthlyCredits,
  requests_per_minute: limits.requestsPerMinute,
  requests_per_month: limits.requestsPerMonth,
});

/**
 * Failed admin-token attempts, per client, in this process (the admin API is one listener of one API process).
 * A client's first `free` - 1 failures cost nothing; from the `free`th on it may try once per slot, a slot twice as
 * long after each further failure (1 s, 2 s, 4 s … at most a minute), and a try before its slot answers 429 whatever token
 * it carries: a 401 against a 200 must not tell a guesser which token is right faster than that. The right token
 * at its slot passes and forgives the client. Nothing a client does reaches another's count: a correct token
 * from elsewhere is never slowed, however one client fails.
 *
 * A client is its request's first hop the trusted proxies did not add (req.ip: the socket's peer without
 * TRUST_PROXY), which TRUST_PROXY's hop counts and addresses never let a client choose: rotating X-Forwarded-For
 * entries of its own does not make a guesser a new client.
 */
function failedAttempts(free: number, forgetMs = 10 * 60_000) {
  const clients = new Map<string, { failures: number; slotAt: number; lastAt: number }>();
  const current = (client: string, now: number) => {
    const found = clients.get(client);
    if (found && now - found.lastAt > forgetMs) clients.delete(client);
    return found && now - found.lastAt <= forgetMs ? found : undefined;
  };
  return {
    /** Seconds until the client's next slot, or 0 when it may try now. */
    delayFor(client: string, now = Date.now()): number {
      const found = current(client, now);
      return found && found.slotAt > now ? Math.ceil((found.slotAt - now) / 1000) : 0;
    },
    fail(client: string, now = Date.now()): void {
      if (clients.size > 10_000) for (const [key, c] of clients) if (now - c.lastAt > forgetMs) clients.delete(key);
      const failures = (current(client, now)?.failures ?? 0) + 1;
      const slotMs = failures >= free ? Math.min(1000 * 2 ** (failures - free), 60_000) : 0;
      clients.set(client, { failures, slotAt: now + slotMs, lastAt: now });
    },
    succeed(client: string): void {
      clients.delete(client);
    },
  };
}

/** The admin token check; a client that keeps failing it is slowed (failedAttempts), others never. */
export function requireAdmin(token: string, free = 10): RequestHandler {
  const attempts = failedAttempts(free);
  return (req, _res, next) => {
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const wait = attempts.delayFor(client);
    if (wait > 0) {
      throw ApiError.of(
        'rate_limit_exceeded',
        `Too many failed admin-token attempts. Retry in ${wait} seconds.`,
        { retry_after: wait },
        { 'Retry-After': String(wait) },
      );
    }
    const given = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!given || !sameSecret(given, token)) {
      attempts.fail(client);
      throw ApiError.of('unauthorized', 'Admin token missing or wrong.');
    }
    attempts.succeed(client);
    next();
  };
}

/** The operator's API under /admin (docs/architecture.md#portal-and-admin); `npm run admin` is its client. */
export function adminRoutes(deps: AdminDeps): Router {
  const router = Router();
  router.use('/admin', deps.requireAdmin, express.json({ limit: '16kb' }), refuseUnstorableBody);
  const actor = { actor: 'admin' };
  const account = async (accountId: string) => {
    const row = await findAccount(deps.db, accountId);
    if (!row) throw ApiError.of('not_found', `No account ${accountId}.`);
    return row;
  };

  router.post('/admin/accounts', async (req, res) => {
    const body = parse(createAccount, req.body);
    const limits = limitsOf(body.plan, body);
    const contact = { ...(body.email ? { email: body.email } : {}), ...(body.name ? { name: body.name } : {}) };
    // The operator's account for an address wins over one the portal opened for it that nobody has confirmed
    // (a stranger may have asked for a key in that address's name): that one closes, and its pending link dies.
    if (body.email) {
      for (const pending of await unconfirmedAccountsOf(deps.db, deps.accounts.addressHash(body.email)))
        await deps.accounts.close(pending.account_id, actor);
    }
    const opened = await deps.accounts.open({ contact, plan: body.plan, limits }, actor);
    const credited = await deps.ledger.open(opened.accountId, limits.monthlyCredits, actor);
    // The closes came before the open: showing the open shows them.
    await deps.reader.shows(opened.position);
    await deps.reader.balanceShows(credited.position);
    res.status(201).json({ account_id: opened.accountId });
  });

  router.get('/admin/accounts/:id', async (req, res) => {
    const row = await account(req.params.id);
    const period = periodOf(new Date());
    const { keys, balance, usage } = await deps.reader.usage(row.account_id, period, {
      atLeast: await deps.usage.flush(),
    });
    const byKey = usage.map((u) => ({ key_id: u.key_id, requests: Number(u.requests) }));
    res.json({
      account: {
        account_id: row.account_id,
        email: row.email,
        name: row.name,
        email_verified: row.email_verified,
        status: row.status,
        created_at: row.created_at,
      },
      plan: {
        name: row.plan,
        monthly_credits: row.monthly_credits,
        requests_per_minute: row.requests_per_minute,
        requests_per_month: Number(row.requests_per_month),
      },
      keys: keys.map((k) => ({
        key_id: k.key_id,
        prefix: k.prefix,
        last4: k.last4,
        mode: k.mode,
        scopes: k.scopes,
        status: k.status,
        created_at: k.created_at,
      })),
      balance: {
        balance: Number(balance?.balance ?? 0),
        reserved: Number(balance?.reserved ?? 0),
        available: Number(balance?.balance ?? 0) - Number(balance?.reserved ?? 0),
        period: balance?.period ?? null,
      },
      usage: { period, requests: byKey.reduce((sum, k) => sum + k.requests, 0), by_key: byKey },
    });
  });

  router.post('/admin/accounts/:id/plan', async (req, res) => {
    const body = parse(changePlan, req.body);
    const row = await account(req.params.id);
    const limits = limitsOf(body.plan, body);
    const handled = await deps.accounts.changePlan(row.account_id, { plan: body.plan, limits }, actor);
    // An upgrade's allowance is granted at once (domain/ledger: changeAllowance).
    const credited = await deps.ledger.changeAllowance(
      row.account_id,
      { from: row.monthly_credits, to: limits.monthlyCredits },
      actor,
    );
    await deps.reader.shows(handled.position);
    await deps.reader.balanceShows(credited.position);
    deps.keys.forget();
    res.json({ account_id: row.account_id, plan: body.plan, limits: limitsBody(limits) });
  });

  router.post('/admin/accounts/:id/keys', async (req, res) => {
    const body = parse(createKey, req.body);
    const row = await account(req.params.id);
    const created = await deps.accounts.createKey(row.account_id, body, actor);
    await deps.reader.shows(created.position);
    deps.keys.forget();
    res.status(201).json({ key: created.key, key_id: created.keyId, mode: body.mode, scopes: body.scopes });
  });

  router.post('/admin/keys/:keyId/revoke', async (req, res) => {
    const accountId = await findKeyAccount(deps.db, req.params.keyId);
    if (!accountId) throw ApiError.of('not_found', `No key ${req.params.keyId}.`);
    const handled = await deps.accounts.revokeKey(accountId, req.params.keyId, actor);
    await deps.reader.shows(handled.position);
    deps.keys.forget();
    res.json({ key_id: req.params.keyId, status: 'revoked' });
  });

  router.post('/admin/accounts/:id/credits', async (req, res) => {
    const body = parse(grantCredits, req.body);
    const row = await account(req.params.id);
    const handled = await deps.ledger.grant(
      row.account_id,
      { allowance: row.monthly_credits, amount: body.amount, reason: body.reason },
      actor,
    );
    await deps.reader.balanceShows(handled.position);
    res.json({ balance: handled.state.balance, available: availableOf(handled.state) });
  });

  router.get('/admin/accounts/:id/credits', async (req, res) => {
    const row = await account(req.params.id);
    const state = await deps.ledger.state(row.account_id);
    res.json({
      balance: state.balance,
      reserved: reservedOf(state),
      available: availableOf(state),
      period: state.period,
    });
  });

  router.post('/admin/accounts/:id/webhook-secret', async (req, res) => {
    const row = await account(req.params.id);
    res.json({ secret: await deps.accounts.webhookSecret(row.account_id, false, actor) });
  });

  router.post('/admin/accounts/:id/webhook-secret/rotate', async (req, res) => {
    const row = await account(req.params.id);
    res.json({ secret: await deps.accounts.webhookSecret(row.account_id, true, actor), previous_valid_for_hours: 24 });
  });

  // The per-call audit as CSV (`npm run admin -- audit export`); entries the sync route still buffers are written first.
  router.get('/admin/accounts/:id/audit', async (req, res) => {
    await deps.flushAudit();
    // Made before the type is set: a refused `since` is answered as JSON, in the error shape.
    const csv = await auditExport(deps.db, req.params.id, req.query.since);
    res.type('text/csv').send(csv);
  });

  router.get('/admin/ledger/replay', async (req, res) => {
    const accountId = parse(z.object({ account: z.string().min(1) }), req.query, firstProblem('query')).account;
    await account(accountId);
    // Written as it is read, a page of rows at a time: an account with a million ledger events is replayed
    // without the process ever holding its stream (the body is the same JSON as if built whole).
    res.type('application/json');
    res.write(`{"account_id":${JSON.stringify(accountId)},"rows":[`);
    let first = true;
    for await (const rows of replayPages(deps.events, accountId)) {
      const text = rows.map((row) => JSON.stringify(row)).join(',');
      res.write(first ? text : `,${text}`);
      first = false;
    }
    res.end(`],"reconciliation":${JSON.stringify(await reconcileOne(deps.events, deps.db, accountId))}}`);
  });

  // The audit export an auditor verifies (bin/verify-ledger.ts): one JSON line per credits event, with its chain
  // link, written as it is read.
  router.get('/admin/ledger/export', async (req, res) => {
    const accountId = parse(z.object({ account: z.string().min(1) }), req.query, firstProblem('query')).account;
    await account(accountId);
    res.type('application/x-ndjson');
    for await (const lines of exportPages(deps.events, accountId)) res.write(lines);
    res.end();
  });

  // A statement signed on demand: the month given, or the last one ended; a month already signed gets a new edition.
  router.post('/admin/ledger/statements', async (req, res) => {
    const body = parse(
      z.object({
        account: z.string().min(1),
        period: z
          .string()
          .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM')
          .optional(),
      }),
      req.body,
    );
    const row = await account(body.account);
    const now = new Date();
    res.json(
      await signStatement(
        {
          sql: deps.db,
          events: deps.events,
          keys: deps.statementKeys,
          ...(deps.statementSigned ? { signed: deps.statementSigned } : {}),
        },
        row.account_id,
        body.period ?? previousPeriod(periodOf(now)),
        now,
      ),
    );
  });

  // The hash chain's one-time migration, for a store where the API's start cannot find the streams (EventStoreDB);
  // elsewhere it lists the streams whose links were removed (never anchored again).
  router.post('/admin/ledger/chain', async (_req, res) => {
    res.json(
      await migrateChain({
        sql: deps.db,
        events: deps.events,
        ledger: deps.ledger,
        accountIds: () => listAccountIds(deps.db),
      }),
    );
  });

  router.get('/admin/ledger/reconcile', async (_req, res) => {
    // A projection that is merely behind is given a few seconds to catch up before it counts as a difference.
    let rows = await reconcileAll(deps.events, deps.db);
    for (let wait = 0; wait < 25 && rows.some((row) => row.lag > 0); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await reconcileAll(deps.events, deps.db);
    }
    const mismatches = rows.filter((row) => !row.match).length;
    recordReconcile(mismatches);
    res.json({
      rows,
      mismatches,
      stale_reservations: rows.reduce((sum, row) => sum + row.stale_reservations.length, 0),
    });
  });

  return router;
}
