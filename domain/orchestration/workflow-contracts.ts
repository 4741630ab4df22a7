// What the workflows started from infra/ share with their callers (the Temporal samples' shared.ts): the type
// name each is started by, its input, and the update a caller waits on. The workflows (workflows/) import these
// and the callers use them instead of importing workflow code. Deterministic: no Node API.
import { defineUpdate } from '@temporalio/workflow';

/** One refresh of one public dataset (workflows/datasets.ts), by its Schedule or at start-up. */
export const DATASET_REFRESH_WORKFLOW = 'datasetRefreshWorkflow';

export interface DatasetRefreshWorkflowInput {
  slug: string;
  /** Do nothing when the dataset already has a successful refresh (the first load at start-up). */
  onlyIfNeverLoaded?: boolean;
}

/** Retention (workflows/retention.ts), started daily by the `retention` Schedule. */
export const RETENTION_WORKFLOW = 'retentionWorkflow';

export interface RetentionInput {
  /** The clock of this run (ISO); the workflow's own time when absent (the daily schedule). Tests fix it. */
  now?: string;
}

/** `portal-mail-{id}` (workflows/mail.ts): one mail of the portal's outbox, sent with retries for a day. */
export const PORTAL_MAIL_WORKFLOW = 'portalMailWorkflow';

export interface PortalMailInput {
  /** The intent's id in the mail outbox (infra/mail-outbox.ts): the workflow's input holds no address. */
  id: string;
  /** First retry interval; it doubles up to an hour, for a day in all. */
  retrySeconds: number;
}

/** `key-expiry-{key_id}` (workflows/key-expiry.ts): an unused free key's expiry. */
export const KEY_EXPIRY_WORKFLOW = 'keyExpiryWorkflow';

export interface KeyExpiryInput {
  accountId: string;
  keyId: string;
  /** How long the key may stay unused (KEY_UNUSED_EXPIRY_SECONDS: 7 days). */
  afterSeconds: number;
}

/** `webhook-resend-{job_id}` (workflows/webhook.ts): a finished job's callback sent again. */
export const WEBHOOK_RESEND_WORKFLOW = 'webhookResendWorkflow';

export interface WebhookResendInput {
  jobId: string;
  accountId: string;
  /** First retry interval, in seconds (WEBHOOK_RETRY_SECONDS), as for the original delivery. */
  retrySeconds: number;
}

/**
 * The dashboard starts a resend with update-with-start and waits on this update: it answers once the resend is
 * recorded (WebhookResent, at `position`), so the page shown next already lists the delivery as pending, or
 * refuses (`not_resendable`) a job that has no callback to send.
 */
export const resendStarted = defineUpdate<{ position: string }>('resendStarted');
