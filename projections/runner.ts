import type { Logger } from '../infra/logger.js';
import {
  comparePositions,
  type EventStore,
  type Position,
  type StoredEvent,
  type Subscription,
} from '../infra/eventstore/types.js';
import type { Migration } from '../infra/sql/migrate.js';
import { identifier, type Queryable, type Sql } from '../infra/sql/sql.js';

/** A read model: tables it owns, and how each event changes them. */
export interface Projection {
  name: string;
  migrations: Migration[];
  /** Emptied by a rebuild. */
  tables: string[];
  /** Only these event types reach `apply`; the checkpoint still advances past the others. */
  eventTypes: readonly string[];
  apply(tx: Queryable, event: StoredEvent): Promise<void>;
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

async function readCheckpoint(db: Queryable, name: string, lock = false): Promise<Position | null> {
  const [row] = await db.query<{ hi: string; lo: string }>(
    `select hi::text as hi, lo::text as lo from projection_checkpoints where name = $1${lock ? ' for update' : ''}`,
    [name],
  );
  return row ? { hi: BigInt(row.hi), lo: BigInt(row.lo) } : null;
}

/**
 * Applies one batch and moves the checkpoint in the same transaction: a crash leaves both or neither.
 * The checkpoint row is locked and re-read first, so a second runner on the same projection (two processes,
 * or a restart racing the old one) skips what the other already applied instead of applying it twice.
 */
async function applyBatch(sql: Sql, projection: Projection, events: readonly StoredEvent[]): Promise<Position> {
  const last = events[events.length - 1]!.position;
  return sql.transaction(async (tx) => {
    await tx.query(
      'insert into projection_checkpoints (name, hi, lo) values ($1, 0, 0) on conflict (name) do nothing',
      [projection.name],
    );
    const stored = await readCheckpoint(tx, projection.name, true);
    for (const event of events) {
      if (stored && comparePositions(event.position, stored) <= 0) continue;
      if (projection.eventTypes.includes(event.type)) await projection.apply(tx, event);
    }
    if (stored && comparePositions(last, stored) <= 0) return stored;
    await tx.query('update projection_checkpoints set hi = $2, lo = $3, updated_at = now() where name = $1', [
      projection.name,
      last.hi.toString(),
      last.lo.toString(),
    ]);
    return last;
  });
}

export interface ProjectionRunnerDeps {
  sql: Sql;
  events: EventStore;
  logger: Logger;
}

export class ProjectionRunner {
  private subscriptions: Subscription[] = [];
  private positions = new Map<string, Position | null>();
  private waiters = new Set<() => void>();
  private failing = new Set<string>();

  constructor(
    private readonly deps: ProjectionRunnerDeps,
    readonly projections: readonly Projection[],
  ) {}

  async start(): Promise<void> {
    for (const projection of this.projections) {
      const after = await readCheckpoint(this.deps.sql, projection.name);
      this.positions.set(projection.name, after);
      this.subscriptions.push(
        this.deps.events.subscribeToAll({
          after,
          onEvents: async (events) => {
            const position = await applyBatch(this.deps.sql, projection, events);
            this.failing.delete(projection.name);
            this.positions.set(projection.name, position);
            for (const wake of this.waiters) wake();
          },
          onError: (error) => {
            this.failing.add(projection.name);
            this.deps.logger.error({ err: error, projection: projection.name }, 'projection failed; retrying');
          },
        }),
      );
    }
  }

  /** False while a projection's last batch failed (it keeps retrying). */
  healthy(): boolean {
    return this.failing.size === 0;
  }

  async stop(): Promise<void> {
    await Promise.all(this.subscriptions.map((subscription) => subscription.stop()));
    this.subscriptions = [];
  }

  /** Applies everything in the feed now, without subscribing: the rebuild command and tests use it. */
  async catchUp(batchSize = 1000): Promise<void> {
    for (const projection of this.projections) {
      let after = await readCheckpoint(this.deps.sql, projection.name);
      for (;;) {
        const events = await this.deps.events.readAll({ after, maxCount: batchSize });
        if (events.length === 0) break;
        after = await applyBatch(this.deps.sql, projection, events);
      }
      this.positions.set(projection.name, after);
    }
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
        return at != null && comparePositions(at, position) >= 0;
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
