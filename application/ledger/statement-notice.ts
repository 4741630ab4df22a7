// A statement signed reaches the account (issue 54): the customer keeps the evidence without having to fetch it. An
// e-mail through the mail outbox (application/mail/outbox.ts) gives the month, the closing balance and the chain
// head; the signed file and the ledger are on the dashboard. A closed account, without an address, is told nothing.
import type { LedgerStatement } from '../../domain/ledger/statement.js';
import { findAccount } from '../../projections/account-rows.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { enqueueMail } from '../mail/outbox.js';

export interface StatementNoticeDeps {
  /** The address's keyed hash (Accounts.addressHash), as the outbox keeps it. */
  addressHash: (address: string) => string;
  /** Starts the mail's workflow at once when it can; otherwise the workers' sweep starts it. */
  start?: (mailId: string) => Promise<void>;
}

/**
 * The `signed` hook of StatementDeps: queues the account's notice of a statement in the statement's transaction,
 * and starts its mail after the commit.
 */
export function statementNotice(
  deps: StatementNoticeDeps,
): (statement: LedgerStatement, tx: Queryable) => Promise<(() => Promise<void>) | void> {
  return async (statement, tx) => {
    const account = await findAccount(tx, statement.account_id);
    if (!account?.email || account.status !== 'open') return;
    const id = await enqueueMail(tx, {
      purpose: 'statement',
      address: account.email,
      addressHash: deps.addressHash(account.email),
      accountId: statement.account_id,
      period: statement.period,
    });
    return async () => deps.start?.(id);
  };
}
