// What one check of a monitor saw of its policy, and how two such sightings differ field by field
// (docs/architecture.md#monitors). An answer the registry did not give is never an observation: the workflow
// retries the check instead, so an outage cannot read as a change.

/** Inclusive dates, YYYY-MM-DD. */
export interface PolicyPeriod {
  start: string;
  end: string;
}

/** `not_found`: the registry no longer holds the number (a policy withdrawn is a change like any other). */
export type ObservedStatus = 'active' | 'cancelled' | 'not_found';

export interface Observation {
  status: ObservedStatus;
  /** The insurer's name as the registry gives it. */
  insurer: string | null;
  period: PolicyPeriod | null;
  /** The vehicle registration on a motor policy. */
  vehicle: string | null;
}

export const OBSERVED_FIELDS = ['status', 'insurer', 'period', 'vehicle'] as const;
export type ObservedField = (typeof OBSERVED_FIELDS)[number];

/** One difference, as `policy.changed` lists it: a period reads `start/end`. */
export interface Change {
  field: ObservedField;
  from: string | null;
  to: string | null;
}

const shown = (observation: Observation, field: ObservedField): string | null => {
  const value = observation[field];
  if (value === null) return null;
  return typeof value === 'string' ? value : `${value.start}/${value.end}`;
};

/**
 * A new period that starts and ends later than the old one: the policy renewed. The period is then not listed
 * as a change (`policy.renewed` says it), though what else moved with it is.
 */
export function isRenewal(before: Observation, after: Observation): boolean {
  const [a, b] = [before.period, after.period];
  return a !== null && b !== null && b.start > a.start && b.end > a.end;
}

/** Every field that differs, in OBSERVED_FIELDS order; the period only when it moved other than by a renewal. */
export function changesBetween(before: Observation, after: Observation): Change[] {
  const renewed = isRenewal(before, after);
  const changes: Change[] = [];
  for (const field of OBSERVED_FIELDS) {
    if (field === 'period' && renewed) continue;
    const [from, to] = [shown(before, field), shown(after, field)];
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

/** Whether two observations are the same answer (then nothing is recorded). */
export const sameObservation = (a: Observation, b: Observation): boolean =>
  OBSERVED_FIELDS.every((field) => shown(a, field) === shown(b, field));
