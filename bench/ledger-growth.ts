// The cost of an account's first call after a restart as its ledger grows (issue 34): one account's credits
// stream filled to 1,000, 100,000 and 1,000,000 events through the store's own append path, month after month
// at an enterprise account's volume (50,000 charges a month, each month opening with its expiry and allowance),
// each event with the metadata the service writes (its request, its key, its hash chain link: issue 43), then
// loaded by a fresh Ledger (a restarted process) on PostgreSQL. The service snapshots a ledger every
// SNAPSHOT_EVERY events as it decides; a filled stream is given its snapshot by one load, as the service's own
// calls would have left it, and then SNAPSHOT_EVERY - 1 events more (the worst case: the most a load folds).
// Printed: the cold load's time (median of 5) and the heap it holds, for each size; then the full fold (median of
// 3), what a load costs with no snapshot of the current LEDGER_SNAPSHOT_VERSION (a deploy that changes it, or an
// account never snapshotted), beside a bare read of the same rows by the same driver as its baseline (a row per
// event, as a fold read them until it read a page as one JSON text), and checks the balance and the chain head it
// folds to against those the fill wrote.
// Goal: at 1,000,000 events within 2x of 1,000 and under 100 ms, heap under 5 MB; the full fold at 1,000,000
// events in 3.5 s or less (300,000 events a second).
//
//   npm run bench -- ledger-growth, or node --import tsx bench/ledger-growth.ts [--sizes 1000,100000,1000000]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CHAIN_METADATA, GENESIS, linkOf } from '../domain/ledger/chain.js';
import { creditsStream, ledgerDecider, type LedgerEvent } from '../domain/ledger/ledger.js';
import type { NewEvent } from '../infra/eventstore/types.js';
import { eventStoreMigrations } from '../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../infra/eventstore/postgres.js';
import { snapshotMigrations, sqlSnapshots } from '../infra/eventstore/snapshots.js';
import { LEDGER_SNAPSHOT_VERSION, Ledger, SNAPSHOT_EVERY, type ChainedLedger } from '../application/ledger/ledger.js';
import { migrate } from '../infra/sql/migrate.js';
import { openPostgres } from '../infra/sql/postgres.js';
import { benchSchema } from './support.js';

const MONTHLY = 50_000;
// A collection before each measure, so the heap held is the load's (npm run bench passes no --expose-gc).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function* months(total: number): Generator<LedgerEvent[]> {
  let month = 0;
  let written = 0;
  while (written < total) {
    const period = `20${String(20 + Math.floor(month / 12)).padStart(2, '0')}-${String((month % 12) + 1).padStart(2, '0')}`;
    const opening: LedgerEvent[] = [
      ...(month > 0 ? [{ type: 'CreditsExpired' as const, data: { amount: 1, period } }] : []),
      { type: 'CreditsGranted', data: { amount: MONTHLY + 1, reason: 'monthly_allowance', period } },
    ];
    yield opening.slice(0, total - written);
    written += Math.min(opening.length, total - written);
    for (let i = 0; i < MONTHLY && written < total; i += 1000) {
      const n = Math.min(1000, MONTHLY - i, total - written);
      yield Array.from({ length: n }, (_, k) => ({
        type: 'CreditsCharged' as const,
        data: { amount: 1, operation: 'verify', reference: `m${month}-${i + k}` },
      }));
      written += n;
    }
    month += 1;
  }
}

