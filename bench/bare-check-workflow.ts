import { proxyActivities } from '@temporalio/workflow';

const { checkOnce } = proxyActivities<{ checkOnce(policyNumber: string, startDay: string): Promise<unknown> }>({
  startToCloseTimeout: '10 seconds',
});

/** The monitors bench's baseline: a workflow that runs one bare verification activity, and ends. */
export async function bareCheckWorkflow(policyNumber: string, startDay: string): Promise<void> {
  await checkOnce(policyNumber, startDay);
}
