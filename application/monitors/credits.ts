// What a monitor costs (docs/architecture.md#credits): MONITOR_CREDITS_PER_MONTH from its account's ledger for each
// calendar month it is active, taken at its first check of the month, as jobs take theirs: a reservation under a
// fixed id (`{mon_id}/{YYYY-MM}`) through the ledger's decider, then the month recorded on the monitor's stream
// (MonitorCharged, a fixed key), then the reservation captured. Each step is safe to repeat, so a retried or
// restarted charge never charges twice: the reservation is not made again while open, a month recorded is not
// reserved again (nor kept, when a twin attempt recorded it meanwhile), and a capture already made is a no-op.
// A test key's monitor costs nothing.
import type { Accounts } from '../accounts.js';
import type { Ledger } from '../ledger/ledger.js';
import { isDomainError } from '../../domain/errors.js';
import { MONITOR_CREDITS_PER_MONTH } from '../../domain/ledger/pricing.js';
import { monitorDecider, monitorStream, type MonitorState } from '../../domain/monitors/monitor.js';
import { periodOf } from '../../domain/plans.js';
import { appendDecided } from '../../infra/eventstore/decided.js';
import { readEvents, type EventStore } from '../../infra/eventstore/types.js';

export interface MonitorCreditDeps {
  events: EventStore;
  ledger: Pick<Ledger, 'reserve' | 'settle'>;
  accounts: Pick<Accounts, 'state'>;
}

/** Paid for the month, not (no credits left: the monitor pauses), or its account has closed (it stops). */
export type Funding = { kind: 'funded'; state: MonitorState } | { kind: 'unfunded' } | { kind: 'account_closed' };

/** The reservation a month of a monitor is charged under. */
export const monitorReservationId = (monitorId: string, period: string) => `${monitorId}/${period}`;

/**
 * Pays the month `now` is in for a monitor, once (see above), or finds its account closed. `state`: the monitor as
 * folded from its stream.
 */
export async function payMonth(
  deps: MonitorCreditDeps,
  monitorId: string,
  state: MonitorState,
  now: number,
): Promise<Funding> {
  const started = state.started;
  if (!started) return { kind: 'funded', state };
  const accountId = started.account_id;
  // Asked at every check, whatever the key's mode: the closing's stop signal finds monitors through Temporal's
  // visibility, which may not list one started a moment before, and such a monitor stops here at its next check.
  const account = await deps.accounts.state(accountId);
  if (account.closed) return { kind: 'account_closed' };
  if (started.mode !== 'live') return { kind: 'funded', state };
  const period = periodOf(new Date(now));
  const reservationId = monitorReservationId(monitorId, period);
  const metadata = { actor: 'system', $correlationId: monitorId };
  let after = state;
  if (state.charged === null || state.charged < period) {
    let held: boolean;
    try {
      const handled = await deps.ledger.reserve(
        accountId,
        {
          allowance: account.limits?.monthlyCredits ?? 0,
          reservationId,
          amount: MONITOR_CREDITS_PER_MONTH,
          operation: 'monitor',
          reference: monitorId,
        },
        metadata,
      );
      held = handled.events.some((event) => event.type === 'CreditsReserved');
    } catch (error) {
      if (isDomainError(error) && error.code === 'insufficient_credits') return { kind: 'unfunded' };
      throw error;
    }
    if (held) {
      // A new hold while a twin attempt (one Temporal retried while it still ran, from a state read before) may
      // have charged the month: the hold is only ever settled after the month is recorded, so a month recorded
      // now was charged by that twin, and this hold is released.
      const fresh = (await readEvents(deps.events, monitorStream, monitorId)).reduce(
        monitorDecider.evolve,
        monitorDecider.initialState(),
      );
      if (fresh.charged !== null && fresh.charged >= period) {
        await deps.ledger.settle(accountId, { reservationId, captured: 0 }, metadata);
        return { kind: 'funded', state: fresh };
      }
    }
    const decided = monitorDecider.decide(
      {
        type: 'RecordCharge',
        data: { monitorId, period, credits: MONITOR_CREDITS_PER_MONTH, at: new Date(now).toISOString() },
      },
      state,
    );
    if (decided.length > 0) await appendDecided(deps.events, monitorStream, monitorId, decided, metadata);
    after = decided.reduce(monitorDecider.evolve, state);
  } else if (state.charged > period) {
    return { kind: 'funded', state };
  }
  // Captured once the month is recorded; a capture already made appends nothing (a retry after a crash here).
  await deps.ledger.settle(accountId, { reservationId, captured: MONITOR_CREDITS_PER_MONTH }, metadata);
  return { kind: 'funded', state: after };
}
