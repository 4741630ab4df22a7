import { runSubscription } from './subscription.js';
import { randomUUID } from 'node:crypto';
import type { Migration } from '../sql/migrate.js';
import { isUniqueViolation, type Queryable, type Sql } from '../sql/sql.js';
import {
  WrongExpectedRevisionError,
  UnstorableEventError,
  type EventMetadata,
  type EventStore,
  type Position,
  type StoredEvent,
  type StreamEvent,
  type SubscribeOptions,
  type Subscription,
} from './types.js';

const CHANNEL = 'es_events';
const WRONG_EXPECTED = 'ES001';
const ID_REUSED = 'ES002';

/**
 * The body's end every version of es_append shares: the stream's row moved on (or the expected revision refused),
 * the events inserted at the revisions that follow, the feed's listeners told.
 */
const APPEND_TO_STREAM = `        if p_expected = 'any' then
          insert into es_streams as s values (p_stream, v_count - 1)
            on conflict (stream_id) do update set revision = s.revision + v_count
            returning s.revision into v_last;
        elsif p_expected = 'no_stream' then
          insert into es_streams values (p_stream, v_count - 1)
            on conflict do nothing
            returning revision into v_last;
        elsif p_expected = 'stream_exists' then
          update es_streams set revision = revision + v_count where stream_id = p_stream
            returning revision into v_last;
        else
          update es_streams set revision = revision + v_count
            where stream_id = p_stream and revision = p_expected::bigint
            returning revision into v_last;
        end if;
        if v_last is null then
          select s.revision into v_current from es_streams s where s.stream_id = p_stream;
          raise exception '%', coalesce(v_current::text, 'no_stream') using errcode = '${WRONG_EXPECTED}';
        end if;

        return query
          with inserted as (
            insert into es_events (stream_id, revision, event_id, type, data, metadata)
            select p_stream, v_last - v_count + x.n, (x.e->>'id')::uuid, x.e->>'type', x.e->'data', x.e->'metadata'
              from jsonb_array_elements(v_events) with ordinality as x(e, n)
              order by x.n
            returning position
          )
          select v_last, pg_current_xact_id()::text, max(position) from inserted;
        perform pg_notify('${CHANNEL}', '');
      end
`;

/*
 * Global order without gaps: positions come from a sequence, but transactions commit out of order, so a reader
 * that simply followed `position` could pass an event whose transaction began earlier and committed later.
 * Each row records its transaction id (xid8); readers only take rows whose transaction is older than the
 * oldest transaction still running (the snapshot's xmin), in (tx_id, position) order. Everything below that
 * fence has committed or rolled back, so nothing can appear behind a reader later.
 *
 * es_append does the whole append in one round trip: optimistic concurrency on the stream row (whose row lock
 * serialises concurrent appenders of one stream), insert, notify. A retried append (ids already stored) is refused
 * by the stream's revision or by the event-id index, and only then looked up (whereLanded).
 */
