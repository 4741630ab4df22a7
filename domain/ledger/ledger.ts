import type { Decider } from '../decider.js';
import { DomainError } from '../errors.js';
import { periodOf } from '../plans.js';
import { streamType, unreachable, type Event } from '../streams.js';

// The credit ledger of one account (stream `credits-{accountId}`), as a decider (ledgerDecider, below): a decision
// reads the folded state and returns the events to append, or throws; evolve folds an event into the state.
// The event store's expected revision makes each decision atomic against concurrent ones.

export type GrantReason = 'monthly_allowance' | 'top_up' | 'adjustment' | 'plan_upgrade';

export type LedgerEvent =
  | Event<'CreditsGranted', { amount: number; reason: GrantReason; period: string }>
  | Event<'CreditsExpired', { amount: number; period: string }>
  | Event<'CreditsCharged', { amount: number; operation: string; reference: string }>
  | Event<'CreditsReserved', { reservation_id: string; amount: number; operation: string; reference: string }>
  | Event<'ReservationSettled', { reservation_id: string; captured: number; released: number }>
  /**
   * Written once to a stream whose events predate the hash chain (./chain.ts), by the migration that chained it:
   * the link its events up to `through_revision` fold to, from which the links in metadata go on. Moves no credits.
   */
  | Event<'LedgerChainStarted', { through_revision: number; head: string }>;

export const LEDGER_EVENT_TYPES = [
  'CreditsGranted',
  'CreditsExpired',
  'CreditsCharged',
  'CreditsReserved',
  'ReservationSettled',
  'LedgerChainStarted',
] as const satisfies readonly LedgerEvent['type'][];

export const creditsStream = streamType<LedgerEvent>('credits-', LEDGER_EVENT_TYPES);

export interface LedgerState {
  /** The period of the last monthly allowance; null before the first. */
  period: string | null;
  /** Credits owned, reserved ones included. */
  balance: number;
  /** Open reservations by id. */
  reservations: Readonly<Record<string, number>>;
}

const initialLedger: LedgerState = { period: null, balance: 0, reservations: {} };

export const reservedOf = (state: LedgerState): number =>
  Object.values(state.reservations).reduce((sum, amount) => sum + amount, 0);

/** What can still be charged or reserved. */
export const availableOf = (state: LedgerState): number => state.balance - reservedOf(state);

/**
 * What is available in `period` as the account will see it: the month's allowance is granted lazily, by its
 * first charge or reservation, so until then the whole allowance is (what was left last month expires then).
 */
export const availableIn = (
  period: string,
  ledger: { period: string | null; balance: number; reserved: number },
  allowance: number,
): number => (ledger.period === period ? ledger.balance - ledger.reserved : allowance);

// The states are built field by field rather than spread: a full fold evolves a million events, and a literal of
// one shape is several times cheaper to make than a spread.
function evolveLedger(state: LedgerState, e: LedgerEvent): LedgerState {
  switch (e.type) {
    case 'CreditsGranted':
      return {
        period: e.data.reason === 'monthly_allowance' ? e.data.period : state.period,
        balance: state.balance + e.data.amount,
        reservations: state.reservations,
      };
    case 'CreditsExpired':
    case 'CreditsCharged':
      return { period: state.period, balance: state.balance - e.data.amount, reservations: state.reservations };
    case 'CreditsReserved':
      return {
        period: state.period,
        balance: state.balance,
        reservations: { ...state.reservations, [e.data.reservation_id]: e.data.amount },
      };
    case 'ReservationSettled': {
      const { [e.data.reservation_id]: _settled, ...open } = state.reservations;
      return { period: state.period, balance: state.balance - e.data.captured, reservations: open };
    }
    case 'LedgerChainStarted':
      return state;
    default:
      return unreachable(e);
  }
}

/**
 * How long a reservation may stay open before an auditor should hear of it. The longest job holds its credits
 * for about an hour (an extraction's OCR, three attempts of 15 minutes, then the verification's retries); the
 * rest is room for a worker outage. A reservation open longer was lost by its job, not used by it.
 */
export const STALE_RESERVATION_HOURS = 6;

export interface OpenReservation {
  reservation_id: string;
  amount: number;
  operation: string;
  reserved_at: string;
}

/** Follows which reservations are open, event by event (an auditor's walk holds no more than that). */
export function trackReservations(open: Map<string, OpenReservation>, event: LedgerEvent & { created: Date }): void {
  if (event.type === 'CreditsReserved') {
    const { reservation_id, amount, operation } = event.data;
    open.set(reservation_id, { reservation_id, amount, operation, reserved_at: event.created.toISOString() });
  } else if (event.type === 'ReservationSettled') {
    open.delete(event.data.reservation_id);
  }
}

/** Of the open reservations, those made more than STALE_RESERVATION_HOURS before `now`. */
export function staleOf(open: ReadonlyMap<string, OpenReservation>, now: Date): OpenReservation[] {
  const limit = now.getTime() - STALE_RESERVATION_HOURS * 3_600_000;
  return [...open.values()].filter((r) => Date.parse(r.reserved_at) < limit);
}

export interface Clocked {
  now: Date;
  /** The account's monthly allowance (from its plan). */
  allowance: number;
}

/**
 * The monthly reset (docs/architecture.md#credits), applied lazily before any other decision in a new period: what was still
 * available expires (reserved credits stay, they are spoken for) and the plan's allowance is granted.
 */
