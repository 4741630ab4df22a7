// A projection rebuild at scale (issues 34 and 38): `npm run projector -- rebuild` over 1,000,000 events of the mix
// the service writes, through the store it writes them with (the sealed store over PostgreSQL, as infra/storage.ts
// opens it: a rebuild opens every sealed field again). Each of 1,000 accounts is opened with a key and its monthly
// allowance, then, round after round, it calls the API as a live feed shows it, its rounds interleaved with the
// other accounts': synchronous verifications charged at once, jobs whose credits are reserved when they are
// submitted and settled when they end (in the next round, with the job's end and its webhook's attempts), a batch
// now and then (a reservation, its items, its summary), and the requests its key was counted. The last round's
// jobs and reservations stay open, as a live service always has some.
//
// Measured in the same run: the feed read alone through the same store in the projector's pages (the baseline),
// then `rebuild` of every projection. Then checked: every table holds a row per entity, and a sample of accounts,
// jobs and batches holds exactly the domain's fold of their streams (balances: the ledger's decider; jobs: foldJobRow;
// batches: foldBatchRow, the row and the items it keeps), as test/integration/job-states.test.ts checks them.
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
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { accountStream, type AccountEvent } from '../domain/accounts/account.js';
import { fold } from '../domain/decider.js';
import { foldBatchRow } from '../domain/jobs/batch-record.js';
import { batchStream, type BatchEvent } from '../domain/jobs/batch.js';
import { foldJobRow } from '../domain/jobs/job-record.js';
import { jobStream, type JobEvent } from '../domain/jobs/job.js';
import type { BatchItemResult } from '../domain/jobs/outcomes.js';
import { creditsStream, ledgerDecider, reservedOf, type LedgerEvent } from '../domain/ledger/ledger.js';
import { PLANS } from '../domain/plans.js';
import type { Event } from '../domain/streams.js';
import { usageStream, type UsageEvent } from '../domain/usage/requests.js';
import { DataKeys, dataKeyMigrations } from '../infra/eventstore/data-keys.js';
import { eventStoreMigrations } from '../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../infra/eventstore/postgres.js';
import { sealData, sealedEventStore } from '../infra/eventstore/sealed.js';
import { readEvents, type EventStore, type Position } from '../infra/eventstore/types.js';
import { createLogger } from '../infra/logger.js';
import { migrate } from '../infra/sql/migrate.js';
import { openPostgres } from '../infra/sql/postgres.js';
import type { Sql } from '../infra/sql/sql.js';
import { newPayloadKey, parsePayloadKeys } from '../infra/temporal/payload-codec.js';
import { findBalance } from '../projections/balances.js';
import { allProjections } from '../projections/index.js';
import type { Projection } from '../projections/projection.js';
import { projectionMigrations } from '../projections/runner.js';
import { rebuild } from '../projections/rebuild.js';
import { benchSchema, cpuMeter, nodeFlagsOf } from './support.js';

const TARGET = 50_000;
const PERIOD = '2026-11';
const BATCH_SIZE = 10;

interface Append {
  stream: string;
  events: Event[];
}

/** What was written, to count rows against. */
interface Written {
  events: number;
  jobs: string[];
  webhookJobs: number;
  batches: string[];
  batchItems: number;
}

/** An account as the generator drives it: its key, and what its previous round left open. */
interface Account {
  id: string;
  keyId: string;
  round: number;
  /** Jobs submitted last round, ended this round: id, reservation, whether it has a callback. */
  open: { jobId: string; reservation: string; webhook: boolean }[];
  /** A batch submitted last round, finished this round. */
  openBatch: { batchId: string; reservation: string } | null;
}

const CHARGES_PER_ROUND = 12;
const JOBS_PER_ROUND = 2;

const request = (n: number) => ({ policy_number: `P-${n}`, country: 'DE', insurance_type: 'liability' });
const itemResult = (index: number): BatchItemResult => ({
  index,
  policy_number: `B-${index}`,
  country: 'DE',
  insurance_type: 'liability',
  provider: 'Example Versicherung',
  status: index % 7 === 0 ? 'unverified' : 'verified',
  confidence_score: 0.9,
  verification_sources: ['register'],
  insurer: null,
  flags: [],
  credits_charged: 1,
  error: null,
});

