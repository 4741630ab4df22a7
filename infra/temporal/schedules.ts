// Temporal Schedules the service owns (dataset refreshes, retention): created on start-up, or brought up to date
// when they exist, so a changed calendar or action reaches a running cluster without an operator's step.
import { ScheduleAlreadyRunning, type Client, type ScheduleOptions } from '@temporalio/client';
import { PayloadKeyError } from './payload-codec.js';

export type ScheduleSettings = Omit<ScheduleOptions, 'scheduleId'>;

/**
 * Creates the Schedule, or replaces its spec, action and policies; safe to call on every start. A Schedule whose
 * stored arguments this process cannot read (sealed with a payload key it no longer holds) is created again:
 * everything about it is ours to state, and a worker must not fail to start over it.
 */
export async function upsertSchedule(client: Client, scheduleId: string, desired: ScheduleSettings): Promise<void> {
  try {
    await client.schedule.create({ scheduleId, ...desired });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    const handle = client.schedule.getHandle(scheduleId);
    try {
      await handle.update((previous) => ({ ...previous, ...desired }));
    } catch (failure) {
      if (!unreadable(failure)) throw failure;
      await handle.delete();
      await client.schedule.create({ scheduleId, ...desired });
    }
  }
}

/** A payload the data converter could not open or decode. */
const unreadable = (error: unknown): boolean =>
  error instanceof PayloadKeyError ||
  (error instanceof Error && (error.name === 'ValueError' || /unable to authenticate data/i.test(error.message)));
