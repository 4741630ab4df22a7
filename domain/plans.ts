// Plans as the product publishes them (DESIGN §5, §9). Enterprise limits are set per account.

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

/** The billing period of an instant: its UTC calendar month, `YYYY-MM`. */
export const periodOf = (at: Date): string => at.toISOString().slice(0, 7);

/** The first instant of the period after `period`. */
export function periodEnd(period: string): Date {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1));
}
