import { proxyActivities } from '@temporalio/workflow';

const { noop } = proxyActivities<{ noop(): Promise<void> }>({ startToCloseTimeout: '10 seconds' });

/** The least a job can be on Temporal: a workflow with one activity. */
export async function bareWorkflow(): Promise<void> {
  await noop();
}
