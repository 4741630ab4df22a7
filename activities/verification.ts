// The verification engine as a Temporal activity (async and batch jobs). A refusal of the request (a docs/architecture.md#errors
// error) is final; a registry that does not answer is retried twice, and the third attempt answers without it.
import { ApplicationFailure, Context } from '@temporalio/activity';
import { isDomainError } from '../domain/errors.js';
import { isRegistryUnavailable } from '../domain/verification/registry.js';
import type { VerificationEngine, VerificationRequest, VerificationResult } from '../domain/verification/types.js';

/** From this attempt on, a silent registry no longer fails the activity: the result carries registry_unavailable. */
export const REGISTRY_ATTEMPTS = 3;

export function verificationActivities(engine: VerificationEngine) {
  return {
    async verifyPolicy(request: VerificationRequest): Promise<VerificationResult> {
      const { info, cancellationSignal } = Context.current();
      try {
        // The activity's cancellation (a worker's stop among its causes) ends a registry lookup at once.
        return await engine.verify(request, {
          registryUnavailable: info.attempt < REGISTRY_ATTEMPTS ? 'throw' : 'flag',
          signal: cancellationSignal,
        });
      } catch (error) {
        if (isDomainError(error)) throw ApplicationFailure.nonRetryable(error.message, error.code);
        if (isRegistryUnavailable(error)) throw ApplicationFailure.retryable(error.message, 'registry_unavailable');
        throw error;
      }
    },
  };
}

export type VerificationActivities = ReturnType<typeof verificationActivities>;