/** Stamps events as the service's ledger does (application/ledger/ledger.ts), with the metadata of the request that charged. */
function chainer(stream: string) {
  let head = GENESIS;
  let revision = -1;
  let ledger = ledgerDecider.initialState();
  return {
    head: () => head,
    ledger: () => ledger,
    stamp: (events: LedgerEvent[]): NewEvent<LedgerEvent>[] =>
      events.map((event) => {
        revision += 1;
        ledger = ledgerDecider.evolve(ledger, event);
        const prev = head;
        head = linkOf(prev, { stream, revision, type: event.type, data: event.data });
        const request = randomUUID();
        return {
          ...event,
          metadata: {
            request_id: request,
            actor: 'key_bench',
            $correlationId: request,
            [CHAIN_METADATA]: { prev, hash: head },
          },
        };
      }),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,100000,1000000' } } });
  const sizes = values.sizes.split(',').map(Number);
  const schema = await benchSchema();
  const sql = await openPostgres({ connectionString: schema.url, max: 4 });
  const results: { size: number; ms: number; heapMb: number; foldMs: number }[] = [];
  try {
    await migrate(sql, [...eventStoreMigrations, ...snapshotMigrations]);
    const events = postgresEventStore(sql);
    const snapshots = sqlSnapshots<ChainedLedger>(sql, LEDGER_SNAPSHOT_VERSION);
    for (const size of sizes) {
      const account = randomUUID();
      const filling = Date.now();
      const chain = chainer(creditsStream(account));
      for (const batch of months(size))
        if (batch.length > 0) await events.append(creditsStream(account), chain.stamp(batch));
      const fillSeconds = (Date.now() - filling) / 1000;
      // What the service's calls would have left: a snapshot within SNAPSHOT_EVERY events of the head. The worst
      // case is measured: the snapshot, then SNAPSHOT_EVERY - 1 events after it that the load must fold.
      await new Ledger(events, undefined, snapshots).state(account);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const tail = Array.from({ length: SNAPSHOT_EVERY - 1 }, (_, i): LedgerEvent => ({
        type: 'CreditsCharged',
        data: { amount: 0, operation: 'verify', reference: `tail-${i}` },
      }));
      await events.append(creditsStream(account), chain.stamp(tail));
      const head = size - 1 + tail.length;
      const times: number[] = [];
      let heap = 0;
      for (let run = 0; run < 5; run += 1) {
        gc();
        const before = process.memoryUsage().heapUsed;
        const started = performance.now();
        const ledger = new Ledger(events, undefined, snapshots);
        const state = await ledger.state(account);
        times.push(performance.now() - started);
        gc();
        heap = Math.max(heap, process.memoryUsage().heapUsed - before);
        if (state.revision !== head) throw new Error(`loaded revision ${state.revision}, expected ${head}`);
      }
      times.sort((a, b) => a - b);
      const ms = times[2]!;
      console.log(
        `${String(size).padStart(9)} events: cold load ${ms.toFixed(1)} ms, heap held ${(Math.max(0, heap) / 1e6).toFixed(2)} MB (filled in ${fillSeconds.toFixed(0)} s)`,
      );

      // The full fold: a ledger with no snapshot store folds the whole stream. Its baseline: the type and data of
      // the same rows, a row per event, read by the same driver a page at a time into nothing.
      const folds: number[] = [];
      const bare: number[] = [];
      for (let run = 0; run < 3; run += 1) {
        const started = performance.now();
        const ledger = new Ledger(events);
        const state = await ledger.state(account);
        folds.push(performance.now() - started);
        if (state.revision !== head) throw new Error(`folded revision ${state.revision}, expected ${head}`);
        if ((await ledger.head(account)).head !== chain.head())
          throw new Error('the full fold did not reach the chain head the fill wrote');
        if (state.balance !== chain.ledger().balance || state.period !== chain.ledger().period)
          throw new Error('the full fold did not reach the balance the fill wrote');
        const reading = performance.now();
        for (let from = 0; from <= head; from += 10_000) {
          await sql.query(
            'select type, data from es_events where stream_id = $1 and revision >= $2 and revision < $2::bigint + 10000 order by revision',
            [creditsStream(account), from],
          );
        }
        bare.push(performance.now() - reading);
      }
      folds.sort((a, b) => a - b);
      bare.sort((a, b) => a - b);
      const foldMs = folds[1]!;
      results.push({ size, ms, heapMb: Math.max(0, heap) / 1e6, foldMs });
      const total = head + 1;
      console.log(
        `${String(size).padStart(9)} events: full fold ${foldMs.toFixed(0)} ms (${Math.round((total / foldMs) * 1000).toLocaleString('en')} events/s), ` +
          `${(foldMs / bare[1]!).toFixed(1)}x a bare read of its rows (${bare[1]!.toFixed(0)} ms)`,
      );
    }
  } finally {
    await sql.close();
    await schema.drop();
  }
  const largest = results[results.length - 1]!;
  const smallest = results[0]!;
  const heap = Math.max(...results.map((r) => r.heapMb));
  console.log(
    `ledger-growth: cold load at ${largest.size} events ${largest.ms.toFixed(1)} ms, at ${smallest.size} events ${smallest.ms.toFixed(1)} ms, heap ${heap.toFixed(2)} MB`,
  );
  console.log(
    `ratio ${(largest.ms / smallest.ms).toFixed(2)} (goal: within 2x and under 100 ms, heap under 5 MB), full fold at ${largest.size} events ${largest.foldMs.toFixed(0)} ms`,
  );
}

await main();
