import express, { Router } from 'express';
import { isDomainError } from '../../domain/errors.js';
import { availableOf, type LedgerState } from '../../domain/ledger/ledger.js';
import { periodOf } from '../../domain/plans.js';
import type { VerificationEngine, VerificationRequest, VerificationResult } from '../../domain/verification/types.js';
import type { AuditEntry } from '../../infra/audit.js';
import type { Ledger } from '../../infra/ledger.js';
import { ApiError } from '../errors.js';
import { keyGate, type GateDeps } from '../middleware/key-gate.js';
import { isPlainObject, readVerificationRequest } from '../schemas/verification.js';

export interface VerifyDeps extends GateDeps {
  ledger: Ledger;
  engine: VerificationEngine;
  sandbox(request: VerificationRequest): VerificationResult;
  /** The per-call audit (infra/audit.ts AuditRecorder): buffered in memory, never awaited here. */
  audit?: { record(entry: AuditEntry): void };
}

const noCredits = () => ApiError.detail('insufficient_credits', 'Credit balance is 0.');

const elapsedMs = (started: bigint) => Math.round(Number(process.hrtime.bigint() - started) / 1e6);

/**
 * The SPEC §2.2 answer, named field by field: V8 builds a spread followed by more fields ({ ...result, more })
 * on a slow path, which cost about 6 µs a request inside the API, a fifth of this endpoint's own work.
 */
type Answer = Omit<VerificationResult, 'sandbox'> & { credits_charged: number; processed_in_ms: number; sandbox?: true };

const answer = (result: VerificationResult, charged: number, ms: number): Answer => ({
  status: result.status,
  confidence_score: result.confidence_score,
  verification_sources: result.verification_sources,
  insurer: result.insurer,
  flags: result.flags,
  credits_charged: charged,
  processed_in_ms: ms,
});

/** POST /api/v1/verify: synchronous verification, charged 1 credit for a definitive answer on a live key. */
export function verifyRoutes(deps: VerifyDeps): Router {
  const router = Router();
  router.post(
    '/api/v1/verify',
    keyGate(deps, 'verify'),
    express.json({ limit: '16kb' }),
    async (req, res) => {
      const started = process.hrtime.bigint();
      if (isPlainObject(req.body) && (req.body.document !== undefined || req.body.webhook_url !== undefined)) {
        throw ApiError.of('invalid_request', 'document and webhook_url are accepted by POST /api/v1/verify/async only.');
      }
      const request = readVerificationRequest(req.body, { missing: 'detail' });
      const principal = req.principal!;
      // Never the policy number (DESIGN §13).
      const audit = (result: VerificationResult) =>
        deps.audit?.record({
          at: new Date(),
          accountId: principal.accountId,
          keyId: principal.keyId,
          mode: principal.mode,
          country: request.country,
          insuranceType: request.insurance_type,
          status: result.status,
          confidence: result.confidence_score,
        });

      if (principal.mode === 'test') {
        const result = deps.sandbox(request);
        const body = answer(result, 0, result.flags.includes('sandbox_forced_fail') ? 1 : elapsedMs(started));
        body.sandbox = true;
        audit(result);
        res.json(body);
        return;
      }

      // 402 before the work. The charge decides again atomically, so a stale view here can only cost a wasted
      // verification, never a negative balance: a cached view with credits left is trusted, an empty one is
      // re-read (the account may have been topped up by another process).
      const available = (ledger: LedgerState | null) =>
        ledger === null ? 0 : ledger.period === periodOf(new Date()) ? availableOf(ledger) : principal.limits.monthlyCredits;
      if (available(deps.ledger.peek(principal.accountId)) < 1 && available(await deps.ledger.state(principal.accountId)) < 1) {
        throw noCredits();
      }

      const result = await deps.engine.verify(request);
      let charged = 0;
      if (result.status !== 'inconclusive') {
        try {
          await deps.ledger.charge(
            principal.accountId,
            { allowance: principal.limits.monthlyCredits, operation: 'verify', reference: req.id },
            { request_id: req.id, actor: principal.keyId, $correlationId: req.id },
          );
          charged = 1;
        } catch (error) {
          if (isDomainError(error) && error.code === 'insufficient_credits') throw noCredits();
          throw error;
        }
      }
      audit(result);
      res.json(answer(result, charged, elapsedMs(started)));
    },
  );
  return router;
}
