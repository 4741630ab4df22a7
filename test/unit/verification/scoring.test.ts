import { describe, expect, it } from 'vitest';
import {
  confidence,
  FLAG_CAPS,
  orderFlags,
  statusFor,
  THRESHOLDS,
  WEIGHTS,
} from '../../../domain/verification/scoring.js';
import { FLAGS, type Flag } from '../../../domain/verification/types.js';
import { flagDocumentMismatch, samePolicyNumber } from '../../../domain/verification/document-mismatch.js';

describe('score boundaries', () => {
  it.each([
    [1, 'verified'],
    [0.7, 'verified'],
    [0.69, 'inconclusive'],
    [0.4, 'inconclusive'],
    [0.39, 'unverified'],
    [0, 'unverified'],
  ] as const)('%s is %s', (score, status) => {
    expect(statusFor(score)).toBe(status);
  });

  it('uses the thresholds 0.7 and 0.4 and weights that sum to 1', () => {
    expect(THRESHOLDS).toEqual({ verified: 0.7, inconclusive: 0.4 });
    expect(WEIGHTS.format + WEIGHTS.register + WEIGHTS.registry).toBeCloseTo(1, 10);
  });

  it('rounds to two decimals before comparing, so sums that land on a boundary stay on it', () => {
    // 0.4 × 0.75 + 0.4 = 0.7000000000000001 in floating point
    const score = confidence({ format: 0.75, register: 0, registry: 1 }, []);
    expect(score).toBe(0.7);
    expect(statusFor(score)).toBe('verified');
    expect(confidence({ format: 1, register: 0, registry: 0 }, [])).toBe(0.4);
  });

  it('is the weighted sum of the checks', () => {
    expect(confidence({ format: 1, register: 0.95, registry: 1 }, [])).toBe(0.99);
    expect(confidence({ format: 1, register: 0.5, registry: 1 }, [])).toBe(0.9);
    expect(confidence({ format: 1, register: 0.95, registry: 0 }, [])).toBe(0.59);
    expect(confidence({ format: 1, register: 1, registry: 1 }, [])).toBe(1);
  });

  it.each([
    ['sanctioned', 0.1, 'unverified'],
    ['expired', 0.3, 'unverified'],
    ['cancelled', 0.3, 'unverified'],
    ['insurer_unauthorised', 0.3, 'unverified'],
    ['not_yet_active', 0.6, 'inconclusive'],
    ['provider_mismatch', 0.6, 'inconclusive'],
  ] as const)('caps a result flagged %s at %s (%s)', (flag, cap, status) => {
    const score = confidence({ format: 1, register: 1, registry: 1 }, [flag]);
    expect(score).toBe(cap);
    expect(statusFor(score)).toBe(status);
  });

  it('lets registry_unavailable lower the score only by the check it removes', () => {
    expect(FLAG_CAPS.registry_unavailable).toBeUndefined();
    expect(confidence({ format: 1, register: 0.95, registry: 0 }, ['registry_unavailable'])).toBe(0.59);
  });

  it('takes the lowest cap when several flags apply', () => {
    expect(
      confidence({ format: 1, register: 0, registry: 1 }, ['provider_mismatch', 'sanctioned', 'insurer_unauthorised']),
    ).toBe(0.1);
  });

  it('lists flags once each, in the documented order', () => {
    const flags = new Set<Flag>(['registry_unavailable', 'sanctioned', 'expired', 'insurer_unauthorised']);
    expect(orderFlags(flags)).toEqual(['expired', 'sanctioned', 'insurer_unauthorised', 'registry_unavailable']);
    expect(FLAGS).toEqual([
      'expired',
      'not_yet_active',
      'cancelled',
      'sanctioned',
      'insurer_unauthorised',
      'provider_mismatch',
      'registry_unavailable',
      'document_mismatch',
    ]);
  });
});

describe('document mismatch', () => {
  it('compares numbers as the format check reads them', () => {
    expect(samePolicyNumber('AXK 1234-5678', 'axk12345678')).toBe(true);
    expect(samePolicyNumber('AXK12345678', 'AXK12345679')).toBe(false);
  });

  it('flags the result and caps it at inconclusive', () => {
    const flagged = flagDocumentMismatch({
      status: 'verified',
      confidence_score: 0.95,
      flags: ['registry_unavailable'],
    });
    expect(flagged).toEqual({
      status: 'inconclusive',
      confidence_score: 0.6,
      flags: ['registry_unavailable', 'document_mismatch'],
    });
    expect(flagDocumentMismatch({ status: 'unverified', confidence_score: 0.3, flags: ['expired'] })).toEqual({
      status: 'unverified',
      confidence_score: 0.3,
      flags: ['expired', 'document_mismatch'],
    });
  });
});
