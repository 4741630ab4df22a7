// Where each read model stands (docs/architecture.md#the-read-side): the one module that reads and writes
// projection_checkpoints, and the projector's picture of it in memory. The live follower, the catch-up and the
// rebuild's swap all move a projection through here, so the position in memory, the stored checkpoint, the
// compare-and-set of a checkpoint passed over idle pages and the generation a swap bumps cannot disagree.
import { comparePositions, type Position } from '../infra/eventstore/types.js';
import type { Migration } from '../infra/sql/migrate.js';
import type { Queryable, Sql } from '../infra/sql/sql.js';

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

export const ORIGIN: Position = { hi: 0n, lo: 0n };

/** Notified by a rebuild's swap, in its transaction: running projectors read their checkpoints again. */
export const SWAP_CHANNEL = 'projection_swaps';

export const earliest = (positions: Iterable<Position>): Position =>
  [...positions].reduce((min, p) => (comparePositions(p, min) < 0 ? p : min), [...positions][0] ?? ORIGIN);

export async function readCheckpoints(
  db: Queryable,
  names: readonly string[],
  lock = false,
): Promise<Map<string, Position>> {
  const rows = await db.query<{ name: string; hi: string; lo: string }>(
    `select name, hi::text as hi, lo::text as lo from projection_checkpoints
      where name = any($1::text[]) order by name${lock ? ' for update' : ''}`,
    [names],
  );
  const found = new Map(rows.map((row) => [row.name, { hi: BigInt(row.hi), lo: BigInt(row.lo) }]));
  return new Map(names.map((name) => [name, found.get(name) ?? ORIGIN]));
}

/** Every projection's row exists before its first transaction locks it (two projectors never apply a page twice). */
export async function ensureCheckpoints(db: Queryable, names: readonly string[]): Promise<void> {
  await db.query(
    'insert into projection_checkpoints (name, hi, lo) select unnest($1::text[]), 0, 0 on conflict (name) do nothing',
    [names],
  );
}

/** In a projection's transaction, after its writes: where it now stands (its row made again if something removed it). */
export async function storeCheckpoint(tx: Queryable, name: string, through: Position): Promise<void> {
  await tx.query(
    `insert into projection_checkpoints (name, hi, lo) values ($1, $2, $3)
     on conflict (name) do update set hi = excluded.hi, lo = excluded.lo, updated_at = now()`,
    [name, through.hi.toString(), through.lo.toString()],
  );
}

/** Past a parked event, in the transaction that parks it; never backwards. */
export async function passCheckpoint(tx: Queryable, name: string, position: Position): Promise<void> {
  await tx.query(
    'update projection_checkpoints set hi = $2, lo = $3, updated_at = now() where name = $1 and (hi, lo) < ($2::numeric, $3::numeric)',
    [name, position.hi.toString(), position.lo.toString()],
  );
}

/**
 * The rebuild's swap, in its transaction: the live checkpoints of `names` take those the rebuild reached in its own
 * schema, and running projectors are told to read them again.
 */
export async function adoptCheckpoints(
  tx: Queryable,
  names: readonly string[],
  schemas: { live: string; building: string },
): Promise<void> {
  await tx.query(
    `update ${schemas.live}.projection_checkpoints c set hi = coalesce(b.hi, 0), lo = coalesce(b.lo, 0), updated_at = now()
       from (select n as name from unnest($1::text[]) n) chosen
       left join ${schemas.building}.projection_checkpoints b on b.name = chosen.name
      where c.name = chosen.name`,
    [names],
  );
  await tx.exec(`notify ${SWAP_CHANNEL}`);
}

/** A checkpoint passed over pages of no concern to the projection, not stored yet: from what was stored, to where. */
interface Unwritten {
  from: Position;
  to: Position;
  since: number;
  last: number;
}

/** A mark taken before a page is applied: whether a swap has sent the projection back since. */
export type Stamp = () => boolean;

/**
 * Where each of a projector's read models stands: in memory (what its loops and waits read), and stored. Only
 * this class moves a position, so that a swap that sends one back cannot be undone by a page applied before it.
 */