export function rollover(state: LedgerState, { now, allowance }: Clocked): LedgerEvent[] {
  const period = periodOf(now);
  if (state.period === period) return [];
  const events: LedgerEvent[] = [];
  const available = availableOf(state);
  if (state.period !== null && available > 0) {
    events.push({ type: 'CreditsExpired', data: { amount: available, period: state.period } });
  }
  events.push({ type: 'CreditsGranted', data: { amount: allowance, reason: 'monthly_allowance', period } });
  return events;
}

const insufficient = (available: number) =>
  new DomainError(
    'insufficient_credits',
    available <= 0 ? 'Credit balance is 0.' : `Only ${available} credits are available.`,
  );

/** Decisions start from the state after the rollover they may append first. */
function afterRollover(state: LedgerState, clock: Clocked): [LedgerEvent[], LedgerState] {
  const events = rollover(state, clock);
  return [events, events.reduce(evolveLedger, state)];
}

export function charge(
  state: LedgerState,
  command: Clocked & { amount: number; operation: string; reference: string },
): LedgerEvent[] {
  const [events, current] = afterRollover(state, command);
  const available = availableOf(current);
  if (available < command.amount) throw insufficient(available);
  return [
    ...events,
    {
      type: 'CreditsCharged',
      data: { amount: command.amount, operation: command.operation, reference: command.reference },
    },
  ];
}

/** Holds credits for a job; a reservation id already open is not reserved twice. */
export function reserve(
  state: LedgerState,
  command: Clocked & { reservationId: string; amount: number; operation: string; reference: string },
): LedgerEvent[] {
  if (state.reservations[command.reservationId] !== undefined) return [];
  const [events, current] = afterRollover(state, command);
  const available = availableOf(current);
  if (available < command.amount) throw insufficient(available);
  return [
    ...events,
    {
      type: 'CreditsReserved',
      data: {
        reservation_id: command.reservationId,
        amount: command.amount,
        operation: command.operation,
        reference: command.reference,
      },
    },
  ];
}

/** Captures what the job used and releases the rest; settling twice is a no-op. */
export function settle(state: LedgerState, command: { reservationId: string; captured: number }): LedgerEvent[] {
  const amount = state.reservations[command.reservationId];
  if (amount === undefined) return [];
  const captured = Math.max(0, Math.min(amount, command.captured));
  return [
    {
      type: 'ReservationSettled',
      data: { reservation_id: command.reservationId, captured, released: amount - captured },
    },
  ];
}

/**
 * A plan change within the month. An upgrade grants the difference between the two allowances at once, whole
 * (not prorated: a customer who upgrades on the 28th can use the new plan that day); a downgrade takes nothing
 * back, and the next month starts on the new allowance. In a month not yet begun for the ledger, the rollover
 * grants the new allowance itself.
 */
export function changeAllowance(state: LedgerState, command: { now: Date; from: number; to: number }): LedgerEvent[] {
  const events = rollover(state, { now: command.now, allowance: command.to });
  if (events.length > 0 || command.to <= command.from) return events;
  return [
    {
      type: 'CreditsGranted',
      data: { amount: command.to - command.from, reason: 'plan_upgrade', period: periodOf(command.now) },
    },
  ];
}

export function grant(state: LedgerState, command: Clocked & { amount: number; reason: GrantReason }): LedgerEvent[] {
  if (!Number.isInteger(command.amount) || command.amount === 0) {
    throw new DomainError('invalid_request', 'amount must be a non-zero integer.');
  }
  const [events, current] = afterRollover(state, command);
  if (command.amount < 0 && (command.reason !== 'adjustment' || availableOf(current) + command.amount < 0)) {
    throw new DomainError(
      'invalid_request',
      'Only an adjustment may remove credits, and never more than are available.',
    );
  }
  return [
    ...events,
    { type: 'CreditsGranted', data: { amount: command.amount, reason: command.reason, period: periodOf(command.now) } },
  ];
}

/** What may be asked of a ledger: every decision above, as one union (Emmett's Command). */
export type LedgerCommand =
  | { type: 'Rollover'; data: Clocked }
  | { type: 'Charge'; data: Clocked & { amount: number; operation: string; reference: string } }
  | { type: 'Reserve'; data: Clocked & { reservationId: string; amount: number; operation: string; reference: string } }
  | { type: 'Settle'; data: { reservationId: string; captured: number } }
  | { type: 'ChangeAllowance'; data: { now: Date; from: number; to: number } }
  | { type: 'Grant'; data: Clocked & { amount: number; reason: GrantReason } };

/** The events a command appends to the ledger in `state`, or a DomainError. */
function decideLedger(command: LedgerCommand, state: LedgerState): LedgerEvent[] {
  switch (command.type) {
    case 'Rollover':
      return rollover(state, command.data);
    case 'Charge':
      return charge(state, command.data);
    case 'Reserve':
      return reserve(state, command.data);
    case 'Settle':
      return settle(state, command.data);
    case 'ChangeAllowance':
      return changeAllowance(state, command.data);
    case 'Grant':
      return grant(state, command.data);
    default:
      return unreachable(command);
  }
}

/**
 * The ledger's decider. Its state is a plain object that survives JSON (snapshots keep it): change its shape with
 * LEDGER_SNAPSHOT_VERSION (application/ledger/ledger.ts).
 */
export const ledgerDecider: Decider<LedgerState, LedgerCommand, LedgerEvent> = {
  decide: decideLedger,
  evolve: evolveLedger,
  initialState: () => initialLedger,
};
