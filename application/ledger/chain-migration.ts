// The hash chain's one-time migration (issues 43, 54): a credits stream written before the chain gets one
// LedgerChainStarted (Ledger.startChain), once, and the run is recorded. A stream that ever carried a link, or that
// the migration already chained, is never anchored again: a stream whose links disappeared (edited in the table) is
// reported, for a re-anchor would vouch for the edited history with a fresh head.
import { CHAIN_METADATA, chainOf } from '../../domain/ledger/chain.js';
import { creditsStream } from '../../domain/ledger/ledger.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import type { Migration } from '../../infra/sql/migrate.js';
import type { Queryable } from '../../infra/sql/sql.js';
import type { Ledger } from './ledger.js';

export const chainMigrationMigrations: Migration[] = [
  {
    id: 'ledger-chain-migration-001',
    // One row per run (`stream_id` '*') and per stream it chained: what it did, and that it ran.
    sql: `create table ledger_chain_migration (
            stream_id text primary key,
            through_revision bigint,
            migrated_at timestamptz not null
          );`,
  },
];

const RUN = '*';

export interface ChainMigration {
  /** Streams chained by this run. */
  chained: number;
  /** Credits streams whose last event carries no link although the chain was started: their links were removed. */
  unlinked: string[];
}

/** Credits streams whose last event carries no chain link (on PostgreSQL one query, elsewhere one read each). */
async function unlinkedStreams(deps: {
  sql: Queryable;
  events: EventStore;
  ledger: Ledger;
  accountIds: () => Promise<string[]>;
}) {
  if (deps.events.kind === 'postgres') {
    const rows = await deps.sql.query<{ stream_id: string }>(
      `select s.stream_id from es_streams s join es_events e on e.stream_id = s.stream_id and e.revision = s.revision
        where starts_with(s.stream_id, $1) and not (e.metadata ? $2)`,
      [creditsStream.prefix, CHAIN_METADATA],
    );
    return rows.map((row) => creditsStream.idOf(row.stream_id));
  }
  const found: string[] = [];
  for (const accountId of await deps.accountIds()) {
    const { revision } = await deps.ledger.head(accountId);
    if (revision < 0) continue;
    const [last] = await deps.events.readStream(creditsStream(accountId), { fromRevision: revision, maxCount: 1 });
    if (last && chainOf(last.metadata) === null) found.push(accountId);
  }
  return found;
}

/** Whether any event of the stream carries a link, or is the migration's own. */
async function everChained(events: EventStore, accountId: string): Promise<boolean> {
  for (const event of await events.readStream(creditsStream(accountId))) {
    if (event.type === 'LedgerChainStarted' || chainOf(event.metadata) !== null) return true;
  }
  return false;
}

/**
 * Runs the migration if it never ran here: each stream found without links that never carried one is chained and
 * recorded. Once it has run, nothing is chained again: streams found without links are returned as `unlinked`.
 */
export async function migrateChain(deps: {
  sql: Queryable;
  events: EventStore;
  ledger: Ledger;
  accountIds: () => Promise<string[]>;
}): Promise<ChainMigration> {
  const [ran] = await deps.sql.query('select 1 from ledger_chain_migration where stream_id = $1', [RUN]);
  const unlinked: string[] = [];
  let chained = 0;
  for (const accountId of await unlinkedStreams(deps)) {
    const stream = creditsStream(accountId);
    const [done] = await deps.sql.query('select 1 from ledger_chain_migration where stream_id = $1', [stream]);
    if (ran || done || (await everChained(deps.events, accountId))) {
      unlinked.push(accountId);
      continue;
    }
    const { revision } = await deps.ledger.head(accountId);
    if (await deps.ledger.startChain(accountId, false)) chained += 1;
    await deps.sql.query(
      `insert into ledger_chain_migration (stream_id, through_revision, migrated_at) values ($1, $2, now())
       on conflict (stream_id) do nothing`,
      [stream, revision],
    );
  }
  await deps.sql.query(
    `insert into ledger_chain_migration (stream_id, migrated_at) values ($1, now()) on conflict (stream_id) do nothing`,
    [RUN],
  );
  return { chained, unlinked };
}
