// Appends to the PostgreSQL event store: one round trip to es_append (infra/eventstore/postgres-migrations.ts), and
// a retried append answered with where it landed the first time.
import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Queryable, type Sql } from '../sql/sql.js';
import { WRONG_EXPECTED } from './postgres-migrations.js';
import { UnstorableEventError, WrongExpectedRevisionError, type EventStore } from './types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function appendTo(sql: Sql): EventStore['append'] {
  return async (stream, events, { expectedRevision = 'any' } = {}) => {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (typeof expectedRevision === 'number' && (!Number.isSafeInteger(expectedRevision) || expectedRevision < 0)) {
      throw new Error(`invalid expected revision ${expectedRevision}`);
    }
    const ids: string[] = [];
    const payload = JSON.stringify(
      events.map((event) => {
        const id = event.id ?? randomUUID();
        if (!UUID.test(id)) throw new Error(`event id must be a UUID: ${id}`);
        const stored = id.toLowerCase();
        ids.push(stored);
        return { id: stored, type: event.type, data: event.data ?? null, metadata: event.metadata ?? {} };
      }),
    );
    const run = async (db: Queryable) => {
      const [row] = await db.query<{ next_revision: string; last_tx: string; last_position: string }>(
        'select * from es_append($1, $2, $3)',
        [stream, String(expectedRevision), payload],
      );
      return {
        nextRevision: Number(row!.next_revision),
        position: { hi: BigInt(row!.last_tx), lo: BigInt(row!.last_position) },
      };
    };
    try {
      return await run(sql);
    } catch (error) {
      // Ids already stored: this append landed before (a retry after a lost reply, or a concurrent twin that won).
      if (isUniqueViolation(error)) {
        const landed = await whereLanded(sql, stream, ids);
        if (landed) return landed;
        if (landed === false) throw new Error(`event ids of an append to ${stream} are already used by other events`);
        throw error;
      }
      if ((error as { code?: string }).code === WRONG_EXPECTED) {
        const actual = (error as Error).message;
        // The winner may have been this very append, retried: its ids are then in the stream, and it answers
        // where they landed (only ids the caller chose can be a retry's).
        const landed = events.some((event) => event.id) ? await whereLanded(sql, stream, ids) : null;
        if (landed) return landed;
        throw new WrongExpectedRevisionError(
          stream,
          expectedRevision,
          actual === 'no_stream' ? 'no_stream' : Number(actual),
        );
      }
      // SQLSTATE class 22, data exception: jsonb refused a NUL or an unpaired surrogate. The error is replaced,
      // not wrapped: its text and parameters would carry the refused content into the logs.
      if (/^22/.test(String((error as { code?: string }).code))) throw new UnstorableEventError(stream);
      throw error;
    }
  };
}

/**
 * Where an append of these ids landed: its last event's revision and position when every one of them is in the
 * stream, false when some are stored but not all there (ids used again by mistake), null when none is stored.
 */
async function whereLanded(sql: Queryable, stream: string, ids: readonly string[]) {
  const rows = await sql.query<{ stream_id: string; revision: string; tx_id: string; position: string }>(
    'select stream_id, revision, tx_id::text as tx_id, position from es_events where event_id = any($1::uuid[]) order by revision desc',
    [ids],
  );
  if (rows.length === 0) return null;
  if (rows.length < ids.length || rows.some((row) => row.stream_id !== stream)) return false;
  const last = rows[0]!;
  return { nextRevision: Number(last.revision), position: { hi: BigInt(last.tx_id), lo: BigInt(last.position) } };
}