/** One round of an account's traffic, as the appends it makes, in order. */
function roundOf(account: Account, written: Omit<Written, 'events'>): Append[] {
  const r = account.round;
  account.round += 1;
  const { id, keyId } = account;
  if (r === 0) {
    const opened: AccountEvent[] = [
      {
        type: 'AccountOpened',
        data: {
          contact: { email: `owner-${id}@example.com`, name: 'Bench GmbH' },
          plan: 'growth',
          limits: PLANS.growth,
        },
      },
      {
        type: 'KeyActivated',
        data: {
          key_id: keyId,
          key_hash: `hash-${keyId}`,
          prefix: 'pk_live_',
          last4: keyId.slice(-4),
          mode: 'live',
          scopes: ['verify', 'jobs', 'batches'],
        },
      },
    ];
    const granted: LedgerEvent[] = [
      { type: 'CreditsGranted', data: { amount: 1_000_000, reason: 'monthly_allowance', period: PERIOD } },
    ];
    return [
      { stream: accountStream(id), events: opened },
      { stream: creditsStream(id), events: granted },
    ];
  }
  const appends: Append[] = [];
  // Last round's jobs end, their callbacks are delivered (a retry now and then), their reservations settle.
  const settled: LedgerEvent[] = [];
  for (const [i, job] of account.open.entries()) {
    const failed = (r + i) % 10 === 0;
    const events: JobEvent[] = failed
      ? [
          {
            type: 'JobFailed',
            data: { error: { error: 'provider_unavailable', message: 'the register did not answer', code: 503 } },
          },
        ]
      : [
          {
            type: 'JobCompleted',
            data: { result: { status: 'verified', confidence_score: 0.9, ...request(r) }, credits_charged: 1 },
          },
        ];
    if (job.webhook) {
      const retried = (r + i) % 3 === 0;
      if (retried)
        events.push({
          type: 'WebhookAttempted',
          data: { attempt: 1, status: 502, outcome: 'retryable', reason: 'bad gateway' },
        });
      events.push({
        type: 'WebhookAttempted',
        data: { attempt: retried ? 2 : 1, status: 200, outcome: 'delivered', reason: null },
      });
      events.push({ type: 'WebhookDelivered', data: { attempts: retried ? 2 : 1 } });
    }
    appends.push({ stream: jobStream(job.jobId), events });
    settled.push({
      type: 'ReservationSettled',
      data: { reservation_id: job.reservation, captured: failed ? 0 : 1, released: failed ? 1 : 0 },
    });
  }
  if (account.openBatch) {
    const { batchId, reservation } = account.openBatch;
    const items: BatchEvent[] = Array.from({ length: BATCH_SIZE }, (_, index) => ({
      type: 'BatchItemCompleted',
      data: { index, result: itemResult(index) },
    }));
    const verified = items.filter((e) => e.type === 'BatchItemCompleted' && e.data.result.status === 'verified').length;
    items.push({
      type: 'BatchCompleted',
      data: {
        summary: {
          verified,
          inconclusive: 0,
          unverified: BATCH_SIZE - verified,
          error: 0,
          credits_charged: BATCH_SIZE,
        },
      },
    });
    appends.push({ stream: batchStream(batchId), events: items });
    settled.push({
      type: 'ReservationSettled',
      data: { reservation_id: reservation, captured: BATCH_SIZE, released: 0 },
    });
    written.batchItems += BATCH_SIZE;
    account.openBatch = null;
  }
  // This round's synchronous verifications, charged as they are answered, and its new jobs' reservations.
  const credits: LedgerEvent[] = [...settled];
  for (let i = 0; i < CHARGES_PER_ROUND; i += 1)
    credits.push({ type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: `req-${r}-${i}` } });
  account.open = [];
  for (let i = 0; i < JOBS_PER_ROUND; i += 1) {
    const jobId = randomUUID();
    const webhook = (r + i) % 2 === 0;
    account.open.push({ jobId, reservation: `job-${jobId}`, webhook });
    credits.push({
      type: 'CreditsReserved',
      data: { reservation_id: `job-${jobId}`, amount: 1, operation: 'verify', reference: jobId },
    });
    written.jobs.push(jobId);
    if (webhook) written.webhookJobs += 1;
  }
  const batch = r % 4 === 1 ? randomUUID() : null;
  if (batch) {
    account.openBatch = { batchId: batch, reservation: `batch-${batch}` };
    credits.push({
      type: 'CreditsReserved',
      data: { reservation_id: `batch-${batch}`, amount: BATCH_SIZE, operation: 'batch', reference: batch },
    });
    written.batches.push(batch);
  }
  appends.push({ stream: creditsStream(id), events: credits });
  for (const job of account.open) {
    const submitted: JobEvent = {
      type: 'JobSubmitted',
      data: {
        kind: 'verification',
        mode: 'live',
        account_id: id,
        key_id: keyId,
        request: request(r),
        webhook_url: job.webhook ? 'https://hooks.example.com/pvs' : null,
        idempotency_key: null,
        request_hash: `h-${job.jobId}`,
      },
    };
    appends.push({ stream: jobStream(job.jobId), events: [submitted] });
  }
  if (batch) {
    const policies = Array.from({ length: BATCH_SIZE }, (_, index) => ({
      policy_number: `B-${index}`,
      country: 'DE' as const,
      insurance_type: 'motor' as const,
    }));
    const submitted: BatchEvent = {
      type: 'BatchSubmitted',
      data: {
        mode: 'live',
        account_id: id,
        key_id: keyId,
        total_count: BATCH_SIZE,
        policies,
        idempotency_key: null,
        request_hash: `h-${batch}`,
      },
    };
    appends.push({ stream: batchStream(batch), events: [submitted] });
  }
  const counted: UsageEvent[] = [
    {
      type: 'RequestsCounted',
      data: { key_id: keyId, period: PERIOD, day: '2026-11-27', count: CHARGES_PER_ROUND + JOBS_PER_ROUND },
    },
  ];
  appends.push({ stream: usageStream(id), events: counted });
  return appends;
}

