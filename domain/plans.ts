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
