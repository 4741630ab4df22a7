import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { SCOPES } from '../../domain/accounts/keys.js';
import { availableIn } from '../../domain/ledger/ledger.js';
import { periodEnd, periodOf } from '../../domain/plans.js';
import { listKeys, type AccountRow } from '../../projections/accounts.js';
import { lastUsed } from '../../projections/usage.js';
import {
  accountClosedPage,
  checkInboxPage,
  closeAccountPage,
  dashboardPage,
  errorPage,
  keysPage,
  revokeKeyPage,
  signInPage,
  requestsPage,
  rotateSecretPage,
  webhooksPage,
  type KeyRow,
} from '../web/pages.js';
import { listRequests } from '../../application/request-log.js';
import { findStatements, listStatements } from '../../application/ledger/statements.js';
import { exportPages } from '../../application/ledger/export.js';
import type { LedgerStatement } from '../../domain/ledger/statement.js';
import { ApiError } from '../errors.js';
import { isStorableText } from '../../domain/text/storable.js';
import { ResendRefusedError } from '../../infra/temporal/portal-workflows.js';
import type { PortalDeps } from './deps.js';
import type { PortalLimits } from './limits.js';
import { confirmLink, openLink, sendPage, sendTooMany } from './answers.js';
import { isAddress } from './portal-routes.js';

// /account: the dashboard of an account whose address is verified, signed in by a 15-minute e-mailed link.
// Every change is an event on the account's stream; each page reads its read model.

const DAY_MS = 86_400_000;

/** Whom the pages say is signed in: the address, or the name of an account a name opened. */
const contactOf = (account: AccountRow) => account.email ?? account.name ?? '';
/** How long after a rotation its redirect target still shows the new secret. */
const SHOW_NEW_SECRET_MS = 10 * 60_000;

/** A key's optional label: trimmed, up to 60 characters of text the store can keep. */
const KeyName = z.string().trim().max(60).refine(isStorableText);

/** The last 30 UTC days, oldest first, with zeros where no call was counted. */
function lastThirtyDays(rows: { day: string; requests: string }[], now: Date) {
  const counts = new Map(rows.map((row) => [row.day, Number(row.requests)]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(today - (29 - i) * DAY_MS).toISOString().slice(0, 10);
    return { date, requests: counts.get(date) ?? 0 };
  });
}

