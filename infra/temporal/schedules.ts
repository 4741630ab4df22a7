// Temporal Schedules the service owns (dataset refreshes, retention): created on start-up, or brought up to date
// when they exist, so a changed calendar or action reaches a running cluster without an operator's step.
import { ScheduleAlreadyRunning, type Client, type ScheduleOptions } from '@temporalio/client';

export type ScheduleSettings = Omit<ScheduleOptions, 'scheduleId'>;

/** Creates the Schedule, or replaces its spec, action and policies; safe to call on every start. */
export async function upsertSchedule(client: Client, scheduleId: string, desired: ScheduleSettings): Promise<void> {
  try {
    await client.schedule.create({ scheduleId, ...desired });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, ...desired }));
  }
}
