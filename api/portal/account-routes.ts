import { Router, type Response } from 'express';
import { availableIn } from '../../domain/ledger/ledger.js';
import { periodEnd, periodOf } from '../../domain/plans.js';
import {
  accountClosedPage,
  checkInboxPage,
  closeAccountPage,
  dashboardPage,
  signInPage,
  requestsPage,
} from '../web/pages.js';
import { listRequests } from '../../application/request-log.js';
import { findStatements, listStatements } from '../../application/ledger/statements.js';
import { exportPages } from '../../application/ledger/export.js';
import type { LedgerStatement } from '../../domain/ledger/statement.js';
import { ApiError } from '../errors.js';
import type { PortalDeps } from './deps.js';
import type { PortalLimits } from './limits.js';
import { confirmLink, openLink, sendPage, sendTooMany } from './answers.js';
import { keyRoutes } from './key-routes.js';
import { isAddress } from './portal-routes.js';
import { contactOf, signedInPages } from './signed-in.js';
import { webhookRoutes } from './webhook-routes.js';
import { monitorPageRoutes } from './monitor-routes.js';
import { jobRoutes } from './job-routes.js';

// /account: the dashboard of an account whose address is verified, signed in by a 15-minute e-mailed link.
// Every change is an event on the account's stream; each page reads its read model. Its keys (key-routes.ts) and
// callbacks (webhook-routes.ts) have modules of their own.

const DAY_MS = 86_400_000;

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
  const { ctx, actor, signedIn, me, keyRows } = signedInPages(deps);

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

  router.use(
    keyRoutes(deps, limits),
    webhookRoutes(deps, limits),
    monitorPageRoutes(deps, limits),
    jobRoutes(deps, limits),
  );

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
