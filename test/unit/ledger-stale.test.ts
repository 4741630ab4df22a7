// Reconciliation reports reservations that a lost job keeps open (domain/ledger: trackReservations, staleOf).
import { describe, expect, it } from 'vitest';
import {
  STALE_RESERVATION_HOURS,
  staleOf,
  trackReservations,
  type LedgerEvent,
  type OpenReservation,
} from '../../domain/ledger/ledger.js';

/** What reconcile does as it walks a stream: follow the open reservations, then name the stale ones. */
function staleReservations(events: readonly (LedgerEvent & { created: Date })[], now: Date) {
  const open = new Map<string, OpenReservation>();
  for (const event of events) trackReservations(open, event);
  return staleOf(open, now);
}

const at = (iso: string) => new Date(iso);
const reserved = (id: string, created: string) => ({
  type: 'CreditsReserved' as const,
  data: { reservation_id: id, amount: 3, operation: 'batch', reference: id },
  created: at(created),
});
const settled = (id: string, created: string) => ({
  type: 'ReservationSettled' as const,
  data: { reservation_id: id, captured: 0, released: 3 },
  created: at(created),
});

describe('stale reservations', () => {
  const events = [
    reserved('old', '2026-11-01T00:00:00Z'),
    reserved('done', '2026-11-01T00:00:00Z'),
    settled('done', '2026-11-01T00:05:00Z'),
    reserved('young', '2026-11-01T05:00:00Z'),
  ];

  it('lists only reservations still open and older than the limit', () => {
    const now = at(`2026-11-01T0${STALE_RESERVATION_HOURS}:30:00Z`);
    expect(staleReservations(events, now)).toEqual([
      { reservation_id: 'old', amount: 3, operation: 'batch', reserved_at: '2026-11-01T00:00:00.000Z' },
    ]);
  });

  it('lists nothing while every open reservation is younger than any job can run', () => {
    expect(staleReservations(events, at('2026-11-01T05:59:00Z'))).toEqual([]);
  });
});
