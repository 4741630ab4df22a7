import { Router, type Request, type Response } from 'express';
import { isDomainError } from '../../domain/errors.js';
import { jsonBody } from '../middleware/json-body.js';
import type { LedgerState } from '../../domain/ledger/ledger.js';
import { availableAt } from '../../domain/ledger/pricing.js';
import {
  sandboxInMode,
  verifyInMode,
  type ModeVerifiers,
  type PricedResult,
} from '../../domain/verification/verify-in-mode.js';
import type { VerificationEngine, VerificationRequest, VerificationResult } from '../../domain/verification/types.js';
import type { AuditEntry } from '../../application/audit.js';
import type { Ledger } from '../../application/ledger/ledger.js';
import { ApiError } from '../errors.js';
import { sendJson } from '../json-answer.js';
import type { Principal } from '../middleware/auth.js';
import { keyGate, type GateDeps } from '../middleware/key-gate.js';
import { isPlainObject, readVerificationRequest } from '../schemas/verification.js';

export interface VerifyDeps extends GateDeps {
  ledger: Ledger;
  engine: VerificationEngine;
  sandbox(request: VerificationRequest): VerificationResult;
  /** The per-call audit (application/audit.ts AuditRecorder): buffered in memory, never awaited here. */
  audit?: { record(entry: AuditEntry): void };
}

const noCredits = () => ApiError.detail('insufficient_credits', 'Credit balance is 0.');

/** POST /api/v1/verify: synchronous verification, charged 1 credit for a definitive answer on a live key. */
export function verifyRoutes(deps: VerifyDeps): Router {
  const router = Router();
  const verifiers: ModeVerifiers = {
    live: (request) => deps.engine.verify(request),
    sandbox: deps.sandbox,
    clock: () => performance.now(),
  };
  router.post('/api/v1/verify', keyGate(deps, 'verify'), ...jsonBody('16kb'), (req, res) => {
    if (isPlainObject(req.body) && (req.body.document !== undefined || req.body.webhook_url !== undefined)) {
      throw ApiError.of('invalid_request', 'document and webhook_url are accepted by POST /api/v1/verify/async only.');
    }
    const request = readVerificationRequest(req.body, { missing: 'detail' });
    const principal = req.principal!;
    if (principal.mode === 'live') return answerLive(req, res, request, principal);
    // A test key's answer waits on nothing: given at once, without the promises of the live path.
    answer(req, res, request, sandboxInMode(verifiers, request));
  });
  const answerLive = async (req: Request, res: Response, request: VerificationRequest, principal: Principal) => {
    // 402 before the work. The charge decides again atomically, so a stale view here can only cost a wasted
    // verification, never a negative balance: a cached view with credits left is trusted, an empty one is
    // re-read (the account may have been topped up by another process).
    const available = (ledger: LedgerState | null) =>
      ledger === null ? 0 : availableAt(ledger, new Date(), principal.limits.monthlyCredits);
    if (
      available(deps.ledger.peek(principal.accountId)) < 1 &&
      available(await deps.ledger.state(principal.accountId)) < 1
    ) {
      throw noCredits();
    }
    const result = await verifyInMode(verifiers, request, principal.mode);
    if (result.credits_charged > 0) {
      try {
        await deps.ledger.charge(
          principal.accountId,
          // The reference is the service's own id; the caller's X-Request-Id rides in the metadata, for correlation.
          { allowance: principal.limits.monthlyCredits, operation: 'verify', reference: req.ownId },
          { request_id: req.id, actor: principal.keyId, $correlationId: req.id },
        );
      } catch (error) {
        if (isDomainError(error) && error.code === 'insufficient_credits') throw noCredits();
        throw error;
      }
    }
    answer(req, res, request, result);
  };
  const answer = (req: Request, res: Response, request: VerificationRequest, result: PricedResult) => {
    const principal = req.principal!;
    // Never the policy number (docs/architecture.md#personal-data).
    deps.audit?.record({
      at: Date.now(),
      accountId: principal.accountId,
      keyId: principal.keyId,
      mode: principal.mode,
      country: request.country,
      insuranceType: request.insurance_type,
      status: result.status,
      confidence: result.confidence_score,
    });
    sendJson(res, result);
  };
  return router;
}
