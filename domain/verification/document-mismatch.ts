// Async verification with a document (docs/architecture.md#the-interface): when the caller's policy number and the one the document
// prints differ, the result says so. The caller's number is still the one verified; the flag caps the score
// as a provider mismatch does (docs/verification.md), since one of the two is wrong.
import { FLAG_CAPS, statusFor } from './scoring.js';
import type { VerificationResult } from './types.js';

/** Policy numbers compared as the format check reads them: case, spaces, hyphens, slashes and dots aside. */
export const samePolicyNumber = (a: string, b: string): boolean => {
  const key = (s: string) => s.toUpperCase().replace(/[\s\-/.]/g, '');
  return key(a) === key(b);
};

export function flagDocumentMismatch<R extends Pick<VerificationResult, 'status' | 'confidence_score' | 'flags'>>(
  result: R,
): R {
  // Last in the documented order, so appending keeps the order (and a sandbox flag, which FLAGS does not list).
  const flags = result.flags.includes('document_mismatch') ? result.flags : [...result.flags, 'document_mismatch'];
  const confidence_score = Math.min(result.confidence_score, FLAG_CAPS.document_mismatch!);
  return { ...result, flags, confidence_score, status: statusFor(confidence_score) };
}
