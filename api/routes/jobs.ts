import { createHash, randomUUID } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  WithStartWorkflowOperation,
  WorkflowExecutionAlreadyStartedError,
  WorkflowUpdateFailedError,
} from '@temporalio/client';
import { ApplicationFailure, TypedSearchAttributes, type SearchAttributePair } from '@temporalio/common';
import type { AdmitBatchInput, AdmitJobInput, Admission } from '../../activities/jobs.js';
import { eventIdFor } from '../../infra/eventstore/ids.js';
import { MAX_DOCUMENT_BYTES } from '../../infra/pdf/limits.js';
import { parsePosition, type Position } from '../../infra/eventstore/types.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { isTemporalUnavailable, type TemporalClient } from '../../infra/temporal/client.js';
import { validateWebhookUrl } from '../../infra/webhooks/resolve.js';
import { batchRequestHash, findBatch } from '../../projections/batches.js';
import { findJob, jobRequestHash } from '../../projections/jobs.js';
import { admit } from '../../workflows/admission.js';
import { batchWorkflow, type BatchInput } from '../../workflows/batch.js';
import { AccountId, Country, InsuranceType, JobKind, KeyMode } from '../../domain/orchestration/search-attributes.js';
import { extractionWorkflow, type ExtractionJobInput } from '../../workflows/extraction.js';
import { verificationWorkflow, type VerificationJobInput } from '../../workflows/verification.js';
import {
  decodeDocument,
  documentBlobId,
  inspectDocument,
  readUpload,
  storeDocument,
  type DocumentIntake,
  type InspectedDocument,
} from '../documents.js';
import { ApiError } from '../errors.js';
import type { Principal } from '../middleware/auth.js';
import { keyGate, type GateDeps } from '../middleware/key-gate.js';
import { isPlainObject, MAX_BATCH, readBatchRequest, readVerificationRequest, unstorableField } from '../schemas/verification.js';
import { isStorableText } from '../../domain/text/storable.js';

export { MAX_BATCH };

export interface JobRouteDeps extends GateDeps {
  db: Queryable;
  temporal: TemporalClient;
  taskQueue: string;
  webhookAllowlist: readonly string[];
  /** First retry interval of callbacks, in seconds. */
  webhookRetrySeconds: number;
  /** Policies per batch verification activity. */
  batchSliceSize?: number;
  readModelsAt(position: Position, timeoutMs?: number): Promise<boolean>;
  /** How uploaded PDFs are checked and where they go; workflows get their blob ids only. */
  documents: DocumentIntake;
}

/** Stable JSON (sorted keys), so that the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const hashOf = (value: unknown) => createHash('sha256').update(canonical(value)).digest('hex');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A job or batch id as the routes read it: a UUID, in either case. Anything else names nothing that can exist,
 * so it is answered 404 not_found before any query.
 */
const idParameter = (description: string) =>
  z
    .string()
    .refine((id) => UUID.test(id))
    .meta({ format: 'uuid', description, example: '0b6f8f8e-3c55-4a6e-9d51-6f2f7c1e5a10' });

export const JobIdParams = z.object({ job_id: idParameter('The job_id a submission answered with.') });
export const BatchIdParams = z.object({ batch_id: idParameter('The batch_id POST /api/v1/verify/batch answered with.') });

/**
 * The multipart/form-data fields of POST /api/v1/documents/extract, read by readUpload (api/documents.ts): the
 * PDF as the one file field, and an optional callback URL, checked by the route (422 invalid_webhook_url).
 */
export const ExtractionUploadSchema = z
  .object({
    file: z
      .custom<Express.Multer.File>((file) => file !== undefined && file !== null)
      .meta({ type: 'string', format: 'binary', description: `The PDF, at most ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB.` }),
    webhook_url: z
      .unknown()
      .optional()
      .meta({ type: 'string', format: 'uri', description: 'An https URL that receives the result as a signed callback (the webhook jobResult).' }),
  })
  .meta({ id: 'ExtractionUpload' });

