import type { Event, StreamType } from '../domain/streams.js';
import type { Logger } from '../infra/logger.js';
import { countDeadLetter } from '../infra/metrics.js';
import { comparePositions, isEventOf, isUnknownOn, positionToString, type EventStore, type Position, type StoredEvent, type Subscription } from '../infra/eventstore/types.js';
import type { Migration } from '../infra/sql/migrate.js';
import { identifier, type Queryable, type Sql } from '../infra/sql/sql.js';

/** A read model: tables it owns, and how each event of the streams it reads changes them. */
export interface Projection<E extends Event = Event> {
  name: string;
  migrations: Migration[];
  /** Emptied by a rebuild. */
  tables: string[];
  /** Only these streams' events reach `apply`, typed; the checkpoint still advances past the others. */
  streams: readonly StreamType<E>[];
  /** `id`: the entity's id, from the name of the event's stream. */
  apply(tx: Queryable, event: StoredEvent<E>, id: string): Promise<void>;
  /**
   * The same for a whole batch, in feed order, when the projection can fold it into fewer statements (a
   * rebuild replays a million events: one statement each would be a million round trips). Used instead of
   * `apply` when present.
   */
  applyMany?(tx: Queryable, events: readonly { event: StoredEvent<E>; id: string }[]): Promise<void>;
}

export const checkpointMigrations: Migration[] = [
  {
    id: 'projections-001-checkpoints',
    sql: `create table projection_checkpoints (
            name text primary key,
            hi numeric(20) not null,
            lo numeric(20) not null,
            updated_at timestamptz not null default now()
          )`,
  },
];

export const projectionMigrations = (projections: readonly Projection[]): Migration[] => [
  ...checkpointMigrations,
  ...projections.flatMap((projection) => projection.migrations),
];

const ORIGIN: Position = { hi: 0n, lo: 0n };

async function readCheckpoints(db: Queryable, names: readonly string[], lock = false): Promise<Map<string, Position>> {
  const rows = await db.query<{ name: string; hi: string; lo: string }>(
    `select name, hi::text as hi, lo::text as lo from projection_checkpoints
      where name = any($1::text[]) order by name${lock ? ' for update' : ''}`,
    [names],
  );
  const found = new Map(rows.map((row) => [row.name, { hi: BigInt(row.hi), lo: BigInt(row.lo) }]));
  return new Map(names.map((name) => [name, found.get(name) ?? ORIGIN]));
}

const earliest = (positions: Iterable<Position>): Position =>
  [...positions].reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));

/**
 * Applies one batch of the feed to every projection and moves their checkpoints, all in one transaction: a
 * crash leaves both or neither. The checkpoint rows are locked (in name order) and re-read first, so a second
 * runner (two processes, or a restart racing the old one) skips what the other already applied instead of
 * applying it twice. One read of the feed and one transaction serve all the read models.
 */
async function applyBatch(
  sql: Sql,
  projections: readonly Projection[],
  events: readonly StoredEvent[],
  deadLetter: (projection: Projection, event: StoredEvent) => void,
): Promise<Map<string, Position>> {
  const last = events[events.length - 1]!.position;
  const names = projections.map((p) => p.name);
  return sql.transaction(async (tx) => {
    await tx.query(
      'insert into projection_checkpoints (name, hi, lo) select unnest($1::text[]), 0, 0 on conflict (name) do nothing',
      [names],
    );
    const stored = await readCheckpoints(tx, names, true);
    const advanced: string[] = [];
    for (const projection of projections) {
      const at = stored.get(projection.name)!;
      if (comparePositions(last, at) <= 0) continue;
      const mine: { event: StoredEvent; id: string }[] = [];
      for (const event of events) {
        if (comparePositions(event.position, at) <= 0) continue;
        const type = projection.streams.find((candidate) => isEventOf(candidate, event));
        if (type) mine.push({ event, id: type.idOf(event.stream) });
        else if (projection.streams.some((candidate) => isUnknownOn(candidate, event))) deadLetter(projection, event);
      }
      if (projection.applyMany && mine.length > 0) await projection.applyMany(tx, mine);
      else for (const { event, id } of mine) await projection.apply(tx, event, id);
      advanced.push(projection.name);
      stored.set(projection.name, last);
    }
    if (advanced.length > 0) {
      await tx.query('update projection_checkpoints set hi = $2, lo = $3, updated_at = now() where name = any($1::text[])', [
        advanced,
        last.hi.toString(),
        last.lo.toString(),
      ]);
    }
    return stored;
  });
}

