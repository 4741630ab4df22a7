import { signClosedMonth, type StatementDeps } from '../application/ledger/statements.js';

/** The month's close, as an activity: `now` is the run's clock (a fixed one in tests). */
export function ledgerStatementActivities(deps: StatementDeps & { accountIds: () => Promise<string[]> }) {
  return {
    async signMonthStatements({ now }: { now: string }): Promise<{ period: string; signed: number }> {
      return signClosedMonth(deps, new Date(now));
    },
  };
}

export type LedgerStatementActivities = ReturnType<typeof ledgerStatementActivities>;
