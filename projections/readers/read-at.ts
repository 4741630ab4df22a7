// What every reader of a read model shares (docs/architecture.md#the-read-side): the caller names the position its answer must include,
// the reader waits for its own projection only (one stopped projection never slows the readers of another),
// and answers the row once that projection has reached the position, else the entity folded from its events,
// else a clear error. The wait is private to projections/: nothing outside reads a read model without its reader.
import type { EventStore, Position } from '../../infra/eventstore/types.js';
import type { Queryable } from '../../infra/sql/sql.js';

export class ReadModelBehindError extends Error {
  constructor(what: string) {
    super(`${what} is not in the read models yet, and cannot be folded from its events`);
    this.name = 'ReadModelBehindError';
  }
}

/** What a reader is built from; bin/ wires `waitFor` to the in-process runner or the checkpoints table. */
export interface ReaderDeps {
  sql: Queryable;
  events: EventStore;
  /** True once every named projection has passed `position`; false on timeout, or at once for one stopped. */
  waitFor(position: Position, timeoutMs: number, names: readonly string[]): Promise<boolean>;
}

/** The position a caller's answer must include: where its own write landed. */
export interface AtLeast {
  atLeast?: Position | null;
  timeoutMs?: number;
}

export interface Read<T> {
  /** The projection whose read model `read` queries. */
  projection: string;
  /** What is read, for the error ("job 81f7…"). */
  what: string;
  read(): Promise<T | null>;
  /** The same answer from the entity's own events; absent where no fold is possible (an index by hash). */
  fold?: () => Promise<T | null>;
}

/**
 * The read model's answer once its projection has reached `at.atLeast` (at once without one), the fold's when
 * it has not or has no row, and ReadModelBehindError when it is behind and nothing can be folded.
 */
export async function readAt<T>(deps: ReaderDeps, at: AtLeast, read: Read<T>): Promise<T | null> {
  const reached = !at.atLeast || (await deps.waitFor(at.atLeast, at.timeoutMs ?? 5000, [read.projection]));
  if (reached) {
    const row = await read.read();
    if (row !== null || !read.fold) return row;
  }
  if (!read.fold) throw new ReadModelBehindError(read.what);
  return read.fold();
}

/**
 * For a write whose effect the next request reads without a position (it cannot name one) (a key's first use, a redirect to the
 * dashboard): resolves once `projection` shows `position`, else ReadModelBehindError, never a silent lag.
 */
export async function shown(
  deps: ReaderDeps,
  projections: readonly string[],
  position: Position | null | undefined,
  what: string,
  timeoutMs = 5000,
): Promise<void> {
  if (position && !(await deps.waitFor(position, timeoutMs, projections))) throw new ReadModelBehindError(what);
}
