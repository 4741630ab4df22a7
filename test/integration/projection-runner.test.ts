import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations } from '../../infra/eventstore/postgres-migrations.js';
import { postgresEventStore } from '../../infra/eventstore/postgres.js';
import { comparePositions, type EventStore } from '../../infra/eventstore/types.js';
import { createLogger } from '../../infra/logger.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { listParked, replayParked } from '../../projections/parked.js';
import { rebuild } from '../../projections/rebuild.js';
import { PoisonEventError } from '../../projections/apply.js';
import { waitForCheckpoints } from '../../projections/checkpoints.js';
import type { Projection } from '../../projections/projection.js';
import { ProjectionRunner, projectionMigrations } from '../../projections/runner.js';
import { notesProjection } from '../fixtures/notes/projection.js';
import { streamType, type Event } from '../../domain/streams.js';
import { testDatabases } from '../support/sql.js';

const logger = createLogger('silent');

/** A second read model of the same notes: what must stay current while the first fails. */
const copiesProjection: Projection = {
  ...notesProjection,
  name: 'test_note_copies',
  migrations: [{ id: 'test-note-copies-001', sql: 'create table test_note_copies (note_id text primary key)' }],
  tables: ['test_note_copies'],
  async forget(tx, id) {
    await tx.query('delete from test_note_copies where note_id = $1', [id]);
  },
  async apply(tx, event) {
    await tx.query('insert into test_note_copies (note_id) values ($1)', [(event.data as { noteId: string }).noteId]);
  },
};

type MemoRecorded = Event<'MemoRecorded', { memoId: string }>;

/** A read model of other streams: every page of notes is one of no concern to it. */
const memosProjection: Projection<MemoRecorded> = {
  name: 'test_memos',
  migrations: [{ id: 'test-memos-001', sql: 'create table test_memos (memo_id text primary key)' }],
  tables: ['test_memos'],
  forget: async () => undefined,
  streams: [streamType<MemoRecorded>('memo-', ['MemoRecorded'])],
  async apply(tx, event) {
    await tx.query('insert into test_memos (memo_id) values ($1)', [event.data.memoId]);
  },
};

