import { ActivityFailure, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { MonitorActivities } from '../activities/monitors.js';
import { deliveryAttempts, lastAttemptOf } from './webhook.js';

// What the monitor's workflow and a resend of one of its notices share: the bookkeeping and a notice's delivery.

/** The bookkeeping: event-store reads and appends of milliseconds. */
export const local = proxyLocalActivities<MonitorActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '30 seconds' },
});

/**
 * Delivers one notice as job callbacks are delivered (workflows/webhook.ts's deliveryAttempts). Its end is
 * recorded, so a restarted or continued run never sends it again. With `resendId`, that resend of the notice (its
 * attempts and end recorded under it). Resolves to whether the receiver took it; null when nothing was sent.
 */
export async function deliverNotice(
  input: { monitorId: string; webhookRetrySeconds: number },
  noticeId: string,
  resendId?: string,
): Promise<boolean | null> {
  const { deliverMonitorNotice } = proxyActivities<MonitorActivities>(deliveryAttempts(input.webhookRetrySeconds));
  const monitorId = input.monitorId;
  const resend = resendId ? { resendId } : {};
  const notice = await local.monitorNoticeBody({ monitorId, noticeId, ...resend });
  if (!notice) return null;
  let delivered = false;
  let attempts = 0;
  try {
    const last = await deliverMonitorNotice({ monitorId, noticeId, ...resend, ...notice });
    delivered = last.kind === 'delivered';
    attempts = last.attempt;
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    attempts = lastAttemptOf(error).detail.attempt ?? 0;
  }
  await local.decideMonitor({
    type: 'RecordNoticeSent',
    data: { monitorId, noticeId, delivered, attempts, at: new Date().toISOString(), ...resend },
  });
  return delivered;
}
