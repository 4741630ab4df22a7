import type { Decider } from '../../domain/decider.js';
import type { Event, StreamType } from '../../domain/streams.js';
import { countDeadLetter } from '../metrics.js';
import type { SnapshotStore } from './snapshots.js';
import {
  UnknownEventError,
  WrongExpectedRevisionError,
  isEventOf,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type Position,
  type StreamEvent,
} from './types.js';

export interface Handled<S, E extends Event> {
  /** The state after this caller's events. */
  state: S;
  /** What the decision returned: events without metadata (the handler adds the caller's). */
  events: E[];
  /** Where the last of the batch landed; null when the decision appended nothing. */
  position: Position | null;
}

interface Pending<S, C, E extends Event> {
  command: C;
  metadata: EventMetadata;
  resolve: (handled: Handled<S, E>) => void;
  reject: (error: unknown) => void;
}

interface Cached<S> {
  /** -1: the stream does not exist. */
  revision: number;
  state: S;
  /** The revision of the latest snapshot this process knows of (-1: none). */
  snapshotAt?: number;
  /** Another process appended to the stream at this one's last turn: read it forward before deciding again. */
  contended?: boolean;
}

/**
 * Events read per query when folding a stream forward: no load holds more than two pages at once (a few MB). Large
 * enough that a fold of a whole ledger is not a round trip per thousand events.
 */
const PAGE = 10_000;
/** Pages read ahead of the one being folded, once a load turns out long. */
const AHEAD = 2;

export interface CommandHandlerOptions<S = unknown> {
  /** Streams whose folded state is kept in memory (read forward from there on each use). */
  cacheSize?: number;
  /** Re-reads after a conflict with another process before giving up. */
  maxRetries?: number;
  /** Decisions on one stream folded into one append. */
  maxBatch?: number;
  /**
   * Snapshots of the folded state (./snapshots.ts), one every `every` events: a cold load then reads the latest
   * and what follows it. For streams that grow for ever (the credit ledger); a state must survive JSON.
   */
  snapshots?: { store: SnapshotStore<S>; every: number };
  /**
   * Metadata an event gets from the states around it, beside the caller's (the ledger's hash chain link): computed
   * where the decision is folded, at the revision the append is expected to give the event.
   */
  stamp?: (before: S, after: S) => EventMetadata;
  /**
   * A text in a stored event's metadata whose latest value evolve needs when it folds what a load read (the
   * ledger's chain head, which the stamp wrote): evolve gets it as the event's `latest` (DataReadOptions.latest).
   * A decided event has none.
   */
  latest?: readonly string[];
}

/**
 * Load, decide, append against the expected revision, retry on conflict: the Emmett command handler, plus a
 * group commit. Concurrent commands on one stream in this process queue up and are decided one after the
 * other on the running state, then appended together: under contention (fifty requests charging one
 * account) that is one round trip for the lot instead of a storm of conflicts. A decision that throws fails
 * alone; the others still commit. Conflicts with other processes are re-read and re-decided.
 */
export class CommandHandler<S, C, E extends Event> {
  private readonly queues = new Map<string, Pending<S, C, E>[]>();
  private readonly cache = new Map<string, Cached<S>>();
  private readonly cacheSize: number;
  private readonly maxRetries: number;
  private readonly maxBatch: number;
  private readonly snapshots: CommandHandlerOptions<S>['snapshots'];
  private readonly stamp: CommandHandlerOptions<S>['stamp'];
  private readonly latest: readonly string[] | undefined;

  constructor(
    private readonly store: EventStore,
    /** The streams it decides on; their entities are named by id. */
    private readonly streams: StreamType<E>,
    /**
     * The entity's decider. Its evolve is told where each event sits (a state may depend on its place: the ledger's
     * chain head): a stored event as a load read it, which may carry `latest` (options.latest) or its metadata; a
     * decided one with the stream and revision its append is expected to give it, and neither.
     */
    private readonly decider: Decider<S, C, E, StreamEvent<E>>,
    options: CommandHandlerOptions<S> = {},
  ) {
    this.cacheSize = options.cacheSize ?? 10_000;
    this.maxRetries = options.maxRetries ?? 50;
    this.maxBatch = options.maxBatch ?? 200;
    this.snapshots = options.snapshots;
    this.stamp = options.stamp;
    this.latest = options.latest;
  }

  /** The current state of an entity's stream (one read of whatever is newer than the cached state). */
  async read(id: string): Promise<{ state: S; revision: number }> {
    return this.load(this.streams(id));
  }

  /**
   * Folds an entity's stream and saves its snapshot, awaited (a load saves one without waiting): the revision
   * snapshotted, -1 for an empty stream. A warm-up's, so that a later load in any process folds little.
   */
  async snapshot(id: string): Promise<number> {
    const stream = this.streams(id);
    const { revision, state } = await this.load(stream);
    // The save the load may have started is of the same revision: whichever lands second changes nothing.
    if (this.snapshots && revision >= 0) await this.snapshots.store.save(stream, { revision, state });
    return revision;
  }

  /** The state this process last saw, without I/O; null when it has none. It may be behind other processes. */
  peek(id: string): S | null {
    return this.cache.get(this.streams(id))?.state ?? null;
  }

