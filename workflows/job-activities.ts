import { proxyLocalActivities } from '@temporalio/workflow';
import type { JobActivities } from '../activities/jobs.js';

/**
 * The job bookkeeping every job workflow does in its own worker (admit, complete, the webhook's records): local
 * activities, quick and retried briefly, since each is a read-model or event-store write of milliseconds.
 */
export const local = proxyLocalActivities<JobActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumAttempts: 20 },
});
