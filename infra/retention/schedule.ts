// The Temporal side of retention: one Schedule, visible in the Temporal UI, starting retentionWorkflow daily.
import type { Client } from '@temporalio/client';
import { upsertSchedule, type ScheduleSettings } from '../temporal/schedules.js';
import { RETENTION_WORKFLOW, type RetentionInput } from '../../contracts/retention.js';
export const RETENTION_SCHEDULE_ID = RETENTION_WORKFLOW.idOf({});

/** The retention Schedule, created or brought up to date; safe to call on every start. */
export async function ensureRetentionSchedule(client: Client, taskQueue: string, options: { scheduleId?: string } = {}): Promise<void> {
  const scheduleId = options.scheduleId ?? RETENTION_SCHEDULE_ID;
  const desired = {
    // Daily at 03:00 UTC, when the API is quiet and before the datasets' 06:00 refreshes.
    spec: { calendars: [{ hour: 3, minute: 0 }], jitter: '30 minutes' },
    action: {
      type: 'startWorkflow' as const,
      workflowType: RETENTION_WORKFLOW.type,
      workflowId: scheduleId,
      taskQueue,
      args: [{}] as [RetentionInput],
      workflowExecutionTimeout: '6 hours',
    },
    // One run at a time; a day missed (server down) is made up once.
    policies: { overlap: 'SKIP' as const, catchupWindow: '1 day' },
  } satisfies ScheduleSettings;
  await upsertSchedule(client, scheduleId, desired);
}
