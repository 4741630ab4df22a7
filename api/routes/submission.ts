// The one path of a job submission, shared by POST /api/v1/verify/async, /api/v1/documents/extract and
// /api/v1/verify/batch: the id an Idempotency-Key makes deterministic, the request hash a replay is held to,
// admission (credits held, submission recorded: application/jobs/admission.ts) and then the workflow's start, and the
// answers for a refusal, a conflicting replay and an unreachable Temporal. Each route keeps what is its own: its
// body, its document, its workflow input and its answer.
import { createHash, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { TypedSearchAttributes, type SearchAttributePair } from '@temporalio/common';
import type { AdmitBatchInput, AdmitJobInput, Submitter } from '../../contracts/admission.js';
import { AccountId, JobKind, KeyMode } from '../../contracts/search-attributes.js';
import * as batch from '../../domain/jobs/batch.js';
import * as job from '../../domain/jobs/job.js';
import { isDomainError } from '../../domain/errors.js';
import type { Decided, Event, StreamType } from '../../domain/streams.js';
import { isStorableText } from '../../domain/text/storable.js';
import { eventIdFor } from '../../infra/eventstore/ids.js';
import { UnstorableEventError, type Position } from '../../infra/eventstore/types.js';
import { admitSubmission, releaseHold, type AdmissionDeps, type Hold } from '../../application/jobs/admission.js';
import { isTemporalUnavailable, type TemporalClient } from '../../infra/temporal/client.js';
import { contractClient } from '../../infra/temporal/contract-client.js';
import { validateWebhookUrl } from '../../infra/webhooks/resolve.js';
import type { BatchReader, JobReader } from '../../projections/readers/jobs.js';
import type { InspectedDocument } from '../documents.js';
import { ApiError } from '../errors.js';
import type { Principal } from '../middleware/auth.js';
import { unstorableField } from '../schemas/verification.js';
import type { WorkflowContract } from '../../contracts/workflow.js';
import { sandboxCallback } from '../../domain/jobs/job-record.js';

export interface SubmissionDeps {
  temporal: TemporalClient;
  /** Where admissions hold credits and record submissions. */
  admission: AdmissionDeps;
  taskQueue: string;
  jobs: JobReader;
  batches: BatchReader;
}

/** Stable JSON (sorted keys), so that the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What a replay under the same Idempotency-Key is held to. */
export const requestHashOf = (value: unknown) => createHash('sha256').update(canonical(value)).digest('hex');

type SubmissionKind = 'verification' | 'extraction' | 'batch';

/**
 * An Idempotency-Key makes the id deterministic per account, mode and kind: a retried submission reaches the
 * same workflow (and so the same job) instead of starting another.
 */
function submissionId(
  req: Request,
  principal: Principal,
  kind: SubmissionKind,
): { id: string; idempotencyKey: string | null } {
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

/** The ledger's or the store's refusal of an admission, as the caller is answered. */
const refusal =
  (kind: SubmissionKind, amount: number) =>
  (error: unknown): never => {
    if (error instanceof UnstorableEventError) {
      throw ApiError.of(
        'invalid_request',
        'The request holds text that cannot be stored (a NUL character or an unpaired surrogate).',
      );
    }
    if (!isDomainError(error) || error.code !== 'insufficient_credits') throw error;
    if (kind !== 'batch') throw ApiError.of('insufficient_credits', error.message);
    // A batch's refusal says what it needs and what there is.
    const available = Number(/Only (\d+) credit/.exec(error.message)?.[1] ?? 0);
    const answer = ApiError.of(
      'insufficient_credits',
      `This batch of ${amount} ${amount === 1 ? 'policy' : 'policies'} needs ${amount} credits; ${available} ${available === 1 ? 'is' : 'are'} available.`,
    );
    Object.assign(answer.body, { credits_needed: amount, credits_available: available });
    throw answer;
  };

/** What admitting a job or batch holds and records: the same events its workflow's own admission records. */
function admissionOf(
  kind: SubmissionKind,
  admit: AdmitJobInput | AdmitBatchInput,
): { stream: StreamType<Event>; hold: Hold; events: Decided<Event>[] } {
  if (kind === 'batch') {
    const input = admit as AdmitBatchInput;
    return {
      stream: batch.batchStream as StreamType<Event>,
      hold: { submitter: input, id: input.batchId, amount: input.policies.length, operation: 'batch' },
      events: batch.submit(input),
    };
  }
  const input = admit as AdmitJobInput;
  return {
    stream: job.jobStream as StreamType<Event>,
    hold: { submitter: input, id: input.jobId, amount: input.reserve, operation: input.kind },
    events: job.submit(input),
  };
}

/** What a route's workflow input is made of: the submission's id and what its admission records of it. */
export interface Submitted {
  id: string;
  idempotencyKey: string | null;
  requestHash: string;
  submitter: Submitter;
}

/** A job workflow's input: its admission, and whether the API made it (the workflow then does not). */
export interface AdmittedInput {
  admit: AdmitJobInput | AdmitBatchInput;
  admitted?: boolean;
}

export interface Submission<A extends AdmittedInput> {
  kind: SubmissionKind;
  /** The job workflow's contract (contracts/): its type name and business id, `{kind}-{id}`. */
  contract: WorkflowContract<A, unknown>;
  /** What a replay under the same Idempotency-Key must ask for again. */
  request: unknown;
  input(submitted: Submitted): A;
  /** Search attributes beyond the account, the mode and the kind. */
  searchAttributes?: SearchAttributePair[];
}

/**
 * A submission once admitted: `at` is where its submission was recorded; `fresh` when this request recorded it
 * (the job is pending), false for a replay under its Idempotency-Key; `admitted` false for a replay of a job
 * that has ended.
 */
export type Admitted = Submitted & { admitted: boolean; fresh: boolean; at: Position | null };

/**
 * Admits the submission (credits held, submission recorded; 402 or 409 idempotency_conflict when it cannot be),
 * then starts its workflow (`{kind}-{id}`), which takes the hold over. The answer waits for no worker: the 202
 * goes out once the workflow exists. A start that fails releases the hold this request made: nothing is held for
 * a 503 (the submission stays recorded, not started; a retry with the same Idempotency-Key starts it).
 */
export async function submitJob<A extends AdmittedInput>(
  deps: SubmissionDeps,
  req: Request,
  submission: Submission<A>,
): Promise<Admitted> {
  const principal = req.principal!;
  const { id, idempotencyKey } = submissionId(req, principal, submission.kind);
  const requestHash = requestHashOf(submission.request);
  const submitter = {
    accountId: principal.accountId,
    keyId: principal.keyId,
    mode: principal.mode,
    allowance: principal.limits.monthlyCredits,
  };
  const submitted: Submitted = { id, idempotencyKey, requestHash, submitter };
  const input = submission.input(submitted);
  const searchAttributes: SearchAttributePair[] = [
    { key: AccountId, value: principal.accountId },
    { key: KeyMode, value: principal.mode },
    { key: JobKind, value: submission.kind },
    ...(submission.searchAttributes ?? []),
  ];
  const { stream, hold, events } = admissionOf(submission.kind, input.admit);
  const admission = await admitSubmission(
    deps.admission,
    stream,
    hold,
    events,
    requestHash,
    idempotencyKey !== null,
  ).catch(refusal(submission.kind, hold.amount));
  if (admission.conflict) throw conflict();
  const at = admission.recorded.position;
  if (admission.recorded.finished) return { ...submitted, admitted: false, fresh: false, at };
  try {
    await contractClient(deps.temporal.client, deps.taskQueue).start(
      submission.contract,
      { ...input, admitted: true },
      {
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        typedSearchAttributes: new TypedSearchAttributes(searchAttributes),
      },
    );
    return { ...submitted, admitted: true, fresh: admission.fresh, at };
  } catch (error) {
    // A hold this request made is released: its job's workflow has ended (settled before it), or never started.
    if (admission.held) await releaseHold(deps.admission.ledger, principal.accountId, id).catch(() => undefined);
    // The same id ran and closed (its end not yet recorded when read): the replay is that job.
    if (error instanceof WorkflowExecutionAlreadyStartedError)
      return { ...submitted, admitted: false, fresh: false, at };
    // Temporal unreachable (the client gives up within about two seconds, infra/temporal/client.ts): the
    // workflow did not start (an answer lost on the way back is the rare exception that the Idempotency-Key
    // covers), and nothing is held.
    if (isTemporalUnavailable(error)) throw temporalUnavailable();
    throw error;
  }
}

/**
 * The answer to a job submission: 202 pending, or, for a replay (same Idempotency-Key) of a job that has
 * finished, 200 with the job record as GET /api/v1/jobs/{id} shows it, its current state.
 */
export async function answerJob(
  jobs: JobReader,
  res: Response,
  principal: Principal,
  { id, fresh, at }: Admitted,
  webhookUrl: string | null,
): Promise<void> {
  const pollUrl = `/api/v1/jobs/${id}`;
  const job = fresh ? null : await jobs.get(id, principal, { atLeast: at, timeoutMs: 10_000 });
  if (job && job.status !== 'pending') {
    res.status(200).json({ ...job, poll_url: pollUrl });
    return;
  }
  res.status(202).json({
    job_id: id,
    status: 'pending',
    poll_url: pollUrl,
    ...(webhookUrl && principal.mode === 'test' ? { webhook: sandboxCallback(webhookUrl) } : {}),
  });
}

/** A job's optional callback URL: null when absent, 422 invalid_webhook_url when it is not one it may call. */
export async function checkWebhookUrl(
  body: Record<string, unknown>,
  allowlist: readonly string[],
): Promise<string | null> {
  const url = body.webhook_url;
  if (url === undefined || url === null || url === '') return null;
  if (typeof url !== 'string')
    throw ApiError.of('invalid_webhook_url', 'webhook_url must be a string holding an https URL.');
  if (!isStorableText(url)) throw unstorableField('webhook_url');
  await validateWebhookUrl(url, allowlist);
  return url;
}

/** What a job records of its document: which bytes (by hash) and how big, never their content. */
export const documentFacts = (document: InspectedDocument) => ({
  sha256: document.sha256,
  bytes: document.bytes,
  pages: document.pages,
});