export const eventStoreMigrations: Migration[] = [
  {
    id: 'eventstore-001-events',
    sql: `
      create table es_streams (
        stream_id text primary key,
        revision bigint not null
      );
      create table es_events (
        position bigint generated always as identity primary key,
        tx_id xid8 not null default pg_current_xact_id(),
        stream_id text not null,
        revision bigint not null,
        event_id uuid not null unique,
        type text not null,
        data jsonb not null,
        metadata jsonb not null,
        created_at timestamptz not null default now(),
        unique (stream_id, revision)
      );
      create index es_events_feed on es_events (tx_id, position);

      create function es_append(p_stream text, p_expected text, p_events text)
      returns table (next_revision bigint, last_tx text, last_position bigint)
      language plpgsql as $fn$
      declare
        v_events jsonb := p_events::jsonb;
        v_count int := jsonb_array_length(v_events);
        v_found int;
        v_found_here int;
        v_last bigint;
        v_current bigint;
      begin
        select count(*), count(*) filter (where e.stream_id = p_stream)
          into v_found, v_found_here
          from es_events e
          where e.event_id in (select (x->>'id')::uuid from jsonb_array_elements(v_events) x);
        if v_found > 0 then
          if v_found = v_count and v_found_here = v_count then
            -- A retried append: report where it landed the first time.
            return query
              select e.revision, e.tx_id::text, e.position from es_events e
              where e.event_id in (select (x->>'id')::uuid from jsonb_array_elements(v_events) x)
              order by e.revision desc limit 1;
            return;
          end if;
          -- A partial match: when the caller's view of the stream is stale, that is the problem to report
          -- (it re-reads and decides again); otherwise the ids were reused by mistake.
          select s.revision into v_current from es_streams s where s.stream_id = p_stream;
          if (p_expected = 'no_stream' and v_current is not null)
             or (p_expected = 'stream_exists' and v_current is null)
             or (p_expected not in ('any', 'no_stream', 'stream_exists') and v_current is distinct from p_expected::bigint) then
            raise exception '%', coalesce(v_current::text, 'no_stream') using errcode = '${WRONG_EXPECTED}';
          end if;
          raise exception 'event ids already used elsewhere' using errcode = '${ID_REUSED}';
        end if;

${APPEND_TO_STREAM}      $fn$;
    `,
  },
  {
    // A PL/pgSQL function keeps one generic plan per session for each of its statements once it has run five
    // times, and only a change of the table's statistics makes it plan again. A session that first appended while
    // es_events was nearly empty keeps a sequential scan for the event-id check; where autovacuum never analyzes
    // (it is off on the machines these tests run on) every later append then reads the whole table: 25 ms an
    // append at 200,000 events. Planned at each call, the check uses the unique index at any size.
    id: 'eventstore-002-custom-plans',
    sql: `alter function es_append(text, text, text) set plan_cache_mode = force_custom_plan`,
  },
  {
    // Planning es_append's statements at every call cost about 0.3 ms of PostgreSQL's CPU an append (half a
    // one-event append's time without the disk flush), and its event-id check, done on every append for the rare
    // retried one, an index probe an event. The check goes: the event-id index refuses a retried append as it
    // refuses any duplicate, or the stream's revision does first, and the caller then looks the ids up. What is
    // left looks rows up by key only, so with sequential scans ruled out every plan, the generic one the session
    // caches included, uses the key's index whatever the statistics said when it was made.
    id: 'eventstore-003-append-by-key',
    sql: `
      create or replace function es_append(p_stream text, p_expected text, p_events text)
      returns table (next_revision bigint, last_tx text, last_position bigint)
      language plpgsql
      set enable_seqscan = off
      as $fn$
      declare
        v_events jsonb := p_events::jsonb;
        v_count int := jsonb_array_length(v_events);
        v_last bigint;
        v_current bigint;
      begin
${APPEND_TO_STREAM}      $fn$;
    `,
  },
];

interface EventRow {
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  tx_id: string;
  position: string;
  /** Milliseconds since the epoch, truncated as the driver's own date parsing truncates them. */
  created_ms: string;
}

// The time as a number, not a timestamptz: the driver parses each timestamp with a regular expression, a
// noticeable share of reading a million events in a rebuild.
const COLUMNS =
  'event_id, stream_id, revision, type, data, metadata, tx_id::text as tx_id, position, floor(extract(epoch from created_at) * 1000)::int8 as created_ms';

