import { traced } from '../tracing/spans.js';
import { isDomainError } from '../../domain/errors.js';
import { isRegistryUnavailable } from '../../domain/verification/registry.js';
import type { VerificationEngine, VerificationRequest, VerificationResult } from '../../domain/verification/types.js';
import { countVerification } from '../metrics.js';
import { countRegistryUnavailable } from '../operations-metrics.js';

/** The engine, counting each answer by status, or by error code when it refuses (live keys). */
export function countedEngine(engine: VerificationEngine): VerificationEngine {
  return {
    verify: (request, options) =>
      traced(
        'verification.verify',
        () => ({ 'pvs.country': request.country, 'pvs.insurance_type': request.insurance_type }),
        () => engine.verify(request, options),
      ).then(
        (result) => {
          countVerification(result.status, 'live');
          if (result.flags.includes('registry_unavailable')) countRegistryUnavailable(request.country);
          return result;
        },
        (error: unknown) => {
          if (isDomainError(error)) countVerification(error.code, 'live');
          // The async path's lookups throw rather than flag, so that the activity retries them.
          if (isRegistryUnavailable(error)) countRegistryUnavailable(error.country);
          throw error;
        },
      ),
  };
}

/** The sandbox, counting each answer (test keys). */
export const countedSandbox =
  (sandbox: (request: VerificationRequest) => VerificationResult) =>
  (request: VerificationRequest): VerificationResult => {
    const result = sandbox(request);
    countVerification(result.status, 'test');
    return result;
  };
