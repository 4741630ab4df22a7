// The projector (docs/architecture.md#the-read-side): every read model follows the feed on its own, from its own checkpoint, committing
// its writes and its checkpoint in one transaction of its own. An event one of them cannot apply is retried, then
// parked (projections/parked.ts), and never holds back the others.
import type { Logger } from '../infra/logger.js';
import { countDeadLetter, countParkedEvent } from '../infra/metrics.js';
import {
  comparePositions,
  positionToString,
  UnreadableEventError,
  type EventStore,
  type Position,
  type StoredEvent,
  type Subscription,
} from '../infra/eventstore/types.js';
import type { Event, StreamType } from '../domain/streams.js';
import type { Migration } from '../infra/sql/migrate.js';
import type { Queryable, Sql } from '../infra/sql/sql.js';
import { haltedProjections, park, parkedMigrations } from './parked.js';
import type { Projection } from './projection.js';

export type { PoisonRule, Projection } from './projection.js';

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
  ...parkedMigrations,
  ...projections.flatMap((projection) => projection.migrations),
];

export const ORIGIN: Position = { hi: 0n, lo: 0n };

/** Notified by a rebuild's swap, in its transaction: running projectors read their checkpoints again. */
export const SWAP_CHANNEL = 'projection_swaps';

/** A run of the feed: the events strictly after `after`, in order. */
export interface Page {
  after: Position;
  events: readonly StoredEvent[];
}

const lastOf = (page: Page): Position => page.events[page.events.length - 1]?.position ?? page.after;

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

const earliest = (positions: Iterable<Position>): Position =>
  [...positions].reduce((min, p) => (comparePositions(p, min) < 0 ? p : min), [...positions][0] ?? ORIGIN);

/**
 * Errors of the connection or the server's state, not of the event: retried for as long as it takes, never a
 * reason to park (a PostgreSQL restart must not park every event in flight).
 */
export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (
    typeof code === 'string' &&
    (/^(08|53|57P)/.test(code) ||
      code === '40001' ||
      code === '40P01' ||
      /^E(CONN|PIPE|TIMEDOUT|HOSTUNREACH|AI_AGAIN)/.test(code))
  )
    return true;
  const message = error instanceof Error ? error.message : '';
  return /connection (terminated|ended|closed)|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i.test(
    message,
  );
}

/** A rebuild met an event it cannot apply: it stops, and the live read models stay as they were. */
export class PoisonEventError extends Error {
  constructor(
    readonly projection: string,
    readonly event: StoredEvent,
    cause: unknown,
  ) {
    super(
      `projection ${projection} cannot apply ${event.type} at ${positionToString(event.position)} of ${event.stream}: ${(cause as Error)?.message ?? String(cause)}`,
    );
    this.name = 'PoisonEventError';
  }
}

interface Sorted {
  /** The events of one kind of stream, with their entity's id, in feed order. */
  known: { event: StoredEvent; id: string }[];
  /** Events on such a stream of a type it does not hold. */
  unknown: StoredEvent[];
}

/**
 * A page's events sorted by kind of stream once, for every projection that reads it: the read models that share a
 * kind of stream (jobs, webhook deliveries, audit) share the entries, instead of each testing every event of the
 * page and making its own (a rebuild's page holds 75,000).
 */
const sortedPages = new WeakMap<readonly StoredEvent[], Map<StreamType<Event>, Sorted>>();

function sortedBy(events: readonly StoredEvent[], type: StreamType<Event>): Sorted {
  let byType = sortedPages.get(events);
  if (!byType) sortedPages.set(events, (byType = new Map()));
  let sorted = byType.get(type);
  if (!sorted) {
    sorted = { known: [], unknown: [] };
    for (const event of events) {
      if (!event.stream.startsWith(type.prefix)) continue;
      if (type.holds(event)) sorted.known.push({ event, id: type.idOf(event.stream) });
      else sorted.unknown.push(event);
    }
    byType.set(type, sorted);
  }
  return sorted;
}

const after = (at: Position) => (entry: { position: Position }) => comparePositions(entry.position, at) > 0;

