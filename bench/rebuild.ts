// A projection rebuild at scale (issues 34, 38 and 54): `npm run projector -- rebuild` over 1,000,000 events of the
// mix the service writes, written as it writes them (issue 54: they were written 5,000 to a statement): each
// decision one append in a transaction of its own, through the sealed store over PostgreSQL as infra/storage.ts
// opens it (a data key made per stream at its first append; a rebuild opens every sealed field again), eight
// accounts' requests at a time. Each of 1,000 accounts lives the whole life bench/rebuild-traffic.ts describes:
// opened with a key and its allowance, sign-ins and sign-outs, plan changes, synchronous charges, jobs reserved,
// submitted, ended, their callbacks attempted and delivered, batches and their items, requests counted, results
// erased by retention with their streams' keys shredded, and one account in 25 closed (its keys revoked, its key
// shredded).
//
// Measured in the same run: the feed read alone through the same store in the projector's pages (the baseline),
// then `rebuild` of every projection. Then checked (bench/rebuild-check.ts): every row of every table of every read
// model equals the domain's folds of the feed read through the same store, each entity folded from scratch by its
// decider's evolve.
//
//   npm run bench -- rebuild, or node --import tsx bench/rebuild.ts [--events 1000000] [--accounts 1000] [--profile]
//   --profile: the time each projection spends applying its pages (inside its transactions; they run side by side).
//   --batch N: events a page of the rebuild holds (default: the rebuild's own, 75,000).
//   --keep: leave the filled schema (and what was written, for the check) in place; --reuse <schema>: rebuild that
//   schema again instead of filling one (its read models emptied first), to measure change after change.
//   --each: then rebuild each read model alone, and none, and tell the CPU-seconds each costs beyond reading the feed.
//
// Measured 2026-11-27 on the shared 2-core machine, before issue 38's work (load average 7 to 18 from other runs):
// the feed read alone at 40,000 events/s, the rebuild at 6,700 events/s (0.17 of reading alone); audit 109 s,
// webhook_deliveries 74 s and usage 51 s of it applying event by event (345,000, 232,000 and 37,000 calls).
// After (542f6b4: audit, webhook_deliveries and usage fold a page in two or three statements; the next page is
// read while one is applied; pages of 5,000), load average 9 to 11: filled in 202 s, the feed read alone at
// 26,200 events/s, the rebuild at 15,400 events/s (65 s), 0.59 of reading alone; still below the 50,000 target,
// which reading alone does not reach on this machine at that load. At 50,000 events (--profile) the seven read
// models spend 0.6 to 1.3 s each applying their pages, side by side: what is left is the database's work.
// After (7d990a5: rebuild tables unlogged until the swap, pages of 25,000, each projection at its own pace through
// them, audit outcomes inserted with their entries, event times read as numbers), load average 1 to 2: 26,300 and
// 29,400 events/s, reading alone 60,000; both cores busy, about 58 CPU-seconds a million events (node 26 to 30,
// PostgreSQL 30 to 32), where 50,000 a second needs 40 at most.
// After (this branch: pages of 50,000 applied in step by every read model, two in memory; secondary indexes of
// the key-only read models built after the replay; sealed fields opened with less copying), measured with this
// bench's CPU meter on one kept schema (--keep, --reuse), load average 6 to 7.4 from others' runs: 23,400 events/s
// (median of 21,300, 23,400 and 26,000), 38 CPU-seconds a million events (node 20.8, PostgreSQL 17.4; 37.9 to
// 41.4), peak RSS about 710 MB; before it, on the same schema and meter, 44.7 to 49.0 (node 21.1 to 23.8,
// PostgreSQL 23.6 to 25.2) at 17,000 to 26,400 events/s, load 5.4 to 9.2. Pages of 100,000 cut PostgreSQL to 13
// to 18 but held 1.1 to 1.3 GB. The target is still missed here: node's share runs on one core (about 21 s a
// million), so even two idle cores would give at most about 48,000 a second.
// Then, on the same kept schema with the machine otherwise idle (load 1 to 2), at 371ff02: pages of 50,000 at
// 48,901 events/s (median of three; 31.9 CPU-seconds a million), pages of 75,000 at 50,862 (50,795 to 51,957;
// 29.8 CPU-seconds, node 17.0, PostgreSQL 12.8; peak RSS 751 to 844 MB), at the target; 75,000 is the default; a second,
// freshly filled schema measured 42,413 (cold), 49,537 and 49,640
// (run again as the default: 53,268 events/s, 28.5 CPU-seconds, peak RSS 880 MB).
// Then (rebuild3: a page read in pieces of 5,000, so that what the driver makes of each row dies young instead of
// being promoted with the page, which made scavenges most of node's garbage collection and that most of node's time;
// a page's events sorted by kind of stream once for every read model; no read of the rows of entities a page
// starts), on a third freshly filled schema, alternating with ee8eacd three times each, load average 5 to 9 from
// others' runs: 41.0 CPU-seconds a million (median; node 19.3, PostgreSQL 22.3) against 48.3 (node 23.4, PostgreSQL
// 24.8), peak RSS 585 to 675 MB against 838 to 957; 17,307 to 37,091 events/s against 13,699 to 27,842, too loaded a
// machine for the target's figure. Tried and dropped: a read as one JSON text row per piece (as readStreamData
// reads) cost PostgreSQL three times as much for no gain in node; pages of 100,000 (752 MB) measured no cheaper.
// Then (rebuild4: audit's entries as columns and its insert answering only the entries already there; a BigInt per
// transaction on the feed), alternating twice with 109ca70 on one kept schema, load average 7.4 to 10 from others'
// runs: 44.2 and 51.4 CPU-seconds a million (node 20.1 and 22.9, PostgreSQL 24.1 and 28.6) against 44.4 and 51.2
// (node 20.7 and 24.7, PostgreSQL 23.7 and 26.6): no change this machine could show. Where it goes (--each, same
// schema, load 3.6 to 6.2; full rebuild 41.7, node 19.5, PostgreSQL 22.2): reading the feed in a rebuild of none,
// node 11.8 and PostgreSQL 3.4; beyond it, audit 4.3 and 5.9, jobs 1.7 and 6.1, batches 3.3 and 5.2,
// webhook_deliveries 1.9 and 2.3, the other three about nothing.
// Then, on a third machine of the kind, where the fill had slowed to a crawl (es_append's plan, cached while es_events
// was empty, scanned the whole table on every append; planned at each call since, the fill takes 112 s), load 1.3 to
// 2.5: 38,164 events/s (median of three); with the rebuilt tables logged, indexed and analyzed side by side after the
// replay, 39,841. Tried there for nothing: a young generation of 64 MB, es_events vacuumed and analyzed, fillfactor 70
// on call_audit; rows read as arrays instead of objects cut the driver's part of a read by about 5%.
// On a fourth machine of the kind, at 479a1f1 on one kept schema, load 2 to 3 from the bench itself: 30,961, 33,827
// and 37,191 events/s (44.3 to 53.7 CPU-seconds a million), and e4da713's code (50,862 on the first machine) 33,030
// on the same schema: the machine, not the code. Young generations of 64 and 128 MB and --single-threaded-gc: within
// that noise. Where node's time goes in a rebuild (CPU profile of the bench): garbage collection 28% of its busy time
// (scavenges of about 25 ms every 90 ms, each copying the page pieces that survive until every read model has
// applied them), the sealed fields' AES-GCM about 8% (most of it making a decipher per event), pg's row parsing 5%.
// On a fifth machine of the kind, at acb528b, load about 2: a freshly filled schema at 59,347 events/s (the Temporal
// CLI building beside it), then 68,352, 69,155 and 69,087 on it (22.8 to 23.4 CPU-seconds a million, node 11.9 to
// 12.4, PostgreSQL 10.9 to 11.0): the same code at twice the fourth machine's speed.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DataKeys, dataKeyMigrations } from '../infra/eventstore/data-keys.js';
import { eventStoreMigrations } from '../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../infra/eventstore/postgres.js';
import { sealedEventStore } from '../infra/eventstore/sealed.js';
import type { EventStore, Position } from '../infra/eventstore/types.js';
import { createLogger } from '../infra/logger.js';
import { migrate } from '../infra/sql/migrate.js';
import { openPostgres } from '../infra/sql/postgres.js';
import type { Sql } from '../infra/sql/sql.js';
import { newPayloadKey, parsePayloadKeys } from '../infra/temporal/payload-codec.js';
import { allProjections } from '../projections/index.js';
import type { Projection } from '../projections/projection.js';
import { projectionMigrations } from '../projections/runner.js';
import { rebuild } from '../projections/rebuild.js';
import { checkEveryTable, CHECKED_TABLES } from './rebuild-check.js';
import { BATCH_SIZE, newAccount, roundOf, type Account, type Written } from './rebuild-traffic.js';
import { benchSchema, cpuMeter, nodeFlagsOf } from './support.js';