describe.each(testDatabases())('projection runner on $name', (database) => {
  let sql: Sql;
  let events: EventStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ sql, close } = await database.open());
    await migrate(sql, [
      ...eventStoreMigrations,
      ...projectionMigrations([notesProjection, copiesProjection, memosProjection]),
    ]);
    events = postgresEventStore(sql, { idlePollMs: 20 });
  });
  afterAll(async () => close());

  const note = (noteId: string, text = noteId) => ({ type: 'NoteRecorded', data: { noteId, text } });
  const applied = async () =>
    Object.fromEntries(
      (await sql.query<{ note_id: string; applied: number }>('select note_id, applied from test_notes')).map((r) => [
        r.note_id,
        r.applied,
      ]),
    );
  const runner = (...projections: Projection[]) =>
    new ProjectionRunner({ sql, events, logger }, projections.length > 0 ? projections : [notesProjection], {
      attempts: 2,
      retryMs: 5,
      batchSize: 50,
    });
  const appendNotes = async (count: number) => {
    const ids = Array.from({ length: count }, () => randomUUID());
    for (const id of ids) await events.append(`note-${id}`, [note(id)]);
    return ids;
  };
  const positionOf = async (id: string) => (await events.readStream(`note-${id}`))[0]!.position;
  /** Fails on the chosen notes while `poisoned` holds them. */
  const failingOn = (
    poisoned: Set<string>,
    base: Projection = notesProjection,
    onPoison: 'skip' | 'stop' = 'skip',
  ): Projection => ({
    ...base,
    onPoison,
    async apply(tx, event, id) {
      if (poisoned.has((event.data as { noteId: string }).noteId)) throw new Error('cannot apply this note');
      await base.apply(tx, event, id);
    },
  });
  const copies = async () =>
    new Set((await sql.query<{ note_id: string }>('select note_id from test_note_copies')).map((r) => r.note_id));
  const parkedOf = async (name: string) =>
    (await listParked(sql, name)).map((row) => ({ stream: row.stream, stopped: row.stopped }));
  /** Both read models at the head of the feed and empty: a test sees only the notes it appends. */
  const reset = async () => {
    await sql.query('delete from projection_parked');
    await runner(notesProjection, copiesProjection).catchUp();
    await sql.query('delete from test_notes');
    await sql.query('delete from test_note_copies');
  };

  it('resumes after a restart without applying anything twice, and a rebuild replays from the start', async () => {
    await reset();
    const ids = await appendNotes(20);
    const first = runner();
    await first.start();
    expect(await first.waitFor(await positionOf(ids[19]!), 10_000)).toBe(true);
    await first.stop();

    ids.push(...(await appendNotes(10)));
    const second = runner();
    await second.start();
    expect(await second.waitFor(await positionOf(ids[29]!), 10_000)).toBe(true);
    await second.stop();
    const counts = await applied();
    for (const id of ids) expect(counts[id]).toBe(1);

    await sql.query(`update test_notes set text = 'tampered'`);
    await rebuild({ sql, events, logger }, [notesProjection]);
    const after = await sql.query<{ text: string; applied: number }>('select text, applied from test_notes');
    expect(after).toHaveLength(Object.keys(counts).length);
    expect(after.every((row) => row.applied === 1 && row.text !== 'tampered')).toBe(true);
  });

  it('parks an event one projection cannot apply, goes on past it, and keeps the others current', async () => {
    await reset();
    const ids = await appendNotes(12);
    const poisoned = new Set([ids[4]!]);
    const live = runner(failingOn(poisoned), copiesProjection);
    await live.start();
    const end = await positionOf(ids[11]!);
    // Both read models pass the poisoned event: the copies have every note, the notes all but the parked one.
    expect(await live.waitFor(end, 10_000)).toBe(true);
    expect(await copies()).toEqual(new Set(ids));
    expect(Object.keys(await applied()).sort()).toEqual(ids.filter((id) => id !== ids[4]).sort());
    expect(await parkedOf('test_notes')).toEqual([{ stream: `note-${ids[4]}`, stopped: false }]);
    expect(live.healthy()).toBe(true);

    // More events go on through both while the event stays parked.
    const later = await appendNotes(3);
    expect(await live.waitFor(await positionOf(later[2]!), 10_000)).toBe(true);
    await live.stop();

    // Replayed once the cause is gone, exactly once, however often replay is asked.
    poisoned.clear();
    const outcome = await replayParked({ sql, events }, notesProjection, undefined);
    expect(outcome.replayed).toHaveLength(1);
    expect((await replayParked({ sql, events }, notesProjection)).replayed).toEqual([]);
    const counts = await applied();
    for (const id of [...ids, ...later]) expect(counts[id]).toBe(1);
    expect(await listParked(sql)).toEqual([]);
  });

  it('stops a projection whose rule is stop at the event, alone, until the event is replayed', async () => {
    await reset();
    const ids = await appendNotes(8);
    const poisoned = new Set([ids[3]!]);
    const live = runner(failingOn(poisoned, notesProjection, 'stop'), copiesProjection);
    await live.start();
    const end = await positionOf(ids[7]!);
    // The copies go on; the stopped read model is not waited for by default, and a wait that names it says no.
    expect(await live.waitFor(end, 10_000)).toBe(true);
    expect(await copies()).toEqual(new Set(ids));
    expect(await live.waitFor(end, 200, ['test_notes'])).toBe(false);
    expect(live.healthy()).toBe(true); // a restart would stop at the same event: /readyz reports it instead
    expect(Object.keys(await applied()).sort()).toEqual(ids.slice(0, 3).sort());
    expect(await parkedOf('test_notes')).toEqual([{ stream: `note-${ids[3]}`, stopped: true }]);
    // The same, seen from a process without the projector (the checkpoints table polled).
    expect(await waitForCheckpoints(sql, ['test_notes', 'test_note_copies'], end, 2000)).toBe(true);
    expect(await waitForCheckpoints(sql, ['test_notes'], end, 2000, true)).toBe(false);

    poisoned.clear();
    expect((await replayParked({ sql, events }, notesProjection)).released).toHaveLength(1);
    // The running projector sees the release (within seconds) and goes on from its checkpoint: the event and what
    // followed, once. Until then a wait that names it answers no at once, so a reader folds instead.
    const deadline = Date.now() + 10_000;
    while (!(await live.waitFor(end, 500, ['test_notes'])) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await live.waitFor(end, 0, ['test_notes'])).toBe(true);
    await live.stop();
    const counts = await applied();
    for (const id of ids) expect(counts[id]).toBe(1);
  });

  it('never parks on a connection failure: the page is retried until the database answers', async () => {
    await reset();
    const ids = await appendNotes(3);
    let failures = 3;
    const flaky: Projection = {
      ...notesProjection,
      async apply(tx, event, id) {
        if (failures > 0) {
          failures -= 1;
          throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
        }
        await (notesProjection as Projection).apply(tx, event, id);
      },
    };
    const live = runner(flaky);
    await live.start();
    expect(await live.waitFor(await positionOf(ids[2]!), 10_000)).toBe(true);
    await live.stop();
    expect(await listParked(sql)).toEqual([]);
    for (const id of ids) expect((await applied())[id]).toBe(1);
  });

  it('passes pages of no concern to a projection without a transaction each, stores where it is once caught up, and goes back when its checkpoint was moved back', async () => {
    await reset();
    await runner(memosProjection).catchUp();
    let transactions = 0;
    const counted = new Proxy(sql, {
      get(target, key) {
        if (key === 'transaction') {
          return (fn: Parameters<Sql['transaction']>[0]) => {
            transactions += 1;
            return target.transaction(fn);
          };
        }
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const memo = randomUUID();
    const memoAt = (await events.append(`memo-${memo}`, [{ type: 'MemoRecorded', data: { memoId: memo } }])).position;
    const live = new ProjectionRunner({ sql: counted, events, logger }, [notesProjection, memosProjection], {
      batchSize: 1,
    });
    await live.start();
    try {
      expect(await live.waitFor(memoAt, 10_000)).toBe(true);
      transactions = 0;
      const ids = await appendNotes(30);
      const last = await positionOf(ids[29]!);
      expect(await live.waitFor(last, 10_000)).toBe(true);
      // One transaction a page of notes (pages of one event): none for the memos, which pass them in memory.
      expect(transactions).toBeLessThanOrEqual(30);
      expect(transactions).toBeGreaterThan(0);
      // Caught up, the memos' stored checkpoint follows: a process polling the table sees it pass the notes.
      expect(await waitForCheckpoints(sql, ['test_memos'], last, 5000, true)).toBe(true);

      // A swap of tables that stop before the memo (as a rebuild's can): the projection goes back and applies it again.
      const [before] = await sql.query<{ hi: string; lo: string }>(
        `select hi::text as hi, lo::text as lo from projection_checkpoints where name = 'test_memos'`,
      );
      expect(comparePositions({ hi: BigInt(before!.hi), lo: BigInt(before!.lo) }, last)).toBeGreaterThanOrEqual(0);
      await sql.query('delete from test_memos');
      const { hi, lo } = (await events.readAll({ after: { hi: 0n, lo: 0n }, maxCount: 1 }))[0]!.position;
      await sql.query(`update projection_checkpoints set hi = $1, lo = $2 where name = 'test_memos'`, [
        hi.toString(),
        lo.toString(),
      ]);
      const more = await appendNotes(3);
      expect(await live.waitFor(await positionOf(more[2]!), 10_000)).toBe(true);
      await expect
        .poll(
          async () => (await sql.query<{ memo_id: string }>('select memo_id from test_memos')).map((r) => r.memo_id),
          { timeout: 10_000 },
        )
        .toEqual([memo]);
    } finally {
      await live.stop();
    }
  });

  it('applies each event once when two runners race on one projection', async () => {
    await reset();
    const ids = Array.from({ length: 40 }, () => randomUUID());
    await Promise.all(ids.map((id) => events.append(`note-${id}`, [note(id)])));
    const a = new ProjectionRunner({ sql, events, logger }, [notesProjection], { batchSize: 50 });
    const b = new ProjectionRunner({ sql, events, logger }, [notesProjection], { batchSize: 3 });
    // The feed shows only what no open transaction of the server (any other test's) may still precede: catch up
    // until every note is visible, and never see one applied twice on the way.
    for (let round = 0; round < 50; round += 1) {
      await Promise.all([a.catchUp(), b.catchUp()]);
      const counts = await applied();
      expect(Object.values(counts).every((n) => n === 1)).toBe(true);
      if (ids.every((id) => counts[id] === 1)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const counts = await applied();
    for (const id of ids) expect(counts[id]).toBe(1);
  });

  it('leaves the live read model as it was when a rebuild fails, and the next one swaps while the projector runs', async () => {
    await reset();
    const ids = await appendNotes(10);
    const live = runner();
    await live.start();
    expect(await live.waitFor(await positionOf(ids[9]!), 10_000)).toBe(true);
    const before = await sql.query('select note_id, text, applied from test_notes order by note_id');

    const poisoned = new Set([ids[6]!]);
    await expect(rebuild({ sql, events, logger }, [failingOn(poisoned)])).rejects.toThrow(PoisonEventError);
    expect(await sql.query('select note_id, text, applied from test_notes order by note_id')).toEqual(before);
    expect(await listParked(sql)).toEqual([]);

    // Written between the build and the swap: the live projector applies it to the new table once swapped in.
    let late: string[] = [];
    await rebuild({ sql, events, logger }, [notesProjection], {
      afterBuild: async () => {
        late = await appendNotes(2);
        // Applied to the old table before the swap, as a busy projector will have.
        expect(await live.waitFor(await positionOf(late[1]!), 10_000)).toBe(true);
      },
    });
    // Read as another process (the API) reads it: the stored checkpoint, which the swap moved back. Told of the
    // swap, the live projector goes back and applies the late notes to the new table too.
    expect(await waitForCheckpoints(sql, ['test_notes'], await positionOf(late[1]!), 10_000, true)).toBe(true);
    await live.stop();
    const counts = await applied();
    for (const id of [...ids, ...late]) expect(counts[id]).toBe(1);
  });

  it('catches up a read model of no kind of stream (the rebuild bench measures reading alone with one)', async () => {
    const none: Projection = {
      name: 'test_none',
      migrations: [],
      tables: [],
      streams: [],
      apply: async () => undefined,
      forget: async () => undefined,
    };
    await appendNotes(3);
    await new ProjectionRunner({ sql, events, logger }, [none], { park: false, batchSize: 50 }).catchUp();
    expect(await parkedOf('test_none')).toEqual([]);
  });
});
