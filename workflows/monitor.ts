import {
  ApplicationFailure,
  CancellationScope,
  allHandlersFinished,
  condition,
  continueAsNew,
  isCancellation,
  proxyActivities,
  setHandler,
  startChild,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { MonitorActivities, MonitorTurn } from '../activities/monitors.js';
import { deliverNotice, local } from './monitor-notice.js';
import { AccountId, MonitorStatus } from '../contracts/search-attributes.js';
import {
  MONITOR_ERASURE_WORKFLOW,
  changeMonitor,
  monitorProgress,
  resumeMonitor,
  stopMonitor,
  type MonitorEnd,
  type MonitorErasureInput,
  type MonitorInput,
} from '../contracts/monitor.js';
import type { MonitorCommand, MonitorSettings } from '../domain/monitors/monitor.js';
import type { StopReason } from '../domain/monitors/notices.js';
import { MAX_EXPIRY_NOTICE_DAYS, nextMonthStart } from '../domain/monitors/schedule.js';

// A check is the registry lookup: a registry that does not answer is retried (for a day, at growing intervals),
// never recorded, so an outage is never a change.
const { checkMonitor } = proxyActivities<MonitorActivities>({
  startToCloseTimeout: '30 seconds',
  scheduleToCloseTimeout: '1 day',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

/** Checks per run before continue-as-new: about 10 events each, so a run's history stays well under Temporal's. */
const CHECKS_PER_RUN = 200;
/** How often a paused monitor tries its credits again besides a grant's signal. */
const PAUSED_RETRY_MS = 86_400_000;
const DAY_MS = 86_400_000;

/** What a PATCH may set: checked here, so that a bad change is refused before it is recorded. */
function validateChange(settings: Partial<MonitorSettings>, stopped: boolean): void {
  if (stopped) throw ApplicationFailure.nonRetryable('The monitor has stopped.', 'monitor_stopped');
  const days = settings.expiry_notice_days;
  if (days !== undefined && !(Number.isInteger(days) && days >= 0 && days <= MAX_EXPIRY_NOTICE_DAYS)) {
    throw ApplicationFailure.nonRetryable(
      `expiry_notice_days must be 0 to ${MAX_EXPIRY_NOTICE_DAYS}.`,
      'invalid_request',
    );
  }
}

/**
 * `monitor-{mon_id}` (docs/architecture.md#monitors): the first check at once, then one per interval on durable
 * timers, each notice it makes due delivered once; PATCH as the `changeMonitor` update, DELETE as a cancellation
 * (stopped, `monitor.stopped` sent), an account's closing as the `stopMonitor` signal. Continues as new every
 * CHECKS_PER_RUN checks. Decisions run one at a time, so a PATCH and a check never decide on the same state.
 */
export async function monitorWorkflow(input: MonitorInput): Promise<MonitorEnd> {
  const monitorId = input.monitorId;
  let { startedAt, intervalMs, check } = input;
  let status: MonitorTurn['status'] = 'active';
  let stopReason: StopReason | null = null;
  let resumeAsked = false;
  let busy = false;
  let rescheduled = false;

  /** One decision at a time: the check, a PATCH's change, a pause. */
  async function exclusively<T>(work: () => Promise<T>): Promise<T> {
    await condition(() => !busy);
    busy = true;
    try {
      return await work();
    } finally {
      busy = false;
    }
  }
  const decide = (command: MonitorCommand) => exclusively(() => local.decideMonitor(command));
  const show = (value: MonitorTurn['status']) => {
    status = value;
    upsertSearchAttributes([{ key: MonitorStatus, value }]);
  };

  setHandler(
    changeMonitor,
    async ({ settings, intervalMs: newIntervalMs }) => {
      const turn = await decide({
        type: 'ChangeMonitor',
        data: { monitorId, settings, at: new Date().toISOString() },
      });
      if (newIntervalMs && newIntervalMs !== intervalMs) {
        // The next check one new interval from now; those after it, one interval apart.
        intervalMs = newIntervalMs;
        startedAt = Date.now() + intervalMs - check * intervalMs;
        rescheduled = true;
      }
      return { position: turn.position ?? '' };
    },
    { validator: ({ settings }) => validateChange(settings, status === 'stopped' || stopReason !== null) },
  );
  setHandler(monitorProgress, () => ({ check, status }));
  setHandler(stopMonitor, (reason) => {
    stopReason ??= reason;
  });
  setHandler(resumeMonitor, () => {
    resumeAsked = true;
  });

  /**
   * Out of credits: tries the month's credits again at a grant's signal, daily and at each month's start (when
   * the allowance comes). True once resumed, false when stopped meanwhile.
   */
  async function whilePaused(): Promise<boolean> {
    show('paused');
    for (;;) {
      const retryAt = Math.min(nextMonthStart(Date.now()), Date.now() + PAUSED_RETRY_MS);
      await condition(() => resumeAsked || stopReason !== null, retryAt - Date.now());
      if (stopReason) return false;
      resumeAsked = false;
      const turn = await exclusively(() => local.resumeIfPaid({ monitorId, now: Date.now() }));
      for (const notice of turn.pending) await deliverNotice(input, notice);
      if (turn.status === 'stopped') {
        stopReason ??= 'account_closed';
        return false;
      }
      if (turn.status === 'active') break;
    }
    show('active');
    return true;
  }

  show('active');
  let ran = 0;
  try {
    for (;;) {
      rescheduled = false;
      const wait = startedAt + check * intervalMs - Date.now();
      if (wait > 0) {
        await condition(() => stopReason !== null || rescheduled, wait);
        if (rescheduled) continue;
      }
      if (stopReason) break;
      const turn = await exclusively(() => checkMonitor({ monitorId, check, now: Date.now() }));
      for (const notice of turn.pending) await deliverNotice(input, notice);
      // Stopped by the check itself: its account was found closed.
      if (turn.status === 'stopped' && (stopReason ??= 'account_closed')) break;
      if (turn.status === 'paused') {
        // Unpaid, so unchecked: the same check runs once the month is paid.
        if (!(await whilePaused())) break;
        startedAt = Date.now() - check * intervalMs;
        continue;
      }
      check += 1;
      ran += 1;
      if (ran >= (input.checksPerRun ?? CHECKS_PER_RUN) || workflowInfo().continueAsNewSuggested) {
        await condition(() => allHandlersFinished() && !busy);
        return await continueAsNew<typeof monitorWorkflow>({ ...input, startedAt, intervalMs, check });
      }
    }
  } catch (error) {
    if (!isCancellation(error)) throw error;
    stopReason = 'deleted';
  }
  // Stopped: recorded and told even though the run was cancelled; notices still pending are not sent any more.
  await CancellationScope.nonCancellable(async () => {
    await condition(() => !busy);
    const reason = stopReason ?? 'deleted';
    const turn = await local.decideMonitor({
      type: 'StopMonitor',
      data: { monitorId, reason, at: new Date().toISOString() },
    });
    show('stopped');
    if (turn.pending.includes('monitor.stopped')) await deliverNotice(input, 'monitor.stopped');
    await condition(allHandlersFinished);
    // Its erasure outlives it (and waits for it to close): at once for a closed account, else after the retention.
    const closed = reason === 'account_closed';
    const erasure: MonitorErasureInput = {
      monitorId,
      accountId: input.accountId,
      reason: closed ? 'account_closed' : 'retention',
      afterMs: closed ? 0 : (input.retentionDays ?? 30) * DAY_MS,
    };
    await startChild(MONITOR_ERASURE_WORKFLOW.type, {
      workflowId: MONITOR_ERASURE_WORKFLOW.idOf(erasure),
      args: [erasure],
      parentClosePolicy: 'ABANDON',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: [{ key: AccountId, value: input.accountId }],
    });
  });
  return 'stopped';
}
