import { describe, expect, it } from 'vitest';
import { fold } from '../../domain/decider.js';
import { DomainError } from '../../domain/errors.js';
import {
  availableOf,
  changeAllowance,
  charge,
  grant,
  ledgerDecider,
  reservedOf,
  reserve,
  rollover,
  settle,
  type LedgerEvent,
  type LedgerState,
} from '../../domain/ledger/ledger.js';

const nov = new Date('2026-11-15T12:00:00Z');
const dec = new Date('2026-12-01T00:00:00Z');
const clock = (now: Date) => ({ now, allowance: 10 });
const initialLedger = ledgerDecider.initialState();
const apply = (state: LedgerState, events: LedgerEvent[]) => fold(ledgerDecider, events, state);

describe('credit ledger decisions', () => {
  it('grants the monthly allowance on first use and charges one credit at a time', () => {
    let state = apply(initialLedger, rollover(initialLedger, clock(nov)));
    expect(state).toEqual({ period: '2026-11', balance: 10, reservations: {} });
    const events = charge(state, { ...clock(nov), amount: 1, operation: 'verify', reference: 'r1' });
    expect(events).toEqual([{ type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: 'r1' } }]);
    state = apply(state, events);
    expect(availableOf(state)).toBe(9);
  });

  it('refuses to charge below zero with insufficient_credits', () => {
    const empty: LedgerState = { period: '2026-11', balance: 0, reservations: {} };
    let error: unknown;
    try {
      charge(empty, { ...clock(nov), amount: 1, operation: 'verify', reference: 'r' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('insufficient_credits');
    expect((error as DomainError).message).toBe('Credit balance is 0.');
  });

  it('expires what is left at the month change, keeps reserved credits, and grants the allowance', () => {
    let state: LedgerState = { period: '2026-11', balance: 8, reservations: { job1: 5 } };
    const events = rollover(state, clock(dec));
    expect(events).toEqual([
      { type: 'CreditsExpired', data: { amount: 3, period: '2026-11' } },
      { type: 'CreditsGranted', data: { amount: 10, reason: 'monthly_allowance', period: '2026-12' } },
    ]);
    state = apply(state, events);
    expect(state.balance).toBe(15);
    expect(reservedOf(state)).toBe(5);
    expect(availableOf(state)).toBe(10);
    // A charge in the new period rolls over first, in the same decision.
    const old: LedgerState = { period: '2026-11', balance: 0, reservations: {} };
    expect(charge(old, { ...clock(dec), amount: 1, operation: 'verify', reference: 'r' }).map((e) => e.type)).toEqual([
      'CreditsGranted',
      'CreditsCharged',
    ]);
  });

  it('reserves against what is available, settles what was used and releases the rest, once', () => {
    let state: LedgerState = { period: '2026-11', balance: 10, reservations: {} };
    expect(() =>
      reserve(state, { ...clock(nov), reservationId: 'b', amount: 11, operation: 'batch', reference: 'b' }),
    ).toThrow(DomainError);
    state = apply(
      state,
      reserve(state, { ...clock(nov), reservationId: 'b', amount: 4, operation: 'batch', reference: 'b' }),
    );
    expect(availableOf(state)).toBe(6);
    expect(
      reserve(state, { ...clock(nov), reservationId: 'b', amount: 4, operation: 'batch', reference: 'b' }),
    ).toEqual([]);
    const settled = settle(state, { reservationId: 'b', captured: 3 });
    expect(settled).toEqual([{ type: 'ReservationSettled', data: { reservation_id: 'b', captured: 3, released: 1 } }]);
    state = apply(state, settled);
    expect(state).toEqual({ period: '2026-11', balance: 7, reservations: {} });
    expect(settle(state, { reservationId: 'b', captured: 3 })).toEqual([]);
  });

  it('grants top-ups and lets only an adjustment take credits away, never below what is available', () => {
    const state: LedgerState = { period: '2026-11', balance: 5, reservations: { j: 2 } };
    expect(grant(state, { ...clock(nov), amount: 100, reason: 'top_up' })).toEqual([
      { type: 'CreditsGranted', data: { amount: 100, reason: 'top_up', period: '2026-11' } },
    ]);
    expect(() => grant(state, { ...clock(nov), amount: -1, reason: 'top_up' })).toThrow(DomainError);
    expect(() => grant(state, { ...clock(nov), amount: -4, reason: 'adjustment' })).toThrow(DomainError);
    expect(grant(state, { ...clock(nov), amount: -3, reason: 'adjustment' })).toHaveLength(1);
  });
});

describe('plan changes', () => {
  const started = () => apply(initialLedger, rollover(initialLedger, clock(nov)));

  it('an upgrade grants the difference of the allowances at once, whole', () => {
    expect(changeAllowance(started(), { now: nov, from: 10, to: 500 })).toEqual([
      { type: 'CreditsGranted', data: { amount: 490, reason: 'plan_upgrade', period: '2026-11' } },
    ]);
  });

  it('a downgrade takes nothing back this month', () => {
    expect(changeAllowance(started(), { now: nov, from: 500, to: 10 })).toEqual([]);
  });

  it('in a month the ledger has not begun, the rollover grants the new allowance itself', () => {
    expect(changeAllowance(started(), { now: dec, from: 10, to: 500 })).toEqual([
      { type: 'CreditsExpired', data: { amount: 10, period: '2026-11' } },
      { type: 'CreditsGranted', data: { amount: 500, reason: 'monthly_allowance', period: '2026-12' } },
    ]);
  });
});
