// The one path of a job submission, shared by POST /api/v1/verify/async, /api/v1/documents/extract and
// /api/v1/verify/batch: the id an Idempotency-Key makes deterministic, the request hash a replay is held to,
// admission by update-with-start, and the answers for a refusal, a conflicting replay and an unreachable Temporal.
// Each route keeps what is its own: its body, its document, its workflow input and its answer.
import { createHash, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { WorkflowExecutionAlreadyStartedError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure, TypedSearchAttributes, type SearchAttributePair } from '@temporalio/common';
import type { Submitter } from '../../contracts/admission.js';
import { AccountId, JobKind, KeyMode } from '../../contracts/search-attributes.js';
import { isStorableText } from '../../domain/text/storable.js';
import { eventIdFor } from '../../infra/eventstore/ids.js';
import { parsePosition, type Position } from '../../infra/eventstore/types.js';
import { isTemporalUnavailable, type TemporalClient } from '../../infra/temporal/client.js';
import { contractClient } from '../../infra/temporal/contract-client.js';
import { validateWebhookUrl } from '../../infra/webhooks/resolve.js';
import type { BatchReader, JobReader } from '../../projections/readers/jobs.js';
import type { InspectedDocument } from '../documents.js';
import { ApiError } from '../errors.js';
import type { Principal } from '../middleware/auth.js';
import { unstorableField } from '../schemas/verification.js';
import { admit } from '../../contracts/admission.js';
import type { WorkflowContract } from '../../contracts/workflow.js';

export interface SubmissionDeps {
  temporal: TemporalClient;
  taskQueue: string;
  jobs: JobReader;
  batches: BatchReader;
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

type SubmissionKind = 'verification' | 'extraction' | 'batch';

/**
 * An Idempotency-Key makes the id deterministic per account, mode and kind: a retried submission reaches the
 * same workflow (and so the same job) instead of starting another.
 */
function submissionId(req: Request, principal: Principal, kind: SubmissionKind): { id: string; idempotencyKey: string | null } {
  const key = req.get('idempotency-key');
  if (key === undefined) return { id: randomUUID(), idempotencyKey: null };
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw ApiError.of('invalid_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
  }
  return { id: eventIdFor('idempotency', principal.accountId, principal.mode, kind, key), idempotencyKey: key };
}

/** Seconds a caller is told to wait when Temporal cannot be reached. */
const TEMPORAL_RETRY_AFTER = 10;

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

/** What a route's workflow input is made of: the submission's id and what its admission records of it. */
export interface Submitted {
  id: string;
  idempotencyKey: string | null;
  requestHash: string;
  submitter: Submitter;
}

export interface Submission<A> {
  kind: SubmissionKind;
  /** The job workflow's contract (contracts/): its type name and business id, `{kind}-{id}`. */
  contract: WorkflowContract<A, unknown>;
  /** What a replay under the same Idempotency-Key must ask for again. */
  request: unknown;
  input(submitted: Submitted): A;
  /** Search attributes beyond the account, the mode and the kind. */
  searchAttributes?: SearchAttributePair[];
}

/** A submission once admitted: `at` is where its admission landed, null for a replay of a closed workflow. */
export type Admitted = Submitted & { admitted: boolean; at: Position | null };

/**
 * Starts the submission's workflow (`{kind}-{id}`) and waits for its admission. `admitted` is false for a replay
 * of a submission whose workflow has closed: it is that job, unless it asked for something else (409
 * idempotency_conflict).
 */
export async function submitJob<A>(deps: SubmissionDeps, req: Request, submission: Submission<A>): Promise<Admitted> {
  const principal = req.principal!;
  const { id, idempotencyKey } = submissionId(req, principal, submission.kind);
  const requestHash = hashOf(submission.request);
  const submitter = { accountId: principal.accountId, keyId: principal.keyId, mode: principal.mode, allowance: principal.limits.monthlyCredits };
  const submitted: Submitted = { id, idempotencyKey, requestHash, submitter };
  const input = submission.input(submitted);
  const searchAttributes: SearchAttributePair[] = [
    { key: AccountId, value: principal.accountId },
    { key: KeyMode, value: principal.mode },
    { key: JobKind, value: submission.kind },
    ...(submission.searchAttributes ?? []),
  ];
  try {
    const admission = await contractClient(deps.temporal.client, deps.taskQueue).updateWithStart(submission.contract, input, admit, [requestHash], {
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: new TypedSearchAttributes(searchAttributes),
    });
    return { ...submitted, admitted: true, at: parsePosition(admission.position) };
  } catch (error) {
    const answer = refusal(error);
    if (answer) throw answer;
    // The same id finished long ago: the retried submission is that job, if it asked for the same.
    if (error instanceof WorkflowExecutionAlreadyStartedError) {
      const recorded = await (submission.kind === 'batch' ? deps.batches : deps.jobs).requestHash(id);
      if (recorded !== requestHash) throw conflict();
      return { ...submitted, admitted: false, at: null };
    }
    // Temporal unreachable (the client gives up within about two seconds, infra/temporal/client.ts): the
    // workflow did not start (an answer lost on the way back is the rare exception that the Idempotency-Key
    // covers), so no admission ran and nothing was held.
    if (isTemporalUnavailable(error)) throw temporalUnavailable();
    throw error;
  }
}

/**
 * The answer to a job submission: 202 pending, or, for a replay (same Idempotency-Key) of a job that has
 * finished, 200 with the job record as GET /api/v1/jobs/{id} shows it, its current state.
 */
export async function answerJob(jobs: JobReader, res: Response, principal: Principal, { id, idempotencyKey, at }: Admitted): Promise<void> {
  const pollUrl = `/api/v1/jobs/${id}`;
  const job = idempotencyKey === null ? null : await jobs.get(id, principal, { atLeast: at, timeoutMs: 10_000 });
  if (job && job.status !== 'pending') {
    res.status(200).json({ ...job, poll_url: pollUrl });
    return;
  }
  res.status(202).json({ job_id: id, status: 'pending', poll_url: pollUrl });
}

/** A job's optional callback URL: null when absent, 422 invalid_webhook_url when it is not one it may call. */
export async function checkWebhookUrl(body: Record<string, unknown>, allowlist: readonly string[]): Promise<string | null> {
  const url = body.webhook_url;
  if (url === undefined || url === null || url === '') return null;
  if (typeof url !== 'string') throw ApiError.of('invalid_webhook_url', 'webhook_url must be a string holding an https URL.');
  if (!isStorableText(url)) throw unstorableField('webhook_url');
  await validateWebhookUrl(url, allowlist);
  return url;
}

/** What a job records of its document: which bytes (by hash) and how big, never their content. */
export const documentFacts = (document: InspectedDocument) => ({ sha256: document.sha256, bytes: document.bytes, pages: document.pages });
