import { proxyActivities } from '@temporalio/workflow';
import type { LedgerStatementActivities } from '../activities/ledger-statements.js';
import type { LedgerStatementsInput, LedgerStatementsReport } from '../contracts/ledger-statements.js';

// One idempotent step (accounts already signed for the month are skipped): retried freely.
const { signMonthStatements } = proxyActivities<LedgerStatementActivities>({
  startToCloseTimeout: '1 hour',
  retry: { initialInterval: '10 seconds', maximumInterval: '10 minutes', maximumAttempts: 10 },
});

/** The month's close (issue 43): signs every account's statement of the month before the run's time. */
export async function ledgerStatementsWorkflow(input: LedgerStatementsInput = {}): Promise<LedgerStatementsReport> {
  // Date in workflow code is the workflow's deterministic time: the scheduled start.
  return signMonthStatements({ now: input.now ?? new Date().toISOString() });
}
