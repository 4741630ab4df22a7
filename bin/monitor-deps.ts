// What starting and managing monitors needs from the service's context: the event store, Temporal, and the
// intervals the frequencies stand for (MONITOR_MINUTELY_SECONDS shortens the sandbox's in tests).
import type { Client } from '@temporalio/client';
import { intervalOf, type MonitorStartDeps } from '../application/monitors/start.js';
import type { MonitorManageDeps } from '../application/monitors/manage.js';
import type { ServiceContext } from './context.js';

export function monitorDeps(
  context: ServiceContext,
  temporal: Client,
): { start: MonitorStartDeps; manage: MonitorManageDeps } {
  const { config, engines } = context;
  const start: MonitorStartDeps = {
    events: engines.events,
    temporal,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    webhookRetrySeconds: config.WEBHOOK_RETRY_SECONDS,
    intervalMs: { minutely: config.MONITOR_MINUTELY_SECONDS * 1000 },
    // A DELETEd monitor's personal data is kept as long as a finished job's.
    retentionDays: config.JOB_RETENTION_DAYS,
  };
  return {
    start,
    manage: { events: engines.events, temporal, intervalOf: (frequency) => intervalOf(start, frequency) },
  };
}
