// The confidence score: a weighted sum of the three checks, capped by the flags that speak against the policy.
// docs/verification.md explains every number here; change them together.
import { FLAGS, type Flag, type VerificationStatus } from './types.js';

export const WEIGHTS = { format: 0.4, register: 0.2, registry: 0.4 } as const;

/** verified from 0.70, inconclusive from 0.40, unverified below. */
export const THRESHOLDS = { verified: 0.7, inconclusive: 0.4 } as const;

/** The highest score a result carrying the flag can have. */
export const FLAG_CAPS: Readonly<Partial<Record<Flag, number>>> = {
  sanctioned: 0.1,
  expired: 0.3,
  cancelled: 0.3,
  insurer_unauthorised: 0.3,
  not_yet_active: 0.6,
  provider_mismatch: 0.6,
  document_mismatch: 0.6,
};

/** Each check's value, 0..1 (a check that did not run is 0). */
export interface CheckValues {
  format: number;
  register: number;
  registry: number;
}

/** Values the engine gives the checks (see docs/verification.md). */
export const VALUES = {
  format: { matched: 1, notInsurerForm: 0.75 },
  register: { providerUnknown: 0.5 },
  registry: { inForce: 1, notYetActive: 0.5, notInForce: 0 },
} as const;

const round2 = (x: number) => Math.round(x * 100) / 100;

export function confidence(values: CheckValues, flags: Iterable<Flag>): number {
  let score = WEIGHTS.format * values.format + WEIGHTS.register * values.register + WEIGHTS.registry * values.registry;
  for (const flag of flags) score = Math.min(score, FLAG_CAPS[flag] ?? 1);
  return round2(Math.max(0, Math.min(1, score)));
}

/** Scores arrive rounded to two decimals, so the comparisons are exact at the boundaries. */
export function statusFor(score: number): VerificationStatus {
  if (score >= THRESHOLDS.verified) return 'verified';
  if (score >= THRESHOLDS.inconclusive) return 'inconclusive';
  return 'unverified';
}

/** Flags in their documented order, once each. */
export function orderFlags(flags: ReadonlySet<Flag>): Flag[] {
  return FLAGS.filter((flag) => flags.has(flag));
}
