// POST /api/v1/jobs/:job_id/corrections (issue 56): a client corrects fields of its completed extraction with a
// key of the job's account. Answers the job record as it stands after the correction; the `extraction.corrected`
// webhook tells the job's callback address.
import { Router } from 'express';
import {
  correctExtraction,
  type CorrectionOutcome,
  type CorrectionRequest,
} from '../../application/jobs/corrections.js';
import { CorrectionRefused } from '../../domain/jobs/corrections.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import { parsePosition } from '../../infra/eventstore/types.js';
import type { JobReader } from '../../projections/readers/jobs.js';
import { ApiError } from '../errors.js';
import { jsonBody } from '../middleware/json-body.js';
import { keyGate, type GateDeps } from '../middleware/key-gate.js';
import { readCorrections } from '../schemas/corrections.js';
import { JobIdParams } from './jobs.js';

export interface CorrectionDeps extends GateDeps {
  jobs: JobReader;
  corrections: Corrections;
}

/** What the API and the dashboard share: recording a correction and starting its webhook. */
export interface Corrections {
  events: EventStore;
  /** Starts the `extraction.corrected` webhook (a workflow); the correction is recorded whatever becomes of it. */
  startWebhook(input: { jobId: string; accountId: string; correction: string; position: string }): Promise<void>;
  /** Told when the start fails: the webhook is then not sent, the correction stands. */
  onWebhookStartFailed(error: unknown): void;
}

/** Records the correction and starts its webhook for a live key's job; CorrectionRefused becomes a 409. */
export async function recordCorrection(deps: Corrections, request: CorrectionRequest): Promise<CorrectionOutcome> {
  let outcome: CorrectionOutcome;
  try {
    outcome = await correctExtraction(deps.events, request);
  } catch (error) {
    if (error instanceof CorrectionRefused) throw ApiError.of('job_not_correctable', error.message);
    throw error;
  }
  if (outcome.found && outcome.position && outcome.first && request.owner.mode === 'live') {
    await deps
      .startWebhook({
        jobId: request.jobId,
        accountId: request.owner.accountId,
        correction: outcome.first,
        position: outcome.position,
      })
      .catch((error: unknown) => deps.onWebhookStartFailed(error));
  }
  return outcome;
}

export function correctionRoutes(deps: CorrectionDeps): Router {
  const router = Router();
  router.post('/api/v1/jobs/:job_id/corrections', keyGate(deps, 'documents'), ...jsonBody('64kb'), async (req, res) => {
    const id = String(req.params.job_id);
    if (!JobIdParams.safeParse(req.params).success) throw ApiError.of('not_found', `No job ${id}.`);
    const values = readCorrections(req.body);
    const principal = req.principal!;
    const owner = { accountId: principal.accountId, mode: principal.mode };
    const jobId = id.toLowerCase();
    const outcome = await recordCorrection(deps.corrections, {
      jobId,
      owner,
      values,
      by: { via: 'api', key_id: principal.keyId },
      requestId: String(req.id),
    });
    if (!outcome.found) throw ApiError.of('not_found', `No job ${id}.`);
    const record = await deps.jobs.get(
      jobId,
      owner,
      outcome.position ? { atLeast: parsePosition(outcome.position) } : {},
    );
    if (!record) throw ApiError.of('not_found', `No job ${id}.`);
    res.json(record);
  });
  return router;
}
