import { contract } from './workflow.js';

/** The month's close of the credit ledger (issue 43), started monthly by the `ledger-statements` Schedule. */
export interface LedgerStatementsInput {
  /** The clock of this run (ISO); the workflow's own time when absent (the Schedule). Tests fix it. */
  now?: string;
}

export interface LedgerStatementsReport {
  /** The month signed, YYYY-MM: the one before `now`. */
  period: string;
  signed: number;
}

/** `ledger-statements`: the monthly Schedule's id, its runs' ids start with it. */
export const LEDGER_STATEMENTS_WORKFLOW = contract<
  LedgerStatementsInput,
  LedgerStatementsReport,
  'ledgerStatementsWorkflow'
>('ledgerStatementsWorkflow', () => 'ledger-statements');
