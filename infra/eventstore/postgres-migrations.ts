// The PostgreSQL event store's tables and its append function (docs/architecture.md#engines): what
// infra/eventstore/postgres.ts reads and writes.
import type { Migration } from '../sql/migrate.js';

/** Notified by every append: subscribers read again. */
export const CHANNEL = 'es_events';
/** es_append's error code when the stream is not at the expected revision (its message: the stream's revision). */
export const WRONG_EXPECTED = 'ES001';
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
