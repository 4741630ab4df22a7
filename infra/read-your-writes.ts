// Read-your-writes over read models that follow the events asynchronously (issue 33, item 3): after a write at
// `position`, the read model is trusted only once it has reached it; until then the answer is folded from the
// entity's own events, or, where nothing can be folded, the caller is told clearly. A wait that gives up is never
// silent: bin/context.ts counts it (pvs_read_model_waits_timed_out_total) and logs it.
import type { Position } from './eventstore/types.js';

export class ReadModelBehindError extends Error {
  constructor(what: string) {
    super(`${what} is not in the read models yet, and cannot be folded from its events`);
    this.name = 'ReadModelBehindError';
  }
}

export interface CheckedRead<T> {
  /** Where the caller's write landed. */
  at: Position;
  readModelsAt(position: Position, timeoutMs?: number): Promise<boolean>;
  /** The read model's answer; trusted only once it has reached `at`. */
  read(): Promise<T | null>;
  /** The same answer from the entity's events, for when the read model lags. */
  fold(): Promise<T | null>;
  timeoutMs?: number;
  /** What is read, for the error ("job 81f7…"). */
  what: string;
}

export async function readYourWrites<T>(checked: CheckedRead<T>): Promise<T> {
  if (await checked.readModelsAt(checked.at, checked.timeoutMs)) {
    const read = await checked.read();
    if (read !== null) return read;
  }
  const folded = await checked.fold();
  if (folded !== null) return folded;
  throw new ReadModelBehindError(checked.what);
}
