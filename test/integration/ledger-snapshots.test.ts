// Snapshots of the credit ledger (issue 34): an account's first call after a restart folds the latest snapshot and
// at most SNAPSHOT_EVERY events, not its whole history; the state is the one the whole stream folds into; a
// snapshot of another shape is ignored; two processes saving at once cannot move one backwards.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsStream, foldLedger, initialLedger, type LedgerEvent, type LedgerState } from '../../domain/ledger/ledger.js';
import { eventStoreMigrations, postgresEventStore } from '../../infra/eventstore/postgres.js';
import { snapshotMigrations, sqlSnapshots } from '../../infra/eventstore/snapshots.js';
import { eventPages, type EventStore, type StoredEvent } from '../../infra/eventstore/types.js';
import { LEDGER_SNAPSHOT_VERSION, Ledger, SNAPSHOT_EVERY } from '../../infra/ledger.js';
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

  /** The store, counting the events each read hands back. */
  const counting = () => {
    let read = 0;
    const store: EventStore = {
      ...events,
      readStream: async (stream, options) => {
        const got: StoredEvent[] = await events.readStream(stream, options);
        read += got.length;
        return got;
      },
    };
    return { store, read: () => read };
  };

  /** A long history, as months of charges leave it: an allowance, then `charges` charges. */
  async function history(account: string, charges: number) {
    const all: LedgerEvent[] = [{ type: 'CreditsGranted', data: { amount: charges + 10, reason: 'top_up', period: '2026-11' } }];
    for (let i = 0; i < charges; i += 1) all.push({ type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: `r${i}` } });
    for (let i = 0; i < all.length; i += 1000) await events.append(creditsStream(account), all.slice(i, i + 1000));
    return foldLedger(all);
  }

  it('loads from the latest snapshot and the events after it, to the same state the whole stream gives', async () => {
    const account = randomUUID();
    const expected = await history(account, 3 * SNAPSHOT_EVERY + 123);
    const snapshots = sqlSnapshots<LedgerState>(sql, LEDGER_SNAPSHOT_VERSION);

    // No snapshot yet: the first load folds it all (a page at a time) and leaves one behind.
    const first = counting();
    const { revision: _r, ...state } = await new Ledger(first.store, undefined, snapshots).state(account);
    expect(state).toEqual(expected);
    expect(first.read()).toBe(3 * SNAPSHOT_EVERY + 124);
    await expect.poll(async () => (await snapshots.load(creditsStream(account)))?.revision).toBe(3 * SNAPSHOT_EVERY + 123);

    // A restart: the next process reads the snapshot and nothing before it.
    await events.append(creditsStream(account), [{ type: 'CreditsCharged', data: { amount: 1, operation: 'verify', reference: 'late' } }]);
    const cold = counting();
    const { revision, ...again } = await new Ledger(cold.store, undefined, snapshots).state(account);
    expect(revision).toBe(3 * SNAPSHOT_EVERY + 124);
    expect(again).toEqual({ ...expected, balance: expected.balance - 1 });
    expect(cold.read()).toBe(1);
  });

  it('crosses a month with a reservation open: a load from a November snapshot decides December as the whole stream does', async () => {
    const account = randomUUID();
    const snapshots = sqlSnapshots<LedgerState>(sql, LEDGER_SNAPSHOT_VERSION);
    const november = new Ledger(events, () => new Date('2026-11-28T12:00:00Z'), snapshots);
    await november.open(account, SNAPSHOT_EVERY + 100);
    await november.reserve(account, { allowance: SNAPSHOT_EVERY + 100, reservationId: 'job-1', amount: 5, operation: 'verify', reference: 'job-1' });
    for (let i = 0; i < SNAPSHOT_EVERY; i += 1) await november.charge(account, { allowance: SNAPSHOT_EVERY + 100, operation: 'verify', reference: `n${i}` });
    await expect.poll(async () => (await snapshots.load(creditsStream(account)))?.revision).toBe(SNAPSHOT_EVERY - 1);

    // Another process, in December, from the snapshot: the month's rollover expires what was available, keeps the
    // reservation, and the reservation settles against it.
    const december = new Ledger(events, () => new Date('2026-12-02T09:00:00Z'), snapshots);
    await december.charge(account, { allowance: 50, operation: 'verify', reference: 'd1' });
    await december.settle(account, { reservationId: 'job-1', captured: 3 });
    const { revision: _r, ...state } = await new Ledger(events, undefined, snapshots).state(account);
    const whole = foldLedger((await events.readStream(creditsStream(account))) as unknown as LedgerEvent[]);
    expect(state).toEqual(whole);
    // November left 100 owned, 5 of them reserved; December expires the 95 available, grants 50, charges 1, and
    // captures 3 of the reservation.
    expect(state).toMatchObject({ period: '2026-12', reservations: {}, balance: 100 - 95 + 50 - 1 - 3 });
  });

  it('lets two processes decide on one account at once, each snapshotting, and loads what the stream folds into', async () => {
    const account = randomUUID();
    const snapshots = sqlSnapshots<LedgerState>(sql, LEDGER_SNAPSHOT_VERSION);
    const clock = () => new Date('2026-11-15T12:00:00Z');
    const [a, b] = [new Ledger(events, clock, snapshots), new Ledger(events, clock, snapshots)];
    await a.grant(account, { allowance: 0, amount: 3 * SNAPSHOT_EVERY, reason: 'top_up' });
    await Promise.all(
      Array.from({ length: 2 * SNAPSHOT_EVERY + 50 }, (_, i) => (i % 2 ? a : b).charge(account, { allowance: 0, operation: 'verify', reference: `p${i}` })),
    );
    const stored = await snapshots.load(creditsStream(account));
    expect(stored!.revision).toBeGreaterThanOrEqual(SNAPSHOT_EVERY - 1);
    const { revision, ...state } = await new Ledger(events, undefined, snapshots).state(account);
    const stream = (await events.readStream(creditsStream(account))) as unknown as (LedgerEvent & { revision: number })[];
    expect(revision).toBe(stream.length - 1);
    expect(stream.filter((e) => e.type === 'CreditsCharged')).toHaveLength(2 * SNAPSHOT_EVERY + 50);
    expect(state).toEqual(foldLedger(stream));
  });

  it('walks a long stream a page at a time (the auditor\'s reconcile), never holding it whole', async () => {
    const account = randomUUID();
    const expected = await history(account, 2_400);
    const sizes: number[] = [];
    let state = initialLedger;
    for await (const page of eventPages(events, creditsStream, account)) {
      sizes.push(page.length);
      state = foldLedger(page, state);
    }
    expect(sizes).toEqual([1000, 1000, 401]);
    expect(state).toEqual(expected);
  });

  it('takes a snapshot as decisions pass every SNAPSHOT_EVERY events, and ignores one of another shape', async () => {
    const account = randomUUID();
    const snapshots = sqlSnapshots<LedgerState>(sql, LEDGER_SNAPSHOT_VERSION);
    const ledger = new Ledger(events, () => new Date('2026-11-15T12:00:00Z'), snapshots);
    await ledger.grant(account, { allowance: 0, amount: SNAPSHOT_EVERY + 10, reason: 'top_up' });
    for (let i = 0; i < SNAPSHOT_EVERY + 2; i += 1) await ledger.charge(account, { allowance: 0, operation: 'verify', reference: `c${i}` });
    await expect.poll(async () => (await snapshots.load(creditsStream(account)))?.revision).toBe(SNAPSHOT_EVERY - 1); // the 500th event, revision 499

    // Another shape of state (a later version's) is not read as this one.
    const other = sqlSnapshots<LedgerState>(sql, 'ledger-0');
    expect(await other.load(creditsStream(account))).toBeNull();
    // And a save cannot move a snapshot back.
    const stored = (await snapshots.load(creditsStream(account)))!;
    await snapshots.save(creditsStream(account), { revision: 3, state: { period: null, balance: 999, reservations: {} } });
    expect((await snapshots.load(creditsStream(account)))!.revision).toBe(stored.revision);
  });
});
