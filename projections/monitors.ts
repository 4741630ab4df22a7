import { monitorStream, type MonitorEvent } from '../domain/monitors/monitor.js';
import type { StoredEvent } from '../infra/eventstore/types.js';
import type { Queryable } from '../infra/sql/sql.js';
import { evolveMonitorRow, timelineEntry, type MonitorRow, type TimelineEntry } from './monitor-record.js';
import type { Projection } from './projection.js';
import { entitiesWithRows } from './states.js';

// The monitors read model (GET /api/v1/monitors, /monitors/{id}, the dashboard's monitors pages): a row per
// monitor, its fold (projections/monitor-record.ts) kept whole as `record` with the columns a list filters and
// sorts by, and a timeline row per event of its stream, keyed by the event's revision so a replay writes it once.
export const monitorsProjection: Projection<MonitorEvent> = {
  name: 'monitors',
  migrations: [
    {
      id: 'monitors-001',
      sql: `create table monitors (
              monitor_id text primary key,
              account_id text not null,
              mode text not null,
              status text not null,
              created_at timestamptz not null,
              record jsonb not null
            );
            create index monitors_by_account on monitors (account_id, mode, created_at desc);
            create table monitor_timeline (
              monitor_id text not null,
              revision integer not null,
              at timestamptz not null,
              entry jsonb not null,
              primary key (monitor_id, revision)
            );`,
    },
  ],
  readsByKeyOnly: true,
  tables: ['monitors', 'monitor_timeline'],
  streams: [monitorStream],
  async forget(tx, monitorId) {
    await tx.query('delete from monitor_timeline where monitor_id = $1', [monitorId]);
    await tx.query('delete from monitors where monitor_id = $1', [monitorId]);
  },
  async apply(tx, event, id) {
    await project(tx, [{ event, id }]);
  },
  applyMany: project,
};

type Entry = { event: StoredEvent<MonitorEvent>; id: string };

/** A batch of the feed in two reads and two writes: the rows it touches, folded in memory, and its timeline. */
async function project(tx: Queryable, events: readonly Entry[]): Promise<void> {
  const known = entitiesWithRows(events);
  const rows = new Map<string, MonitorRow | null>();
  if (known.length > 0) {
    const stored = await tx.query<{ monitor_id: string; record: MonitorRow }>(
      'select monitor_id, record from monitors where monitor_id = any($1::text[])',
      [known],
    );
    for (const { monitor_id, record } of stored) rows.set(monitor_id, record);
  }
  const changed = new Map<string, MonitorRow>();
  const timeline: { monitor_id: string; revision: number; at: string; entry: TimelineEntry }[] = [];
  for (const { event, id } of events) {
    const before = rows.get(id) ?? null;
    const after = evolveMonitorRow(before, event, id);
    if (!after) continue;
    if (after !== before) {
      rows.set(id, after);
      changed.set(id, after);
    }
    const entry = timelineEntry(event);
    timeline.push({ monitor_id: id, revision: event.revision, at: entry.at, entry });
  }
  if (changed.size > 0) {
    const written = [...changed.values()].map((row) => ({
      monitor_id: row.monitor_id,
      account_id: row.account_id,
      mode: row.mode,
      status: row.status,
      created_at: row.created_at,
      record: row,
    }));
    await tx.query(
      `insert into monitors (monitor_id, account_id, mode, status, created_at, record)
       select monitor_id, account_id, mode, status, created_at, record
         from jsonb_to_recordset($1::jsonb)
           as r(monitor_id text, account_id text, mode text, status text, created_at timestamptz, record jsonb)
       on conflict (monitor_id) do update set status = excluded.status, record = excluded.record`,
      [JSON.stringify(written)],
    );
  }
  // An erased monitor's timeline reads as its events now do: no observation, change or setting left.
  const erased = events.filter(({ event }) => event.type === 'MonitorErased').map(({ id }) => id);
  if (erased.length > 0) {
    await tx.query(
      `update monitor_timeline set entry = case entry->>'type'
           when 'observed' then entry || '{"observation": null, "changes": []}'::jsonb
           when 'changed' then entry || '{"settings": {}}'::jsonb
           else entry end
        where monitor_id = any($1::text[])`,
      [erased],
    );
  }
  if (timeline.length > 0) {
    await tx.query(
      `insert into monitor_timeline (monitor_id, revision, at, entry)
       select monitor_id, revision, at, entry
         from jsonb_to_recordset($1::jsonb) as r(monitor_id text, revision integer, at timestamptz, entry jsonb)
       on conflict do nothing`,
      [JSON.stringify(timeline)],
    );
  }
}

export interface MonitorOwner {
  accountId: string;
  /** The API sees its key's mode only; the dashboard both. */
  mode?: string;
}

/** A monitor and its timeline, oldest first, as its owner sees them: another account's does not exist. */
export async function findMonitor(
  db: Queryable,
  monitorId: string,
  owner: MonitorOwner,
): Promise<{ row: MonitorRow; timeline: TimelineEntry[] } | null> {
  const [found] = await db.query<{ record: MonitorRow }>(
    `select record from monitors where monitor_id = $1 and account_id = $2 and ($3::text is null or mode = $3)`,
    [monitorId, owner.accountId, owner.mode ?? null],
  );
  if (!found) return null;
  const entries = await db.query<{ entry: TimelineEntry }>(
    'select entry from monitor_timeline where monitor_id = $1 order by revision',
    [monitorId],
  );
  return { row: found.record, timeline: entries.map((e) => e.entry) };
}

/** A page of an owner's monitors, newest first, with how many there are in all. */
export async function listMonitors(
  db: Queryable,
  owner: MonitorOwner,
  query: { status?: string | undefined; limit: number; offset: number },
): Promise<{ rows: MonitorRow[]; total: number }> {
  const rows = await db.query<{ record: MonitorRow; total: string }>(
    `select record, count(*) over () as total from monitors
      where account_id = $1 and ($2::text is null or mode = $2) and ($3::text is null or status = $3)
      order by created_at desc, monitor_id limit $4 offset $5`,
    [owner.accountId, owner.mode ?? null, query.status ?? null, query.limit, query.offset],
  );
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && query.offset > 0) {
    const [counted] = await db.query<{ n: string }>(
      `select count(*) as n from monitors
        where account_id = $1 and ($2::text is null or mode = $2) and ($3::text is null or status = $3)`,
      [owner.accountId, owner.mode ?? null, query.status ?? null],
    );
    total = Number(counted?.n ?? 0);
  }
  return { rows: rows.map((r) => r.record), total };
}
