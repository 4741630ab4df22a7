// What a read model is to the projector (projections/runner.ts) and to the operator's tools (projections/parked.ts).
import type { Event, StreamType } from '../domain/streams.js';
import type { StoredEvent } from '../infra/eventstore/types.js';
import type { Migration } from '../infra/sql/migrate.js';
import type { Queryable } from '../infra/sql/sql.js';

/**
 * What an event a read model cannot apply does once its retries are spent. Parked either way, to be replayed by an
 * operator; `skip` goes on past it (one broken entity must not stop every other), `stop` halts this read model
 * at it, because its rows would be wrong, not just incomplete, without it. docs/decisions.md gives each rule.
 */
export type PoisonRule = 'skip' | 'stop';

/** A read model: tables it owns, and how each event of the streams it reads changes them. */
export interface Projection<E extends Event = Event> {
  name: string;
  migrations: Migration[];
  /** Built beside the live ones by a rebuild, and swapped for them. */
  tables: string[];
  /**
   * Rows of one of its tables that no event makes (written beside the projector, by the synchronous route): a
   * rebuild carries them into its new table (`where` picks them; `order`, a serial column, says which it has
   * copied), the last of them in the swap's transaction.
   */
  carried?: { table: string; where: string; order: string; columns: readonly string[] };
  /** Only these streams' events reach `apply`, typed; the checkpoint still advances past the others. */
  streams: readonly StreamType<E>[];
  /** Default `skip`. */
  onPoison?: PoisonRule;
  /**
   * True when `apply` and `applyMany` find rows by their tables' primary keys only: a rebuild then builds the
   * tables' other indexes once after the replay instead of updating them row by row (the replay cannot miss them).
   */
  readsByKeyOnly?: boolean;
  /** `id`: the entity's id, from the name of the event's stream. */
  apply(tx: Queryable, event: StoredEvent<E>, id: string): Promise<void>;
  /**
   * The same for a whole batch, in feed order, when the projection can fold it into fewer statements (a
   * rebuild replays a million events: one statement each would be a million round trips). Used instead of
   * `apply` when present.
   */
  applyMany?(tx: Queryable, events: readonly { event: StoredEvent<E>; id: string }[]): Promise<void>;
  /**
   * Deletes the rows one entity's events made (`id` as `apply` gets it): a replay of a parked event folds the
   * entity's stream again from nothing (projections/parked.ts), rather than applying the event after later ones.
   */
  forget(tx: Queryable, id: string): Promise<void>;
}
