import { describe, expect, it } from 'vitest';
import { SANDBOX_INSURER, sandboxVerify } from '../../../domain/verification/sandbox.js';
import type { VerificationRequest } from '../../../domain/verification/types.js';

const request = (policy_number: string, over: Partial<VerificationRequest> = {}): VerificationRequest => ({
  policy_number,
  country: 'UK',
  insurance_type: 'motor',
  ...over,
});

describe('sandbox (docs/architecture.md#keys-and-the-sandbox)', () => {
  it.each([
    ['FAIL_123', 'unverified', 0.1],
    ['FAIL_', 'unverified', 0.1],
    ['INCONCLUSIVE_42', 'inconclusive', 0.5],
    ['AXK12345678', 'verified', 0.95],
    ['anything at all', 'verified', 0.95],
    ['fail_123', 'verified', 0.95],
    ['XFAIL_1', 'verified', 0.95],
  ] as const)('%j gives %s at %s', (number, status, score) => {
    const result = sandboxVerify(request(number));
    expect(result.status).toBe(status);
    expect(result.confidence_score).toBe(score);
    expect(result.sandbox).toBe(true);
  });

  it('forced fail lists only the format source and the flag sandbox_forced_fail', () => {
    expect(sandboxVerify(request('FAIL_X'))).toEqual({
      status: 'unverified',
      confidence_score: 0.1,
      verification_sources: ['format'],
      insurer: null,
      flags: ['sandbox_forced_fail'],
      sandbox: true,
    });
  });

  it('inconclusive has no insurer', () => {
    expect(sandboxVerify(request('INCONCLUSIVE_1'))).toMatchObject({ insurer: null, flags: [] });
  });

  it('verified lists all three sources for the country and the fixed sandbox insurer', () => {
    expect(sandboxVerify(request('ABC', { country: 'DE', insurance_type: 'health' }))).toEqual({
      status: 'verified',
      confidence_score: 0.95,
      verification_sources: ['format', 'bafin_register', 'registry'],
      insurer: { name: 'Sandbox Insurance Ltd', reference: 'SANDBOX-0001', regulated: 'YES', authorised: true },
      flags: [],
      sandbox: true,
    });
    expect(sandboxVerify(request('ABC', { country: 'FR' })).verification_sources[1]).toBe('acpr_register');
    expect(sandboxVerify(request('ABC')).insurer).not.toBe(SANDBOX_INSURER); // a copy: callers may not change the constant
  });
});
