// Plans as the product publishes them (docs/architecture.md#credits). Enterprise limits are set per account.

export const PLAN_NAMES = ['free', 'pro', 'growth', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanLimits {
  /** Credits granted on the 1st of each month; the remainder expires (no rollover). */
  monthlyCredits: number;
  requestsPerMinute: number;
  requestsPerMonth: number;
}

export const PLANS: Record<PlanName, PlanLimits> = {
  free: { monthlyCredits: 10, requestsPerMinute: 10, requestsPerMonth: 2_000 },
  pro: { monthlyCredits: 500, requestsPerMinute: 100, requestsPerMonth: 50_000 },
  growth: { monthlyCredits: 5_000, requestsPerMinute: 500, requestsPerMonth: 500_000 },
  // Defaults until an operator configures the account.
  enterprise: { monthlyCredits: 50_000, requestsPerMinute: 2_000, requestsPerMonth: 5_000_000 },
};

/**
 * A test key's request limits, whatever its account's plan: the sandbox costs nothing to answer, and a developer
 * trying every example of the docs, error cases included, makes some 60 calls in a few minutes, which a free
 * plan's 10 a minute would cut short. Live keys keep their plan's.
 */
export const TEST_KEY_LIMITS = { requestsPerMinute: 120, requestsPerMonth: 10_000 } as const;

/** The limits a key is held to: its plan's, raised to TEST_KEY_LIMITS for a test key (never lowered). */
export function keyLimits(mode: 'live' | 'test', plan: PlanLimits): PlanLimits {
  if (mode === 'live') return plan;
  return {
    monthlyCredits: plan.monthlyCredits,
    requestsPerMinute: Math.max(plan.requestsPerMinute, TEST_KEY_LIMITS.requestsPerMinute),
    requestsPerMonth: Math.max(plan.requestsPerMonth, TEST_KEY_LIMITS.requestsPerMonth),
  };
}

// The month being computed again for every request is measurable; remember the last one and when it ends.
const last = { from: 0, to: -1, period: '' };

/** The billing period of an instant: its UTC calendar month, `YYYY-MM`. */
export function periodOf(at: Date): string {
  const t = at.getTime();
  if (t >= last.from && t < last.to) return last.period;
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  last.from = Date.UTC(year, month, 1);
  last.to = Date.UTC(year, month + 1, 1);
  last.period = `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}`;
  return last.period;
}

/** The first instant of the period after `period`. */
export function periodEnd(period: string): Date {
  if (period === last.period) return new Date(last.to);
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1));
}
