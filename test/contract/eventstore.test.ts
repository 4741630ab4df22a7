import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esdbEventStore } from '../../infra/eventstore/esdb.js';
import { eventStoreMigrations } from '../../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../../infra/eventstore/postgres.js';
import {
  WrongExpectedRevisionError,
  comparePositions,
  type EventStore,
  type Position,
  type StoredEvent,
} from '../../infra/eventstore/types.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { testDatabases } from '../support/sql.js';

interface Adapter {
  name: string;
  open(): Promise<{ store: EventStore; sql?: Sql; close(): Promise<void> }>;
}

const adapters: Adapter[] = testDatabases().map((db) => ({
  name: db.name,
  async open() {
    const { sql, close } = await db.open();
    await migrate(sql, eventStoreMigrations);
    return { store: postgresEventStore(sql, { idlePollMs: 20 }), sql, close };
  },
}));
if (process.env.EVENTSTORE_URL) {
  const url = process.env.EVENTSTORE_URL;
  adapters.push({
    name: 'esdb',
    async open() {
      const store = esdbEventStore(url);
      return { store, close: () => store.close() };
    },
  });
}

const uniqueStream = (prefix: string) => `${prefix}-${randomUUID()}`;
const ev = (type: string, data: unknown = {}, id?: string) => ({ type, data, ...(id ? { id } : {}) });

async function collectUntil(
  store: EventStore,
  after: Position | null,
  predicate: (events: StoredEvent[]) => boolean,
  timeoutMs = 10_000,
): Promise<{ events: StoredEvent[]; stop(): Promise<void> }> {
  const events: StoredEvent[] = [];
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  const subscription = store.subscribeToAll({
    after,
    batchSize: 7,
    async onEvents(batch) {
      events.push(...batch);
      if (predicate(events)) resolveDone();
    },
  });
  const timer = setTimeout(resolveDone, timeoutMs);
  await done;
  clearTimeout(timer);
  return { events, stop: () => subscription.stop() };
}

