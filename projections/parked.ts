// Parked events (docs/architecture.md#the-read-side): an event a read model could not apply, kept with its error until an operator has
// fixed the cause and replays it (`npm run admin -- projections replay`). A projection that stops at its parked
// event (`onPoison: 'stop'`) goes on once the row is replayed; one that went past it folds the event's entity again,
// from its stream, up to where it stands. The table lives beside the checkpoints, never in a rebuild's schema: a
// rebuild's parked events are merged into it at the swap (projections/rebuild.ts).
import {
  comparePositions,
  positionToString,
  type EventStore,
  type Position,
  type StoredEvent,
} from '../infra/eventstore/types.js';
import { readCheckpoints } from './checkpoints.js';
import type { Migration } from '../infra/sql/migrate.js';
import type { Queryable, Sql } from '../infra/sql/sql.js';
import type { Projection } from './projection.js';

export const parkedMigrations: Migration[] = [
  {
    id: 'projections-002-parked',
    sql: `create table projection_parked (
            projection text not null,
            event_id text not null,
            hi numeric(20) not null,
            lo numeric(20) not null,
            stream text not null,
            revision integer not null,
            type text not null,
            error text not null,
            stopped boolean not null,
            parked_at timestamptz not null default now(),
            primary key (projection, event_id)
          );
          create index projection_parked_stopped on projection_parked (projection) where stopped`,
  },
];

/**
 * The error as it may be kept and shown: its kind, its SQL state and its message with quoted values taken out
 * (a constraint's or a cast's message quotes the value it refused, which may be personal).
 */
export function describeError(error: unknown): string {
  const e = error as { name?: unknown; code?: unknown; message?: unknown } | null;
  const name = typeof e?.name === 'string' ? e.name : 'Error';
  const code = typeof e?.code === 'string' ? ` ${e.code}` : '';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return `${name}${code}: ${message.replace(/"[^"]*"|'[^']*'|\([^)]*\)=\([^)]*\)/g, '…')}`.slice(0, 500);
}

export async function park(
  tx: Queryable,
  projection: string,
  event: StoredEvent,
  error: unknown,
  stopped: boolean,
): Promise<void> {
  await tx.query(
    `insert into projection_parked (projection, event_id, hi, lo, stream, revision, type, error, stopped)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (projection, event_id) do update set error = excluded.error, stopped = excluded.stopped`,
    [
      projection,
      event.id,
      event.position.hi.toString(),
      event.position.lo.toString(),
      event.stream,
      event.revision,
      event.type,
      describeError(error),
      stopped,
    ],
  );
}

export interface ParkedEvent {
  projection: string;
  event_id: string;
  position: string;
  stream: string;
  revision: number;
  type: string;
  error: string;
  stopped: boolean;
  parked_at: string;
}

export async function listParked(db: Queryable, projection?: string): Promise<ParkedEvent[]> {
  const rows = await db.query<
    Omit<ParkedEvent, 'position' | 'parked_at'> & { hi: string; lo: string; parked_at: Date }
  >(
    `select projection, event_id, hi::text as hi, lo::text as lo, stream, revision, type, error, stopped, parked_at
       from projection_parked where $1::text is null or projection = $1 order by projection, hi, lo`,
    [projection ?? null],
  );
  return rows.map(({ hi, lo, parked_at, ...row }) => ({
    ...row,
    position: `${hi}/${lo}`,
    parked_at: parked_at.toISOString(),
  }));
}

export interface ProjectionStatus {
  name: string;
  position: string;
  /** `stopped`: held at a parked event; `degraded`: going on past parked events; else `ok`. */
  status: 'ok' | 'degraded' | 'stopped';
  parked: number;
  on_poison: 'skip' | 'stop';
}

