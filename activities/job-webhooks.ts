// The callback of a finished job (docs/architecture.md#the-interface): its body, each delivery attempt (recorded on the job's stream), how
// the delivery ended, and the start of a resend. The events are decided by domain/webhooks/delivery.ts.
import type { KeyMode } from '../domain/accounts/keys.js';
import { fold } from '../domain/decider.js';
import type { Decided } from '../domain/streams.js';
import * as job from '../domain/jobs/job.js';
import type { JobKind } from '../domain/jobs/outcomes.js';
import { endDelivery, recordAttempt, ResendRefused, type Delivery } from '../domain/webhooks/delivery.js';
import type { Accounts } from '../application/accounts.js';
import { appendDecided } from '../infra/eventstore/decided.js';
import { parsePosition, positionToString, readEvents, type EventStore } from '../infra/eventstore/types.js';
import type { LookupFn } from '../infra/webhooks/resolve.js';
import { ReadModelBehindError } from '../projections/readers/index.js';
import type { JobReader } from '../projections/readers/jobs.js';
import { webhookActivities } from './webhooks.js';

export interface JobWebhookDeps {
  events: EventStore;
  accounts: Accounts;
  jobs: JobReader;
  webhooks: { allowlist: readonly string[]; lookup?: LookupFn; timeoutMs?: number };
}

/** Why a job's callback cannot be sent again, or what the resend needs. */
export type ResendStart =
  { ok: true; position: string; mode: KeyMode; kind: JobKind; url: string } | { ok: false; reason: string };

const system = (jobId: string) => ({ actor: 'system', $correlationId: jobId });

export function jobWebhookActivities(deps: JobWebhookDeps) {
  const append = (
    delivery: Delivery,
    events: readonly Decided<job.JobEvent>[],
    metadata?: { actor: string; $correlationId?: string },
  ) => appendDecided(deps.events, job.jobStream, delivery.jobId, events, metadata);
  // One per delivery (the original, or a resend): each records its attempts under its own event ids.
  // `jobId`: the job whose stream records the attempts, when the message's id is not the job's (a correction's).
  const webhookFor = (deliveryId: string | undefined, jobId?: string) =>
    webhookActivities({
      ...deps.webhooks,
      async recordAttempt(record) {
        // The webhook id is the job id, but for a correction's message.
        const delivery = { jobId: jobId ?? record.webhookId, deliveryId };
        const { outcome } = record;
        const reason = outcome.kind === 'delivered' ? null : outcome.reason;
        await append(
          delivery,
          recordAttempt({
            ...delivery,
            attempt: record.attempt,
            status: outcome.status,
            outcome: outcome.kind,
            reason,
          }),
          { actor: 'system' },
        );
      },
    });
  const original = webhookFor(undefined);

  return {
    /**
     * The callback body (docs/architecture.md#the-interface): the job record as GET /api/v1/jobs/{id} shows it, once complete; folded from
     * the job's events when the read model has not reached the job's end (never a pending record).
     */
    async webhookBody(input: {
      jobId: string;
      accountId: string;
      mode: KeyMode;
      kind: JobKind;
      completedAt: string;
      /** The callback's type when it is not the job's end (`extraction.corrected`). */
      event?: string;
    }): Promise<string> {
      const owner = { accountId: input.accountId, mode: input.mode };
      const record = await deps.jobs.get(input.jobId, owner, {
        atLeast: parsePosition(input.completedAt),
        timeoutMs: 10_000,
      });
      if (!record) throw new ReadModelBehindError(`job ${input.jobId}`);
      const type = input.event ?? `${input.kind}.${record.status === 'complete' ? 'completed' : 'failed'}`;
      return JSON.stringify({ type, timestamp: new Date().toISOString(), data: record });
    },

    /**
     * One delivery attempt, signed with the account's secrets, which never pass through workflow history.
     * `deliveryId`: a resend's id (absent for the original delivery). The webhook-id header stays the job id
     * either way: Standard Webhooks keeps a message's id when it is sent again, so receivers can deduplicate. Another
     * message about the job (`event`: a correction) has an id of its own, the job id and its delivery's.
     */
    async deliverJobWebhook(input: {
      jobId: string;
      accountId: string;
      url: string;
      body: string;
      deliveryId?: string;
      event?: string;
    }) {
      let secrets = await deps.accounts.signingSecrets(input.accountId);
      // An account that never asked for its secret still gets signed callbacks; it can fetch the secret later.
      if (secrets.length === 0) secrets = [await deps.accounts.webhookSecret(input.accountId, false)];
      if (input.event && input.deliveryId) {
        const id = `${input.jobId}.${input.deliveryId}`;
        return webhookFor(input.deliveryId, input.jobId).deliverWebhook({
          url: input.url,
          id,
          body: input.body,
          secrets,
        });
      }
      const deliverer = input.deliveryId ? webhookFor(input.deliveryId) : original;
      return deliverer.deliverWebhook({ url: input.url, id: input.jobId, body: input.body, secrets });
    },

    /**
     * Where a correction's webhook goes: the job's callback address, when the job has one and is a live key's
     * (the sandbox calls nobody back); null otherwise. From the job's stream, as a resend reads it.
     */
    async correctionWebhookTarget(input: { jobId: string; accountId: string }): Promise<{ url: string } | null> {
      const state = fold(job.jobDecider, await readEvents(deps.events, job.jobStream, input.jobId));
      if (!state || state.account_id !== input.accountId || state.mode !== 'live' || !state.webhook_url) return null;
      return { url: state.webhook_url };
    },

    async recordWebhookEnd(input: {
      jobId: string;
      delivered: boolean;
      attempts: number;
      reason: string | null;
      deliveryId?: string;
    }) {
      await append(input, endDelivery(input));
    },

    /**
     * Starts a resend of a job's callback (refused as domain/webhooks/delivery.ts says). Records WebhookResent,
     * which sets the job's webhook back to pending for this delivery; a retry lands on the same event id.
     * Answers from the job's stream, not the read model, so a resend right after the job finished is not
     * refused for projection lag.
     */
    async beginWebhookResend(input: { jobId: string; accountId: string; deliveryId: string }): Promise<ResendStart> {
      const state = fold(job.jobDecider, await readEvents(deps.events, job.jobStream, input.jobId));
      try {
        const appended = await append(
          input,
          job.jobDecider.decide({ type: 'ResendWebhook', data: input }, state),
          system(input.jobId),
        );
        const submitted = state!;
        return {
          ok: true,
          position: positionToString(appended.position),
          mode: submitted.mode,
          kind: submitted.kind,
          url: submitted.webhook_url!,
        };
      } catch (error) {
        if (error instanceof ResendRefused) return { ok: false, reason: error.message };
        throw error;
      }
    },
  };
}
