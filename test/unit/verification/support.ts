// Shared by the verification unit tests: the real data under data/, read once per test file, on a pinned clock.
import { buildVerification, type LoadOptions, type VerificationParts } from '../../../infra/verification/load.js';

/** A day inside every sample record's period: in force ones run 2024-2039, future ones start in 2040. */
export const TODAY = new Date('2026-11-22T12:00:00Z');

let cached: VerificationParts | undefined;

export function verificationParts(): VerificationParts {
  cached ??= buildVerification({ now: () => TODAY });
  return cached;
}

export function verificationWith(options: LoadOptions): VerificationParts {
  return buildVerification({ now: () => TODAY, ...options });
}
