import { describe, expect, it } from 'vitest';
import { ledgerDecider, type LedgerState } from '../../../domain/ledger/ledger.js';
import { availableAt, isChargeable } from '../../../domain/ledger/pricing.js';
import { sandboxVerify } from '../../../domain/verification/sandbox.js';
import type { VerificationRequest, VerificationResult } from '../../../domain/verification/types.js';
import { verifyInMode, type ModeVerifiers } from '../../../domain/verification/verify-in-mode.js';

const request = (policy_number: string): VerificationRequest => ({
  policy_number,
  country: 'UK',
  insurance_type: 'motor',
});

const engineAnswer = (status: VerificationResult['status']): VerificationResult => ({
  status,
  confidence_score: status === 'verified' ? 0.9 : status === 'unverified' ? 0.2 : 0.5,
  verification_sources: ['format', 'fca_register'],
  insurer: null,
  flags: [],
});

/** A clock that moves 7 ms between its readings, so the timing is known. */
function verifiers(live: VerificationResult['status'] | Error): ModeVerifiers & { liveCalls: number } {
  let now = 1000;
  const v = {
    liveCalls: 0,
    live: async () => {
      v.liveCalls += 1;
      if (live instanceof Error) throw live;
      return engineAnswer(live);
    },
    sandbox: sandboxVerify,
    clock: () => (now += 7),
  };
  return v;
}

describe('verifyInMode: one verification for the sync route and the job activity', () => {
  it.each([
    ['verified', 1],
    ['unverified', 1],
    ['inconclusive', 0],
  ] as const)('a live %s answer is priced %i credit(s) and timed by the clock', async (status, credits) => {
    const v = verifiers(status);
    const result = await verifyInMode(v, request('AXK12345678'), 'live');
    expect(result).toMatchObject({ status, credits_charged: credits, processed_in_ms: 7 });
    expect(result.sandbox).toBeUndefined();
    expect(v.liveCalls).toBe(1);
  });

  it('a test key gets the sandbox, free, marked sandbox, and never reaches the engine', async () => {
    const v = verifiers('verified');
    const result = await verifyInMode(v, request('AXK12345678'), 'test');
    expect(result).toMatchObject({
      status: 'verified',
      confidence_score: 0.95,
      credits_charged: 0,
      processed_in_ms: 7,
      sandbox: true,
    });
    expect(v.liveCalls).toBe(0);
  });

  it('the sandbox forced failure reports 1 ms (docs/architecture.md#keys-and-the-sandbox)', async () => {
    const result = await verifyInMode(verifiers('verified'), request('FAIL_1'), 'test');
    expect(result).toMatchObject({
      status: 'unverified',
      processed_in_ms: 1,
      credits_charged: 0,
      flags: ['sandbox_forced_fail'],
    });
  });

  it('a different number printed on the document is flagged, and the flag decides the price', async () => {
    const flagged = await verifyInMode(verifiers('verified'), request('AXK12345678'), 'live', {
      printedNumber: 'AXK99999999',
    });
    expect(flagged.flags).toContain('document_mismatch');
    expect(flagged.status).toBe('inconclusive');
    expect(flagged.credits_charged).toBe(0);
    const same = await verifyInMode(verifiers('verified'), request('AXK12345678'), 'live', {
      printedNumber: 'axk-1234 5678',
    });
    expect(same.flags).not.toContain('document_mismatch');
    expect(same.credits_charged).toBe(1);
  });

  it("the engine's refusal reaches the caller", async () => {
    await expect(verifyInMode(verifiers(new Error('refused')), request('X'), 'live')).rejects.toThrow('refused');
  });
});

describe('pricing', () => {
  it('charges definitive answers only', () => {
    expect([isChargeable('verified'), isChargeable('unverified'), isChargeable('inconclusive')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("answers the whole allowance for a ledger still in an earlier month, else what is left of this month's", () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const november: LedgerState = { period: '2026-11', balance: 5, reservations: { job: 2 } };
    const october: LedgerState = { ...november, period: '2026-10' };
    expect(availableAt(november, now, 100)).toBe(3);
    expect(availableAt(october, now, 100)).toBe(100);
    expect(availableAt(ledgerDecider.initialState(), now, 100)).toBe(100);
  });
});
