import { upsertSearchAttributes } from '@temporalio/workflow';
import { CORRECTED_EVENT, correctionDeliveryId, type CorrectionWebhookInput } from '../contracts/correction-webhook.js';
import { Outcome } from '../contracts/search-attributes.js';
import { local } from './job-activities.js';
import { deliverCallback } from './webhook.js';

/**
 * `extraction-corrected-{job_id}.{correction}`: the `extraction.corrected` webhook of a job whose fields were
 * corrected, to the job's callback address, with the job record after the correction as its data. A job without a
 * callback address, or of a test key (the sandbox calls nobody back), is not sent one.
 */
export async function correctionWebhookWorkflow(
  input: CorrectionWebhookInput,
): Promise<'delivered' | 'failed' | 'not_sent'> {
  const target = await local.correctionWebhookTarget({ jobId: input.jobId, accountId: input.accountId });
  let outcome: 'delivered' | 'failed' | 'not_sent' = 'not_sent';
  if (target) {
    const delivered = await deliverCallback({
      jobId: input.jobId,
      accountId: input.accountId,
      mode: 'live',
      kind: 'extraction',
      url: target.url,
      completedAt: input.position,
      retrySeconds: input.retrySeconds,
      deliveryId: correctionDeliveryId(input.correction),
      event: CORRECTED_EVENT,
    });
    outcome = delivered ? 'delivered' : 'failed';
  }
  upsertSearchAttributes([{ key: Outcome, value: outcome }]);
  return outcome;
}