describe.each(adapters)('event store contract: $name', (adapter) => {
  let store: EventStore;
  let sql: Sql | undefined;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, sql, close } = await adapter.open());
  });
  afterAll(async () => {
    await close();
  });

  it('appends to a new stream and reads it back in revision order', async () => {
    const stream = uniqueStream('order');
    const result = await store.append(
      stream,
      [
        ev('Opened', { n: 1 }),
        ev('Changed', { n: 2 }),
        { type: 'Closed', data: { n: 3 }, metadata: { actor: 'system' } },
      ],
      { expectedRevision: 'no_stream' },
    );
    expect(result.nextRevision).toBe(2);
    const events = await store.readStream(stream);
    expect(events.map((e) => [e.revision, e.type, e.data])).toEqual([
      [0, 'Opened', { n: 1 }],
      [1, 'Changed', { n: 2 }],
      [2, 'Closed', { n: 3 }],
    ]);
    expect(events[2]!.metadata.actor).toBe('system');
    expect(comparePositions(events[2]!.position, result.position)).toBe(0);
    expect(await store.readStream(stream, { fromRevision: 1, maxCount: 1 })).toHaveLength(1);
    expect(await store.readStream(uniqueStream('missing'))).toEqual([]);
    // What a fold reads: the same events, their type, data and revision.
    const folded = (await store.readStreamData(stream, { fromRevision: 1, maxCount: 5 })).map((e) => [
      e.stream,
      e.revision,
      e.type,
      e.data,
    ]);
    expect(folded).toEqual([
      [stream, 1, 'Changed', { n: 2 }],
      [stream, 2, 'Closed', { n: 3 }],
    ]);
    expect(await store.readStreamData(uniqueStream('missing'))).toEqual([]);
  });

  it('gives a fold the data readStream gives, however awkward, and the metadata text asked for', async () => {
    const stream = uniqueStream('fold');
    // What a page read as one JSON text must give back as a row per event would: escapes, unicode, numbers, nesting.
    const awkward = [
      {
        s: 'quote " backslash \\ newline \n tab \t',
        u: 'é – 😀 \u2028',
        n: [1.5, -0, 1e21, 9007199254740992, 1.1e-7, null, true],
      },
      { nested: { a: [], b: {}, c: [{ d: '' }] } },
      'a string',
      null,
    ];
    const link = (hash: string) => ({ actor: 'system', link: { hash } });
    await store.append(stream, [
      ...awkward.map((data, i) => ({ type: i % 2 ? 'Odd' : 'Even', data, metadata: link(`h${i}`) })),
      { type: 'Plain', data: { n: 4 } },
      { type: 'Linked', data: { n: 5 }, metadata: link('h5') },
      { type: 'Linked', data: { n: 6 }, metadata: link('h6 "quoted"') },
    ]);
    const read = await store.readStream(stream);
    const folded = await store.readStreamData(stream, { fromRevision: 1, latest: ['link', 'hash'] });
    expect(folded.map((e) => [e.stream, e.revision, e.type, e.data])).toEqual(
      read.slice(1).map((e) => [e.stream, e.revision, e.type, e.data]),
    );
    expect(folded.map((e) => e.latest ?? (e.metadata?.link as { hash?: string } | undefined)?.hash ?? null)).toEqual([
      'h1',
      'h2',
      'h3',
      null,
      'h5',
      'h6 "quoted"',
    ]);
    // Paged as a fold pages, from the first event.
    const paged = [
      ...(await store.readStreamData(stream, { maxCount: 2 })),
      ...(await store.readStreamData(stream, { fromRevision: 2, maxCount: 2 })),
    ];
    expect(paged.map((e) => [e.revision, e.data])).toEqual(read.slice(0, 4).map((e) => [e.revision, e.data]));
  });

  it('refuses a stale expected revision and reports the actual one', async () => {
    const stream = uniqueStream('stale');
    await store.append(stream, [ev('A'), ev('B')], { expectedRevision: 'no_stream' });
    const error = await store.append(stream, [ev('C')], { expectedRevision: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect((error as WrongExpectedRevisionError).actual).toBe(1);
    await expect(store.append(stream, [ev('C')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    await expect(
      store.append(uniqueStream('absent'), [ev('C')], { expectedRevision: 'stream_exists' }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect((await store.append(stream, [ev('C')], { expectedRevision: 1 })).nextRevision).toBe(2);
    expect((await store.append(stream, [ev('D')], { expectedRevision: 'stream_exists' })).nextRevision).toBe(3);
    expect((await store.append(stream, [ev('E')])).nextRevision).toBe(4);
  });

  it('lets exactly one of many concurrent appenders win each revision', async () => {
    const stream = uniqueStream('race');
    const appenders = 25;
    for (let revision = -1; revision < 4; revision += 1) {
      const outcomes = await Promise.allSettled(
        Array.from({ length: appenders }, (_, i) =>
          store.append(stream, [ev('Raced', { revision, i })], {
            expectedRevision: revision < 0 ? 'no_stream' : revision,
          }),
        ),
      );
      const winners = outcomes.filter((o) => o.status === 'fulfilled');
      expect(winners).toHaveLength(1);
      for (const o of outcomes) {
        if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
      }
    }
    const events = await store.readStream(stream);
    expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
    expect(events.map((e) => (e.data as { revision: number }).revision)).toEqual([-1, 0, 1, 2, 3]);
  });

  it('loses no decision when concurrent writers re-read and retry on conflict', async () => {
    const stream = uniqueStream('counter');
    const writers = 12;
    const each = 4;
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let k = 0; k < each; k += 1) {
          for (;;) {
            const current = await store.readStream(stream);
            try {
              await store.append(stream, [ev('Incremented', { writer, k })], {
                expectedRevision: current.length === 0 ? 'no_stream' : current.length - 1,
              });
              break;
            } catch (error) {
              if (!(error instanceof WrongExpectedRevisionError)) throw error;
            }
          }
        }
      }),
    );
    const events = await store.readStream(stream);
    expect(events).toHaveLength(writers * each);
    expect(
      new Set(events.map((e) => `${(e.data as { writer: number }).writer}:${(e.data as { k: number }).k}`)).size,
    ).toBe(writers * each);
  });

  it('writes an event id once, however often the append is retried', async () => {
    const stream = uniqueStream('idem');
    const id = randomUUID();
    const first = await store.append(stream, [ev('Charged', { amount: 1 }, id)], { expectedRevision: 'no_stream' });
    // A retry after a lost reply uses the same expected revision: it succeeds and writes nothing.
    const again = await store.append(stream, [ev('Charged', { amount: 1 }, id)], { expectedRevision: 'no_stream' });
    expect(again.nextRevision).toBe(first.nextRevision);
    const concurrentId = randomUUID();
    await Promise.all(
      Array.from({ length: 10 }, () => store.append(stream, [ev('Charged', { amount: 2 }, concurrentId)])),
    );
    const events = await store.readStream(stream);
    expect(events.map((e) => e.id)).toEqual([id, concurrentId]);
  });

  it('delivers the global feed in order and resumes strictly after a checkpoint', async () => {
    const prefix = uniqueStream('feed');
    const a = `${prefix}-a`;
    const b = `${prefix}-b`;
    const start = (await store.append(uniqueStream('marker'), [ev('Marker')])).position;
    await store.append(a, [ev('A0'), ev('A1')]);
    await store.append(b, [ev('B0')]);
    await store.append(a, [ev('A2')]);
    const ours = (events: StoredEvent[]) => events.filter((e) => e.stream.startsWith(prefix));

    const all = ours(await store.readAll({ after: start }));
    expect(all.map((e) => e.type)).toEqual(['A0', 'A1', 'B0', 'A2']);
    for (let i = 1; i < all.length; i += 1) expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBe(-1);

    const rest = ours(await store.readAll({ after: all[1]!.position }));
    expect(rest.map((e) => e.type)).toEqual(['B0', 'A2']);
    const page = await store.readAll({ after: start, maxCount: 2 });
    expect(page).toHaveLength(2);

    // Subscribe, stop half way, resume from the last checkpoint: each event exactly once.
    const first = await collectUntil(store, start, (events) => ours(events).length >= 2);
    await first.stop();
    const checkpoint = first.events.at(-1)!.position;
    await store.append(b, [ev('B1')]);
    const second = await collectUntil(store, checkpoint, (events) => ours(events).some((e) => e.type === 'B1'));
    await second.stop();
    const seen = [...ours(first.events), ...ours(second.events)].map((e) => e.type);
    expect(seen).toEqual(['A0', 'A1', 'B0', 'A2', 'B1']);
  });

  it.runIf(adapter.name !== 'esdb')(
    'delivers an event whose transaction began first but committed last, exactly once and first',
    async () => {
      const prefix = uniqueStream('late');
      const start = (await store.append(uniqueStream('marker'), [ev('Marker')])).position;
      const delivered: StoredEvent[] = [];
      const subscription = store.subscribeToAll({
        after: start,
        async onEvents(batch) {
          delivered.push(...batch.filter((e) => e.stream.startsWith(prefix)));
        },
      });

      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let began!: () => void;
      const beganPromise = new Promise<void>((resolve) => (began = resolve));
      // Transaction L takes its transaction id (and position) first and stays open.
      const late = sql!.transaction(async (tx) => {
        await tx.query('select * from es_append($1, $2, $3)', [
          `${prefix}-late`,
          'any',
          JSON.stringify([{ id: randomUUID(), type: 'Late', data: {}, metadata: {} }]),
        ]);
        began();
        await gate;
      });
      await beganPromise;
      // Transaction E begins later and commits first (on PGlite it waits for L: one connection).
      const early = store.append(`${prefix}-early`, [ev('Early')]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(delivered.map((e) => e.type)).toEqual([]);

      release();
      await late;
      await early;
      const deadline = Date.now() + 10_000;
      while (delivered.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await subscription.stop();
      expect(delivered.map((e) => e.type)).toEqual(['Late', 'Early']);
    },
  );
});
