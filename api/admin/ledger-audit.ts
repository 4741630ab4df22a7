import {
  availableOf,
  creditsStream,
  ledgerDecider,
  reservedOf,
  staleOf,
  trackReservations,
  type LedgerEvent,
  type OpenReservation,
} from '../../domain/ledger/ledger.js';
import { eventPages, type EventStore } from '../../infra/eventstore/types.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { listAccountIds } from '../../projections/readers/accounts.js';
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
    case 'LedgerChainStarted':
      return 0;
  }
};

const referenceOf = (event: LedgerEvent): string | null =>
  'reference' in event.data ? event.data.reference : 'reservation_id' in event.data ? event.data.reservation_id : null;

/**
 * Walks an account's whole credits stream, a page at a time (however long its history, the walk holds one page
 * and the open reservations), folding it to the revision the read model has reached and on to the end.
 */
async function reconcileAccount(
  store: EventStore,
  accountId: string,
  row: BalanceRow | null,
  now: Date,
): Promise<Reconciliation> {
  const modelAt = row ? Number(row.revision) : Number.POSITIVE_INFINITY;
  let state = ledgerDecider.initialState();
  let atModel = ledgerDecider.initialState();
  let last = -1;
  const open = new Map<string, OpenReservation>();
  for await (const page of eventPages(store, creditsStream, accountId)) {
    for (const event of page) {
      state = ledgerDecider.evolve(state, event);
      trackReservations(open, event);
      last = event.revision;
      if (event.revision <= modelAt) atModel = state;
    }
  }
  const at = Math.min(modelAt, last);
  const folded = { balance: atModel.balance, reserved: reservedOf(atModel), revision: at };
  const model = row
    ? { balance: Number(row.balance), reserved: Number(row.reserved), revision: Number(row.revision) }
    : null;
  const match = model
    ? model.balance === folded.balance && model.reserved === folded.reserved && model.revision === last
    : last === -1;
  return {
    account_id: accountId,
    events: folded,
    read_model: model,
    lag: last - (model?.revision ?? -1),
    match,
    stale_reservations: staleOf(open, now),
  };
}

/** An account's ledger is sound when its read model agrees and no credits are held by a lost job. */
export const isSound = (r: Reconciliation) => r.match && r.stale_reservations.length === 0;

/** An account's replay, a page of rows at a time: the balance after each event, as an auditor reads it. */
export async function* replayPages(events: EventStore, accountId: string): AsyncGenerator<ReplayRow[]> {
  let state = ledgerDecider.initialState();
  for await (const page of eventPages(events, creditsStream, accountId)) {
    yield page.map((event) => {
      state = ledgerDecider.evolve(state, event);
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
  }
}

export const reconcileOne = async (events: EventStore, db: Queryable, accountId: string, now = new Date()) =>
  reconcileAccount(events, accountId, await findBalance(db, accountId), now);

export async function reconcileAll(events: EventStore, db: Queryable, now = new Date()): Promise<Reconciliation[]> {
  const balances = new Map((await listBalances(db)).map((row) => [row.account_id, row]));
  const accounts = new Set([...balances.keys(), ...(await listAccountIds(db))]);
  const out: Reconciliation[] = [];
  for (const accountId of [...accounts].sort()) {
    out.push(await reconcileAccount(events, accountId, balances.get(accountId) ?? null, now));
  }
  return out;
}
