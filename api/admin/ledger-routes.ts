// The operator's routes over the ledger (docs/architecture.md#portal-and-admin): an account's replay and export,
// signed statements, the hash chain's migration and the reconciliation of every balance.
import { Router } from 'express';
import { z } from 'zod';
import { migrateChain } from '../../application/ledger/chain-migration.js';
import { exportPages } from '../../application/ledger/export.js';
import { previousPeriod, signStatement } from '../../application/ledger/statements.js';
import { periodOf } from '../../domain/plans.js';
import { recordReconcile } from '../../infra/operations-metrics.js';
import { listAccountIds } from '../../projections/readers/accounts.js';
import { firstProblem, parse } from '../validation.js';
import { adminAccount, type AdminDeps } from './deps.js';
import { reconcileAll, reconcileOne, replayPages } from './ledger-audit.js';

export function ledgerAdminRoutes(deps: AdminDeps): Router {
  const router = Router();

  router.get('/admin/ledger/replay', async (req, res) => {
    const accountId = parse(z.object({ account: z.string().min(1) }), req.query, firstProblem('query')).account;
    await adminAccount(deps.db, accountId);
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
    await adminAccount(deps.db, accountId);
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
    const row = await adminAccount(deps.db, body.account);
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
