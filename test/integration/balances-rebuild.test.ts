// The balances read model folds a batch per account (projections/balances.ts applyMany): after a rebuild over
// grants, charges, reservations and settlements of several accounts, interleaved, each row equals the domain's
// fold of that account's stream, at the stream's last revision.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../domain/decider.js';
import { creditsStream, ledgerDecider, reservedOf, type LedgerEvent } from '../../domain/ledger/ledger.js';
import { eventStoreMigrations } from '../../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import { createLogger } from '../../infra/logger.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { balancesProjection, findBalance } from '../../projections/balances.js';
import { projectionMigrations } from '../../projections/runner.js';
import { rebuild } from '../../projections/rebuild.js';
import { testDatabases } from '../support/sql.js';

describe.each(testDatabases())('balances rebuilt a batch at a time ($name)', (database) => {
  let sql: Sql;
  let events: EventStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await database.open();
    ({ sql, close } = opened);
    await migrate(sql, [...eventStoreMigrations, ...projectionMigrations([balancesProjection])]);
    events = postgresEventStore(sql);
  });
  afterAll(async () => close());

  it('equals the fold of each account’s stream', async () => {
    const accounts = [randomUUID(), randomUUID(), randomUUID()];
    const streams = new Map<string, LedgerEvent[]>(accounts.map((a) => [a, []]));
    for (let round = 0; round < 40; round += 1) {
      for (const [i, account] of accounts.entries()) {
        const batch: LedgerEvent[] =
          round === 0
            ? [
                {
                  type: 'CreditsGranted',
                  data: { amount: 100 * (i + 1), reason: 'monthly_allowance', period: '2026-11' },
                },
              ]
            : round % 3 === 0
              ? [
                  {
                    type: 'CreditsReserved',
                    data: { reservation_id: `r${round}`, amount: 3, operation: 'batch', reference: `r${round}` },
                  },
                  ...(round % 2 === 0
                    ? [
                        {
                          type: 'ReservationSettled' as const,
                          data: { reservation_id: `r${round}`, captured: 2, released: 1 },
                        },
                      ]
                    : []),
                ]
              : [{ type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: `c${round}` } }];
        streams.get(account)!.push(...batch);
        await events.append(creditsStream(account), batch);
      }
    }
    // Small batches: many accounts and many events per batch, split across batches.
    await rebuild({ sql, events, logger: createLogger('silent', 'test') }, [balancesProjection], { batchSize: 7 });
    for (const account of accounts) {
      const folded = fold(ledgerDecider, streams.get(account)!);
      const row = await findBalance(sql, account);
      expect({
        balance: Number(row!.balance),
        reserved: Number(row!.reserved),
        revision: Number(row!.revision),
        period: row!.period,
      }).toEqual({
        balance: folded.balance,
        reserved: reservedOf(folded),
        revision: streams.get(account)!.length - 1,
        period: '2026-11',
      });
    }
  });
});
