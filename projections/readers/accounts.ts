import type { Position } from '../../infra/eventstore/types.js';
import { findBalance } from '../balances.js';
import { listKeys } from '../accounts.js';
import { callsPerDay, usageFor } from '../usage.js';
import { shown, type AtLeast, type ReaderDeps } from './read-at.js';

// An account's read models: its keys, links and sessions (accounts), its balance (balances), its usage (usage),
// its callbacks (webhook_deliveries). Keys are found by hash, links and sessions by token, so none of them folds:
// a write they must show to the next request (a key's first use, a link's click, a session's first page) is
// waited for, and a wait that gives up is an error, not a page that forgets the write.

type Shows = (position: Position | null | undefined) => Promise<void>;

const shows = (deps: ReaderDeps, projection: string, what: string): Shows => (position) => shown(deps, [projection], position, what);

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
