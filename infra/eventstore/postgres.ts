// The event store on a PostgreSQL table (or PGlite's; docs/architecture.md#engines): its tables and append function
// in postgres-migrations.ts, its appends in postgres-append.ts, its reads in postgres-reads.ts, and here the feed's
// subscription, woken by the appends' NOTIFY.
import type { Sql } from '../sql/sql.js';
import { appendTo } from './postgres-append.js';
import { CHANNEL } from './postgres-migrations.js';
import { readsOf } from './postgres-reads.js';
import { runSubscription } from './subscription.js';
import type { EventStore, SubscribeOptions, Subscription } from './types.js';

export interface PostgresEventStoreOptions {
  /** How often an idle subscriber looks again when no NOTIFY came (a fence held by unrelated work). */
  idlePollMs?: number;
}

export function postgresEventStore(sql: Sql, options: PostgresEventStoreOptions = {}): EventStore {
  const idlePollMs = options.idlePollMs ?? 100;
  const { readStream, readStreamData, readAll } = readsOf(sql);

  function subscribeToAll(options: SubscribeOptions): Subscription {
    let dirty = true;
    let wake: (() => void) | null = null;
    const poke = () => {
      dirty = true;
      wake?.();
    };
    const unlisten = sql.listen(CHANNEL, poke).catch((error: unknown) => {
      options.onError?.(error);
      return async () => undefined;
    });
    const idle = (stopped: () => boolean) =>
      new Promise<void>((resolve) => {
        if (dirty || stopped()) return resolve();
        const timer = setTimeout(done, idlePollMs);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });

    // Reads what follows, a batch at a time, and waits for a notification (or the idle poll) when there is none.
    const subscription = runSubscription(
      options,
      async (state) => {
        while (!state.stopped()) {
          dirty = false;
          const maxCount = options.batchSize ?? 500;
          const batch = await readAll({ after: state.after, maxCount });
          if (batch.length > 0) {
            await options.onEvents(batch);
            state.advance(batch[batch.length - 1]!.position);
            // A full batch may have more behind it. A short one is all there was: whatever commits after the read
            // began (or was held back behind a transaction still open) notifies, which sets dirty again.
            if (batch.length === maxCount) dirty = true;
          } else {
            await idle(state.stopped);
            state.advance();
          }
        }
      },
      () => wake?.(),
    );
    return {
      async stop() {
        await subscription.stop();
        await (
          await unlisten
        )();
      },
    };
  }

  return {
    kind: 'postgres',
    append: appendTo(sql),
    readStream,
    readStreamData,
    readAll,
    subscribeToAll,
    close: async () => undefined,
  };
}