export function accountRoutes(deps: PortalDeps, limits: PortalLimits): Router {
  const router = Router();
  const ctx = (req: Request, res: Response) => deps.session.context(req, res);
  const actor = (account: AccountRow) => ({ actor: `portal:${account.account_id}` });

  /** The signed-in account, or the sign-in page instead of the one asked for. */
  const signedIn = (req: Request, res: Response, next: NextFunction) => {
    if (req.portal?.account) return next();
    sendPage(res, 401, signInPage(ctx(req, res), { notice: 'Sign in to see your account.' }));
  };
  const me = (req: Request) => req.portal!.account!;

  async function keyRows(accountId: string): Promise<KeyRow[]> {
    const [keys, used] = await Promise.all([listKeys(deps.db, accountId), lastUsed(deps.db, accountId)]);
    const usedAt = new Map(used.map((row) => [row.key_id, row.last_used_at]));
    return keys.map((key) => ({
      key_id: key.key_id,
      name: key.name,
      prefix: key.prefix,
      last4: key.last4,
      mode: key.mode as KeyRow['mode'],
      status: key.status as KeyRow['status'],
      created_at: key.created_at,
      last_used_at: usedAt.get(key.key_id) ?? null,
    }));
  }

  // The dashboard shows an account's keys, callbacks and usage: no page of it may be kept by any cache, the
  // browser's back-forward one included.
  router.use('/account', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/account', async (req, res) => {
    const account = req.portal?.account;
    if (!account) return sendPage(res, 200, signInPage(ctx(req, res), {}));
    // Calls of a moment ago are still counted in memory: flushed and projected before they are shown.
    const now = new Date();
    const period = periodOf(now);
    const from = new Date(now.getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
    const [{ balance, usage, days }, statements] = await Promise.all([
      deps.reader.usage(account.account_id, period, { atLeast: await deps.usage.flush(), timeoutMs: 3000, from }),
      listStatements(deps.db, account.account_id),
    ]);
    const ledger = {
      period: balance?.period ?? null,
      balance: Number(balance?.balance ?? 0),
      reserved: Number(balance?.reserved ?? 0),
    };
    const available = availableIn(period, ledger, account.monthly_credits);
    sendPage(
      res,
      200,
      dashboardPage(ctx(req, res), {
        plan: account.plan,
        email: contactOf(account),
        credits: { available, allowance: account.monthly_credits, resetsAt: periodEnd(period) },
        requests: {
          thisMonth: usage.reduce((sum, row) => sum + Number(row.requests), 0),
          monthlyLimit: Number(account.requests_per_month),
          perMinuteLimit: account.requests_per_minute,
        },
        callsPerDay: lastThirtyDays(days, now),
        statements: monthsOf(statements),
      }),
    );
  });

  // A month's signed statements (every edition), as the file `npx pvs-verify-ledger` reads
  // (docs/ledger-verification.md), and all of them in one file: the verifier checks that the months run unbroken.
  router.get('/account/statements/:period', signedIn, async (req, res) => {
    const accountId = me(req).account_id;
    const period = /^(\d{4}-\d{2})\.json$/.exec(req.params.period as string)?.[1];
    const statements = period ? await findStatements(deps.db, accountId, period) : [];
    if (statements.length === 0) throw ApiError.of('not_found', 'No statement for that month.');
    sendStatements(res, accountId, period!, statements);
  });
  router.get('/account/statements.json', signedIn, async (req, res) => {
    const accountId = me(req).account_id;
    sendStatements(res, accountId, 'all', await listStatements(deps.db, accountId));
  });
  // The account's own ledger, the export the verifier reads, written as it is read.
  router.get('/account/ledger.jsonl', signedIn, async (req, res) => {
    const accountId = me(req).account_id;
    res.attachment(`pvs-ledger-${accountId}.jsonl`).type('application/x-ndjson');
    for await (const lines of exportPages(deps.events, accountId)) res.write(lines);
    res.end();
  });

  router.post('/account/sign-in', async (req, res) => {
    const refused = await limits.submission(req.ip ?? 'unknown');
    const email = typeof req.body?.email === 'string' ? req.body.email.trim() : '';
    const tooMany = refused ?? (isAddress(email) ? await limits.mailTo(email) : null);
    if (tooMany) return sendTooMany(deps, req, res, tooMany);
    if (!isAddress(email))
      return sendPage(res, 400, signInPage(ctx(req, res), { error: 'Enter the e-mail address of your account.' }));
    await deps.queueMail({ purpose: 'sign_in', address: email });
    sendPage(res, 200, checkInboxPage(ctx(req, res), { purpose: 'sign_in' }));
  });

  router.get('/account/sign-in', (req, res) => confirmLink(deps, req, res, 'sign_in', '/account/sign-in/confirm'));
  router.post('/account/sign-in/confirm', (req, res) =>
    openLink(deps, req, res, 'sign_in', async (found) => {
      const started = await deps.accounts.signIn(found.account_id, found.token, { actor: 'portal' });
      await deps.reader.shows(started.position);
      deps.session.signIn(req, res, started.session, started.expiresAt);
      res.redirect(303, '/account');
    }),
  );

  router.post('/account/sign-out', async (req, res) => {
    const account = req.portal?.account;
    if (account && req.portal?.sessionHash) {
      const handled = await deps.accounts.signOut(account.account_id, req.portal.sessionHash, actor(account));
      await deps.reader.shows(handled.position);
    }
    deps.session.signOut(req, res);
    res.redirect(303, '/account');
  });

  router.get('/account/keys', signedIn, async (req, res) => {
    sendPage(res, 200, keysPage(ctx(req, res), { keys: await keyRows(me(req).account_id) }));
  });

  router.post('/account/keys', signedIn, async (req, res) => {
    const account = me(req);
    const throttled = await limits.dashboardAction(account.account_id);
    if (throttled) return sendTooMany(deps, req, res, throttled);
    const mode = z.enum(['live', 'test']).safeParse(req.body?.mode);
    if (!mode.success)
      return sendPage(
        res,
        400,
        errorPage(ctx(req, res), { status: 400, title: 'Choose a key type', message: 'A key is live or test.' }),
      );
    const name = KeyName.safeParse(req.body?.name ?? '');
    if (!name.success)
      return sendPage(
        res,
        400,
        errorPage(ctx(req, res), {
          status: 400,
          title: 'Choose another name',
          message: 'A key’s name is up to 60 characters of text.',
        }),
      );
    const created = await deps.accounts.createKey(
      account.account_id,
      { mode: mode.data, scopes: [...SCOPES], ...(name.data ? { name: name.data } : {}) },
      actor(account),
    );
    await deps.reader.shows(created.position);
    if (account.plan === 'free') await deps.startKeyExpiry(account.account_id, created.keyId, mode.data);
    const page = keysPage(ctx(req, res), {
      keys: await keyRows(account.account_id),
      created: { key: created.key, mode: mode.data },
    });
    sendPage(res, 201, page, { secret: true });
  });

  const ownKey = async (req: Request) =>
    (await keyRows(me(req).account_id)).find((key) => key.key_id === req.params.keyId) ?? null;

  router.get('/account/keys/:keyId/revoke', signedIn, async (req, res) => {
    const key = await ownKey(req);
    if (!key)
      return sendPage(
        res,
        404,
        errorPage(ctx(req, res), {
          status: 404,
          title: 'No such key',
          message: 'This key is not one of your account’s.',
        }),
      );
    sendPage(res, 200, revokeKeyPage(ctx(req, res), { key }));
  });

  router.post('/account/keys/:keyId/revoke', signedIn, async (req, res) => {
    const account = me(req);
    const key = await ownKey(req);
    if (!key)
      return sendPage(
        res,
        404,
        errorPage(ctx(req, res), {
          status: 404,
          title: 'No such key',
          message: 'This key is not one of your account’s.',
        }),
      );
    const handled = await deps.accounts.revokeKey(account.account_id, key.key_id, actor(account));
    await deps.reader.shows(handled.position);
    // This process's cache forgets at once; other API processes within their half-second TTL.
    deps.keys.forget();
    res.redirect(303, '/account/keys');
  });

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
    const rotatedSecret = fresh ? (await deps.accounts.signingSecrets(account.account_id))[0] : undefined;
    const page = webhooksPage(ctx(req, res), {
      deliveries,
      hasSecret: state.webhookSecrets.length > 0,
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

  router.get('/account/requests', signedIn, async (req, res) => {
    const account = me(req);
    const filter = {
      ...(typeof req.query.key === 'string' && req.query.key ? { key: req.query.key } : {}),
      ...(typeof req.query.status === 'string' && /^([1-5]xx|[1-5]\d\d)$/.test(req.query.status)
        ? { status: req.query.status }
        : {}),
    };
    await deps.requestLog.flush();
    const [requests, keys] = await Promise.all([
      listRequests(deps.db, account.account_id, {
        ...(filter.key ? { keyId: filter.key } : {}),
        ...(filter.status ? { status: filter.status } : {}),
      }),
      keyRows(account.account_id),
    ]);
    sendPage(
      res,
      200,
      requestsPage(ctx(req, res), {
        requests,
        keys,
        filter,
        ...(deps.traceUi ? { traceUi: deps.traceUi } : {}),
      }),
    );
  });

  router.post('/account/webhooks/:jobId/resend', signedIn, async (req, res) => {
    const account = me(req);
    const throttled = await limits.dashboardAction(account.account_id);
    if (throttled) return sendTooMany(deps, req, res, throttled);
    const delivery = (await deps.deliveries(account.account_id)).find((d) => d.job_id === req.params.jobId);
    if (!delivery)
      return sendPage(
        res,
        404,
        errorPage(ctx(req, res), {
          status: 404,
          title: 'No such delivery',
          message: 'This callback is not one of your account’s.',
        }),
      );
    try {
      await deps.resendWebhook(account.account_id, delivery.job_id);
    } catch (error) {
      if (!(error instanceof ResendRefusedError)) throw error;
      return sendPage(
        res,
        409,
        errorPage(ctx(req, res), {
          status: 409,
          title: 'Nothing to resend yet',
          message: 'Only a finished job of a live key with a callback address can be sent again.',
        }),
      );
    }
    res.redirect(303, `/account/webhooks?resent=${encodeURIComponent(delivery.job_id)}`);
  });

  router.get('/account/close', signedIn, (req, res) => {
    sendPage(res, 200, closeAccountPage(ctx(req, res), { email: contactOf(me(req)) }));
  });

  router.post('/account/close', signedIn, async (req, res) => {
    const account = me(req);
    if (req.body?.confirm !== 'yes')
      return sendPage(res, 400, closeAccountPage(ctx(req, res), { email: contactOf(account) }));
    const handled = await deps.accounts.close(account.account_id, actor(account));
    await deps.reader.shows(handled.position);
    // Off the answer: an old account's thousands of jobs must not hold the page; retention finishes it after a crash.
    void deps
      .eraseClosedAccounts()
      .catch((error: unknown) =>
        deps.logger.warn(
          { error: (error as Error)?.name },
          "a closed account's jobs are erased by the next retention run",
        ),
      );
    deps.keys.forget();
    deps.session.signOut(req, res);
    sendPage(res, 200, accountClosedPage(ctx(req, res)));
  });

  return router;
}

/** The dashboard's list: one row a month (newest first), however many editions it has. */
function monthsOf(statements: readonly LedgerStatement[]) {
  const months = new Map<string, { period: string; closed: boolean; editions: number }>();
  for (const s of statements) {
    const month = months.get(s.period);
    if (month) month.editions += 1;
    else months.set(s.period, { period: s.period, closed: s.closed, editions: 1 });
  }
  return [...months.values()];
}

/** Statements as a download, in the shape the API gives them (`{"statements": […]}`) and the verifier reads. */
function sendStatements(res: Response, accountId: string, name: string, statements: readonly LedgerStatement[]) {
  res.attachment(`pvs-statement-${accountId}-${name}.json`).json({ statements });
}