export class Checkpoints {
  private positions = new Map<string, Position>();
  /** Stopped at a parked event (projections/parked.ts) until an operator replays it. */
  private readonly halted = new Set<string>();
  private readonly unwritten = new Map<string, Unwritten>();
  /** Bumped when a swap sends a projection back: a page applied before it must not move it forward again. */
  private readonly generation = new Map<string, number>();
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly sql: Sql,
    readonly names: readonly string[],
  ) {}

  async load(): Promise<void> {
    await ensureCheckpoints(this.sql, this.names);
    this.positions = await readCheckpoints(this.sql, this.names);
    this.halted.clear();
    for (const name of await haltedProjections(this.sql, this.names)) this.halted.add(name);
  }

  at(name: string): Position {
    return this.positions.get(name) ?? ORIGIN;
  }

  /** Where the furthest stands: a subscription starts there. */
  furthest(): Position {
    return [...this.positions.values()].reduce((max, p) => (comparePositions(p, max) > 0 ? p : max), ORIGIN);
  }

  isHalted(name: string): boolean {
    return this.halted.has(name);
  }

  halt(name: string): void {
    this.halted.add(name);
    this.wake();
  }

  stamp(name: string): Stamp {
    const generation = this.generation.get(name) ?? 0;
    return () => (this.generation.get(name) ?? 0) === generation;
  }

  /** Moves forward to `position`, unless a swap sent the projection back since `stamp`. */
  settle(name: string, position: Position, stamp?: Stamp): void {
    if (stamp && !stamp()) return;
    const at = this.positions.get(name);
    if (!at || comparePositions(position, at) > 0) this.positions.set(name, position);
    this.wake();
  }

  /** The stored checkpoint was found behind the page (a rebuild swapped in tables that stop earlier): it goes back. */
  fallBack(name: string, stored: Position, stamp: Stamp): void {
    if (stamp()) this.positions.set(name, stored);
  }

  /** Passes a page of no concern in memory; its stored checkpoint follows in writeIdle. */
  passIdle(name: string, page: { after: Position }, through: Position): void {
    const pending = this.unwritten.get(name);
    // With nothing pending, the page starts where the stored checkpoint stands (every write moves both together).
    const now = Date.now();
    this.unwritten.set(name, {
      from: pending?.from ?? page.after,
      to: through,
      since: pending?.since ?? now,
      last: now,
    });
    this.settle(name, through);
  }

  /** Since when, and until when, the projection has passed idle pages without storing it; null when stored. */
  idle(name: string): { since: number; last: number } | null {
    return this.unwritten.get(name) ?? null;
  }

  /**
   * Stores the checkpoint a projection passed over idle pages, only if the stored one is still where it left it. A
   * rebuild's swap may have moved it back meanwhile (its new tables stop earlier): the projection then goes back
   * there and reads what it missed, as a page applied behind its checkpoint does.
   */
  async writeIdle(name: string): Promise<void> {
    const pending = this.unwritten.get(name);
    if (!pending) return;
    const rows = await this.sql.query<{ name: string }>(
      `insert into projection_checkpoints (name, hi, lo) values ($1, $2, $3)
       on conflict (name) do update set hi = excluded.hi, lo = excluded.lo, updated_at = now()
        where projection_checkpoints.hi = $4 and projection_checkpoints.lo = $5
       returning name`,
      [
        name,
        pending.to.hi.toString(),
        pending.to.lo.toString(),
        pending.from.hi.toString(),
        pending.from.lo.toString(),
      ],
    );
    this.unwritten.delete(name);
    if (rows.length === 0) this.positions.set(name, (await readCheckpoints(this.sql, [name])).get(name)!);
  }

  /**
   * A rebuild swapped tables in (projections/rebuild.ts notifies): a projection whose stored checkpoint is now
   * behind where it stands goes back there, so that what it applied to the old tables since the build is applied to
   * the new ones too. Without this, it would notice only at its next event.
   */
  async reloadSwapped(): Promise<void> {
    for (const [name, at] of await readCheckpoints(this.sql, this.names)) {
      if (comparePositions(at, this.at(name)) >= 0) continue;
      this.generation.set(name, (this.generation.get(name) ?? 0) + 1);
      this.unwritten.delete(name);
      this.positions.set(name, at);
    }
  }

  /** An operator replayed the event a stopped projection parked: true when it goes on from its checkpoint. */
  async resumeIfReplayed(name: string): Promise<boolean> {
    if ((await haltedProjections(this.sql, [name])).length > 0) return false;
    this.halted.delete(name);
    this.positions.set(name, (await readCheckpoints(this.sql, [name])).get(name)!);
    return true;
  }

  private wake(): void {
    for (const wake of this.waiters) wake();
  }

  /**
   * Resolves true once the projections named (default: all but those stopped at a parked event) have passed
   * `position`, false on timeout or when one named has stopped.
   */
  async waitFor(position: Position, timeoutMs = 5000, names?: readonly string[]): Promise<boolean> {
    // Unnamed, the stopped ones are left out as they stop, even during the wait.
    const chosen = () => names ?? this.names.filter((name) => !this.halted.has(name));
    const reached = () => chosen().every((name) => comparePositions(this.at(name), position) >= 0);
    const stuck = () => chosen().some((name) => this.halted.has(name));
    if (reached()) return true;
    if (stuck()) return false;
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), timeoutMs);
      const check = () => (reached() ? finish(true) : stuck() ? finish(false) : undefined);
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
 * checkpoints table. A projection stopped at a parked event is not waited for unless named.
 */
export async function waitForCheckpoints(
  sql: Queryable,
  names: readonly string[],
  position: Position,
  timeoutMs = 5000,
  named = false,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  for (;;) {
    // One query a poll: where each stands, and which have stopped since (as the in-process wait sees them stop).
    const [row] = await sql.query<{ passed: string; stopped: string }>(
      `select count(*) filter (where (c.hi, c.lo) >= ($2::numeric, $3::numeric) and not s.stopped)::text as passed,
              count(*) filter (where s.stopped)::text as stopped
         from unnest($1::text[]) n(name)
         left join projection_checkpoints c on c.name = n.name
         cross join lateral (select exists (select 1 from projection_parked p where p.projection = n.name and p.stopped) as stopped) s`,
      [names, position.hi.toString(), position.lo.toString()],
    );
    const stopped = Number(row!.stopped);
    if (named && stopped > 0) return false;
    if (Number(row!.passed) + stopped === names.length) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(50, delay * 2);
  }
}

/** The projections among `names` stopped at a parked event. */
export async function haltedProjections(db: Queryable, names: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ projection: string }>(
    'select distinct projection from projection_parked where stopped and projection = any($1::text[])',
    [names],
  );
  return rows.map((row) => row.projection);
}
