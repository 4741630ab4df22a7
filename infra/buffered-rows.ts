import type { Logger } from './logger.js';
import { FLUSH_MS, PeriodicFlush } from './periodic-flush.js';

/** Rows waiting when the database is away are capped; past this the oldest are dropped (and the drop logged). */
const MAX_BUFFERED = 50_000;
/** A flush this large is sent at once rather than waiting for the interval. */
const EAGER_FLUSH = 1_000;

/**
 * Rows a request records without waiting on a write (the per-call audit, the request log): buffered in memory
 * and inserted in batches every `intervalMs` (FLUSH_MS), at EAGER_FLUSH rows and on stop; a failed insert keeps
 * them for the next flush, up to a cap. A crash loses at most one interval of rows.
 */
export class BufferedRows<T> {
  private buffer: T[] = [];
  private readonly flusher: PeriodicFlush<void>;

  constructor(
    private readonly name: string,
    private readonly insert: (rows: readonly T[]) => Promise<void>,
    private readonly logger: Logger,
    intervalMs = FLUSH_MS,
  ) {
    this.flusher = new PeriodicFlush(intervalMs, () => this.insertBuffered());
  }

  start(): void {
    this.flusher.start();
  }

  record(row: T): void {
    this.buffer.push(row);
    if (this.buffer.length === EAGER_FLUSH) void this.flush();
  }

  /** Inserts what is buffered; a failed insert keeps the rows for the next flush. */
  flush(): Promise<void> {
    return this.flusher.run();
  }

  stop(): Promise<void> {
    return this.flusher.stop();
  }

  private async insertBuffered(): Promise<void> {
    if (this.buffer.length === 0) return;
    const rows = this.buffer;
    this.buffer = [];
    try {
      await this.insert(rows);
    } catch (error) {
      this.buffer = [...rows, ...this.buffer];
      const dropped = this.buffer.length - MAX_BUFFERED;
      if (dropped > 0) this.buffer.splice(0, dropped);
      this.logger.warn(
        { err: error, rows: rows.length, dropped: Math.max(0, dropped) },
        `${this.name} flush failed; will retry`,
      );
    }
  }
}
