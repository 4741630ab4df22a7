import { periodOf } from '../plans.js';
import type { VerificationStatus } from '../verification/types.js';
import { availableIn, reservedOf, type LedgerState } from './ledger.js';

// What an answer costs, and what an account can still pay: the rules the API's 402 and the job's settlement share.

/** A definitive answer costs a credit; an inconclusive one or an error does not (docs/architecture.md#credits). */
export const isChargeable = (status: VerificationStatus): boolean => status === 'verified' || status === 'unverified';

/**
 * Credits available at `now`. A ledger still in an earlier month has the whole allowance available: the month's
 * grant (and the expiry of what was left) happens lazily at its first charge, so the 402 must not be answered
 * from last month's balance.
 */
export const availableAt = (state: LedgerState, now: Date, allowance: number): number =>
  availableIn(periodOf(now), { period: state.period, balance: state.balance, reserved: reservedOf(state) }, allowance);

/**
 * What a live key's monitor costs for each calendar month it is active, whatever its frequency: taken at its first
 * check of the month (its start, then each month's first check). A test key's monitor costs nothing.
 */
export const MONITOR_CREDITS_PER_MONTH = 5;