export async function projectionStatuses(
  db: Queryable,
  projections: readonly Projection[],
): Promise<ProjectionStatus[]> {
  const names = projections.map((p) => p.name);
  const [checkpoints, parked] = await Promise.all([
    db.query<{ name: string; hi: string; lo: string }>(
      'select name, hi::text as hi, lo::text as lo from projection_checkpoints where name = any($1::text[])',
      [names],
    ),
    db.query<{ projection: string; parked: string; stopped: boolean }>(
      'select projection, count(*)::text as parked, bool_or(stopped) as stopped from projection_parked where projection = any($1::text[]) group by projection',
      [names],
    ),
  ]);
  return projections.map((projection) => {
    const at = checkpoints.find((row) => row.name === projection.name);
    const held = parked.find((row) => row.projection === projection.name);
    return {
      name: projection.name,
      position: at ? `${at.hi}/${at.lo}` : '0/0',
      status: held?.stopped ? 'stopped' : held ? 'degraded' : 'ok',
      parked: Number(held?.parked ?? 0),
      on_poison: projection.onPoison ?? 'skip',
    };
  });
}

export interface ReplayOutcome {
  /** Applied now, each in the transaction that removed its row: never twice. */
  replayed: string[];
  /** Released for the stopped projection, which applies it itself as it goes on. */
  released: string[];
  /** Still failing; left parked. */
  failed: { event_id: string; error: string }[];
}

/** Replays a projection's parked events (or the one at `position`), once their cause is fixed. */
export async function replayParked(
  deps: { sql: Sql; events: EventStore },
  projection: Projection,
  position?: Position,
): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { replayed: [], released: [], failed: [] };
  const wanted = (await listParked(deps.sql, projection.name)).filter(
    (row) => !position || row.position === positionToString(position),
  );
  for (const row of wanted) {
    if (row.stopped) {
      await deps.sql.query('delete from projection_parked where projection = $1 and event_id = $2', [
        projection.name,
        row.event_id,
      ]);
      outcome.released.push(row.event_id);
      continue;
    }
    try {
      if (await refold(deps, projection, row)) outcome.replayed.push(row.event_id);
    } catch (error) {
      const described = describeError(error);
      await deps.sql.query('update projection_parked set error = $3 where projection = $1 and event_id = $2', [
        projection.name,
        row.event_id,
        described,
      ]);
      outcome.failed.push({ event_id: row.event_id, error: described });
    }
  }
  return outcome;
}

/**
 * The projection's checkpoint held (the projector cannot apply the entity meanwhile), the parked row taken, the
 * entity's rows forgotten and its stream folded again up to the checkpoint, in one transaction; the entity's other
 * parked events that now apply leave the table with it. Applying the event alone after later ones would leave the
 * row as the earlier event made it (a JobSubmitted after its JobCompleted: a pending job). The stream is read before
 * the transaction (an embedded database has one connection): if it grew meanwhile under the checkpoint, the fold
 * is made again. False when replayed by someone else meanwhile.
 */
async function refold(
  deps: { sql: Sql; events: EventStore },
  projection: Projection,
  row: ParkedEvent,
): Promise<boolean> {
  const type = projection.streams.find((candidate) => row.stream.startsWith(candidate.prefix));
  const refused = new Error(`event ${row.event_id} is not one ${projection.name} can read`);
  if (!type) throw refused;
  const id = type.idOf(row.stream);
  for (let first = true; ; first = false) {
    const stream = await deps.events.readStream(row.stream);
    const parked = stream.find((event) => event.id === row.event_id);
    if (!parked || !type.holds(parked)) throw refused;
    const at = await deps.sql.transaction(async (tx) => {
      const at = (await readCheckpoints(tx, [projection.name], true)).get(projection.name)!;
      if (first) {
        const taken = await tx.query(
          'delete from projection_parked where projection = $1 and event_id = $2 returning 1',
          [projection.name, row.event_id],
        );
        if (taken.length === 0) return null;
      }
      const events = stream
        .filter((event) => comparePositions(event.position, at) <= 0 && type.holds(event))
        .map((event) => ({ event, id }));
      await projection.forget(tx, id);
      if (projection.applyMany) await projection.applyMany(tx, events);
      else for (const { event } of events) await projection.apply(tx, event, id);
      await tx.query('delete from projection_parked where projection = $1 and event_id = any($2::text[])', [
        projection.name,
        events.map(({ event }) => event.id),
      ]);
      return at;
    });
    if (!at) return false;
    const last = stream.at(-1)!.position;
    const grown = await deps.events.readStream(row.stream, { fromRevision: stream.length, maxCount: 1 });
    if (grown.length === 0 || comparePositions(grown[0]!.position, at) > 0 || comparePositions(last, at) > 0)
      return true;
  }
}
