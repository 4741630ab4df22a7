import {
  availableOf,
  creditsStream,
  evolveLedger,
  initialLedger,
  reservedOf,
  staleReservations,
  type LedgerEvent,
  type OpenReservation,
} from '../../domain/ledger/ledger.js';
import { readEvents, type EventStore, type StoredEvent } from '../../infra/eventstore/types.js';
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
  /** The read model agrees with the events. */
  match: boolean;
  /** Reservations open longer than any job holds one: credits a lost job keeps from the account. */
  stale_reservations: OpenReservation[];
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

function compare(accountId: string, events: StoredEvent<LedgerEvent>[], row: BalanceRow | null, now: Date): Reconciliation {
  const last = events.length - 1;
  const at = row ? Math.min(Number(row.revision), last) : last;
  let state = initialLedger;
  for (const event of events.slice(0, at + 1)) state = evolveLedger(state, event);
  const folded = { balance: state.balance, reserved: reservedOf(state), revision: at };
  const model = row ? { balance: Number(row.balance), reserved: Number(row.reserved), revision: Number(row.revision) } : null;
  const match = model
    ? model.balance === folded.balance && model.reserved === folded.reserved && model.revision === last
    : events.length === 0;
  return {
    account_id: accountId,
    events: folded,
    read_model: model,
    lag: last - (model?.revision ?? -1),
    match,
    stale_reservations: staleReservations(events, now),
  };
}

/** An account's ledger is sound when its read model agrees and no credits are held by a lost job. */
export const isSound = (r: Reconciliation) => r.match && r.stale_reservations.length === 0;

export async function replayAccount(events: EventStore, db: Queryable, accountId: string, now = new Date()) {
  const stream = await readEvents(events, creditsStream, accountId);
  let state = initialLedger;
  const rows: ReplayRow[] = stream.map((event) => {
    state = evolveLedger(state, event);
    return {
      revision: event.revision,
      at: event.created.toISOString(),
      type: event.type,
      amount: amountOf(event),
      reference: referenceOf(event),
      balance: state.balance,
      reserved: reservedOf(state),
      available: availableOf(state),
    };
  });
  return { rows, reconciliation: compare(accountId, stream, await findBalance(db, accountId), now) };
}

export async function reconcileAll(events: EventStore, db: Queryable, now = new Date()): Promise<Reconciliation[]> {
  const balances = new Map((await listBalances(db)).map((row) => [row.account_id, row]));
  const accounts = new Set([
    ...balances.keys(),
    ...(await db.query<{ account_id: string }>('select account_id from accounts')).map((r) => r.account_id),
  ]);
  const out: Reconciliation[] = [];
  for (const accountId of [...accounts].sort()) {
    const stream = await readEvents(events, creditsStream, accountId);
    out.push(compare(accountId, stream, balances.get(accountId) ?? null, now));
  }
  return out;
}
