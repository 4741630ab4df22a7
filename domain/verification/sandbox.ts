// Test keys (pk_test_) get docs/architecture.md#keys-and-the-sandbox: the start of the policy number chooses the answer; nothing is checked.
import { REGISTER_SOURCE, type InsurerRef, type VerificationRequest, type VerificationResult } from './types.js';

export const SANDBOX_INSURER: Readonly<InsurerRef> = Object.freeze({
  name: 'Sandbox Insurance Ltd',
  reference: 'SANDBOX-0001',
  regulated: 'YES',
  authorised: true,
});

export function sandboxVerify(request: VerificationRequest): VerificationResult {
  const number = String(request.policy_number ?? '');
  const register = REGISTER_SOURCE[request.country] ?? 'register';
  if (number.startsWith('FAIL_')) {
    return {
      status: 'unverified',
      confidence_score: 0.1,
      verification_sources: ['format'],
      insurer: null,
      flags: ['sandbox_forced_fail'],
      sandbox: true,
    };
  }
  if (number.startsWith('INCONCLUSIVE_')) {
    return {
      status: 'inconclusive',
      confidence_score: 0.5,
      verification_sources: ['format', register],
      insurer: null,
      flags: [],
      sandbox: true,
    };
  }
  return {
    status: 'verified',
    confidence_score: 0.95,
    verification_sources: ['format', register, 'registry'],
    insurer: { ...SANDBOX_INSURER },
    flags: [],
    sandbox: true,
  };
}
