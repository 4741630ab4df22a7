import { creditsStream, type LedgerEvent } from '../domain/ledger/ledger.js';
import type { Queryable } from '../infra/sql/sql.js';
import type { Projection } from './projection.js';

// Balances by account, computed with SQL arithmetic rather than the domain fold, so that `ledger reconcile`
// compares two independent computations. `revision` is the last credits event applied: reconcile folds the
// stream up to exactly that revision.
export const balancesProjection: Projection<LedgerEvent> = {
  name: 'balances',
  // A balance folded without one of its account's events is wrong money, not a missing row: it stops instead.
  onPoison: 'stop',
  migrations: [
    {
      id: 'balances-001',
      sql: `create table balances (
              account_id text primary key,
              balance bigint not null default 0,
              reserved bigint not null default 0,
              period text,
              revision bigint not null,
              updated_at timestamptz not null default now()
            )`,
    },
  ],
  readsByKeyOnly: true,
  tables: ['balances'],
  streams: [creditsStream],
  async forget(tx, accountId) {
    await tx.query('delete from balances where account_id = $1', [accountId]);
  },
  async apply(tx, e, accountId) {
    await upsert(tx, [{ accountId, ...deltaOf(e), revision: e.revision }]);
  },
  // A batch is summed per account first: one row per account instead of one statement per event.
  async applyMany(tx, events) {
    const byAccount = new Map<string, Delta & { accountId: string; revision: number }>();
    for (const { event, id } of events) {
      const delta = deltaOf(event);
      const sum = byAccount.get(id);
      if (!sum) byAccount.set(id, { accountId: id, ...delta, revision: event.revision });
      else {
        sum.balance += delta.balance;
        sum.reserved += delta.reserved;
        sum.period = delta.period ?? sum.period;
        sum.revision = event.revision;
      }
    }
    await upsert(tx, [...byAccount.values()]);
  },
};

interface Delta {
  balance: number;
  reserved: number;
  /** The period a monthly allowance opened; null for other events. */
  period: string | null;
}

function deltaOf(e: LedgerEvent): Delta {
  let balance = 0;
  let reserved = 0;
  let period: string | null = null;
  switch (e.type) {
    case 'CreditsGranted':
      balance = e.data.amount;
      if (e.data.reason === 'monthly_allowance') period = e.data.period;
      break;
    case 'CreditsExpired':
    case 'CreditsCharged':
      balance = -e.data.amount;
      break;
    case 'CreditsReserved':
      reserved = e.data.amount;
      break;
    case 'ReservationSettled':
      balance = -e.data.captured;
      reserved = -(e.data.captured + e.data.released);
      break;
  }
  return { balance, reserved, period };
}

async function upsert(
  tx: Queryable,
  rows: readonly (Delta & { accountId: string; revision: number })[],
): Promise<void> {
  await tx.query(
    `insert into balances (account_id, balance, reserved, period, revision)
     select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::bigint[])
     on conflict (account_id) do update set
       balance = balances.balance + excluded.balance,
       reserved = balances.reserved + excluded.reserved,
       period = coalesce(excluded.period, balances.period),
       revision = excluded.revision,
       updated_at = now()`,
    [
      rows.map((r) => r.accountId),
      rows.map((r) => r.balance),
      rows.map((r) => r.reserved),
      rows.map((r) => r.period),
      rows.map((r) => r.revision),
    ],
  );
}

export interface BalanceRow {
  account_id: string;
  balance: string;
  reserved: string;
  period: string | null;
  revision: string;
}

export async function findBalance(db: Queryable, accountId: string): Promise<BalanceRow | null> {
  const [row] = await db.query<BalanceRow & Record<string, unknown>>(
    'select account_id, balance, reserved, period, revision from balances where account_id = $1',
    [accountId],
  );
  return row ?? null;
}

export const listBalances = (db: Queryable) =>
  db.query<BalanceRow & Record<string, unknown>>(
    'select account_id, balance, reserved, period, revision from balances order by account_id',
  );
