import type { BatchItemResult } from '../../domain/jobs/outcomes.js';

/** One policy's result in a batch, verified unless told otherwise. */
export const itemResult = (index: number, other: Partial<BatchItemResult> = {}): BatchItemResult => ({
  index,
  policy_number: `P-${index}`,
  country: 'DE',
  insurance_type: 'liability',
  provider: null,
  status: 'verified',
  confidence_score: 0.9,
  verification_sources: [],
  insurer: null,
  flags: [],
  credits_charged: 1,
  error: null,
  ...other,
});
