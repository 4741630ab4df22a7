// The Temporal side of retention: one Schedule, visible in the Temporal UI, starting retentionWorkflow daily.
import type { Client } from '@temporalio/client';
import { contractClient, type ContractClientOptions } from '../../infra/temporal/contract-client.js';
import { RETENTION_WORKFLOW } from '../../contracts/retention.js';

/** The retention Schedule (`retention`), created or brought up to date; safe to call on every start. */
export async function ensureRetentionSchedule(
  client: Client,
  taskQueue: string,
  options: ContractClientOptions = {},
): Promise<void> {
  await contractClient(client, taskQueue, options).schedule(
    RETENTION_WORKFLOW,
    {},
    {
      // Daily at 03:00 UTC, when the API is quiet and before the datasets' 06:00 refreshes.
      spec: { calendars: [{ hour: 3, minute: 0 }], jitter: '30 minutes' },
      workflowExecutionTimeout: '6 hours',
      // One run at a time; a day missed (server down) is made up once.
      policies: { overlap: 'SKIP', catchupWindow: '1 day' },
    },
  );
}
