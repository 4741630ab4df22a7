// Snapshots of a stream's folded state (issue 34): a cold load reads the latest snapshot and the events after
// it, never the whole stream, so its cost stays bounded however long the account's history grows. A snapshot is
// a cache of the fold: deleting every one loses nothing (the next load folds the stream again and takes a new
// one), and the events themselves are never rewritten. `version` names the shape of the state: a snapshot of
// another version is ignored, so changing evolve() means changing the version.
import type { Migration } from '../sql/migrate.js';
import type { Queryable } from '../sql/sql.js';

export const snapshotMigrations: Migration[] = [
  {
    id: 'snapshots-001',
    sql: `create table stream_snapshots (
            stream_id text primary key,
            version text not null,
            revision bigint not null,
            state jsonb not null,
            taken_at timestamptz not null default now()
          );`,
  },
];

export interface Snapshot<S> {
  revision: number;
  state: S;
}

export interface SnapshotStore<S> {
  load(stream: string): Promise<Snapshot<S> | null>;
  /** Keeps the newer of this and the stored one: two processes racing to save cannot move it backwards. */
  save(stream: string, snapshot: Snapshot<S>): Promise<void>;
}

export function sqlSnapshots<S>(db: Queryable, version: string): SnapshotStore<S> {
  return {
    async load(stream) {
      const [row] = await db.query<{ revision: string; state: S }>(
        'select revision, state from stream_snapshots where stream_id = $1 and version = $2',
        [stream, version],
      );
      return row ? { revision: Number(row.revision), state: row.state } : null;
    },
    async save(stream, snapshot) {
      await db.query(
        `insert into stream_snapshots (stream_id, version, revision, state) values ($1, $2, $3, $4::text::jsonb)
         on conflict (stream_id) do update set version = excluded.version, revision = excluded.revision, state = excluded.state, taken_at = now()
           where stream_snapshots.version <> excluded.version or stream_snapshots.revision < excluded.revision`,
        [stream, version, snapshot.revision, JSON.stringify(snapshot.state)],
      );
    },
  };
}
