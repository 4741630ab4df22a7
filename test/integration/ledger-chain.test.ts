// The ledger's hash chain and signed statements on a real event store (issue 43): links computed where decisions
// are made hold across a month, two processes, a snapshot and the migration of a stream written before the chain,
// and a signed statement verifies against the export with the verifier's own code.
import { generateKeyPairSync } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../infra/sql/sql.js';
import { exportPages } from '../../application/ledger/export.js';
import { chainOf, GENESIS, linkOf } from '../../domain/ledger/chain.js';
import { creditsStream, type LedgerEvent } from '../../domain/ledger/ledger.js';
import { statementDigest, type LedgerStatement } from '../../domain/ledger/statement.js';
import { verifyLedger } from '../../domain/ledger/verification.js';
import { eventStoreMigrations } from '../../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../../infra/eventstore/postgres.js';
import { snapshotMigrations, sqlSnapshots } from '../../infra/eventstore/snapshots.js';
import type { EventStore, NewEvent, StoredEvent } from '../../infra/eventstore/types.js';
import {
  LEDGER_SNAPSHOT_VERSION,
  Ledger,
  SNAPSHOT_EVERY,
  type ChainedLedger,
} from '../../application/ledger/ledger.js';
import { chainMigrationMigrations, migrateChain } from '../../application/ledger/chain-migration.js';
import {
  ledgerStatementMigrations,
  signClosedMonth,
  signingKeys,
  listStatements,
  signStatement,
  type SigningKey,
} from '../../application/ledger/statements.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { testDatabases } from '../support/sql.js';

const keys: SigningKey[] = signingKeys([{ id: 'ltest', key: Buffer.alloc(32, 7) }]);
const verifying = { byId: new Map(keys.map((k) => [k.id, k.publicKey])), any: [] };

