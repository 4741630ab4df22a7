// The ledger warm-up (issue 40 item 7): a ledger with no snapshot of the current LEDGER_SNAPSHOT_VERSION (after a
// deploy that changed it, or one never snapshotted) makes its account's next call fold the whole stream, about
// 3 s per million events. At start, the API snapshots every such ledger in the background, longest first, so that
// the first calls find their snapshots. One process at a time: on PostgreSQL it holds an advisory lock while it
// works, and the others look again later (the holder may die); a ledger snapshotted meanwhile by a call is not
// listed again. Ledgers shorter than SNAPSHOT_EVERY are left alone: a load folds that many anyway.
import { creditsStream } from '../../domain/ledger/ledger.js';
import { sqlSnapshots } from '../../infra/eventstore/snapshots.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import { LEDGER_SNAPSHOT_VERSION, Ledger, SNAPSHOT_EVERY, type ChainedLedger } from './ledger.js';
import type { Logger } from '../../infra/logger.js';
import { setLedgerWarmupRemaining } from '../../infra/metrics.js';
import type { Queryable, Sql } from '../../infra/sql/sql.js';

export interface LedgerWarmupDeps {
  sql: Sql;
  events: EventStore;
  logger: Logger;
  /** The snapshot version to warm (tests: a version change). */
  version?: string;
  /** How long a process that found the warm-up running elsewhere waits before looking again. */
  retryMs?: number;
}

/** Ledgers with at least SNAPSHOT_EVERY events and no snapshot of `version`, longest first. */
export async function ledgersToWarm(db: Queryable, version: string): Promise<{ accountId: string; events: number }[]> {
  const rows = await db.query<{ stream_id: string; revision: string }>(
    `select s.stream_id, s.revision from es_streams s
      where starts_with(s.stream_id, $1) and s.revision >= $2
        and not exists (select 1 from stream_snapshots n where n.stream_id = s.stream_id and n.version = $3)
      order by s.revision desc, s.stream_id`,
    [creditsStream.prefix, SNAPSHOT_EVERY - 1, version],
  );
  return rows.map((row) => ({ accountId: creditsStream.idOf(row.stream_id), events: Number(row.revision) + 1 }));
}

/** Starts the warm-up; `done` resolves when every ledger found is snapshotted or `stop` was called. */
export function startLedgerWarmup(deps: LedgerWarmupDeps): { done: Promise<void>; stop(): Promise<void> } {
  const version = deps.version ?? LEDGER_SNAPSHOT_VERSION;
  const logger = deps.logger.child({ component: 'ledger-warmup' });
  let stopped = false;
  let wake: (() => void) | null = null;

  async function warm(): Promise<void> {
    const ledgers = await ledgersToWarm(deps.sql, version);
    if (ledgers.length === 0) return;
    const total = ledgers.reduce((sum, l) => sum + l.events, 0);
    logger.info(
      { ledgers: ledgers.length, events: total, version },
      'ledger warm-up: snapshotting ledgers without a snapshot of this version',
    );
    // A ledger of its own, so that the states folded here do not push the API's out of its cache.
    const ledger = new Ledger(deps.events, undefined, sqlSnapshots<ChainedLedger>(deps.sql, version));
    const started = performance.now();
    let lastLog = started;
    let done = 0;
    let folded = 0;
    let failed = 0;
    for (const { accountId, events } of ledgers) {
      if (stopped) break;
      setLedgerWarmupRemaining(ledgers.length - done);
      try {
        await ledger.snapshot(accountId);
      } catch (error) {
        // One unreadable ledger (an unknown event type) must not stop the others': its calls will fail loudly.
        failed += 1;
        logger.warn({ err: error, account_id: accountId }, 'ledger warm-up: a ledger could not be snapshotted');
      }
      done += 1;
      folded += events;
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        logger.info(
          { done, remaining: ledgers.length - done, events: folded, seconds: Math.round((lastLog - started) / 1000) },
          'ledger warm-up: progress',
        );
      }
    }
    setLedgerWarmupRemaining(ledgers.length - done);
    logger.info(
      {
        done,
        failed,
        remaining: ledgers.length - done,
        events: folded,
        seconds: Math.round((performance.now() - started) / 1000),
      },
      'ledger warm-up: finished',
    );
  }

  /** Runs `warm` if no other process is running it: false when one is. */
  async function alone(): Promise<boolean> {
    // PGlite belongs to one process (and a transaction there would hold every other query back).
    if (deps.sql.kind === 'pglite') return warm().then(() => true);
    return deps.sql.transaction(async (tx) => {
      // Held by this transaction while the work runs on other connections; a process that dies releases it.
      const [row] = await tx.query<{ locked: boolean }>(
        `select pg_try_advisory_xact_lock(hashtext(current_schema() || '.ledger-warmup')) as locked`,
      );
      if (!row?.locked) return false;
      await warm();
      return true;
    });
  }

  const done = (async () => {
    // The ledgers' streams are PostgreSQL's: on EventStoreDB there is no es_streams to find them in.
    if (deps.events.kind !== 'postgres') return;
    while (!stopped) {
      try {
        if (await alone()) return;
        if ((await ledgersToWarm(deps.sql, version)).length === 0) return;
      } catch (error) {
        if (stopped) return;
        logger.warn({ err: error }, 'ledger warm-up failed; will look again');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deps.retryMs ?? 30_000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    done,
    async stop() {
      stopped = true;
      wake?.();
      await done;
    },
  };
}