  /** Decides `command` on the entity's current state and appends what it returns, with `metadata`. */
  handle(id: string, command: C, metadata: EventMetadata = {}): Promise<Handled<S, E>> {
    const stream = this.streams(id);
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(stream);
      if (queue) {
        queue.push({ command, metadata, resolve, reject });
        return;
      }
      this.queues.set(stream, [{ command, metadata, resolve, reject }]);
      void this.drain(stream);
    });
  }

  private async drain(stream: string): Promise<void> {
    const queue = this.queues.get(stream)!;
    while (queue.length > 0) {
      const batch = queue.splice(0, this.maxBatch);
      await this.process(stream, batch).catch((error: unknown) => {
        for (const pending of batch) pending.reject(error);
      });
    }
    this.queues.delete(stream);
  }

  private async process(stream: string, batch: Pending<S, C, E>[]): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      // First try on the state this process already holds, without a read: the expected revision refuses the
      // append if another process wrote meanwhile, and the retry then reads forward. A stream another process
      // wrote to at this one's last turn (an account the API reserves on and a worker settles on) is read forward
      // first: the cached state would be refused again, after waiting for the other's lock, a round trip lost.
      const cached = attempt === 0 ? this.cache.get(stream) : undefined;
      const current = (cached && !cached.contended ? cached : null) ?? (await this.load(stream));
      let state = current.state;
      const outcomes: ({ ok: true; state: S; events: E[] } | { ok: false; error: unknown })[] = [];
      const append: NewEvent<E>[] = [];
      // The revision each event will have once appended: the expected revision refuses the append otherwise.
      let revision = current.revision;
      for (const pending of batch) {
        try {
          const events = this.decider.decide(pending.command, state);
          const stamped: NewEvent<E>[] = [];
          let at = revision;
          for (const event of events) {
            const before = state;
            at += 1;
            // Copies by Object.assign, not by a spread with members after it: Node 20's optimised code gives each
            // object built by `{ ...a, b }` or `{ ...a, ...b }` a map of its own, and every read of them downstream
            // goes megamorphic (about 4 µs a charge: docs/performance.md).
            state = this.decider.evolve(state, Object.assign({}, event, { stream, revision: at }));
            const metadata = this.stamp
              ? Object.assign({}, pending.metadata, this.stamp(before, state))
              : pending.metadata;
            stamped.push(Object.assign({}, event, { metadata }));
          }
          revision = at;
          outcomes.push({ ok: true, state, events });
          append.push(...stamped);
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
      let position: Position | null = null;
      if (append.length > 0) {
        try {
          const result = await this.store.append(stream, append, {
            expectedRevision: current.revision < 0 ? 'no_stream' : current.revision,
          });
          position = result.position;
          const entry: Cached<S> = {
            revision: result.nextRevision,
            state,
            snapshotAt: current.snapshotAt ?? -1,
            contended: attempt > 0 || current.contended === true,
          };
          this.remember(stream, entry);
          this.snapshotIfDue(stream, entry);
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError && attempt < this.maxRetries) {
            // Another process wrote first: back off a little (less for the first retries) and decide again.
            await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * attempt)));
            continue;
          }
          throw error;
        }
      }
      batch.forEach((pending, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) pending.resolve({ state: outcome.state, events: outcome.events, position });
        else pending.reject(outcome.error);
      });
      return;
    }
  }

  private async load(stream: string): Promise<Cached<S>> {
    const cached = this.cache.get(stream);
    // Cold: from the latest snapshot, when there is one, rather than from the stream's first event.
    const snapshot = cached || !this.snapshots ? null : await this.snapshots.store.load(stream);
    const start: Cached<S> | null =
      cached ??
      (snapshot ? { revision: snapshot.revision, state: snapshot.state, snapshotAt: snapshot.revision } : null);
    let state = start?.state ?? this.decider.initialState();
    let revision = start?.revision ?? -1;
    // Forward a page at a time. Once a page comes back full (a long way to go: a cold load, a full fold), AHEAD
    // more are read while it is folded (revisions are dense: a full page ends where the next begins): the database
    // is what a full fold waits for, and two of its connections use both cores where one uses one. A short read (a
    // cached state catching up) stays one query.
    const page = (from: number) => {
      const read = this.store.readStreamData(stream, {
        fromRevision: from,
        maxCount: PAGE,
        ...(this.latest ? { latest: this.latest } : {}),
      });
      // A fold that throws or ends before awaiting it leaves it behind: its failure is then no one's.
      read.catch(() => undefined);
      return read;
    };
    const reads = [page(revision + 1)];
    let ahead = revision + 1 + PAGE;
    for (;;) {
      const events = await reads.shift()!;
      if (events.length === PAGE) {
        for (; reads.length < AHEAD; ahead += PAGE) reads.push(page(ahead));
      }
      for (const event of events) {
        // A decision folded without an event it cannot read could be wrong: the command fails, loudly.
        if (!isEventOf(this.streams, event)) {
          countDeadLetter(event.stream, event.type);
          throw new UnknownEventError(event.stream, event.type);
        }
        state = this.decider.evolve(state, event);
        revision = event.revision;
      }
      if (events.length < PAGE) break;
    }
    if (cached && revision === cached.revision) {
      // Nothing new: no other process wrote since this one's last turn.
      cached.contended = false;
      return cached;
    }
    const loaded: Cached<S> = {
      revision,
      state,
      snapshotAt: start?.snapshotAt ?? -1,
      contended: cached?.contended === true,
    };
    if (loaded.revision >= 0) this.remember(stream, loaded);
    this.snapshotIfDue(stream, loaded);
    return loaded;
  }

  /** A snapshot once `every` events have passed the last one; best effort (a failed save costs a longer load). */
  private snapshotIfDue(stream: string, entry: Cached<S>): void {
    if (!this.snapshots || entry.revision - (entry.snapshotAt ?? -1) < this.snapshots.every) return;
    entry.snapshotAt = entry.revision;
    void this.snapshots.store.save(stream, { revision: entry.revision, state: entry.state }).catch(() => {
      entry.snapshotAt = -1;
    });
  }

  private remember(stream: string, entry: Cached<S>): void {
    this.cache.delete(stream);
    this.cache.set(stream, entry);
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }
}