export interface ProjectionRunnerDeps {
  sql: Sql;
  events: EventStore;
  logger: Logger;
}

export class ProjectionRunner {
  private subscription: Subscription | null = null;
  private positions = new Map<string, Position>();
  private waiters = new Set<() => void>();
  private failing = false;

  /**
   * An event of a type its stream does not hold reaches no read model: it is counted and logged as an error, so
   * a version that writes what this one cannot read is seen at once, and the projection goes on past it.
   */
  private readonly deadLetter = (projection: Projection, event: StoredEvent) => {
    countDeadLetter(event.stream, event.type);
    this.deps.logger.error({ projection: projection.name, stream: event.stream, type: event.type, position: positionToString(event.position) }, 'dead letter: unknown event type');
  };

  constructor(
    private readonly deps: ProjectionRunnerDeps,
    readonly projections: readonly Projection[],
  ) {}

  private get names() {
    return this.projections.map((p) => p.name);
  }

  private settled(positions: Map<string, Position>): void {
    this.positions = positions;
    for (const wake of this.waiters) wake();
  }

  /** Follows the feed from the earliest checkpoint; each projection skips what it already has. */
  async start(): Promise<void> {
    this.positions = await readCheckpoints(this.deps.sql, this.names);
    this.subscription = this.deps.events.subscribeToAll({
      after: earliest(this.positions.values()),
      onEvents: async (events) => {
        this.settled(await applyBatch(this.deps.sql, this.projections, events, this.deadLetter));
        this.failing = false;
      },
      onError: (error) => {
        this.failing = true;
        this.deps.logger.error({ err: error }, 'projection batch failed; retrying');
      },
    });
  }

  /** False while the last batch failed (it keeps retrying). */
  healthy(): boolean {
    return !this.failing;
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** Applies everything in the feed now, without subscribing: the rebuild command and tests use it. */
  async catchUp(batchSize = 1000): Promise<void> {
    let positions = await readCheckpoints(this.deps.sql, this.names);
    let after = earliest(positions.values());
    for (;;) {
      const events = await this.deps.events.readAll({ after, maxCount: batchSize });
      if (events.length === 0) break;
      positions = await applyBatch(this.deps.sql, this.projections, events, this.deadLetter);
      after = events[events.length - 1]!.position;
    }
    this.settled(positions);
  }

  /** Empties the read models and their checkpoints; the next start replays every event. Stop first. */
  async reset(names?: readonly string[]): Promise<void> {
    const chosen = this.projections.filter((p) => !names || names.includes(p.name));
    await this.deps.sql.transaction(async (tx) => {
      for (const projection of chosen) {
        for (const table of projection.tables) await tx.query(`delete from ${identifier(table)}`);
        await tx.query('delete from projection_checkpoints where name = $1', [projection.name]);
      }
    });
  }

  /** Resolves true once every projection (in this process) has passed `position`, false on timeout. */
  async waitFor(position: Position, timeoutMs = 5000): Promise<boolean> {
    const passed = () =>
      this.projections.every((p) => {
        const at = this.positions.get(p.name);
        return at !== undefined && comparePositions(at, position) >= 0;
      });
    if (passed()) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), timeoutMs);
      const check = () => passed() && finish(true);
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(result);
      };
      this.waiters.add(check);
    });
  }
}

/**
 * The same wait for a process that runs no projector (an API talking to a separate projector): polls the
 * checkpoints table.
 */
export async function waitForCheckpoints(
  sql: Queryable,
  names: readonly string[],
  position: Position,
  timeoutMs = 5000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  for (;;) {
    const [row] = await sql.query<{ passed: string }>(
      `select count(*)::text as passed from projection_checkpoints
        where name = any($1::text[]) and (hi, lo) >= ($2::numeric, $3::numeric)`,
      [names, position.hi.toString(), position.lo.toString()],
    );
    if (Number(row!.passed) === names.length) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(50, delay * 2);
  }
}
