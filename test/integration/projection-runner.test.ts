import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations, postgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore } from '../../infra/eventstore/types.js';
import { createLogger } from '../../infra/logger.js';
import { migrate } from '../../infra/sql/migrate.js';
import type { Sql } from '../../infra/sql/sql.js';
import { ProjectionRunner, projectionMigrations, type Projection } from '../../projections/runner.js';
import { notesProjection } from '../fixtures/notes/projection.js';
import { testDatabases } from '../support/sql.js';

const logger = createLogger('silent');

describe.each(testDatabases())('projection runner on $name', (database) => {
  let sql: Sql;
  let events: EventStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ sql, close } = await database.open());
    await migrate(sql, [...eventStoreMigrations, ...projectionMigrations([notesProjection])]);
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
  const runner = (projection: Projection = notesProjection) => new ProjectionRunner({ sql, events, logger }, [projection]);

  it('resumes after a restart without applying anything twice, and a rebuild replays from the start', async () => {
    const ids = Array.from({ length: 30 }, () => randomUUID());
    for (const id of ids.slice(0, 20)) await events.append(`note-${id}`, [note(id)]);
    const first = runner();
    await first.start();
    const last = (await events.readStream(`note-${ids[19]}`))[0]!.position;
    expect(await first.waitFor(last, 10_000)).toBe(true);
    await first.stop();

    for (const id of ids.slice(20)) await events.append(`note-${id}`, [note(id)]);
    const second = runner();
    await second.start();
    const end = (await events.readStream(`note-${ids[29]}`))[0]!.position;
    expect(await second.waitFor(end, 10_000)).toBe(true);
    await second.stop();
    const counts = await applied();
    for (const id of ids) expect(counts[id]).toBe(1);

    await sql.query(`update test_notes set text = 'tampered'`);
    const rebuild = runner();
    await rebuild.reset();
    expect(await applied()).toEqual({});
    await rebuild.catchUp();
    const after = await sql.query<{ text: string; applied: number }>('select text, applied from test_notes');
    expect(after).toHaveLength(Object.keys(counts).length);
    expect(after.every((row) => row.applied === 1 && row.text !== 'tampered')).toBe(true);
  });

  it('keeps read model and checkpoint together when a batch fails half way', async () => {
    const ids = Array.from({ length: 6 }, () => randomUUID());
    await runner().catchUp();
    for (const id of ids) await events.append(`note-${id}`, [note(id)]);
    let poisoned = true;
    const flaky: typeof notesProjection = {
      ...notesProjection,
      async apply(tx, event, id) {
        await notesProjection.apply(tx, event, id);
        if (poisoned && (event.data as { noteId: string }).noteId === ids[4]) throw new Error('projection crashed');
      },
    };
    await expect(runner(flaky).catchUp()).rejects.toThrow('projection crashed');
    // The failed batch wrote nothing: not even the notes before the poisoned one.
    const counts = await applied();
    for (const id of ids) expect(counts[id]).toBeUndefined();
    poisoned = false;
    await runner(flaky).catchUp();
    const healed = await applied();
    for (const id of ids) expect(healed[id]).toBe(1);
  });

  it('applies each event once when two runners race on one projection', async () => {
    const ids = Array.from({ length: 40 }, () => randomUUID());
    await Promise.all(ids.map((id) => events.append(`note-${id}`, [note(id)])));
    const a = runner();
    const b = runner();
    await Promise.all([a.catchUp(50), b.catchUp(3)]);
    const counts = await applied();
    for (const id of ids) expect(counts[id]).toBe(1);
  });
});
