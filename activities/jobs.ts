import { ApplicationFailure } from '@temporalio/activity';
import { isDomainError } from '../domain/errors.js';
import { ERROR_STATUS } from '../domain/errors.js';
import {
  isChargeable,
  jobError,
  summarise,
  type BatchItemResult,
  type ChargedResult,
  type JobError,
  type JobKind,
  type JobSubmitted,
} from '../domain/jobs/events.js';
import type { KeyMode } from '../domain/accounts/keys.js';
import type { ExtractionResult } from '../domain/extraction/types.js';
import { flagDocumentMismatch, samePolicyNumber } from '../domain/verification/document-mismatch.js';
import { sandboxVerify } from '../domain/verification/sandbox.js';
import { countedSandbox } from '../infra/verification/counted.js';
import type { VerificationEngine, VerificationRequest, VerificationResult } from '../domain/verification/types.js';
import type { Accounts } from '../infra/accounts.js';
import { eventIdFor } from '../infra/eventstore/ids.js';
import { parsePosition, positionToString, UnstorableEventError, type EventStore, type Position } from '../infra/eventstore/types.js';
import type { Ledger } from '../infra/ledger.js';
import type { LookupFn } from '../infra/webhooks/resolve.js';
import type { Queryable } from '../infra/sql/sql.js';
import { findJob } from '../projections/jobs.js';
import { verificationActivities } from './verification.js';
import { webhookActivities } from './webhooks.js';

/** Test keys' answers, counted in the business metrics like live ones. */
const sandbox = countedSandbox(sandboxVerify);

export interface JobActivityDeps {
  events: EventStore;
  ledger: Ledger;
  accounts: Accounts;
  engine: VerificationEngine;
  db: Queryable;
  readModelsAt(position: Position, timeoutMs?: number): Promise<boolean>;
  webhooks: { allowlist: readonly string[]; lookup?: LookupFn; timeoutMs?: number };
}

/** Who submitted, in which mode, and what the account's plan grants (for the month change). */
export interface Submitter {
  accountId: string;
  keyId: string;
  mode: KeyMode;
  allowance: number;
}

export interface AdmitJobInput extends Submitter {
  jobId: string;
  kind: JobKind;
  request: Record<string, unknown>;
  webhookUrl: string | null;
  idempotencyKey: string | null;
  requestHash: string;
  hasDocument?: boolean;
  /** The blob holding the job's document (see JobSubmitted.blob_id). */
  blobId?: string | null;
  /** Credits held until the job settles (0 for test keys). */
  reserve: number;
}

export interface AdmitBatchInput extends Submitter {
  batchId: string;
  policies: VerificationRequest[];
  idempotencyKey: string | null;
  requestHash: string;
}

export interface Admission {
  /** Where the submission landed: the API waits for the read models to pass it. */
  position: string;
  /** The submission had been admitted before (a retried submission, or a replay after retention). */
  known: boolean;
}

export type JobOutcome = { ok: true; result: ChargedResult } | { ok: false; error: JobError };

/** An extraction's end: its result and the credits it costs (0 for test keys), or its error. */
export type ExtractionOutcome = { ok: true; result: ExtractionResult; credits: number } | { ok: false; error: JobError };

const jobStream = (id: string) => `job-${id}`;
const batchStream = (id: string) => `batch-${id}`;

/** A failure the caller must see as such (an update's rejection, a job's error): never retried. */
const refuse = (error: unknown): never => {
  if (isDomainError(error)) throw ApplicationFailure.nonRetryable(error.message, error.code);
  throw error;
};

/**
 * A batch refused for credits says what it needs and what there is, in its message and (for the 402's body) in
 * the failure's details.
 */
const batchRefusal = (error: unknown, needed: number): unknown => {
  if (!isDomainError(error) || error.code !== 'insufficient_credits') return error;
  const available = Number(/Only (\d+) credit/.exec(error.message)?.[1] ?? 0);
  throw ApplicationFailure.create({
    message: `This batch of ${needed} ${needed === 1 ? 'policy' : 'policies'} needs ${needed} credits; ${available} ${available === 1 ? 'is' : 'are'} available.`,
    type: 'insufficient_credits',
    nonRetryable: true,
    details: [{ credits_needed: needed, credits_available: available }],
  });
};

/** An append the store refused for its content is the caller's bad input, answered at once, not retried. */
const unstorable = (error: unknown): never => {
  if (error instanceof UnstorableEventError) {
    throw ApplicationFailure.nonRetryable('The request holds text that cannot be stored (a NUL character or an unpaired surrogate).', 'invalid_request');
  }
  throw error;
};

