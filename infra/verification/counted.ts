import { isDomainError } from '../../domain/errors.js';
import type { VerificationEngine, VerificationRequest, VerificationResult } from '../../domain/verification/types.js';
import { countVerification } from '../metrics.js';

/** The engine, counting each answer by status, or by error code when it refuses (live keys). */
export function countedEngine(engine: VerificationEngine): VerificationEngine {
  return {
    verify: (request, options) =>
      engine.verify(request, options).then(
        (result) => {
          countVerification(result.status, 'live');
          return result;
        },
        (error: unknown) => {
          if (isDomainError(error)) countVerification(error.code, 'live');
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