/**
 * Appends rounds of every account until `total` events are written (exactly). A round of every account goes in a
 * few statements, each running the store's own append (es_append) once per stream in the order the accounts took
 * their turns, so that the feed interleaves them round-robin; the personal fields are sealed first as the sealed
 * store seals them (sealData, a data key made per stream). One append per statement would take most of an hour.
 */
async function fill(sql: Sql, keys: DataKeys, accounts: Account[], total: number): Promise<Written> {
  const written: Written = { events: 0, jobs: [], webhookJobs: 0, batches: [], batchItems: 0 };
  while (written.events < total) {
    const round: Append[] = [];
    for (const account of accounts) {
      if (written.events >= total) break;
      const made: Omit<Written, 'events'> = { jobs: [], webhookJobs: 0, batches: [], batchItems: 0 };
      const appends = roundOf(account, made);
      const size = appends.reduce((n, a) => n + a.events.length, 0);
      if (account.round > 1 && written.events + size > total) {
        // The last events: charges, so that every entity the counts expect is as its events leave it.
        const rest = total - written.events;
        written.events = total;
        const charges: LedgerEvent[] = Array.from({ length: rest }, (_, i) => ({
          type: 'CreditsCharged',
          data: { amount: 1, operation: 'verify', reference: `last-${i}` },
        }));
        if (rest > 0) round.push({ stream: creditsStream(account.id), events: charges });
        break;
      }
      written.events += size;
      written.jobs.push(...made.jobs);
      written.webhookJobs += made.webhookJobs;
      written.batches.push(...made.batches);
      written.batchItems += made.batchItems;
      round.push(...appends);
    }
    const payloads = await Promise.all(
      round.map(async ({ stream, events }) =>
        JSON.stringify(
          await Promise.all(
            events.map(async (e) => ({
              id: randomUUID(),
              type: e.type,
              data: await sealData(keys, stream, e.type, e.data),
              metadata: {},
            })),
          ),
        ),
      ),
    );
    for (let from = 0; from < round.length;) {
      let to = from;
      for (let n = 0; to < round.length && n < 5000; to += 1) n += round[to]!.events.length;
      await sql.query(
        `select count(*) from unnest($1::text[], $2::text[]) with ordinality as u(stream, events, n)
           cross join lateral es_append(u.stream, 'any', u.events)`,
        [round.slice(from, to).map((a) => a.stream), payloads.slice(from, to)],
      );
      from = to;
    }
  }
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

const sample = <T>(all: readonly T[], n: number): T[] => {
  if (all.length <= n) return [...all];
  const step = all.length / n;
  return Array.from({ length: n }, (_, i) => all[Math.floor(i * step)]!);
};

async function count(sql: Sql, table: string): Promise<number> {
  const [row] = await sql.query<{ n: string }>(`select count(*)::text as n from ${table}`);
  return Number(row!.n);
}

/** Every table a row per entity, and the sample's rows exactly the domain's folds of their streams. */
async function check(sql: Sql, events: EventStore, accounts: Account[], written: Written): Promise<string[]> {
  const wrong: string[] = [];
  const expected: Record<string, number> = {
    accounts: accounts.length,
    api_keys: accounts.length,
    balances: accounts.length,
    usage: accounts.length,
    jobs: written.jobs.length,
    webhook_deliveries: written.webhookJobs,
    batches: written.batches.length,
    batch_items: written.batchItems,
  };
  for (const [table, n] of Object.entries(expected)) {
    const rows = await count(sql, table);
    if (rows !== n) wrong.push(`${table} has ${rows} rows, expected ${n}`);
  }
  for (const { id } of sample(accounts, 200)) {
    const stream = await readEvents(events, creditsStream, id);
    const folded = fold(ledgerDecider, stream);
    const row = await findBalance(sql, id);
    const got = row && {
      balance: Number(row.balance),
      reserved: Number(row.reserved),
      revision: Number(row.revision),
      period: row.period,
    };
    const want = {
      balance: folded.balance,
      reserved: reservedOf(folded),
      revision: stream.length - 1,
      period: folded.period,
    };
    if (!isDeepStrictEqual(got, want))
      wrong.push(`balance of ${id}: ${JSON.stringify(got)}, the fold ${JSON.stringify(want)}`);
  }
  for (const id of sample(written.jobs, 500)) {
    const [row] = await sql.query('select * from jobs where job_id = $1', [id]);
    const want = foldJobRow(id, await readEvents(events, jobStream, id));
    if (!isDeepStrictEqual(row ?? null, want))
      wrong.push(`job ${id}: ${JSON.stringify(row)}, the fold ${JSON.stringify(want)}`);
  }
  for (const id of sample(written.batches, 500)) {
    const folded = foldBatchRow(id, await readEvents(events, batchStream, id))!;
    const [row] = await sql.query('select * from batches where batch_id = $1', [id]);
    if (!isDeepStrictEqual(row, folded.row))
      wrong.push(`batch ${id}: ${JSON.stringify(row)}, the fold ${JSON.stringify(folded.row)}`);
    const items = await sql.query('select index, result from batch_items where batch_id = $1 order by index', [id]);
    if (!isDeepStrictEqual(items, folded.items))
      wrong.push(`batch ${id}: items ${JSON.stringify(items)}, the fold keeps ${JSON.stringify(folded.items)}`);
  }
  return wrong;
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
      const [row] = await sql.query<{ filled: Filled }>(`select filled from ${FILLED}`);
      filled = row!.filled;
      await emptyReadModels(sql);
    } else {
      const total = Number(values.events);
      const accounts: Account[] = Array.from({ length: Number(values.accounts) }, () => ({
        id: randomUUID(),
        keyId: randomUUID(),
        round: 0,
        open: [],
        openBatch: null,
      }));
      await migrate(sql, [...eventStoreMigrations, ...dataKeyMigrations, ...projectionMigrations(allProjections)]);
      const master = newPayloadKey('bench-master');
      const keys = new DataKeys(sql, parsePayloadKeys(master));
      await keys.verifyMasters();
      const filling = performance.now();
      const written = await fill(sql, keys, accounts, total);
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
        `${written.jobs.length} jobs (${written.webhookJobs} with a callback), ${written.batches.length} batches of ${BATCH_SIZE}` +
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
    const wrong = await check(sql, events, accounts, written);
    if (wrong.length > 0)
      throw new Error(
        `the rebuilt read models differ from the domain's folds:\n${wrong
          .slice(0, 5)
          .map((w) => w.slice(0, 1500))
          .join('\n')}`,
      );
    console.log(
      `checked: row counts of 8 tables, 200 balances, ${Math.min(500, written.jobs.length)} jobs, ${Math.min(500, written.batches.length)} batches equal the folds (${((performance.now() - checking) / 1000).toFixed(1)} s)`,
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
