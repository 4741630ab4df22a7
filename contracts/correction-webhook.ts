import { contract } from './workflow.js';

/**
 * `extraction-corrected-{job_id}.{correction}`: tells the client that a person or a key corrected fields of its
 * extraction (issue 56), with the `extraction.corrected` webhook: the job record as it stands after the
 * correction, signed and retried as the job's own callback is. One per correction request (`correction`: the id
 * of its first event), so a retried start never sends twice.
 */
export interface CorrectionWebhookInput {
  jobId: string;
  accountId: string;
  correction: string;
  /** Where the correction was recorded: the body is read from the read models once they reach it. */
  position: string;
  /** First retry interval, in seconds (WEBHOOK_RETRY_SECONDS), as for the job's callback. */
  retrySeconds: number;
}

/** Its ids start so, then the job id: contracts/personal-streams.ts seals its payloads under the job's key. */
export const CORRECTION_WORKFLOW_PREFIX = 'extraction-corrected-';

export const correctionWebhookWorkflowId = (input: Pick<CorrectionWebhookInput, 'jobId' | 'correction'>) =>
  `${CORRECTION_WORKFLOW_PREFIX}${input.jobId}.${input.correction}`;

export const CORRECTION_WEBHOOK_WORKFLOW = contract<
  CorrectionWebhookInput,
  'delivered' | 'failed' | 'not_sent',
  'correctionWebhookWorkflow'
>('correctionWebhookWorkflow', correctionWebhookWorkflowId);

/** The callback's `type` and the delivery id its attempts are recorded under on the job's stream. */
export const CORRECTED_EVENT = 'extraction.corrected';
export const correctionDeliveryId = (correction: string) => `correction-${correction}`;