/**
 * An Idempotency-Key makes the id deterministic per account, mode and kind: a retried submission reaches the
 * same workflow (and so the same job) instead of starting another.
 */
function submissionId(req: Request, principal: Principal, kind: string): { id: string; idempotencyKey: string | null } {
  const key = req.get('idempotency-key');
  if (key === undefined) return { id: randomUUID(), idempotencyKey: null };
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw ApiError.of('invalid_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
  }
  return { id: eventIdFor('idempotency', principal.accountId, principal.mode, kind, key), idempotencyKey: key };
}

async function checkWebhookUrl(body: Record<string, unknown>, allowlist: readonly string[]): Promise<string | null> {
  const url = body.webhook_url;
  if (url === undefined || url === null || url === '') return null;
  if (typeof url !== 'string') throw ApiError.of('invalid_webhook_url', 'webhook_url must be a string holding an https URL.');
  if (!isStorableText(url)) throw unstorableField('webhook_url');
  await validateWebhookUrl(url, allowlist);
  return url;
}

/** What a job records of its document: which bytes (by hash) and how big, never their content. */
const documentFacts = (document: InspectedDocument) => ({ sha256: document.sha256, bytes: document.bytes, pages: document.pages });

/** Seconds a caller is told to wait when Temporal cannot be reached. */
export const TEMPORAL_RETRY_AFTER = 10;

const temporalUnavailable = () =>
  ApiError.of(
    'service_unavailable',
    'Jobs cannot be accepted right now: the job engine is unreachable. Nothing was charged; retry (with the same Idempotency-Key) later.',
    { retry_after: TEMPORAL_RETRY_AFTER },
    { 'Retry-After': String(TEMPORAL_RETRY_AFTER) },
  );

const conflict = () => ApiError.of('idempotency_conflict', 'This Idempotency-Key was used with a different request.');

/** Turns the admission update's refusal into the answer the caller gets. */
function refusal(error: unknown): ApiError | null {
  if (!(error instanceof WorkflowUpdateFailedError) || !(error.cause instanceof ApplicationFailure)) return null;
  const { type, message, details } = error.cause;
  if (type === 'insufficient_credits') {
    // A batch's refusal says what it needs and what there is (activities/jobs.ts admitBatch).
    const need = details?.[0] as { credits_needed?: number; credits_available?: number } | undefined;
    const extra = typeof need?.credits_needed === 'number' ? { credits_needed: need.credits_needed, credits_available: need.credits_available ?? 0 } : {};
    const answer = ApiError.of('insufficient_credits', message);
    Object.assign(answer.body, extra);
    return answer;
  }
  if (type === 'idempotency_conflict') return conflict();
  if (type === 'invalid_request') return ApiError.of('invalid_request', message);
  return null;
}

