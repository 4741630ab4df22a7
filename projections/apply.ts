// Applying a page of the feed to one read model (docs/architecture.md#the-read-side), for both schedulers (the live
// follower and the catch-up): its writes and its checkpoint in one transaction of its own; an event that fails is
// found and retried alone, then parked (projections/parked.ts), or, in a rebuild, fails the run.
import type { Logger } from '../infra/logger.js';
import { countDeadLetter, countParkedEvent } from '../infra/metrics.js';
import {
  comparePositions,
  positionToString,
  UnreadableEventError,
  type Position,
  type StoredEvent,
} from '../infra/eventstore/types.js';
import type { Sql } from '../infra/sql/sql.js';
import { passCheckpoint, readCheckpoints, storeCheckpoint, type Checkpoints } from './checkpoints.js';
import { lastOf, ofStreams, type Page } from './page.js';
import { park } from './parked.js';
import type { Projection } from './projection.js';

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

export interface ApplyOptions {
  /** Tries of one event before it is parked; the delay doubles from `retryMs`. */
  attempts: number;
  retryMs: number;
  /** False for a rebuild: an event that cannot be applied fails the run instead of being parked. */
  park: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class PageApplier {
  constructor(
    private readonly deps: { sql: Sql; logger: Logger },
    private readonly checkpoints: Checkpoints,
    private readonly options: ApplyOptions,
  ) {}

  /**
   * Applies one page to one projection in its own transaction. A checkpoint found behind the page (a rebuild
   * swapped in tables that stop earlier) is caught up first; an event that fails is found and retried alone,
   * then parked.
   */
  async advance(projection: Projection, page: Page): Promise<void> {
    const through = lastOf(page);
    // A swap seen meanwhile sent the projection back: what this page did went to the tables swapped out.
    const stamp = this.checkpoints.stamp(projection.name);
    try {
      const behind = await this.applyIn(projection, page.after, page.events, through);
      if (behind) {
        this.checkpoints.fallBack(projection.name, behind, stamp);
        return;
      }
    } catch (error) {
      if (isTransient(error)) throw error;
      await this.isolate(projection, page, error);
      if (this.checkpoints.isHalted(projection.name)) return;
      await this.applyIn(projection, page.after, [], through);
    }
    this.checkpoints.settle(projection.name, through, stamp);
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
      // Its row was made when the projector loaded its checkpoints; made again here if something removed it since.
      await storeCheckpoint(tx, projection.name, through);
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
        // Its checkpoint row first, as every transaction that touches both takes them (a swap merging the parked
        // rows must not wait on this one while it waits on the swap).
        await readCheckpoints(tx, [projection.name], true);
        await park(tx, projection.name, event, last, stop);
        if (!stop) await passCheckpoint(tx, projection.name, event.position);
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
        this.checkpoints.halt(projection.name);
        return;
      }
      this.checkpoints.settle(projection.name, event.position);
    }
  }
}
