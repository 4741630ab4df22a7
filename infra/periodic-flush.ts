/**
 * How often what a request recorded (its request log row, its audit entry, its usage count) is written: what a
 * kill -9 of an API process can lose, at most this long of answered calls (a graceful stop flushes, losing none).
 * Short enough that the dashboard shows a call at once; long enough that a busy process writes each kind in one
 * statement for hundreds of calls (a buffer reaching 1,000 rows is written at once, infra/buffered-rows.ts).
 */
export const FLUSH_MS = 500;

/**
 * What the audit and usage recorders share: work buffered in memory is written every `intervalMs` (a timer that
 * does not hold the process open) and once more at stop, one flush after another so that two never interleave.
 * `write` must not reject: a recorder keeps what failed for the next flush.
 */
export class PeriodicFlush<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly intervalMs: number,
    private readonly write: () => Promise<T>,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
  }

  /** A flush after the ones already running. */
  run(): Promise<T> {
    const done = this.running.then(this.write);
    this.running = done;
    return done;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.run();
  }
}
