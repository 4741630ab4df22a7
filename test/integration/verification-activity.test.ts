import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY_ATTEMPTS, verificationActivities } from '../../activities/verification.js';
import type { VerificationEngine, VerificationRequest } from '../../domain/verification/types.js';
import { loadVerificationEngine } from '../../infra/verification/load.js';

let engine: VerificationEngine;

beforeAll(async () => {
  ({ engine } = await loadVerificationEngine());
});

/** Runs verifyPolicy as Temporal would on the given attempt. */
async function run(request: VerificationRequest, attempt: number) {
  const env = new MockActivityEnvironment({ attempt });
  return env.run(verificationActivities(engine).verifyPolicy, request);
}

async function failure(promise: Promise<unknown>): Promise<ApplicationFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApplicationFailure) return error;
    throw error;
  }
  throw new Error('expected an ApplicationFailure');
}

const outage: VerificationRequest = {
  policy_number: 'OUT10000001',
  country: 'UK',
  insurance_type: 'motor',
  provider: 'Admiral',
};

describe('verifyPolicy activity', () => {
  it('returns the engine result', async () => {
    const result = await run(
      { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' },
      1,
    );
    expect(result).toMatchObject({
      status: 'verified',
      insurer: { reference: '202312' },
      verification_sources: ['format', 'fca_register', 'registry'],
    });
  });

  it.each([
    [{ policy_number: '??', country: 'UK', insurance_type: 'motor' }, 'invalid_policy_number'],
    [
      { policy_number: 'ABC12345', country: 'UK', insurance_type: 'motor', provider: 'Nobody Mutual' },
      'insurer_not_found',
    ],
    [{ policy_number: 'ZZZ99999999', country: 'UK', insurance_type: 'motor' }, 'policy_not_found'],
  ] as const)('turns a refusal into a non-retryable failure typed with its code (%j)', async (request, code) => {
    const error = await failure(run(request, 1));
    expect(error.type).toBe(code);
    expect(error.nonRetryable).toBe(true);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it.each([1, 2])('asks Temporal to retry while the registry is unavailable on attempt %i', async (attempt) => {
    const error = await failure(run(outage, attempt));
    expect(error.type).toBe('registry_unavailable');
    expect(error.nonRetryable).toBe(false);
  });

  it(`answers without the registry from attempt ${REGISTRY_ATTEMPTS}, flagged registry_unavailable`, async () => {
    for (const attempt of [REGISTRY_ATTEMPTS, REGISTRY_ATTEMPTS + 2]) {
      expect(await run(outage, attempt)).toMatchObject({
        status: 'inconclusive',
        confidence_score: 0.59,
        verification_sources: ['format', 'fca_register'],
        flags: ['registry_unavailable'],
      });
    }
  });

  it('lets unexpected errors through for Temporal to retry', async () => {
    const broken: VerificationEngine = { verify: () => Promise.reject(new TypeError('boom')) };
    const env = new MockActivityEnvironment({ attempt: 1 });
    await expect(env.run(verificationActivities(broken).verifyPolicy, outage)).rejects.toThrow(TypeError);
  });
});