/** The engine's typed refusals, as a verification activity reports them. */
const failureCode = (error: unknown): { code: string; message: string } | null => {
  if (error instanceof ApplicationFailure && error.nonRetryable && error.type && error.type in ERROR_STATUS) {
    return { code: error.type, message: error.message };
  }
  return isDomainError(error) ? { code: error.code, message: error.message } : null;
};

/** One policy of a batch as its result lists it (DESIGN §8). */
function batchItem(index: number, request: VerificationRequest, outcome: JobOutcome): BatchItemResult {
  const common = {
    index,
    policy_number: request.policy_number,
    country: request.country,
    insurance_type: request.insurance_type,
    provider: request.provider ?? null,
  };
  return outcome.ok
    ? {
        ...common,
        status: outcome.result.status,
        confidence_score: outcome.result.confidence_score,
        verification_sources: outcome.result.verification_sources,
        insurer: outcome.result.insurer,
        flags: outcome.result.flags,
        credits_charged: outcome.result.credits_charged,
        error: null,
      }
    : { ...common, status: 'error', confidence_score: null, verification_sources: [], insurer: null, flags: [], credits_charged: 0, error: outcome.error };
}

/**
 * The id of a webhook event of a job: the original delivery's as it always was (the job id and the step), a
 * resend's from the resend's own id, so that neither can ever land on the other's events.
 */
const webhookEventId = (jobId: string, deliveryId: string | undefined, step: string, attempt?: number) => {
  const parts = deliveryId ? ['webhook-resend', deliveryId, step] : [jobId, step];
  return eventIdFor(...parts, ...(attempt === undefined ? [] : [attempt]));
};

/** Why a job's callback cannot be sent again, or what the resend needs. */
export type ResendStart =
  | { ok: true; position: string; mode: KeyMode; kind: JobKind; url: string }
  | { ok: false; reason: string };

