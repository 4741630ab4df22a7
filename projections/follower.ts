// The live scheduler of the projector (docs/architecture.md#the-read-side): one subscription reads the feed and
// keeps the pages it read, and each read model works through them at its own pace in a loop of its own; one that
// lags behind the kept pages reads the feed itself. An event one of them cannot apply never holds back the others.
import type { EventStore, Position, Subscription } from '../infra/eventstore/types.js';
import { comparePositions } from '../infra/eventstore/types.js';
import type { Logger } from '../infra/logger.js';
import type { Sql } from '../infra/sql/sql.js';
import type { PageApplier } from './apply.js';
import { earliest, ORIGIN, SWAP_CHANNEL, type Checkpoints } from './checkpoints.js';
import { concerns, lastOf, type Page } from './page.js';
import type { Projection } from './projection.js';

/** Pages the subscription read, kept until every running projection has passed them (then read again if needed). */
const PAGES_AHEAD = 8;

/**
 * How long a projection passing pages that hold none of its streams' events may leave its stored checkpoint behind
 * while the feed keeps coming (it writes it at once when it has caught up). Such pages change none of its rows, so
 * they need no transaction each: a feed of credits events would otherwise cost every other read model a commit
 * per page. A restart re-reads at most this much of the feed for it, and finds nothing there to apply.
 */
const IDLE_WRITE_MS = 1000;
/** How long the feed must be quiet before a caught-up projection stores what it passed over. */
const QUIET_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LiveFollower {
  private subscription: Subscription | null = null;
  private failing = new Set<string>();
  private pages: Page[] = [];
  /** Where the subscription has read to. */
  private head: Position = ORIGIN;
  private news = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(
    private readonly deps: { sql: Sql; events: EventStore; logger: Logger },
    private readonly projections: readonly Projection[],
    private readonly checkpoints: Checkpoints,
    private readonly applier: PageApplier,
    private readonly batchSize: number,
  ) {}

  async start(): Promise<void> {
    await this.checkpoints.load();
    this.unlisten = await this.deps.sql.listen(SWAP_CHANNEL, () => {
      this.checkpoints
        .reloadSwapped()
        .then(() => this.announce())
        .catch((error: unknown) =>
          this.deps.logger.error({ err: error }, 'reading the checkpoints after a swap failed'),
        );
    });
    this.stopped = false;
    this.head = this.checkpoints.furthest();
    this.subscription = this.deps.events.subscribeToAll({
      after: this.head,
      batchSize: this.batchSize,
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
    for (const projection of this.projections) await this.checkpoints.writeIdle(projection.name).catch(() => undefined);
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
    const running = this.projections
      .filter((p) => !this.checkpoints.isHalted(p.name))
      .map((p) => this.checkpoints.at(p.name));
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
    const events = await this.deps.events.readAll({ after: position, maxCount: this.batchSize });
    return events.length > 0 ? { after: position, events } : null;
  }

  private async follow(projection: Projection): Promise<void> {
    const { name } = projection;
    let failures = 0;
    let checked = 0;
    while (!this.stopped) {
      try {
        if (this.checkpoints.isHalted(name)) {
          await this.nextNews(2000);
          if (Date.now() - checked < 2000) continue;
          checked = Date.now();
          if (await this.checkpoints.resumeIfReplayed(name))
            this.deps.logger.info({ projection: name }, 'projection resumed after a replay');
          continue;
        }
        const page = await this.pageAfter(this.checkpoints.at(name));
        if (!page) {
          // Caught up, and the feed quiet for a moment: what it passed over is stored before it waits.
          const pending = this.checkpoints.idle(name);
          if (pending && Date.now() - pending.last < QUIET_MS) {
            await this.nextNews(QUIET_MS);
            continue;
          }
          await this.checkpoints.writeIdle(name);
          await this.nextNews(1000);
          continue;
        }
        if (!concerns(projection, page)) {
          this.checkpoints.passIdle(name, page, lastOf(page));
          if (Date.now() - this.checkpoints.idle(name)!.since >= IDLE_WRITE_MS) await this.checkpoints.writeIdle(name);
        } else {
          await this.checkpoints.writeIdle(name);
          await this.applier.advance(projection, page);
        }
        failures = 0;
        this.failing.delete(name);
        this.evict();
      } catch (error) {
        if (this.stopped) break;
        failures += 1;
        this.failing.add(name);
        this.deps.logger.error({ err: error, projection: name }, 'projection failed; retrying');
        await sleep(Math.min(5000, 50 * 2 ** failures));
      }
    }
  }
}
