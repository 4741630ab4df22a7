import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { MonitorActivities } from '../activities/monitors.js';
import { eraseMonitorNow, type MonitorErasureInput } from '../contracts/monitor.js';

// Retried for as long as the monitor's workflow runs on (its last notice's delivery may take a day), every minute.
const { eraseStoppedMonitor } = proxyActivities<MonitorActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * `erase-monitor-{mon_id}` (contracts/monitor.ts): a stopped monitor's retention, then its erasure (its data key
 * shredded, MonitorErased recorded). The account's closing cuts the retention short (eraseMonitorNow).
 */
export async function monitorErasureWorkflow(input: MonitorErasureInput): Promise<'erased'> {
  let now = input.afterMs <= 0;
  setHandler(eraseMonitorNow, () => {
    now = true;
  });
  if (!now) await condition(() => now, input.afterMs);
  const reason = now && input.afterMs > 0 ? 'account_closed' : input.reason;
  await eraseStoppedMonitor({ monitorId: input.monitorId, reason });
  return 'erased';
}
