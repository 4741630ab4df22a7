import { ApplicationFailure, allHandlersFinished, condition, setHandler, workflowInfo } from '@temporalio/workflow';
import { noticeResendStarted, type NoticeResendInput } from '../contracts/monitor.js';
import { deliverNotice, local } from './monitor-notice.js';

/**
 * `monitor-resend-{mon_id}.{notice_id}`: one of a monitor's events sent again from the dashboard, once its own
 * delivery has ended: the same body and webhook id (a receiver can tell a repeat), to the URL the monitor has now,
 * retried as the first delivery was. Each run is one resend, identified by its run id; one run at a time per
 * notice (the caller joins a running one), so a double click does not send twice.
 */
export async function noticeResendWorkflow(input: NoticeResendInput): Promise<'delivered' | 'failed' | 'refused'> {
  const resendId = workflowInfo().runId;
  const started = local.beginNoticeResend({ monitorId: input.monitorId, noticeId: input.noticeId, resendId });
  setHandler(noticeResendStarted, async () => {
    const start = await started;
    if (!start.ok) throw ApplicationFailure.nonRetryable(start.reason, 'not_resendable', start.code);
    return { position: start.position };
  });
  const start = await started;
  let outcome: 'delivered' | 'failed' | 'refused' = 'refused';
  if (start.ok) {
    const delivered = await deliverNotice(input, input.noticeId, resendId);
    // Null: erased while it waited to start; its end is recorded nowhere, as nothing was sent.
    outcome = delivered === null ? 'refused' : delivered ? 'delivered' : 'failed';
  }
  await condition(allHandlersFinished);
  return outcome;
}