export function jobRoutes(deps: JobRouteDeps): Router {
  const router = Router();
  const workflow = deps.temporal.client.workflow;

  /** Starts the workflow and waits for its admission; the read models then show the submission. */
  async function submit<A>(
    workflowType: (input: A) => Promise<string>,
    workflowId: string,
    args: [A],
    requestHash: string,
    searchAttributes: SearchAttributePair[],
  ): Promise<'admitted' | 'closed'> {
    try {
      const admission: Admission = await workflow.executeUpdateWithStart(admit, {
        args: [requestHash],
        startWorkflowOperation: new WithStartWorkflowOperation(workflowType, {
          workflowId,
          taskQueue: deps.taskQueue,
          args,
          workflowIdConflictPolicy: 'USE_EXISTING',
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          typedSearchAttributes: new TypedSearchAttributes(searchAttributes),
        }),
      });
      await deps.readModelsAt(parsePosition(admission.position), 10_000);
      return 'admitted';
    } catch (error) {
      const answer = refusal(error);
      if (answer) throw answer;
      // The same id finished long ago: the retried submission is that job.
      if (error instanceof WorkflowExecutionAlreadyStartedError) return 'closed';
      // Temporal unreachable (the client gives up within about two seconds, infra/temporal/client.ts): the
      // workflow did not start (an answer lost on the way back is the rare exception that the Idempotency-Key
      // covers), so no admission ran and nothing was held.
      if (isTemporalUnavailable(error)) throw temporalUnavailable();
      throw error;
    }
  }

  const owner = (principal: Principal) => ({ accountId: principal.accountId, mode: principal.mode });

  /**
   * The answer to a job submission: 202 pending, or, for a replay (same Idempotency-Key) of a job that has
   * finished, 200 with the job record as GET /api/v1/jobs/{id} shows it, its current state.
   */
  async function answerJob(res: Response, principal: Principal, jobId: string, idempotencyKey: string | null): Promise<void> {
    const pollUrl = `/api/v1/jobs/${jobId}`;
    const job = idempotencyKey === null ? null : await findJob(deps.db, jobId, owner(principal));
    if (job && job.status !== 'pending') {
      res.status(200).json({ ...job, poll_url: pollUrl });
      return;
    }
    res.status(202).json({ job_id: jobId, status: 'pending', poll_url: pollUrl });
  }

  router.post(
    '/api/v1/verify/async',
    keyGate(deps, 'verify'),
    // Room for a base64 document somewhat over its 14 MB limit, so that it is read whole and refused with a
    // clear 413 by decodeDocument rather than cut off mid-upload.
    express.json({ limit: '24mb' }),
    async (req, res) => {
      const principal = req.principal!;
      const body = isPlainObject(req.body) ? req.body : {};
      const hasDocument = body.document !== undefined && body.document !== null && body.document !== '';
      const request = readVerificationRequest(req.body, { missing: 'catalogue', allowMissingPolicyNumber: hasDocument });
      const webhookUrl = await checkWebhookUrl(body, deps.webhookAllowlist);
      const document = hasDocument ? await inspectDocument(deps.documents, decodeDocument(body.document)) : null;
      const { id: jobId, idempotencyKey } = submissionId(req, principal, 'verification');
      const blobId = document ? documentBlobId(document) : null;
      const requestHash = hashOf({ request, webhookUrl, document: document?.sha256 });
      const admitInput: AdmitJobInput = {
        jobId,
        kind: 'verification',
        accountId: principal.accountId,
        keyId: principal.keyId,
        mode: principal.mode,
        allowance: principal.limits.monthlyCredits,
        request: { ...request, ...(document ? { document: documentFacts(document) } : {}) },
        webhookUrl,
        idempotencyKey,
        requestHash,
        reserve: 1,
        ...(document ? { hasDocument: true, blobId } : {}),
      };
      const input: VerificationJobInput = { admit: admitInput, request, webhookRetrySeconds: deps.webhookRetrySeconds, blobId };
      const outcome = await submit(
        verificationWorkflow,
        `verification-${jobId}`,
        [input],
        requestHash,
        [
          { key: AccountId, value: principal.accountId },
          { key: KeyMode, value: principal.mode },
          { key: JobKind, value: 'verification' },
          { key: Country, value: request.country },
          { key: InsuranceType, value: request.insurance_type },
        ],
      );
      if (outcome === 'closed' && (await jobRequestHash(deps.db, jobId)) !== requestHash) throw conflict();
      if (outcome === 'admitted' && document && blobId) await storeDocument(deps.documents, blobId, document);
      await answerJob(res, principal, jobId, idempotencyKey);
    },
  );

  router.post(
    '/api/v1/documents/extract',
    keyGate(deps, 'documents'),
    readUpload,
    async (req, res) => {
      const principal = req.principal!;
      const fields = (req.body ?? {}) as Record<string, unknown>;
      const upload = ExtractionUploadSchema.safeParse({ file: req.file, webhook_url: fields.webhook_url });
      if (!upload.success) throw ApiError.of('missing_required_field', 'Required fields missing: file');
      const webhookUrl = await checkWebhookUrl(fields, deps.webhookAllowlist);
      const document = await inspectDocument(deps.documents, upload.data.file.buffer);
      const { id: jobId, idempotencyKey } = submissionId(req, principal, 'extraction');
      const blobId = documentBlobId(document);
      const requestHash = hashOf({ document: document.sha256, webhookUrl });
      const input: ExtractionJobInput = {
        admit: {
          jobId,
          kind: 'extraction',
          accountId: principal.accountId,
          keyId: principal.keyId,
          mode: principal.mode,
          allowance: principal.limits.monthlyCredits,
          request: { document: documentFacts(document) },
          webhookUrl,
          idempotencyKey,
          requestHash,
          hasDocument: true,
          blobId,
          // Test keys run the real extraction, free (SPEC §5: zero credits).
          reserve: principal.mode === 'live' ? 1 : 0,
        },
        blobId,
        webhookRetrySeconds: deps.webhookRetrySeconds,
      };
      const outcome = await submit(extractionWorkflow, `extraction-${jobId}`, [input], requestHash, [
        { key: AccountId, value: principal.accountId },
        { key: KeyMode, value: principal.mode },
        { key: JobKind, value: 'extraction' },
      ]);
      if (outcome === 'closed' && (await jobRequestHash(deps.db, jobId)) !== requestHash) throw conflict();
      if (outcome === 'admitted') await storeDocument(deps.documents, blobId, document);
      await answerJob(res, principal, jobId, idempotencyKey);
    },
  );

  router.post(
    '/api/v1/verify/batch',
    keyGate(deps, 'batches'),
    express.json({ limit: '1mb' }),
    async (req, res) => {
      const principal = req.principal!;
      const policies = readBatchRequest(req.body);
      const { id: batchId, idempotencyKey } = submissionId(req, principal, 'batch');
      const requestHash = hashOf(policies);
      const admitInput: AdmitBatchInput = {
        batchId,
        accountId: principal.accountId,
        keyId: principal.keyId,
        mode: principal.mode,
        allowance: principal.limits.monthlyCredits,
        policies,
        idempotencyKey,
        requestHash,
      };
      const input: BatchInput = { admit: admitInput, sliceSize: deps.batchSliceSize ?? 10 };
      const outcome = await submit(
        batchWorkflow,
        `batch-${batchId}`,
        [input],
        requestHash,
        [
          { key: AccountId, value: principal.accountId },
          { key: KeyMode, value: principal.mode },
          { key: JobKind, value: 'batch' },
        ],
      );
      if (outcome === 'closed' && (await batchRequestHash(deps.db, batchId)) !== requestHash) throw conflict();
      // A replay (same Idempotency-Key) of a batch that has moved on answers with where it is now.
      const batch = idempotencyKey === null ? null : await findBatch(deps.db, batchId, owner(principal));
      if (batch && batch.status !== 'pending') {
        res.status(200).json(batch);
        return;
      }
      res.status(202).json({ batch_id: batchId, status: 'pending', total_count: policies.length });
    },
  );

  router.get('/api/v1/jobs/:job_id', keyGate(deps, 'jobs'), async (req, res) => {
    const jobId = String(req.params.job_id);
    const job = JobIdParams.safeParse(req.params).success ? await findJob(deps.db, jobId.toLowerCase(), owner(req.principal!)) : null;
    if (!job) throw ApiError.of('not_found', `No job ${jobId}.`);
    res.json(job);
  });

  router.get('/api/v1/batches/:batch_id', keyGate(deps, 'batches'), async (req, res) => {
    const batchId = String(req.params.batch_id);
    const batch = BatchIdParams.safeParse(req.params).success ? await findBatch(deps.db, batchId.toLowerCase(), owner(req.principal!)) : null;
    if (!batch) throw ApiError.of('not_found', `No batch ${batchId}.`);
    res.json(batch);
  });

  return router;
}
