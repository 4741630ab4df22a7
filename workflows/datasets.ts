// One refresh of one public dataset. Started by its Temporal Schedule (at the dataset's cadence) and, at
// start-up, by loadAllDatasets for datasets that have never loaded.
import { ApplicationFailure, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { DatasetActivities } from '../activities/datasets.js';
import type { DatasetRefreshWorkflowInput } from '../contracts/dataset-refresh.js';
import type { DatasetRefreshWorkflowResult } from '../contracts/dataset-refresh.js';

// An attempt lost on its way to a worker, or with its worker, is retried within seconds, not after the whole
// start-to-close timeout: every dataset activity heartbeats each second while it runs (activities/datasets.ts),
// so an attempt without a heartbeat for 5 s is timed out and retried. The SDK forwards heartbeats to the server
// at most every 4 s from its own thread, so an event loop busy for a moment does not lose one. The start-to-close
// timeout only bounds an attempt that is alive but slow (a refresh URL is given 15 s before the bundled file).
const { datasetHasLoaded, refreshDataset, recordDatasetRefreshFailure } = proxyActivities<DatasetActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '5 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 4 },
});

export async function datasetRefreshWorkflow(
  input: DatasetRefreshWorkflowInput,
): Promise<DatasetRefreshWorkflowResult> {
  if (input.onlyIfNeverLoaded && (await datasetHasLoaded(input.slug))) return { status: 'skipped', slug: input.slug };
  const { workflowId, runId } = workflowInfo();
  const attempt = { slug: input.slug, refreshId: `${workflowId}/${runId}`, startedAt: new Date().toISOString() };
  try {
    return { status: 'refreshed', ...(await refreshDataset(attempt)) };
  } catch (error) {
    const reason = (error as { cause?: Error }).cause?.message ?? (error as Error).message;
    // The failure is recorded for the API and operators, then fails the run so the Temporal UI shows it too.
    await recordDatasetRefreshFailure({ ...attempt, error: reason });
    throw ApplicationFailure.nonRetryable(`refresh of ${input.slug} failed: ${reason}`, 'DatasetRefreshFailed');
  }
}
