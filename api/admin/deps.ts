// What the operator's API (api/admin/routes.ts) is given, and the account lookup its routes share.
import type { RequestHandler } from 'express';
import type { Accounts } from '../../application/accounts.js';
import type { Ledger } from '../../application/ledger/ledger.js';
import type { SigningKey, StatementDeps } from '../../application/ledger/statements.js';
import type { UsageRecorder } from '../../application/usage.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import type { Queryable, Sql } from '../../infra/sql/sql.js';
import { findAccount } from '../../projections/account-rows.js';
import type { AccountReader } from '../../projections/readers/accounts.js';
import { ApiError } from '../errors.js';
import type { KeyDirectory } from '../middleware/auth.js';

export interface AdminDeps {
  /**
   * The admin token check (requireAdmin), one for every route that takes the token (/admin and /codec), so
   * that failed attempts count against one limit per client whichever door they knock on.
   */
  requireAdmin: RequestHandler;
  db: Sql;
  events: EventStore;
  accounts: Accounts;
  ledger: Ledger;
  keys: KeyDirectory;
  usage: UsageRecorder;
  /** Writes the audit entries still buffered (application/audit.ts AuditRecorder). */
  flushAudit: () => Promise<void>;
  /** What each write must show before it is answered: the next request (the CLI's, a key's) reads without a position. */
  reader: AccountReader;
  /** LEDGER_SIGNING_KEY's keys: the first signs statements. */
  statementKeys: readonly SigningKey[];
  /** TRAINING_TEXT_ACCOUNTS: the accounts whose documents' text training examples may carry (issue 56). */
  trainingTextAccounts?: readonly string[];
  /** Told of each statement signed: the account hears of it (application/ledger/statement-notice.ts). */
  statementSigned?: StatementDeps['signed'];
}

/** The account a route names, or the 404 that says there is none. */
export async function adminAccount(db: Queryable, accountId: string) {
  const row = await findAccount(db, accountId);
  if (!row) throw ApiError.of('not_found', `No account ${accountId}.`);
  return row;
}
