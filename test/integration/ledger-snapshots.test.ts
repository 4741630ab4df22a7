// Snapshots of the credit ledger (issue 34): an account's first call after a restart folds the latest snapshot and
// at most SNAPSHOT_EVERY events, not its whole history; the state is the one the whole stream folds into; a
// snapshot of another shape is ignored; two processes saving at once cannot move one backwards; the warm-up
// snapshots the ledgers a version change left without one.
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../domain/decider.js';
import { creditsStream, ledgerDecider, type LedgerEvent } from '../../domain/ledger/ledger.js';
import { eventStoreMigrations } from '../../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../../infra/eventstore/postgres.js';
import { snapshotMigrations, sqlSnapshots } from '../../infra/eventstore/snapshots.js';
import { eventPages, type EventStore } from '../../infra/eventstore/types.js';
import {
  LEDGER_SNAPSHOT_VERSION,
  Ledger,
  SNAPSHOT_EVERY,
  type ChainedLedger,
} from '../../application/ledger/ledger.js';
import { ledgersToWarm, startLedgerWarmup } from '../../application/ledger/warmup.js';
import { businessMetrics } from '../../infra/metrics.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { testDatabases } from '../support/sql.js';

describe.each(testDatabases())('ledger snapshots ($name)', (database) => {
  let sql: Sql;
  let events: EventStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await database.open();
    ({ sql, close } = opened);
    await migrate(sql, [...eventStoreMigrations, ...snapshotMigrations]);
    events = postgresEventStore(sql);
  });
  afterAll(async () => close());

  /** The store, counting the events each read a fold makes hands back. */
  const counting = () => {
    let read = 0;
    const store: EventStore = {
      ...events,
      readStreamData: async (stream, options) => {
        const got = await events.readStreamData(stream, options);
        read += got.length;
        return got;
      },
    };
    return { store, read: () => read };
  };

  /** A long history, as months of charges leave it: an allowance, then `charges` charges. */
  async function history(account: string, charges: number) {
    const all: LedgerEvent[] = [
      { type: 'CreditsGranted', data: { amount: charges + 10, reason: 'top_up', period: '2026-11' } },
    ];
    for (let i = 0; i < charges; i += 1)
      all.push({ type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: `r${i}` } });
    for (let i = 0; i < all.length; i += 1000) await events.append(creditsStream(account), all.slice(i, i + 1000));
    return fold(ledgerDecider, all);
  }

  it('loads from the latest snapshot and the events after it, to the same state the whole stream gives', async () => {
    const account = randomUUID();
    const expected = await history(account, 3 * SNAPSHOT_EVERY + 123);
    const snapshots = sqlSnapshots<ChainedLedger>(sql, LEDGER_SNAPSHOT_VERSION);

    // No snapshot yet: the first load folds it all (a page at a time) and leaves one behind.
    const first = counting();
    const { revision: _r, ...state } = await new Ledger(first.store, undefined, snapshots).state(account);
    expect(state).toEqual(expected);
    expect(first.read()).toBe(3 * SNAPSHOT_EVERY + 124);
    await expect
      .poll(async () => (await snapshots.load(creditsStream(account)))?.revision)
      .toBe(3 * SNAPSHOT_EVERY + 123);

    // A restart: the next process reads the snapshot and nothing before it.
    await events.append(creditsStream(account), [
      { type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: 'late' } },
    ]);
    const cold = counting();
    const { revision, ...again } = await new Ledger(cold.store, undefined, snapshots).state(account);
    expect(revision).toBe(3 * SNAPSHOT_EVERY + 124);
    expect(again).toEqual({ ...expected, balance: expected.balance - 1 });
    expect(cold.read()).toBe(1);
  });

  it('crosses a month with a reservation open: a load from a November snapshot decides December as the whole stream does', async () => {
    const account = randomUUID();
    const snapshots = sqlSnapshots<ChainedLedger>(sql, LEDGER_SNAPSHOT_VERSION);
    const november = new Ledger(events, () => new Date('2026-11-28T12:00:00Z'), snapshots);
    await november.open(account, SNAPSHOT_EVERY + 100);
    await november.reserve(account, {
      allowance: SNAPSHOT_EVERY + 100,
      reservationId: 'job-1',
      amount: 5,
      operation: 'verify',
      reference: 'job-1',
    });
    for (let i = 0; i < SNAPSHOT_EVERY; i += 1)
      await november.charge(account, { allowance: SNAPSHOT_EVERY + 100, operation: 'verify', reference: `n${i}` });
    await expect.poll(async () => (await snapshots.load(creditsStream(account)))?.revision).toBe(SNAPSHOT_EVERY - 1);

    // Another process, in December, from the snapshot: the month's rollover expires what was available, keeps the
    // reservation, and the reservation settles against it.
    const december = new Ledger(events, () => new Date('2026-12-02T09:00:00Z'), snapshots);
    await december.charge(account, { allowance: 50, operation: 'verify', reference: 'd1' });
    await december.settle(account, { reservationId: 'job-1', captured: 3 });
    const { revision: _r, ...state } = await new Ledger(events, undefined, snapshots).state(account);
    const whole = fold(ledgerDecider, (await events.readStream(creditsStream(account))) as unknown as LedgerEvent[]);
    expect(state).toEqual(whole);
    // November left 100 owned, 5 of them reserved; December expires the 95 available, grants 50, charges 1, and
    // captures 3 of the reservation.
    expect(state).toMatchObject({ period: '2026-12', reservations: {}, balance: 100 - 95 + 50 - 1 - 3 });
  });

  it('lets two processes decide on one account at once, each snapshotting, and loads what the stream folds into', async () => {
    const account = randomUUID();
    const snapshots = sqlSnapshots<ChainedLedger>(sql, LEDGER_SNAPSHOT_VERSION);
    const clock = () => new Date('2026-11-15T12:00:00Z');
    const [a, b] = [new Ledger(events, clock, snapshots), new Ledger(events, clock, snapshots)];
    await a.grant(account, { allowance: 0, amount: 3 * SNAPSHOT_EVERY, reason: 'top_up' });
    await Promise.all(
      Array.from({ length: 2 * SNAPSHOT_EVERY + 50 }, (_, i) =>
        (i % 2 ? a : b).charge(account, { allowance: 0, operation: 'verify', reference: `p${i}` }),
      ),
    );
    const stored = await snapshots.load(creditsStream(account));
    expect(stored!.revision).toBeGreaterThanOrEqual(SNAPSHOT_EVERY - 1);
    const { revision, ...state } = await new Ledger(events, undefined, snapshots).state(account);
    const stream = (await events.readStream(creditsStream(account))) as unknown as (LedgerEvent & {
      revision: number;
    })[];
    expect(revision).toBe(stream.length - 1);
    expect(stream.filter((e) => e.type === 'CreditsCharged')).toHaveLength(2 * SNAPSHOT_EVERY + 50);
    expect(state).toEqual(fold(ledgerDecider, stream));
  });

  it("walks a long stream a page at a time (the auditor's reconcile), never holding it whole", async () => {
    const account = randomUUID();
    const expected = await history(account, 2_400);
    const sizes: number[] = [];
    let state = ledgerDecider.initialState();
    for await (const page of eventPages(events, creditsStream, account)) {
      sizes.push(page.length);
      state = fold(ledgerDecider, page, state);
    }
    expect(sizes).toEqual([1000, 1000, 401]);
    expect(state).toEqual(expected);
  });

  it('takes a snapshot as decisions pass every SNAPSHOT_EVERY events, and ignores one of another shape', async () => {
    const account = randomUUID();
    const snapshots = sqlSnapshots<ChainedLedger>(sql, LEDGER_SNAPSHOT_VERSION);
    const ledger = new Ledger(events, () => new Date('2026-11-15T12:00:00Z'), snapshots);
    await ledger.grant(account, { allowance: 0, amount: SNAPSHOT_EVERY + 10, reason: 'top_up' });
    for (let i = 0; i < SNAPSHOT_EVERY + 2; i += 1)
      await ledger.charge(account, { allowance: 0, operation: 'verify', reference: `c${i}` });
    await expect.poll(async () => (await snapshots.load(creditsStream(account)))?.revision).toBe(SNAPSHOT_EVERY - 1); // the 500th event, revision 499

    // Another shape of state (a later version's) is not read as this one.
    const other = sqlSnapshots<ChainedLedger>(sql, 'ledger-0');
    expect(await other.load(creditsStream(account))).toBeNull();
    // And a save cannot move a snapshot back.
    const stored = (await snapshots.load(creditsStream(account)))!;
    await snapshots.save(creditsStream(account), {
      revision: 3,
      state: {
        ledger: { period: null, balance: 999, reservations: {} },
        head: '0'.repeat(64),
        revision: 3,
        started: false,
      },
    });
    expect((await snapshots.load(creditsStream(account)))!.revision).toBe(stored.revision);
  });

  // The warm-up (issue 40 item 7): after a change of snapshot version, every ledger long enough to need one is
  // snapshotted in the background, longest first, with progress logged and a metric; one process at a time.
  const logged = () => {
    const lines: { msg: string; [key: string]: unknown }[] = [];
    return {
      lines,
      logger: pino(
        { level: 'info' },
        { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
      ),
    };
  };

  it('snapshots, longest first, every ledger with no snapshot of the new version, and logs and counts it', async () => {
    const [long, longer, short]: [string, string, string] = [randomUUID(), randomUUID(), randomUUID()];
    const expected = {
      long: await history(long, SNAPSHOT_EVERY + 3),
      longer: await history(longer, 2 * SNAPSHOT_EVERY + 7),
    };
    await history(short, 10);
    // Snapshots of the version before the deploy: ignored by the new one.
    const before = new Ledger(events, undefined, sqlSnapshots<ChainedLedger>(sql, 'warmup-old'));
    for (const account of [long, longer]) await before.snapshot(account);
    const version = `warmup-${randomUUID()}`;
    const snapshots = sqlSnapshots<ChainedLedger>(sql, version);

    // The other tests' ledgers are here too.
    const found = await ledgersToWarm(sql, version);
    expect(found.filter((l) => [long, longer, short].includes(l.accountId))).toEqual([
      { accountId: longer, events: 2 * SNAPSHOT_EVERY + 8 },
      { accountId: long, events: SNAPSHOT_EVERY + 4 },
    ]);
    expect(found.map((l) => l.events)).toEqual(found.map((l) => l.events).sort((a, b) => b - a));
    const { lines, logger } = logged();
    await startLedgerWarmup({ sql, events, logger, version }).done;

    expect(await snapshots.load(creditsStream(longer))).toMatchObject({
      revision: 2 * SNAPSHOT_EVERY + 7,
      state: { ledger: expected.longer, revision: 2 * SNAPSHOT_EVERY + 7 },
    });
    expect(await snapshots.load(creditsStream(long))).toMatchObject({
      revision: SNAPSHOT_EVERY + 3,
      state: { ledger: expected.long, revision: SNAPSHOT_EVERY + 3 },
    });
    // A load folds at most SNAPSHOT_EVERY events anyway: no snapshot for a short ledger.
    expect(await snapshots.load(creditsStream(short))).toBeNull();
    expect(await ledgersToWarm(sql, version)).toEqual([]);
    expect(lines.map((line) => line.msg)).toEqual([
      'ledger warm-up: snapshotting ledgers without a snapshot of this version',
      'ledger warm-up: finished',
    ]);
    expect(lines[0]).toMatchObject({ ledgers: found.length, events: found.reduce((sum, l) => sum + l.events, 0) });
    expect(lines[1]).toMatchObject({ done: found.length, failed: 0, remaining: 0 });
    expect(await businessMetrics.getSingleMetricAsString('pvs_ledger_warmup_remaining')).toMatch(
      /^pvs_ledger_warmup_remaining 0$/m,
    );

    // A later start finds nothing to do and says nothing.
    const again = logged();
    await startLedgerWarmup({ sql, events, logger: again.logger, version }).done;
    expect(again.lines).toEqual([]);
  });

  it.runIf(database.name === 'postgres')(
    'waits while another process holds the warm-up, then does what is left',
    async () => {
      const account = randomUUID();
      const expected = await history(account, SNAPSHOT_EVERY);
      const version = `warmup-${randomUUID()}`;
      const snapshots = sqlSnapshots<ChainedLedger>(sql, version);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const other = sql.transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(hashtext(current_schema() || '.ledger-warmup'))`);
        locked();
        await held;
      });
      await isLocked;
      const warmup = startLedgerWarmup({ sql, events, logger: logged().logger, version, retryMs: 50 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await snapshots.load(creditsStream(account))).toBeNull();
      release();
      await other;
      await warmup.done;
      expect(await snapshots.load(creditsStream(account))).toMatchObject({
        revision: SNAPSHOT_EVERY,
        state: { ledger: expected, revision: SNAPSHOT_EVERY },
      });
    },
  );
});
