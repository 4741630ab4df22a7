import { availableOf, evolveLedger, initialLedger, reservedOf, type LedgerEvent } from '../../domain/ledger/ledger.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import { creditsStream } from '../../infra/ledger.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { findBalance, listBalances, type BalanceRow } from '../../projections/balances.js';

// The auditor's view: fold an account's credits stream from the event store and compare the result with the
// balances read model, at the revision the read model has reached (so a projection that is merely behind is
// reported as lag, not as a difference).

export interface ReplayRow {
  revision: number;
  at: string;
  type: string;
  amount: number;
  reference: string | null;
  balance: number;
  reserved: number;
  available: number;
}

export interface Reconciliation {
  account_id: string;
  events: { balance: number; reserved: number; revision: number };
  read_model: { balance: number; reserved: number; revision: number } | null;
  lag: number;
  match: boolean;
}

const amountOf = (event: LedgerEvent): number => {
  switch (event.type) {
    case 'CreditsGranted':
      return event.data.amount;
    case 'CreditsExpired':
    case 'CreditsCharged':
      return -event.data.amount;
    case 'CreditsReserved':
      return event.data.amount;
    case 'ReservationSettled':
      return -event.data.captured;
  }
};

const referenceOf = (event: LedgerEvent): string | null =>
  'reference' in event.data ? event.data.reference : 'reservation_id' in event.data ? event.data.reservation_id : null;

function compare(accountId: string, events: { type: string; data: unknown; revision: number }[], row: BalanceRow | null): Reconciliation {
  const last = events.length - 1;
  const at = row ? Math.min(Number(row.revision), last) : last;
  let state = initialLedger;
  for (const event of events.slice(0, at + 1)) state = evolveLedger(state, event);
  const folded = { balance: state.balance, reserved: reservedOf(state), revision: at };
  const model = row ? { balance: Number(row.balance), reserved: Number(row.reserved), revision: Number(row.revision) } : null;
  const match = model
    ? model.balance === folded.balance && model.reserved === folded.reserved && model.revision === last
    : events.length === 0;
  return { account_id: accountId, events: folded, read_model: model, lag: last - (model?.revision ?? -1), match };
}

export async function replayAccount(events: EventStore, db: Queryable, accountId: string) {
  const stream = await events.readStream(creditsStream(accountId));
  let state = initialLedger;
  const rows: ReplayRow[] = stream.map((event) => {
    state = evolveLedger(state, event);
    const e = event as unknown as LedgerEvent;
    return {
      revision: event.revision,
      at: event.created.toISOString(),
      type: event.type,
      amount: amountOf(e),
      reference: referenceOf(e),
      balance: state.balance,
      reserved: reservedOf(state),
      available: availableOf(state),
    };
  });
  return { rows, reconciliation: compare(accountId, stream, await findBalance(db, accountId)) };
}

export async function reconcileAll(events: EventStore, db: Queryable): Promise<Reconciliation[]> {
  const balances = new Map((await listBalances(db)).map((row) => [row.account_id, row]));
  const accounts = new Set([
    ...balances.keys(),
    ...(await db.query<{ account_id: string }>('select account_id from accounts')).map((r) => r.account_id),
  ]);
  const out: Reconciliation[] = [];
  for (const accountId of [...accounts].sort()) {
    const stream = await events.readStream(creditsStream(accountId));
    out.push(compare(accountId, stream, balances.get(accountId) ?? null));
  }
  return out;
}
