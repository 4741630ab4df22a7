import type { Position } from '../../infra/eventstore/types.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { findBalance } from '../balances.js';
import { listKeys } from '../account-rows.js';
import { callsPerDay, usageFor } from '../usage.js';
import { shown, type AtLeast, type ReaderDeps } from './read-at.js';

// An account's read models: its keys, links and sessions (accounts), its balance (balances), its usage (usage),
// its callbacks (webhook_deliveries). Keys are found by hash, links and sessions by token, so none of them folds:
// a write they must show to the next request (a key's first use, a link's click, a session's first page) is
// waited for, and a wait that gives up is an error, not a page that forgets the write.

type Shows = (position: Position | null | undefined) => Promise<void>;

const shows =
  (deps: ReaderDeps, projection: string, what: string): Shows =>
  (position) =>
    shown(deps, [projection], position, what);

export function accountReader(deps: ReaderDeps) {
  return {
    /** The account's keys, links, sessions and status as a write of its account left them. */
    shows: shows(deps, 'accounts', 'the account'),
    /** The balance as a ledger write left it. */
    balanceShows: shows(deps, 'balances', 'the balance'),
    /** The callbacks as a resend left them. */
    deliveriesShow: shows(deps, 'webhook_deliveries', 'the callback'),
    /**
     * The account's credits and this period's requests, counted at least to `atLeast` (the usage a process has
     * just flushed); `from` (YYYY-MM-DD) adds the requests per day since.
     */
    async usage(accountId: string, period: string, at: AtLeast & { from?: string } = {}) {
      await shown(deps, ['usage', 'balances'], at.atLeast, 'the usage', at.timeoutMs);
      const [balance, usage, days, keys] = await Promise.all([
        findBalance(deps.sql, accountId),
        usageFor(deps.sql, accountId, period),
        at.from ? callsPerDay(deps.sql, accountId, at.from) : [],
        listKeys(deps.sql, accountId),
      ]);
      return { balance, usage, days, keys };
    },
  };
}

export type AccountReader = ReturnType<typeof accountReader>;

/** The keyed hash of an open account's address, as the read model holds it (the mail outbox forgets its mail by it). */
export async function addressHashOf(db: Queryable, accountId: string): Promise<string | null> {
  const [row] = await db.query<{ email_hash: string | null }>('select email_hash from accounts where account_id = $1', [
    accountId,
  ]);
  return row?.email_hash ?? null;
}

/** Every account's id, closed ones included (`ledger reconcile` checks each one's balance). */
export const listAccountIds = async (db: Queryable): Promise<string[]> =>
  (await db.query<{ account_id: string }>('select account_id from accounts')).map((row) => row.account_id);
