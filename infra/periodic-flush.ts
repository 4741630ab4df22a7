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