/** Two runs of entries in feed order as one. */
function merged<T extends { event: StoredEvent }>(a: readonly T[], b: readonly T[]): T[] {
  if (a.length === 0) return b as T[];
  if (b.length === 0) return a as T[];
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length)
    out.push(comparePositions(a[i]!.event.position, b[j]!.event.position) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/** The events of these kinds of streams after `at`, in feed order, and those of types the streams do not hold. */
function ofStreams(events: readonly StoredEvent[], types: readonly StreamType<Event>[], at: Position): Sorted {
  const sorted = types.map((type) => sortedBy(events, type));
  // Most often the page starts after the checkpoint, and one kind of stream is read: the shared entries as they are.
  // (From none for a read model of no kind of stream: the bench's measure of reading alone.)
  let known = sorted.map((s) => s.known).reduce<{ event: StoredEvent; id: string }[]>(merged, []);
  let unknown = sorted.flatMap((s) => s.unknown).filter(after(at));
  // One kind may hold what another, of a prefix that overlaps, does not: such an event is known.
  if (sorted.length > 1 && unknown.length > 0) {
    const held = new Set(known.map((entry) => entry.event));
    unknown = [...new Set(unknown)].filter((event) => !held.has(event));
  }
  if (known.length > 0 && comparePositions(known[0]!.event.position, at) <= 0)
    known = known.filter((entry) => after(at)(entry.event));
  return { known, unknown };
}

export interface ProjectionRunnerDeps {
  sql: Sql;
  events: EventStore;
  logger: Logger;
}

export interface RunnerOptions {
  /** Tries of one event before it is parked; the delay doubles from `retryMs`. */
  attempts?: number;
  retryMs?: number;
  /** False for a rebuild: an event that cannot be applied fails the run instead of being parked. */
  park?: boolean;
  /** Events a read of the feed returns. */
  batchSize?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pages the subscription read, kept until every running projection has passed them (then read again if needed). */
const PAGES_AHEAD = 8;

/**
 * Pages a projection may be ahead of the slowest in a catch-up. None: every page is applied by all before the next
 * is started (the next is read meanwhile), so two pages are held, not four, and a rebuild's pages can be twice as
 * big in the same memory; measured on a million events, that costs less CPU than letting each go at its own pace.
 */
const CATCH_UP_AHEAD = 0;

/** Events a read of the feed returns within a catch-up's page (readPage). */
const READ_PIECE = 5000;

/**
 * How long a projection passing pages that hold none of its streams' events may leave its stored checkpoint behind
 * while the feed keeps coming (it writes it at once when it has caught up). Such pages change none of its rows, so
 * they need no transaction each: a feed of credits events would otherwise cost every other read model a commit
 * per page. A restart re-reads at most this much of the feed for it, and finds nothing there to apply.
 */
const IDLE_WRITE_MS = 1000;
/** How long the feed must be quiet before a caught-up projection stores what it passed over. */
const QUIET_MS = 100;

export class ProjectionRunner {
  private subscription: Subscription | null = null;
  private positions = new Map<string, Position>();
  private readonly halted = new Set<string>();
  private waiters = new Set<() => void>();
  private failing = new Set<string>();
  private pages: Page[] = [];
  /** Where the subscription has read to. */
  private head: Position = ORIGIN;
  private news = new Set<() => void>();
  private loops: Promise<void>[] = [];
  /** Checkpoints passed over pages of no concern to the projection, not written yet: from what was stored, to where. */
  private unwritten = new Map<string, { from: Position; to: Position; since: number; last: number }>();
  /** Bumped when a swap sends a projection back: a page applied before it must not move it forward again. */
  private generation = new Map<string, number>();
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;
  private readonly options: Required<RunnerOptions>;

  constructor(
    private readonly deps: ProjectionRunnerDeps,
    readonly projections: readonly Projection[],
    options: RunnerOptions = {},
  ) {
    this.options = { attempts: 5, retryMs: 100, park: true, batchSize: 500, ...options };
  }

  private get names() {
    return this.projections.map((p) => p.name);
  }

  private running(): Projection[] {
    return this.projections.filter((p) => !this.halted.has(p.name));
  }

  private async loadState(): Promise<void> {
    // Every projection's row exists before its first transaction locks it (two projectors never apply a page twice).
    await this.deps.sql.query(
      'insert into projection_checkpoints (name, hi, lo) select unnest($1::text[]), 0, 0 on conflict (name) do nothing',
      [this.names],
    );
    this.positions = await readCheckpoints(this.deps.sql, this.names);
    this.halted.clear();
    for (const name of await haltedProjections(this.deps.sql, this.names)) this.halted.add(name);
  }

  private settled(name: string, position: Position): void {
    const at = this.positions.get(name);
    if (!at || comparePositions(position, at) > 0) this.positions.set(name, position);
    for (const wake of this.waiters) wake();
  }

  /**
   * Follows the feed: one subscription reads it and keeps the pages it read, and each projection works through
   * them at its own pace in a loop of its own; one that lags behind the kept pages reads the feed itself.
   */
  async start(): Promise<void> {
    await this.loadState();
    this.unlisten = await this.deps.sql.listen(SWAP_CHANNEL, () => {
      this.reloadSwapped().catch((error: unknown) =>
        this.deps.logger.error({ err: error }, 'reading the checkpoints after a swap failed'),
      );
    });
    this.stopped = false;
    this.head = [...this.positions.values()].reduce((max, p) => (comparePositions(p, max) > 0 ? p : max), ORIGIN);
    this.subscription = this.deps.events.subscribeToAll({
      after: this.head,
      batchSize: this.options.batchSize,
      onEvents: async (events) => {
        this.pages.push({ after: this.head, events });
        this.head = events[events.length - 1]!.position;
        this.announce();
        // Backpressure against the slowest running projection, so the kept pages stay few.
        while (!this.stopped && this.pages.length > PAGES_AHEAD) await this.nextNews(1000);
      },
      onError: (error) => this.deps.logger.error({ err: error }, 'reading the event feed failed; retrying'),
    });
    this.loops = this.projections.map((projection) => this.follow(projection));
  }

  private announce(): void {
    for (const wake of this.news) wake();
    this.news.clear();
  }

  private nextNews(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.news.add(done);
    });
  }

  /** Drops the kept pages every running projection has passed. */
  private evict(): void {
    const running = this.running().map((p) => this.positions.get(p.name) ?? ORIGIN);
    const slowest = running.length > 0 ? earliest(running) : null;
    const before = this.pages.length;
    this.pages = this.pages.filter((page) => slowest !== null && comparePositions(lastOf(page), slowest) > 0);
    if (this.pages.length < before) this.announce();
  }

  /** What follows `position`: from the kept pages, else read from the feed; null when there is nothing yet. */
  private async pageAfter(position: Position): Promise<Page | null> {
    const kept = this.pages.find(
      (page) => comparePositions(page.after, position) <= 0 && comparePositions(lastOf(page), position) > 0,
    );
    if (kept)
      return { after: position, events: kept.events.filter((event) => comparePositions(event.position, position) > 0) };
    if (this.subscription && comparePositions(position, this.head) >= 0) return null;
    const events = await this.deps.events.readAll({ after: position, maxCount: this.options.batchSize });
    return events.length > 0 ? { after: position, events } : null;
  }

  private async follow(projection: Projection): Promise<void> {
    let failures = 0;
    let checked = 0;
    while (!this.stopped) {
      try {
        if (this.halted.has(projection.name)) {
          await this.nextNews(2000);
          if (Date.now() - checked < 2000) continue;
          checked = Date.now();
          await this.resumeIfReplayed(projection);
          continue;
        }
        const page = await this.pageAfter(this.positions.get(projection.name) ?? ORIGIN);
        if (!page) {
          // Caught up, and the feed quiet for a moment: what it passed over is stored before it waits.
          const pending = this.unwritten.get(projection.name);
          if (pending && Date.now() - pending.last < QUIET_MS) {
            await this.nextNews(QUIET_MS);
            continue;
          }
          await this.writeIdle(projection);
          await this.nextNews(1000);
          continue;
        }
        if (!this.concerns(projection, page)) {
          this.passIdle(projection, page);
          if (Date.now() - this.unwritten.get(projection.name)!.since >= IDLE_WRITE_MS)
            await this.writeIdle(projection);
        } else {
          await this.writeIdle(projection);
          await this.advance(projection, page);
        }
        failures = 0;
        this.failing.delete(projection.name);
        this.evict();
      } catch (error) {
        if (this.stopped) break;
        failures += 1;
        this.failing.add(projection.name);
        this.deps.logger.error({ err: error, projection: projection.name }, 'projection failed; retrying');
        await sleep(Math.min(5000, 50 * 2 ** failures));
      }
    }
  }

  /**
   * A rebuild swapped tables in (projections/rebuild.ts notifies): a projection whose stored checkpoint is now
   * behind where it stands goes back there, so that what it applied to the old tables since the build is applied to
   * the new ones too. Without this, it would notice only at its next event.
   */
  private async reloadSwapped(): Promise<void> {
    const stored = await readCheckpoints(this.deps.sql, this.names);
    for (const [name, at] of stored) {
      if (comparePositions(at, this.positions.get(name) ?? ORIGIN) >= 0) continue;
      this.generation.set(name, (this.generation.get(name) ?? 0) + 1);
      this.unwritten.delete(name);
      this.positions.set(name, at);
    }
    this.announce();
  }

  /** Whether the page holds an event of one of the projection's streams (one it applies, or parks as unknown). */
  private concerns(projection: Projection, page: Page): boolean {
    return page.events.some((event) => projection.streams.some((type) => event.stream.startsWith(type.prefix)));
  }

  /** Passes a page of no concern to the projection in memory; its stored checkpoint follows in writeIdle. */
  private passIdle(projection: Projection, page: Page): void {
    const through = lastOf(page);
    const pending = this.unwritten.get(projection.name);
    // With nothing pending, the page starts where the stored checkpoint stands (every write moves both together).
    const now = Date.now();
    this.unwritten.set(projection.name, {
      from: pending?.from ?? page.after,
      to: through,
      since: pending?.since ?? now,
      last: now,
    });
    this.settled(projection.name, through);
  }

  /**
   * Stores the checkpoint a projection passed over idle pages, only if the stored one is still where it left it. A
   * rebuild's swap may have moved it back meanwhile (its new tables stop earlier): the projection then goes back
   * there and reads what it missed, as advance does when it finds itself behind.
   */
  private async writeIdle(projection: Projection): Promise<void> {
    const pending = this.unwritten.get(projection.name);
    if (!pending) return;
    const rows = await this.deps.sql.query<{ name: string }>(
      `insert into projection_checkpoints (name, hi, lo) values ($1, $2, $3)
       on conflict (name) do update set hi = excluded.hi, lo = excluded.lo, updated_at = now()
        where projection_checkpoints.hi = $4 and projection_checkpoints.lo = $5
       returning name`,
      [
        projection.name,
        pending.to.hi.toString(),
        pending.to.lo.toString(),
        pending.from.hi.toString(),
        pending.from.lo.toString(),
      ],
    );
    this.unwritten.delete(projection.name);
    if (rows.length === 0) {
      const [stored] = (await readCheckpoints(this.deps.sql, [projection.name])).values();
      this.positions.set(projection.name, stored!);
    }
  }

  /** An operator replayed the event a stopped projection parked: it goes on from its checkpoint. */
  private async resumeIfReplayed(projection: Projection): Promise<void> {
    if ((await haltedProjections(this.deps.sql, [projection.name])).length > 0) return;
    this.halted.delete(projection.name);
    const [at] = (await readCheckpoints(this.deps.sql, [projection.name])).values();
    this.positions.set(projection.name, at!);
    this.deps.logger.info({ projection: projection.name }, 'projection resumed after a replay');
  }

  /**
   * Applies one page to one projection in its own transaction. A checkpoint found behind the page (a rebuild
   * swapped in tables that stop earlier) is caught up first; an event that fails is found and retried alone,
   * then parked.
   */
  private async advance(projection: Projection, page: Page): Promise<void> {
    const through = lastOf(page);
    // A swap seen meanwhile sent the projection back: what this page did went to the tables swapped out.
    const generation = this.generation.get(projection.name) ?? 0;
    const current = () => (this.generation.get(projection.name) ?? 0) === generation;
    try {
      const behind = await this.applyIn(projection, page.after, page.events, through);
      if (behind) {
        if (current()) this.positions.set(projection.name, behind);
        return;
      }
    } catch (error) {
      if (isTransient(error)) throw error;
      await this.isolate(projection, page, error);
      if (this.halted.has(projection.name)) return;
      await this.applyIn(projection, page.after, [], through);
    }
    if (current()) this.settled(projection.name, through);
  }

  /** One transaction: the events after the stored checkpoint, then the checkpoint. Returns the checkpoint if behind `after`. */
  private async applyIn(
    projection: Projection,
    after: Position,
    events: readonly StoredEvent[],
    through: Position,
  ): Promise<Position | null> {
    return this.deps.sql.transaction(async (tx) => {
      const at = (await readCheckpoints(tx, [projection.name], true)).get(projection.name)!;
      if (comparePositions(at, after) < 0) return at;
      if (comparePositions(through, at) <= 0) return null;
      const { known: mine, unknown } = ofStreams(events, projection.streams, at);
      for (const { event } of mine)
        if (event.unreadable) throw new UnreadableEventError(event.stream, event.unreadable);
      for (const event of unknown) {
        // Written by a newer version, or by mistake: parked for when this version can read it, and passed.
        countDeadLetter(event.stream, event.type);
        this.deps.logger.error(
          {
            projection: projection.name,
            stream: event.stream,
            type: event.type,
            position: positionToString(event.position),
          },
          'dead letter: unknown event type',
        );
        await park(tx, projection.name, event, new Error(`unknown event type ${event.type}`), false);
      }
      if (projection.applyMany && mine.length > 0) await projection.applyMany(tx, mine);
      else for (const { event, id } of mine) await projection.apply(tx, event, id);
      // Its row was made at the start (loadState); made again here if something removed it since.
      await tx.query(
        `insert into projection_checkpoints (name, hi, lo) values ($1, $2, $3)
         on conflict (name) do update set hi = excluded.hi, lo = excluded.lo, updated_at = now()`,
        [projection.name, through.hi.toString(), through.lo.toString()],
      );
      return null;
    });
  }

  /** Applies the page's events one at a time, retrying each, and parks (or, in a rebuild, fails on) the one that never goes. */
  private async isolate(projection: Projection, page: Page, first: unknown): Promise<void> {
    this.deps.logger.warn(
      { err: first, projection: projection.name },
      'projection failed on a page; applying its events one at a time',
    );
    for (const event of page.events) {
      let last: unknown = null;
      for (let attempt = 0; attempt < this.options.attempts; attempt += 1) {
        try {
          await this.applyIn(projection, page.after, [event], event.position);
          last = null;
          break;
        } catch (error) {
          if (isTransient(error)) throw error;
          last = error;
          if (attempt + 1 < this.options.attempts) await sleep(this.options.retryMs * 2 ** attempt);
        }
      }
      if (last === null) continue;
      // The database answers, so the event is what fails (a restart in the meantime would have thrown here).
      await this.deps.sql.query('select 1');
      if (!this.options.park) throw new PoisonEventError(projection.name, event, last);
      const stop = projection.onPoison === 'stop';
      await this.deps.sql.transaction(async (tx) => {
        await park(tx, projection.name, event, last, stop);
        if (!stop) {
          await tx.query(
            'update projection_checkpoints set hi = $2, lo = $3, updated_at = now() where name = $1 and (hi, lo) < ($2::numeric, $3::numeric)',
            [projection.name, event.position.hi.toString(), event.position.lo.toString()],
          );
        }
      });
      countParkedEvent(projection.name);
      this.deps.logger.error(
        {
          err: last,
          projection: projection.name,
          stream: event.stream,
          type: event.type,
          position: positionToString(event.position),
          stopped: stop,
        },
        stop
          ? 'event parked; the projection stops at it until it is replayed'
          : 'event parked; the projection goes on past it',
      );
      if (stop) {
        this.halted.add(projection.name);
        for (const wake of this.waiters) wake();
        return;
      }
      this.settled(projection.name, event.position);
    }
  }

  /**
   * False while a projection keeps failing (it retries: the database away, say). One stopped at a parked event is
   * not a sick process: a restart would stop at the same event, so it is reported by /readyz, not by the heartbeat.
   */
  healthy(): boolean {
    return this.failing.size === 0;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
    this.announce();
    await this.subscription?.stop();
    this.subscription = null;
    await Promise.all(this.loops);
    this.loops = [];
    this.pages = [];
    // A graceful stop leaves no page to pass again (a failure here only costs the next start a re-read).
    for (const projection of this.projections) await this.writeIdle(projection).catch(() => undefined);
  }

  /**
   * Applies everything in the feed now, without subscribing: the rebuild command and tests use it. One read of
   * each page serves every projection, each in its own transaction: the next page is read while the projections
   * apply this one, and they start it together (CATCH_UP_AHEAD).
   */
  async catchUp(): Promise<void> {
    await this.loadState();
    const running = this.running();
    if (running.length === 0) return;
    const pages: Promise<Page | null>[] = [];
    let done = 0;
    const wakes = new Set<() => void>();
    const passed = () => new Promise<void>((resolve) => wakes.add(resolve));
    const read = (index: number): Promise<Page | null> => {
      pages[index] ??= (async () => {
        const previous = index === 0 ? null : await read(index - 1);
        if (index > 0 && !previous) return null;
        const after = previous ? lastOf(previous) : earliest(running.map((p) => this.positions.get(p.name)!));
        const events = await this.readPage(after);
        return events.length > 0 ? { after, events } : null;
      })();
      return pages[index]!;
    };
    const follow = async (projection: Projection) => {
      for (let index = 0; ; index += 1) {
        // The next page is read while this one is applied; no more than a few are kept ahead of the slowest.
        while (index - done > CATCH_UP_AHEAD) await passed();
        const page = await read(index);
        void read(index + 1).catch(() => undefined);
        if (!page) return;
        for (
          let at = this.positions.get(projection.name)!;
          comparePositions(at, page.after) < 0;
          at = this.positions.get(projection.name)!
        ) {
          // Behind this page (its checkpoint moved back): it reads what it missed first.
          const missed = await this.deps.events.readAll({ after: at, maxCount: this.options.batchSize });
          await this.advance(projection, {
            after: at,
            events: missed.filter((event) => comparePositions(event.position, page.after) <= 0),
          });
          if (this.halted.has(projection.name)) return;
        }
        await this.advance(projection, page);
        if (this.halted.has(projection.name)) return;
        progress.set(projection, index + 1);
        passedBy();
      }
    };
    const progress = new Map(running.map((projection) => [projection, 0]));
    /**
     * Moves on to the slowest projection's page, dropping the pages all have passed, and wakes those waiting. Run
     * when one finishes a page and when one ends: the others may all be waiting for the one that failed.
     */
    const passedBy = () => {
      const slowest = Math.min(...progress.values());
      if (slowest > done) {
        for (let i = done; i < Math.min(slowest, pages.length); i += 1) delete pages[i];
        done = slowest;
      }
      for (const wake of wakes) wake();
      wakes.clear();
    };
    const outcomes = await Promise.allSettled(
      running.map((projection) =>
        follow(projection).finally(() => {
          // One that ends (or fails) no longer holds the others back.
          progress.set(projection, Number.POSITIVE_INFINITY);
          passedBy();
        }),
      ),
    );
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * A catch-up's page, read in pieces of READ_PIECE: what the driver and the sealed store make of each row on the
   * way to its event is garbage before the next piece is read, so it dies young instead of being copied out of the
   * young generation with the whole page (measured: most of a rebuild's garbage collection).
   */
  private async readPage(after: Position): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    for (let from = after; events.length < this.options.batchSize;) {
      const want = Math.min(READ_PIECE, this.options.batchSize - events.length);
      const piece = await this.deps.events.readAll({ after: from, maxCount: want });
      for (const event of piece) events.push(event);
      if (piece.length < want) break;
      from = piece[piece.length - 1]!.position;
    }
    return events;
  }

  /**
   * Resolves true once the projections named (default: all but those stopped at a parked event) have passed
   * `position`, false on timeout or when one named has stopped.
   */
  async waitFor(position: Position, timeoutMs = 5000, names?: readonly string[]): Promise<boolean> {
    // Unnamed, the stopped ones are left out as they stop, even during the wait.
    const chosen = () => names ?? this.names.filter((name) => !this.halted.has(name));
    const reached = () => chosen().every((name) => comparePositions(this.positions.get(name) ?? ORIGIN, position) >= 0);
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
    await sleep(delay);
    delay = Math.min(50, delay * 2);
  }
}