const TARGET = 50_000;

/** Appends made at once, as concurrent requests make them: each account's own in order, one worker per account. */
const WORKERS = 8;

/**
 * Appends rounds of every account until at least `total` events are written, as the service writes them: each
 * decision one append in a transaction of its own, through the sealed store (a data key made per stream at its
 * first append), keys shredded where the service shreds them. WORKERS accounts at a time, each worker taking its
 * accounts' rounds in turn, so that the feed interleaves them as concurrent requests do.
 */
async function fill(events: EventStore, keys: DataKeys, accounts: Account[], total: number): Promise<Written> {
  const written: Written = { events: 0, jobs: 0, batches: 0 };
  const worker = async (w: number) => {
    const mine = accounts.filter((a) => a.index % WORKERS === w);
    while (written.events < total && mine.some((a) => !a.closed)) {
      for (const account of mine) {
        if (written.events >= total) break;
        for (const step of roundOf(account, written)) {
          if ('shred' in step) await keys.shred(step.shred);
          else {
            await events.append(step.stream, step.events);
            written.events += step.events.length;
          }
        }
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return written;
}

/** Each projection's time applying its pages, when asked (--profile): the projections wrapped, not changed. */
function timed(projections: readonly Projection[], spent: Map<string, { ms: number; pages: number }>): Projection[] {
  return projections.map((projection): Projection => {
    const record = async (work: () => Promise<void>) => {
      const started = performance.now();
      await work();
      const sum = spent.get(projection.name) ?? { ms: 0, pages: 0 };
      sum.ms += performance.now() - started;
      sum.pages += 1;
      spent.set(projection.name, sum);
    };
    return {
      ...projection,
      apply: (tx, event, id) => record(() => projection.apply(tx, event, id)),
      ...(projection.applyMany ? { applyMany: (tx, events) => record(() => projection.applyMany!(tx, events)) } : {}),
    };
  });
}

/** What a kept schema holds besides the events, for a later run to check against (--keep, --reuse). */
interface Filled {
  master: string;
  accounts: Account[];
  written: Written;
  fillSeconds: number;
}

const FILLED = 'bench_rebuild_filled';

/**
 * A kept schema as its fill left it: the read models empty and never projected (a previous run's rebuild swapped
 * its tables in; call_audit, which a rebuild fills in place, emptied too), so that each run rebuilds the same.
 */
async function emptyReadModels(sql: Sql): Promise<void> {
  const tables = [...allProjections.flatMap((p) => p.tables), 'projection_checkpoints', 'projection_parked'];
  await sql.exec(`truncate ${tables.join(', ')}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '1000000' },
      accounts: { type: 'string', default: '1000' },
      profile: { type: 'boolean', default: false },
      batch: { type: 'string' },
      keep: { type: 'boolean', default: false },
      reuse: { type: 'string' },
      each: { type: 'boolean', default: false },
    },
  });
  const schema = await benchSchema(values.reuse);
  const application = `bench-rebuild-${schema.name}`;
  const url = new URL(schema.url);
  url.searchParams.set('application_name', application);
  // The pool the projector opens (infra/storage.ts: openPostgres's default).
  const sql = await openPostgres({ connectionString: url.toString() });
  const meter = await cpuMeter(schema.url, application);
  try {
    let filled: Filled;
    if (values.reuse) {
      // A schema kept by an older commit gains the read models added since.
      await migrate(sql, [...eventStoreMigrations, ...dataKeyMigrations, ...projectionMigrations(allProjections)]);
      const [row] = await sql.query<{ filled: Filled }>(`select filled from ${FILLED}`);
      filled = row!.filled;
      await emptyReadModels(sql);
    } else {
      const total = Number(values.events);
      const accounts = Array.from({ length: Number(values.accounts) }, (_, i) => newAccount(i));
      await migrate(sql, [...eventStoreMigrations, ...dataKeyMigrations, ...projectionMigrations(allProjections)]);
      const master = newPayloadKey('bench-master');
      const keys = new DataKeys(sql, parsePayloadKeys(master));
      await keys.verifyMasters();
      const filling = performance.now();
      // An append per transaction, WORKERS at once, on a pool of their own whose commits do not wait for the disk:
      // the feed is the same, and a million fsyncs on a shared machine would take the better part of an hour.
      const fillUrl = new URL(url);
      fillUrl.searchParams.set(
        'options',
        `${fillUrl.searchParams.get('options') ?? ''} -c synchronous_commit=off`.trim(),
      );
      const writer = await openPostgres({ connectionString: fillUrl.toString(), max: WORKERS + 1 });
      const written = await fill(
        sealedEventStore(postgresEventStore(writer), new DataKeys(writer, parsePayloadKeys(master))),
        new DataKeys(writer, parsePayloadKeys(master)),
        accounts,
        total,
      ).finally(() => writer.close());
      filled = { master, accounts, written, fillSeconds: (performance.now() - filling) / 1000 };
      // What autovacuum does to a table that grew: without statistics the planner takes a million-row feed for a
      // small table and sorts it on every page instead of walking its index.
      await sql.query('analyze es_events');
      await sql.query('analyze stream_keys');
      if (values.keep)
        await sql.query(`create table ${FILLED} as select $1::jsonb as filled`, [JSON.stringify(filled)]);
    }
    const { accounts, written, fillSeconds } = filled;
    console.log(
      `filled ${written.events} events in ${fillSeconds.toFixed(0)} s (${Math.round(written.events / fillSeconds)} events/s): ${accounts.length} accounts, ` +
        `${written.jobs} jobs, ${written.batches} batches of ${BATCH_SIZE}, ${accounts.filter((a) => a.closed).length} closed` +
        (values.reuse ? ` (schema ${schema.name}, kept by an earlier run)` : ''),
    );
    const keys = new DataKeys(sql, parsePayloadKeys(filled.master));
    const events = sealedEventStore(postgresEventStore(sql), keys);

    // Baseline: the feed read through the same store in the projector's pages, applied to nothing.
    const reading = performance.now();
    const readCpu = await meter.start();
    let read = 0;
    for (let after: Position | null = null; ;) {
      const page = await events.readAll({ after, maxCount: 1000 });
      if (page.length === 0) break;
      read += page.length;
      after = page[page.length - 1]!.position;
    }
    const readSeconds = (performance.now() - reading) / 1000;
    const readUsed = await readCpu();
    if (read !== written.events) throw new Error(`the feed holds ${read} events, ${written.events} were written`);

    const spent = new Map<string, { ms: number; pages: number }>();
    const projections = values.profile ? timed(allProjections, spent) : allProjections;
    const loadBefore = os.loadavg()[0]!;
    const rebuilding = performance.now();
    const rebuildCpu = await meter.start();
    const { seconds: phases } = await rebuild(
      { sql, events, logger: createLogger('silent', 'bench') },
      projections,
      values.batch ? { batchSize: Number(values.batch) } : {},
    );
    const seconds = (performance.now() - rebuilding) / 1000;
    const used = await rebuildCpu();
    const loadAfter = os.loadavg()[0]!;

    const checking = performance.now();
    const { wrong, rows } = await checkEveryTable(sql, events);
    if (wrong.length > 0)
      throw new Error(
        `the rebuilt read models differ from the domain's folds:\n${wrong
          .slice(0, 5)
          .map((w) => w.slice(0, 1500))
          .join('\n')}`,
      );
    console.log(
      `checked: every row of ${CHECKED_TABLES.length} tables (${rows} rows) equals the folds of the feed (${((performance.now() - checking) / 1000).toFixed(1)} s)`,
    );

    const rate = written.events / seconds;
    const readRate = read / readSeconds;
    const perMillion = (cpu: number) => ((cpu * 1e6) / written.events).toFixed(1);
    for (const [name, { ms, pages }] of [...spent].sort((a, b) => b[1].ms - a[1].ms)) {
      console.log(`  ${name}: ${(ms / 1000).toFixed(1)} s applying ${pages} ${pages === 1 ? 'call' : 'calls'}`);
    }
    console.log(
      `feed read alone: ${Math.round(readRate)} events/s (${readSeconds.toFixed(1)} s); CPU-s per 10^6 events: node ${perMillion(readUsed.node)}, PostgreSQL ${perMillion(readUsed.postgres)}`,
    );
    console.log(
      `rebuild CPU-s per 10^6 events: node ${perMillion(used.node)}, PostgreSQL ${perMillion(used.postgres)}, together ${perMillion(used.node + used.postgres)} ` +
        `(load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after; node's peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB)`,
    );
    if (values.each) {
      // Where the CPU goes: each read model rebuilt alone, less what reading the feed costs a rebuild of none.
      const alone = async (chosen: readonly Projection[]) => {
        await emptyReadModels(sql);
        const stop = await meter.start();
        const started = performance.now();
        await rebuild(
          { sql, events, logger: createLogger('silent', 'bench') },
          chosen,
          values.batch ? { batchSize: Number(values.batch) } : {},
        );
        return { ...(await stop()), seconds: (performance.now() - started) / 1000 };
      };
      const none = await alone([
        { ...allProjections[0]!, name: 'bench_none', tables: [], migrations: [], streams: [] },
      ]);
      console.log(
        `  reading the feed in a rebuild of none: node ${perMillion(none.node)}, PostgreSQL ${perMillion(none.postgres)} CPU-s per 10^6 events (${none.seconds.toFixed(1)} s)`,
      );
      for (const projection of allProjections) {
        const cost = await alone([projection]);
        console.log(
          `  ${projection.name} alone, beyond reading: node ${perMillion(cost.node - none.node)}, PostgreSQL ${perMillion(cost.postgres - none.postgres)} CPU-s per 10^6 events (${cost.seconds.toFixed(1)} s)`,
        );
      }
    }
    console.log(
      `  phases: replay ${phases.replay.toFixed(1)} s, logging and indexing ${phases.logged.toFixed(1)} s, swap ${phases.swap.toFixed(1)} s`,
    );
    console.log(
      `rebuild took ${seconds.toFixed(1)} s, ${(rate / readRate).toFixed(2)} of reading alone; target ${TARGET} events/s ${rate >= TARGET ? 'met' : 'MISSED'}`,
    );
    console.log(`rebuild: ${written.events} events through every projection at ${Math.round(rate)} events/s`);
  } finally {
    await meter.close();
    await sql.close();
    if (values.keep || values.reuse) {
      console.log(
        `kept schema ${schema.name}: run again with --reuse ${schema.name}; drop it with: drop schema ${schema.name} cascade`,
      );
      await schema.release();
    } else await schema.drop();
  }
}

// The rebuild runs in this process as `npm run projector -- rebuild` runs it: with the projector's Node.js flags.
const flags = nodeFlagsOf('projector');
if (flags.every((flag) => process.execArgv.includes(flag))) await main();
else {
  const { status } = spawnSync(
    process.execPath,
    [...flags, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exitCode = status ?? 1;
}