describe.each(testDatabases())('ledger hash chain ($name)', (database) => {
  let sql: Sql;
  let events: EventStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await database.open();
    ({ sql, close } = opened);
    await migrate(sql, [
      ...eventStoreMigrations,
      ...snapshotMigrations,
      ...ledgerStatementMigrations,
      ...chainMigrationMigrations,
    ]);
    events = postgresEventStore(sql);
  });
  afterAll(async () => close());

  const exported = async (account: string) => {
    let text = '';
    for await (const lines of exportPages(events, account)) text += lines;
    return text.split('\n');
  };

  /** The head the events' content hashes to, from the genesis: what the fold computed for every event before. */
  const recomputed = (stored: readonly StoredEvent[]) =>
    stored.reduce((head, event) => {
      const link = chainOf(event.metadata);
      return linkOf(head, { ...event, recorded_at: link?.version === 2 ? link.at : undefined });
    }, GENESIS);

  /** Every event's link, checked against the one before it and against its content, by the verifier's code. */
  async function expectChained(account: string, statements: LedgerStatement[] = []) {
    const report = verifyLedger(await exported(account), statements, verifying);
    expect(report.failure).toBeNull();
    const stored = await events.readStream(creditsStream(account));
    return stored;
  }

  it('chains a month boundary: December goes on from November’s last link', async () => {
    const account = randomUUID();
    let now = new Date('2026-11-30T23:59:59Z');
    const ledger = new Ledger(events, () => now);
    await ledger.open(account, 5);
    await ledger.charge(account, { allowance: 5, operation: 'verify', reference: 'nov' });
    now = new Date('2026-12-01T00:00:01Z');
    await ledger.charge(account, { allowance: 7, operation: 'verify', reference: 'dec' });
    const stored = await expectChained(account);
    expect(stored.map((e) => e.type)).toEqual([
      'CreditsGranted',
      'CreditsCharged',
      'CreditsExpired',
      'CreditsGranted',
      'CreditsCharged',
    ]);
    expect(chainOf(stored[0]!.metadata)!.prev).toBe(GENESIS);
    // The rollover's events, decided with December's charge, chain on from November's charge.
    expect(chainOf(stored[2]!.metadata)!.prev).toBe(chainOf(stored[1]!.metadata)!.hash);
    expect((await ledger.head(account)).head).toBe(chainOf(stored[4]!.metadata)!.hash);
  });

  it('holds under two processes appending at once, each group-committing', async () => {
    const account = randomUUID();
    const clock = () => new Date('2026-11-15T12:00:00Z');
    const [a, b] = [new Ledger(events, clock), new Ledger(events, clock)];
    await a.grant(account, { allowance: 0, amount: 400, reason: 'top_up' });
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        (i % 2 ? a : b).charge(account, { allowance: 0, operation: 'verify', reference: `p${i}` }),
      ),
    );
    const stored = await expectChained(account);
    // The grant's rollover (an allowance of 0), the top-up, and the 300 charges.
    expect(stored).toHaveLength(302);
    expect(new Set(stored.map((e) => chainOf(e.metadata)!.prev)).size).toBe(302);
    // Both processes know the head the stream folds to.
    expect((await a.head(account)).head).toBe((await b.head(account)).head);
  });

  it('goes on across a snapshot: a cold process chains from the snapshot’s head', async () => {
    const account = randomUUID();
    const snapshots = sqlSnapshots<ChainedLedger>(sql, LEDGER_SNAPSHOT_VERSION);
    const clock = () => new Date('2026-11-15T12:00:00Z');
    const first = new Ledger(events, clock, snapshots);
    await first.grant(account, { allowance: 0, amount: SNAPSHOT_EVERY + 10, reason: 'top_up' });
    for (let i = 0; i < SNAPSHOT_EVERY; i += 1)
      await first.charge(account, { allowance: 0, operation: 'verify', reference: `s${i}` });
    await expect.poll(async () => (await snapshots.load(creditsStream(account)))?.revision).toBe(SNAPSHOT_EVERY - 1);
    const snapshot = (await snapshots.load(creditsStream(account)))!;
    const stored = await events.readStream(creditsStream(account), { fromRevision: SNAPSHOT_EVERY - 1, maxCount: 1 });
    expect(snapshot.state.head).toBe(chainOf(stored[0]!.metadata)!.hash);

    // A new process whose store cannot read what precedes the snapshot: its link can only come from the snapshot.
    const blind: EventStore = {
      ...events,
      readStreamData: (stream, options) => {
        if ((options?.fromRevision ?? 0) < SNAPSHOT_EVERY) throw new Error('read before the snapshot');
        return events.readStreamData(stream, options);
      },
    };
    await new Ledger(blind, clock, snapshots).charge(account, {
      allowance: 0,
      operation: 'verify',
      reference: 'after',
    });
    const all = await expectChained(account);
    expect(all).toHaveLength(SNAPSHOT_EVERY + 3);
  });

  it('migrates a stream written before the chain once, recording the head it started from', async () => {
    const account = randomUUID();
    const stream = creditsStream(account);
    // As the service wrote them before: no chain link in metadata.
    await events.append(stream, [
      {
        type: 'CreditsGranted',
        data: { amount: 10, reason: 'monthly_allowance', period: '2026-11' },
        metadata: { actor: 'system' },
      },
      { type: 'CreditsCharged', data: { amount: 2, operation: 'verify', reference: 'old' } },
    ]);
    const ledger = new Ledger(events, () => new Date('2026-11-20T00:00:00Z'));
    const before = await ledger.head(account);
    const deps = { sql, events, ledger, accountIds: async () => [account] };
    expect((await migrateChain(deps)).chained).toBeGreaterThanOrEqual(1);
    await ledger.charge(account, { allowance: 10, operation: 'verify', reference: 'new' });
    // Again, and from another process that has not seen it: nothing more.
    await migrateChain(deps);
    await migrateChain({ ...deps, ledger: new Ledger(events) });
    const stored = await expectChained(account);
    expect(stored.map((e) => e.type)).toEqual([
      'CreditsGranted',
      'CreditsCharged',
      'LedgerChainStarted',
      'CreditsCharged',
    ]);
    expect(stored[2]!.data).toEqual({ through_revision: 1, head: before.head });
    expect(chainOf(stored[0]!.metadata)).toBeNull();
    expect(chainOf(stored[2]!.metadata)!.prev).toBe(before.head);
    // A cold fold hashes the events before the chain and goes on from the links: the head their content gives.
    expect((await new Ledger(events).head(account)).head).toBe(recomputed(stored));

    // An old event edited in the table breaks the recorded head.
    const lines = await exported(account);
    const edited = lines.map((line, i) => (i === 1 ? line.replace('"amount":2', '"amount":1') : line));
    expect(verifyLedger(edited, [], verifying).failure).toMatchObject({
      check: 'anchor',
      where: `${stream}@2 (line 3)`,
    });
  });

  // A full fold (no snapshot of the current version) takes each event's link from its metadata rather than hash
  // every event (docs/ledger-verification.md, "What the service checks").
  it('folds cold to the head the content hashes to, taken from the last link', async () => {
    const account = randomUUID();
    const clock = () => new Date('2026-11-15T12:00:00Z');
    const ledger = new Ledger(events, clock);
    await ledger.open(account, 50);
    for (let i = 0; i < 20; i += 1)
      await ledger.charge(account, { allowance: 50, operation: 'verify', reference: `c${i}` });
    await ledger.reserve(account, {
      allowance: 50,
      reservationId: 'job',
      amount: 5,
      operation: 'batch',
      reference: 'job',
    });
    await ledger.settle(account, { reservationId: 'job', captured: 3 });
    const stored = await expectChained(account);
    const cold = new Ledger(events);
    expect(await cold.head(account)).toEqual({ head: recomputed(stored), revision: stored.length - 1 });
    expect((await cold.head(account)).head).toBe(chainOf(stored.at(-1)!.metadata)!.hash);
    expect(await cold.state(account)).toMatchObject({ balance: 50 - 20 - 3, reservations: {} });
    // And the next event chains on from it.
    await cold.charge(account, { allowance: 50, operation: 'verify', reference: 'next' });
    await expectChained(account);
  });

  it('hashes only the events without a link, from the last link, and takes a link as written', async () => {
    const stream = creditsStream(randomUUID());
    const grant: LedgerEvent = { type: 'CreditsGranted', data: { amount: 5, reason: 'top_up', period: '2026-11' } };
    const charge = (reference: string): LedgerEvent => ({
      type: 'CreditsCharged',
      data: { amount: 1, operation: 'verify', reference },
    });
    const link = (
      event: LedgerEvent,
      revision: number,
      prev: string,
      hash = linkOf(prev, { ...event, stream, revision }),
    ): NewEvent<LedgerEvent> => ({
      ...event,
      metadata: { chain: { prev, hash } },
    });
    const h0 = linkOf(GENESIS, { ...grant, stream, revision: 0 });
    const h1 = linkOf(h0, { ...charge('a'), stream, revision: 1 });
    // Two events appended without a link after the chain (by a process older than it): hashed on from event 1's.
    await events.append(stream, [link(grant, 0, GENESIS), link(charge('a'), 1, h0), charge('b'), charge('c')]);
    const id = creditsStream.idOf(stream);
    const stored = await events.readStream(stream);
    expect((await new Ledger(events).head(id)).head).toBe(recomputed(stored));
    expect(recomputed(stored.slice(0, 2))).toBe(h1);
    expect(verifyLedger(await exported(id), [], verifying).failure).toMatchObject({
      check: 'unchained',
      where: `${stream}@2 (line 3)`,
    });

    // A link is taken without hashing its event: a forged one is the verifier's to catch.
    const other = randomUUID();
    const forged = 'a'.repeat(64);
    const g0 = linkOf(GENESIS, { ...grant, stream: creditsStream(other), revision: 0 });
    await events.append(creditsStream(other), [link(grant, 0, GENESIS, g0), link(charge('d'), 1, g0, forged)]);
    expect((await new Ledger(events).head(other)).head).toBe(forged);
    expect(recomputed(await events.readStream(creditsStream(other)))).not.toBe(forged);
    expect(verifyLedger(await exported(other), [], verifying).failure).toMatchObject({
      check: 'hash',
      where: `${creditsStream(other)}@1 (line 2)`,
    });
  });

  it('signs an ended month that the verifier accepts with the export, and the month’s close signs each account once', async () => {
    const account = randomUUID();
    const ledger = new Ledger(events);
    await ledger.open(account, 10);
    await ledger.reserve(account, {
      allowance: 10,
      reservationId: 'job',
      amount: 3,
      operation: 'batch',
      reference: 'job',
    });
    await ledger.settle(account, { reservationId: 'job', captured: 2 });
    await ledger.charge(account, { allowance: 10, operation: 'verify', reference: 'r' });
    const now = new Date();
    const period = now.toISOString().slice(0, 7);
    // The month is not over: nothing is signed.
    await expect(signStatement({ sql, events, keys }, account, period, now)).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/has not ended/),
    });
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 10));
    const deps = { sql, events, keys, accountIds: async () => [account] };
    expect(await signClosedMonth(deps, nextMonth)).toEqual({ period, signed: 1 });
    expect(await signClosedMonth(deps, nextMonth)).toEqual({ period, signed: 0 });
    const [statement] = await listStatements(sql, account);
    expect(statement).toMatchObject({
      account_id: account,
      period,
      first_revision: 0,
      last_revision: 3,
      event_count: 4,
      opening_balance: 0,
      closing_balance: 7,
      totals: {
        'granted:monthly_allowance': 10,
        'reserved:batch': 3,
        'captured:batch': 2,
        'released:batch': 1,
        'charged:verify': 1,
      },
      opening_chain_head: GENESIS,
      chain_head: (await ledger.head(account)).head,
      closed: true,
      edition: 1,
      supersedes: null,
      key_id: 'ltest',
    });
    // Served as the text that was signed: the members in the order they were signed in.
    expect(Object.keys(statement!.totals)).toEqual(Object.keys(statement!.totals).sort());
    expect(verifyLedger(await exported(account), [statement!], verifying).failure).toBeNull();
    // Under another key, the same statement does not verify.
    const other = generateKeyPairSync('ed25519').publicKey;
    expect(
      verifyLedger(await exported(account), [statement!], { byId: new Map([['ltest', other]]), any: [] }).failure,
    ).toMatchObject({ check: 'signature' });
  });

  it('keeps statements append-only: signing a month again adds an edition naming the one before', async () => {
    const account = randomUUID();
    const ledger = new Ledger(events, () => new Date('2026-09-10T10:00:00Z'));
    await ledger.open(account, 10);
    await ledger.charge(account, { allowance: 10, operation: 'verify', reference: 'sep' });
    const now = new Date('2026-10-05T00:00:00Z');
    const first = await signStatement({ sql, events, keys }, account, '2026-09', now);
    const second = await signStatement({ sql, events, keys }, account, '2026-09', new Date('2026-10-06T00:00:00Z'));
    expect(second).toMatchObject({ edition: 2, supersedes: statementDigest(first), closing_balance: 9 });
    expect((await listStatements(sql, account)).map((s) => [s.period, s.edition])).toEqual([
      ['2026-09', 2],
      ['2026-09', 1],
    ]);
    expect(verifyLedger(await exported(account), await listStatements(sql, account), verifying).failure).toBeNull();
  });

  it('keeps a statement only with its notice: a close whose notice failed signs the month again when retried', async () => {
    const account = randomUUID();
    const ledger = new Ledger(events, () => new Date('2026-09-10T10:00:00Z'));
    await ledger.open(account, 10);
    await ledger.charge(account, { allowance: 10, operation: 'verify', reference: 'sep' });
    const nextMonth = new Date('2026-10-01T00:10:00Z');
    const noticed: string[] = [];
    let failing = true;
    const deps = {
      sql,
      events,
      keys,
      accountIds: async () => [account],
      // Stands in for the mail outbox: writes in the statement's transaction, then fails (the outbox's insert
      // refused) the first time.
      signed: async (statement: { period: string }, tx: Queryable) => {
        await tx.query('select 1');
        if (failing) throw new Error('the outbox refused the notice');
        noticed.push(statement.period);
        return async () => {};
      },
    };
    await expect(signClosedMonth(deps, nextMonth)).rejects.toThrow('the outbox refused the notice');
    expect(await listStatements(sql, account)).toEqual([]);
    failing = false;
    expect(await signClosedMonth(deps, nextMonth)).toEqual({ period: '2026-09', signed: 1 });
    expect(noticed).toEqual(['2026-09']);
    expect((await listStatements(sql, account)).map((s) => s.edition)).toEqual([1]);
  });

  it('refuses periods outside the account’s life', async () => {
    const account = randomUUID();
    const ledger = new Ledger(events, () => new Date('2026-09-10T10:00:00Z'));
    await ledger.open(account, 10);
    const now = new Date('2026-11-15T00:00:00Z');
    for (const [period, why] of [
      ['0000-01', /opened in 2026-09/],
      ['2026-08', /opened in 2026-09/],
      ['2026-11', /has not ended/],
      ['9999-12', /has not ended/],
      ['2026-13', /YYYY-MM/],
    ] as const) {
      await expect(signStatement({ sql, events, keys }, account, period, now)).rejects.toMatchObject({
        code: 'invalid_request',
        message: expect.stringMatching(why),
      });
    }
    // An empty month within its life is signed.
    expect(await signStatement({ sql, events, keys }, account, '2026-10', now)).toMatchObject({
      event_count: 0,
      first_revision: 1,
      last_revision: 0,
    });
  });

  it('counts an event in the month its link covers: moving the stored time changes nothing, moving the chained one breaks the link', async () => {
    const account = randomUUID();
    const stream = creditsStream(account);
    let now = new Date('2026-09-30T23:59:00Z');
    const ledger = new Ledger(events, () => now);
    await ledger.open(account, 10);
    await ledger.charge(account, { allowance: 10, operation: 'verify', reference: 'late' });
    now = new Date('2026-10-01T00:01:00Z');
    await ledger.charge(account, { allowance: 10, operation: 'verify', reference: 'early' });
    const stored = await events.readStream(stream);
    expect(chainOf(stored[1]!.metadata)).toMatchObject({ version: 2, at: '2026-09-30T23:59:00.000Z' });
    // The table's own time moved into October: the statements still cut by the chained time.
    await sql.query(`update es_events set created_at = '2026-10-01T00:00:30Z' where stream_id = $1 and revision = 1`, [
      stream,
    ]);
    const signedAt = new Date('2026-11-02T00:00:00Z');
    const september = await signStatement({ sql, events, keys }, account, '2026-09', signedAt);
    const october = await signStatement({ sql, events, keys }, account, '2026-10', signedAt);
    expect([september.last_revision, october.first_revision]).toEqual([1, 2]);
    expect(verifyLedger(await exported(account), [september, october], verifying).failure).toBeNull();
    // The chained time moved: the link no longer holds.
    await sql.query(
      `update es_events set metadata = jsonb_set(metadata, '{chain,at}', '"2026-10-01T00:00:30.000Z"')
        where stream_id = $1 and revision = 1`,
      [stream],
    );
    expect(verifyLedger(await exported(account), [september, october], verifying).failure).toMatchObject({
      check: 'hash',
      where: `${stream}@1 (line 2)`,
    });
  });

  it('never re-anchors a stream whose links were removed: the restart reports it, the held statement catches it', async () => {
    const account = randomUUID();
    const stream = creditsStream(account);
    const ledger = new Ledger(events, () => new Date('2026-09-10T10:00:00Z'));
    await ledger.open(account, 10);
    await ledger.charge(account, { allowance: 10, operation: 'verify', reference: 'a' });
    const held = await signStatement({ sql, events, keys }, account, '2026-09', new Date('2026-10-01T01:00:00Z'));
    // Someone with the table edits an amount and strips every link, then the service starts again.
    await sql.query(
      `update es_events set metadata = metadata - 'chain',
         data = case when revision = 1 then jsonb_set(data, '{amount}', '0') else data end
        where stream_id = $1`,
      [stream],
    );
    const deps = { sql, events, ledger: new Ledger(events), accountIds: async () => [account] };
    const restarted = await migrateChain(deps);
    expect(restarted.unlinked).toContain(account);
    expect((await events.readStream(stream)).map((e) => e.type)).toEqual(['CreditsGranted', 'CreditsCharged']);
    // And at every start after.
    expect((await migrateChain(deps)).unlinked).toContain(account);
    // The held statement's month no longer holds (the stripped events fall back on the table's time).
    expect(verifyLedger(await exported(account), [held], verifying).failure).toMatchObject({
      check: expect.stringMatching(/^(unchained|period|figures)$/),
    });
    expect(verifyLedger(await exported(account), [], verifying).failure).toMatchObject({ check: 'unchained' });
  });
});
