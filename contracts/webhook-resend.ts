import { defineUpdate } from '@temporalio/workflow';
import { contract } from './workflow.js';

/** `webhook-resend-{job_id}`: a finished job's callback sent again, from the dashboard. */
export interface WebhookResendInput {
  jobId: string;
  accountId: string;
  /** First retry interval, in seconds (WEBHOOK_RETRY_SECONDS), as for the original delivery. */
  retrySeconds: number;
}

export const webhookResendWorkflowId = (jobId: string) => `webhook-resend-${jobId}`;

export const WEBHOOK_RESEND_WORKFLOW = contract<
  WebhookResendInput,
  'delivered' | 'failed' | 'refused',
  'webhookResendWorkflow'
>('webhookResendWorkflow', (input) => webhookResendWorkflowId(input.jobId));

/**
 * The dashboard starts a resend with update-with-start and waits on this update: it answers once the resend is
 * recorded (WebhookResent, at `position`), so the page shown next already lists the delivery as pending, or
 * refuses (`not_resendable`) a job that has no callback to send.
 */
export const resendStarted = defineUpdate<{ position: string }>('resendStarted');
