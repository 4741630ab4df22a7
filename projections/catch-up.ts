// The lock-step scheduler of the projector (docs/architecture.md#the-read-side): applies everything in the feed now,
// without subscribing (the rebuild and tests use it). One read of each page serves every read model, each in its
// own transaction: the next page is read while they apply this one, and they start it together.
import { comparePositions, type EventStore, type Position, type StoredEvent } from '../infra/eventstore/types.js';
import type { PageApplier } from './apply.js';
import { earliest, type Checkpoints } from './checkpoints.js';
import { lastOf, type Page } from './page.js';
import type { Projection } from './projection.js';

/**
 * Pages a projection may be ahead of the slowest in a catch-up. None: every page is applied by all before the next
 * is started (the next is read meanwhile), so two pages are held, not four, and a rebuild's pages can be twice as
 * big in the same memory; measured on a million events, that costs less CPU than letting each go at its own pace.
 */
const CATCH_UP_AHEAD = 0;

/** Events a read of the feed returns within a catch-up's page (readPage). */
const READ_PIECE = 5000;

export class CatchUp {
  constructor(
    private readonly events: EventStore,
    private readonly projections: readonly Projection[],
    private readonly checkpoints: Checkpoints,
    private readonly applier: PageApplier,
    private readonly batchSize: number,
  ) {}

  async run(): Promise<void> {
    const { checkpoints, applier } = this;
    await checkpoints.load();
    const running = this.projections.filter((p) => !checkpoints.isHalted(p.name));
    if (running.length === 0) return;
    const pages: Promise<Page | null>[] = [];
    let done = 0;
    const wakes = new Set<() => void>();
    const passed = () => new Promise<void>((resolve) => wakes.add(resolve));
    const read = (index: number): Promise<Page | null> => {
      pages[index] ??= (async () => {
        const previous = index === 0 ? null : await read(index - 1);
        if (index > 0 && !previous) return null;
        const after = previous ? lastOf(previous) : earliest(running.map((p) => checkpoints.at(p.name)));
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
          let at = checkpoints.at(projection.name);
          comparePositions(at, page.after) < 0;
          at = checkpoints.at(projection.name)
        ) {
          // Behind this page (its checkpoint moved back): it reads what it missed first.
          const missed = await this.events.readAll({ after: at, maxCount: this.batchSize });
          await applier.advance(projection, {
            after: at,
            events: missed.filter((event) => comparePositions(event.position, page.after) <= 0),
          });
          if (checkpoints.isHalted(projection.name)) return;
        }
        await applier.advance(projection, page);
        if (checkpoints.isHalted(projection.name)) return;
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
    for (let from = after; events.length < this.batchSize;) {
      const want = Math.min(READ_PIECE, this.batchSize - events.length);
      const piece = await this.events.readAll({ after: from, maxCount: want });
      for (const event of piece) events.push(event);
      if (piece.length < want) break;
      from = piece[piece.length - 1]!.position;
    }
    return events;
  }
}
