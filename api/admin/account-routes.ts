// The operator's routes over accounts (docs/architecture.md#portal-and-admin): opening one, its plan, keys, credits,
// webhook secret and audit export.
import { Router } from 'express';
import { z } from 'zod';
import { auditExport } from '../../application/audit.js';
import { KEY_MODES, SCOPES } from '../../domain/accounts/keys.js';
import { availableOf, reservedOf } from '../../domain/ledger/ledger.js';
import { PLANS, PLAN_NAMES, periodOf, type PlanLimits, type PlanName } from '../../domain/plans.js';
import { findKeyAccount, unconfirmedAccountsOf } from '../../projections/account-rows.js';
import { ApiError } from '../errors.js';
import { parse } from '../validation.js';
import { adminAccount, type AdminDeps } from './deps.js';

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

export function accountAdminRoutes(deps: AdminDeps): Router {
  const router = Router();
  const actor = { actor: 'admin' };

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
    const row = await adminAccount(deps.db, req.params.id);
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
    const row = await adminAccount(deps.db, req.params.id);
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
    const row = await adminAccount(deps.db, req.params.id);
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
    const row = await adminAccount(deps.db, req.params.id);
    const handled = await deps.ledger.grant(
      row.account_id,
      { allowance: row.monthly_credits, amount: body.amount, reason: body.reason },
      actor,
    );
    await deps.reader.balanceShows(handled.position);
    res.json({ balance: handled.state.balance, available: availableOf(handled.state) });
  });

  router.get('/admin/accounts/:id/credits', async (req, res) => {
    const row = await adminAccount(deps.db, req.params.id);
    const state = await deps.ledger.state(row.account_id);
    res.json({
      balance: state.balance,
      reserved: reservedOf(state),
      available: availableOf(state),
      period: state.period,
    });
  });

  router.post('/admin/accounts/:id/webhook-secret', async (req, res) => {
    const row = await adminAccount(deps.db, req.params.id);
    res.json({ secret: await deps.accounts.webhookSecret(row.account_id, false, actor) });
  });

  router.post('/admin/accounts/:id/webhook-secret/rotate', async (req, res) => {
    const row = await adminAccount(deps.db, req.params.id);
    res.json({ secret: await deps.accounts.webhookSecret(row.account_id, true, actor), previous_valid_for_hours: 24 });
  });

  // The per-call audit as CSV (`npm run admin -- audit export`); entries the sync route still buffers are written first.
  router.get('/admin/accounts/:id/audit', async (req, res) => {
    await deps.flushAudit();
    // Made before the type is set: a refused `since` is answered as JSON, in the error shape.
    const csv = await auditExport(deps.db, req.params.id, req.query.since);
    res.type('text/csv').send(csv);
  });

  return router;
}
