// The Temporal side of the ledger's month close: one Schedule, visible in the Temporal UI, starting
// ledgerStatementsWorkflow on the first of each month.
import type { Client } from '@temporalio/client';
import { contractClient, type ContractClientOptions } from '../../infra/temporal/contract-client.js';
import { LEDGER_STATEMENTS_WORKFLOW } from '../../contracts/ledger-statements.js';

/** The `ledger-statements` Schedule, created or brought up to date; safe to call on every start. */
export async function ensureLedgerStatementsSchedule(
  client: Client,
  taskQueue: string,
  options: ContractClientOptions = {},
): Promise<void> {
  await contractClient(client, taskQueue, options).schedule(
    LEDGER_STATEMENTS_WORKFLOW,
    {},
    {
      // 00:10 UTC on the 1st: a few minutes after the month closed, so appends committed at midnight are in.
      spec: { calendars: [{ dayOfMonth: 1, hour: 0, minute: 10 }] },
      workflowExecutionTimeout: '12 hours',
      // A close missed (server down) is made up once, within a week.
      policies: { overlap: 'SKIP', catchupWindow: '7 days' },
    },
  );
}