export function jobActivities(deps: JobActivityDeps) {
  const verification = verificationActivities(deps.engine);
  // One per delivery (the original, or a resend): each records its attempts under its own event ids.
  const webhookFor = (deliveryId: string | undefined) =>
    webhookActivities({
      ...deps.webhooks,
      async recordAttempt(record) {
        // The webhook id is the job id: one attempt, one event, however often this attempt is retried.
        await deps.events.append(jobStream(record.webhookId), [
          {
            id: webhookEventId(record.webhookId, deliveryId, 'webhook-attempt', record.attempt),
            type: 'WebhookAttempted',
            data: {
              attempt: record.attempt,
              status: record.outcome.status,
              outcome: record.outcome.kind,
              reason: record.outcome.kind === 'delivered' ? null : record.outcome.reason,
              ...(deliveryId ? { delivery_id: deliveryId } : {}),
            },
            metadata: { actor: 'system' },
          },
        ]);
      },
    });
  const webhook = webhookFor(undefined);

  /**
   * Verifies one policy: sandbox for test keys, the engine (with registry retries) for live ones.
   * `printedNumber`: the number on the job's document, when it came with one; a different one is flagged.
   */
  async function verifyOne(request: VerificationRequest, mode: KeyMode, printedNumber?: string | null): Promise<JobOutcome> {
    const started = process.hrtime.bigint();
    const checked = <R extends VerificationResult>(result: R): R =>
      printedNumber && !samePolicyNumber(printedNumber, request.policy_number) ? flagDocumentMismatch(result) : result;
    if (mode === 'test') {
      const result = checked(sandbox(request));
      const forcedFail = result.flags.includes('sandbox_forced_fail');
      return { ok: true, result: { ...result, credits_charged: 0, processed_in_ms: forcedFail ? 1 : 0, sandbox: true } };
    }
    try {
      const result = checked(await verification.verifyPolicy(request));
      const processed = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
      return { ok: true, result: { ...result, credits_charged: isChargeable(result.status) ? 1 : 0, processed_in_ms: processed } };
    } catch (error) {
      const refused = failureCode(error);
      if (refused) return { ok: false, error: jobError(refused.code, refused.message) };
      throw error; // infrastructure trouble: Temporal retries
    }
  }

  return {
    /**
     * Admits a job: holds its credit (402 when none is available) and records JobSubmitted. Runs inside the
     * start of the job's workflow, so a job exists exactly when Temporal has it, whatever crashes.
     */
    async admitJob(input: AdmitJobInput): Promise<Admission> {
      const known = await deps.events.readStream(jobStream(input.jobId), { maxCount: 1 });
      if (known[0]) return { position: positionToString(known[0].position), known: true };
      const metadata = { actor: input.keyId, $correlationId: input.jobId };
      if (input.mode === 'live' && input.reserve > 0) {
        await deps.ledger
          .reserve(
            input.accountId,
            { allowance: input.allowance, reservationId: input.jobId, amount: input.reserve, operation: input.kind, reference: input.jobId },
            metadata,
          )
          .catch(refuse);
      }
      const appended = await deps.events.append(jobStream(input.jobId), [
        {
          id: eventIdFor(input.jobId, 'submitted'),
          type: 'JobSubmitted',
          data: {
            kind: input.kind,
            mode: input.mode,
            account_id: input.accountId,
            key_id: input.keyId,
            request: input.request,
            webhook_url: input.webhookUrl,
            idempotency_key: input.idempotencyKey,
            request_hash: input.requestHash,
            ...(input.hasDocument ? { has_document: true } : {}),
            ...(input.blobId ? { blob_id: input.blobId } : {}),
          },
          metadata,
        },
      ]).catch(unstorable);
      return { position: positionToString(appended.position), known: false };
    },

    /**
     * Releases what a failed admission held: settling captures nothing and is a no-op when nothing was reserved
     * (a refusal for credits) or it was released already, so the workflow runs it after every failed admission.
     */
    async releaseAdmission(input: { reservationId: string; accountId: string; mode: KeyMode }): Promise<void> {
      if (input.mode !== 'live') return;
      await deps.ledger.settle(input.accountId, { reservationId: input.reservationId, captured: 0 }, { actor: 'system', $correlationId: input.reservationId });
    },

    /** `documentPolicyNumber`: the number the job's document prints, when it came with one (document_mismatch). */
    async verifyJobPolicy(input: { request: VerificationRequest; mode: KeyMode; documentPolicyNumber?: string | null }): Promise<JobOutcome> {
      return verifyOne(input.request, input.mode, input.documentPolicyNumber);
    },

    /** Settles the job's reservation (a definitive answer is captured) and records how it ended. */
    async completeJob(input: { jobId: string; accountId: string; mode: KeyMode; outcome: JobOutcome | ExtractionOutcome }): Promise<{ position: string }> {
      const { outcome } = input;
      const captured = !outcome.ok ? 0 : 'credits' in outcome ? outcome.credits : outcome.result.credits_charged;
      if (input.mode === 'live') {
        await deps.ledger.settle(input.accountId, { reservationId: input.jobId, captured }, { actor: 'system', $correlationId: input.jobId });
      }
      const appended = await deps.events.append(jobStream(input.jobId), [
        input.outcome.ok
          ? { id: eventIdFor(input.jobId, 'completed'), type: 'JobCompleted', data: { result: input.outcome.result, credits_charged: captured } }
          : { id: eventIdFor(input.jobId, 'failed'), type: 'JobFailed', data: { error: input.outcome.error } },
      ]);
      return { position: positionToString(appended.position) };
    },

    async admitBatch(input: AdmitBatchInput): Promise<Admission> {
      const known = await deps.events.readStream(batchStream(input.batchId), { maxCount: 1 });
      if (known[0]) return { position: positionToString(known[0].position), known: true };
      const metadata = { actor: input.keyId, $correlationId: input.batchId };
      if (input.mode === 'live') {
        await deps.ledger
          .reserve(
            input.accountId,
            {
              allowance: input.allowance,
              reservationId: input.batchId,
              amount: input.policies.length,
              operation: 'batch',
              reference: input.batchId,
            },
            metadata,
          )
          .catch((error: unknown) => refuse(batchRefusal(error, input.policies.length)));
      }
      const appended = await deps.events.append(batchStream(input.batchId), [
        {
          id: eventIdFor(input.batchId, 'submitted'),
          type: 'BatchSubmitted',
          data: {
            mode: input.mode,
            account_id: input.accountId,
            key_id: input.keyId,
            total_count: input.policies.length,
            policies: input.policies,
            idempotency_key: input.idempotencyKey,
            request_hash: input.requestHash,
          },
          metadata,
        },
      ]).catch(unstorable);
      return { position: positionToString(appended.position), known: false };
    },

    /**
     * Verifies a slice of a batch and records its items in one append (idempotent: a retried slice lands on the
     * same event ids); an engine refusal is that item's error, not the batch's. Slices rather than one activity
     * per policy: a batch of 100 is then a few task-queue round trips, and a short workflow history.
     */
    async verifyBatchItems(input: { batchId: string; mode: KeyMode; items: { index: number; request: VerificationRequest }[] }): Promise<BatchItemResult[]> {
      const results = await Promise.all(input.items.map(async ({ index, request }) => batchItem(index, request, await verifyOne(request, input.mode))));
      await deps.events.append(
        batchStream(input.batchId),
        results.map((item) => ({ id: eventIdFor(input.batchId, 'item', item.index), type: 'BatchItemCompleted', data: { index: item.index, result: item } })),
      );
      return results;
    },

    async completeBatch(input: { batchId: string; accountId: string; mode: KeyMode; items: Pick<BatchItemResult, 'status' | 'credits_charged'>[] }) {
      const summary = summarise(input.items);
      if (input.mode === 'live') {
        await deps.ledger.settle(
          input.accountId,
          { reservationId: input.batchId, captured: summary.credits_charged },
          { actor: 'system', $correlationId: input.batchId },
        );
      }
      const appended = await deps.events.append(batchStream(input.batchId), [
        { id: eventIdFor(input.batchId, 'completed'), type: 'BatchCompleted', data: { summary } },
      ]);
      return { position: positionToString(appended.position), summary };
    },

    /** The callback body (DESIGN §8): the job record as GET /api/v1/jobs/{id} shows it, once complete. */
    async webhookBody(input: { jobId: string; accountId: string; mode: KeyMode; kind: JobKind; completedAt: string }): Promise<string> {
      await deps.readModelsAt(parsePosition(input.completedAt), 10_000);
      const job = await findJob(deps.db, input.jobId, { accountId: input.accountId, mode: input.mode });
      if (!job) throw new Error(`job ${input.jobId} not in the read model yet`);
      const type = `${input.kind}.${job.status === 'complete' ? 'completed' : 'failed'}`;
      return JSON.stringify({ type, timestamp: new Date().toISOString(), data: job });
    },

    /**
     * One delivery attempt, signed with the account's secrets, which never pass through workflow history.
     * `deliveryId`: a resend's id (absent for the original delivery). The webhook-id header stays the job id
     * either way: Standard Webhooks keeps a message's id when it is sent again, so receivers can deduplicate.
     */
    async deliverJobWebhook(input: { jobId: string; accountId: string; url: string; body: string; deliveryId?: string }) {
      let secrets = await deps.accounts.signingSecrets(input.accountId);
      // An account that never asked for its secret still gets signed callbacks; it can fetch the secret later.
      if (secrets.length === 0) secrets = [await deps.accounts.webhookSecret(input.accountId, false)];
      const deliverer = input.deliveryId ? webhookFor(input.deliveryId) : webhook;
      return deliverer.deliverWebhook({ url: input.url, id: input.jobId, body: input.body, secrets });
    },

    async recordWebhookEnd(input: { jobId: string; delivered: boolean; attempts: number; reason: string | null; deliveryId?: string }) {
      const id = webhookEventId(input.jobId, input.deliveryId, 'webhook-end');
      const ref = input.deliveryId ? { delivery_id: input.deliveryId } : {};
      await deps.events.append(jobStream(input.jobId), [
        input.delivered
          ? { id, type: 'WebhookDelivered', data: { attempts: input.attempts, ...ref } }
          : { id, type: 'WebhookAbandoned', data: { attempts: input.attempts, reason: input.reason ?? 'gave up', ...ref } },
      ]);
    },

    /**
     * Starts a resend of a job's callback: only a finished live job of this account that asked for one has a
     * callback to send (test keys never call back). Records WebhookResent, which sets the job's webhook back to
     * pending for this delivery; a retry lands on the same event id. Answers from the job's stream, not the read
     * model, so a resend right after the job finished is not refused for projection lag.
     */
    async beginWebhookResend(input: { jobId: string; accountId: string; deliveryId: string }): Promise<ResendStart> {
      const events = await deps.events.readStream(jobStream(input.jobId));
      const submitted = events.find((e) => e.type === 'JobSubmitted')?.data as JobSubmitted | undefined;
      if (!submitted || submitted.account_id !== input.accountId) return { ok: false, reason: 'No such job.' };
      if (submitted.mode !== 'live') return { ok: false, reason: 'Jobs of test keys never call back.' };
      if (!submitted.webhook_url) return { ok: false, reason: 'The job asked for no callback.' };
      if (!events.some((e) => e.type === 'JobCompleted' || e.type === 'JobFailed')) {
        return { ok: false, reason: 'The job has not finished: its callback is not due yet.' };
      }
      const appended = await deps.events.append(jobStream(input.jobId), [
        {
          id: webhookEventId(input.jobId, input.deliveryId, 'resent'),
          type: 'WebhookResent',
          data: { delivery_id: input.deliveryId, url: submitted.webhook_url },
          metadata: { actor: 'system', $correlationId: input.jobId },
        },
      ]);
      return { ok: true, position: positionToString(appended.position), mode: submitted.mode, kind: submitted.kind, url: submitted.webhook_url };
    },
  };
}

export type JobActivities = ReturnType<typeof jobActivities>;