const toEvent = (row: EventRow, hi = BigInt(row.tx_id)): StoredEvent => ({
  id: row.event_id,
  stream: row.stream_id,
  revision: Number(row.revision),
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  position: { hi, lo: BigInt(row.position) },
  created: new Date(Number(row.created_ms)),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PostgresEventStoreOptions {
  /** How often an idle subscriber looks again when no NOTIFY came (a fence held by unrelated work). */
  idlePollMs?: number;
}

export function postgresEventStore(sql: Sql, options: PostgresEventStoreOptions = {}): EventStore {
  const idlePollMs = options.idlePollMs ?? 100;

  const append: EventStore['append'] = async (stream, events, { expectedRevision = 'any' } = {}) => {
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
        const landed = await whereLanded(stream, ids);
        if (landed) return landed;
        if (landed === false) throw new Error(`event ids of an append to ${stream} are already used by other events`);
        throw error;
      }
      if ((error as { code?: string }).code === WRONG_EXPECTED) {
        const actual = (error as Error).message;
        // The winner may have been this very append, retried: its ids are then in the stream, and it answers
        // where they landed (only ids the caller chose can be a retry's).
        const landed = events.some((event) => event.id) ? await whereLanded(stream, ids) : null;
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

  /**
   * Where an append of these ids landed: its last event's revision and position when every one of them is in the
   * stream, false when some are stored but not all there (ids used again by mistake), null when none is stored.
   */
  const whereLanded = async (stream: string, ids: readonly string[]) => {
    const rows = await sql.query<{ stream_id: string; revision: string; tx_id: string; position: string }>(
      'select stream_id, revision, tx_id::text as tx_id, position from es_events where event_id = any($1::uuid[]) order by revision desc',
      [ids],
    );
    if (rows.length === 0) return null;
    if (rows.length < ids.length || rows.some((row) => row.stream_id !== stream)) return false;
    const last = rows[0]!;
    return { nextRevision: Number(last.revision), position: { hi: BigInt(last.tx_id), lo: BigInt(last.position) } };
  };

  const readStream: EventStore['readStream'] = async (stream, options = {}) => {
    // Revisions are dense (es_append numbers them), so a page is also bounded above: without that bound, a table
    // the planner has no statistics for (autovacuum off, or a fresh one) is read by a bitmap scan of the whole
    // rest of the stream, sorted for each page, and walking a long stream is quadratic.
    const rows = await sql.query<EventRow & Record<string, unknown>>(
      `select ${COLUMNS} from es_events
        where stream_id = $1 and revision >= $2 and ($3::bigint is null or revision < $2::bigint + $3::bigint)
        order by revision limit $3`,
      [stream, options.fromRevision ?? 0, options.maxCount ?? null],
    );
    return rows.map((row) => toEvent(row));
  };

  const readStreamData: EventStore['readStreamData'] = async (stream, options = {}) => {
    const from = options.fromRevision ?? 0;
    const path = options.latest;
    // A page is one row holding its events as one JSON array, [type, data] or [type, data, latest] for each, parsed
    // once: a row per event cost the driver more than the fold (a row's fields, a JSON.parse and an object each).
    // The text is the database's own output of its jsonb (to_json quotes the type and the metadata text), so it
    // parses back to what a row per event would have given.
    const latest = path === undefined ? '' : ` || ',' || coalesce(to_json(metadata #>> $4::text[])::text, 'null')`;
    const [row] = await sql.query<{ page: string | null }>(
      `select '[' || string_agg(to_json(type)::text || ',' || data::text${latest}, ',' order by revision) || ']' as page
        from es_events
        where stream_id = $1 and revision >= $2 and ($3::bigint is null or revision < $2::bigint + $3::bigint)`,
      path === undefined ? [stream, from, options.maxCount ?? null] : [stream, from, options.maxCount ?? null, path],
    );
    if (!row?.page) return [];
    const flat = JSON.parse(row.page) as unknown[];
    const events: StreamEvent[] = [];
    // Dense revisions again: the n-th event is revision from + n, so none is read or parsed.
    if (path === undefined) {
      for (let i = 0; i < flat.length; i += 2)
        events.push({ stream, revision: from + i / 2, type: flat[i] as string, data: flat[i + 1] });
    } else {
      for (let i = 0; i < flat.length; i += 3) {
        const event: StreamEvent = { stream, revision: from + i / 3, type: flat[i] as string, data: flat[i + 1] };
        if (flat[i + 2] !== null) event.latest = flat[i + 2] as string;
        events.push(event);
      }
    }
    return events;
  };

  async function readAll(options: { after?: Position | null; maxCount?: number } = {}) {
    const after = options.after ?? { hi: 0n, lo: 0n };
    const rows = await sql.query<EventRow & Record<string, unknown>>(
      `select ${COLUMNS} from es_events
        where (tx_id, position) > ($1::text::xid8, $2::bigint)
          and tx_id < pg_snapshot_xmin(pg_current_snapshot())
        order by es_events.tx_id, es_events.position
        limit $3`,
      [after.hi.toString(), after.lo.toString(), options.maxCount ?? 1000],
    );
    // The events of one transaction share its id as one BigInt: parsed once, and one fewer object each that a
    // rebuild's page keeps alive (positions are compared, never changed).
    let tx = '';
    let hi = 0n;
    return rows.map((row) => {
      if (row.tx_id !== tx) {
        tx = row.tx_id;
        hi = BigInt(tx);
      }
      return toEvent(row, hi);
    });
  }

  function subscribeToAll(options: SubscribeOptions): Subscription {
    let dirty = true;
    let wake: (() => void) | null = null;
    const poke = () => {
      dirty = true;
      wake?.();
    };
    const unlisten = sql.listen(CHANNEL, poke).catch((error: unknown) => {
      options.onError?.(error);
      return async () => undefined;
    });
    const idle = (stopped: () => boolean) =>
      new Promise<void>((resolve) => {
        if (dirty || stopped()) return resolve();
        const timer = setTimeout(done, idlePollMs);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });

    // Reads what follows, a batch at a time, and waits for a notification (or the idle poll) when there is none.
    const subscription = runSubscription(
      options,
      async (state) => {
        while (!state.stopped()) {
          dirty = false;
          const maxCount = options.batchSize ?? 500;
          const batch = await readAll({ after: state.after, maxCount });
          if (batch.length > 0) {
            await options.onEvents(batch);
            state.advance(batch[batch.length - 1]!.position);
            // A full batch may have more behind it. A short one is all there was: whatever commits after the read
            // began (or was held back behind a transaction still open) notifies, which sets dirty again.
            if (batch.length === maxCount) dirty = true;
          } else {
            await idle(state.stopped);
            state.advance();
          }
        }
      },
      () => wake?.(),
    );
    return {
      async stop() {
        await subscription.stop();
        await (
          await unlisten
        )();
      },
    };
  }

  return {
    kind: 'postgres',
    append,
    readStream,
    readStreamData,
    readAll,
    subscribeToAll,
    close: async () => undefined,
  };
}
