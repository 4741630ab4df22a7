// What a call counted against its windows is answered (application/rate-limits/rate-limits.ts counts it): allowed
// or refused, and what the X-RateLimit-* headers report.
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { periodEnd, type PlanLimits } from '../../domain/plans.js';

/** One rate-limit decision, with what the X-RateLimit-* headers report. */
export interface LimitCheck {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the binding window resets. */
  resetAt: number;
  /** Whole seconds to wait, when not allowed (at least 1). */
  retryAfter: number;
}

export type Consumed = { ok: boolean; res: RateLimiterRes };

/**
 * A key's call against its two windows, once both are counted: refused by the minute, then by the month, else
 * allowed, reporting whichever window runs out first. `giveBack`: the month counted a call that was refused.
 */
export function judge(
  limits: PlanLimits,
  now: Date,
  period: string,
  minute: Consumed,
  month: Consumed,
): { check: LimitCheck; giveBack: boolean } {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const minuteReset = nowSeconds + Math.ceil(minute.res.msBeforeNext / 1000);
  const monthOver = month.res.consumedPoints > limits.requestsPerMonth;
  const giveBack = !minute.ok || monthOver;
  if (!minute.ok) return { check: refused(limits.requestsPerMinute, minute.res, minuteReset), giveBack };
  const monthReset = Math.floor(periodEnd(period).getTime() / 1000);
  if (monthOver) {
    return {
      check: {
        allowed: false,
        limit: limits.requestsPerMonth,
        remaining: 0,
        resetAt: monthReset,
        retryAfter: Math.max(1, monthReset - nowSeconds),
      },
      giveBack,
    };
  }
  const monthRemaining = limits.requestsPerMonth - month.res.consumedPoints;
  return {
    check:
      monthRemaining < minute.res.remainingPoints
        ? {
            allowed: true,
            limit: limits.requestsPerMonth,
            remaining: monthRemaining,
            resetAt: monthReset,
            retryAfter: 0,
          }
        : {
            allowed: true,
            limit: limits.requestsPerMinute,
            remaining: minute.res.remainingPoints,
            resetAt: minuteReset,
            retryAfter: 0,
          },
    giveBack,
  };
}

/** A window's refusal: when it resets, and how long to wait. */
export function refused(limit: number, res: RateLimiterRes, resetAt: number): LimitCheck {
  return { allowed: false, limit, remaining: 0, resetAt, retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}
