// POST /api/v1/verify/batch: up to MAX_BATCH policies verified as one batch; the caller polls
// GET /api/v1/batches/{batch_id}.
import { Router } from 'express';
import { jsonBody } from '../middleware/json-body.js';
import { keyGate, type GateDeps } from '../middleware/key-gate.js';
import { readBatchRequest } from '../schemas/verification.js';
import { submitJob, type SubmissionDeps } from './submission.js';
import type { AdmitBatchInput } from '../../contracts/admission.js';
import { BATCH_WORKFLOW, type BatchInput } from '../../contracts/batch.js';

export interface VerifyBatchDeps extends GateDeps, SubmissionDeps {
  /** Policies per batch verification activity. */
  batchSliceSize?: number;
}

export function verifyBatchRoutes(deps: VerifyBatchDeps): Router {
  const router = Router();
  router.post('/api/v1/verify/batch', keyGate(deps, 'batches'), ...jsonBody('1mb'), async (req, res) => {
    const policies = readBatchRequest(req.body);
    const submitted = await submitJob(deps, req, {
      kind: 'batch',
      contract: BATCH_WORKFLOW,
      request: policies,
      input: ({ id, idempotencyKey, requestHash, submitter }): BatchInput => {
        const admit: AdmitBatchInput = { batchId: id, ...submitter, policies, idempotencyKey, requestHash };
        return { admit, sliceSize: deps.batchSliceSize ?? 10 };
      },
    });
    // A replay (same Idempotency-Key) of a batch that has moved on answers with where it is now.
    const batch = submitted.fresh
      ? null
      : await deps.batches.get(submitted.id, req.principal!, { atLeast: submitted.at, timeoutMs: 10_000 });
    if (batch && 'status' in batch && batch.status !== 'pending') {
      res.status(200).json(batch);
      return;
    }
    res.status(202).json({ batch_id: submitted.id, status: 'pending', total_count: policies.length });
  });
  return router;
}
