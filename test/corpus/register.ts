// The register as the product loads it (data/registers through the verification engine's directory): the
// corpus prints insurers by register number and expects the names the product shows, and extraction is
// scored with the product's own matcher.
import type { InsurerMatcher, PolicyFormatCheck } from '../../domain/extraction/types.js';
import type { Country } from '../../domain/verification/types.js';
import { buildVerification, type VerificationParts } from '../../infra/verification/load.js';

export interface RegisteredInsurer {
  country: Country;
  reference: string;
  /** The display name, as verification results and extraction show it. */
  name: string;
}

let parts: VerificationParts | null = null;
const verification = (): VerificationParts => (parts ??= buildVerification());

export function registered(country: Country, reference: string): RegisteredInsurer {
  const insurer = verification().directory.byReference(country, reference);
  if (!insurer?.registered) throw new Error(`no register entry ${country} ${reference}`);
  return { country, reference, name: insurer.name };
}

/** The matcher the service hands the extraction activities. */
export function registerMatcher(): InsurerMatcher {
  return verification().matchInsurer;
}

/** The format check the service hands the extraction activities. */
export function registerFormats(): PolicyFormatCheck {
  return verification().fitsPolicyFormat;
}
