// Reads of the PostgreSQL event store: a stream, a stream's data alone (the folds' fast path), and the feed in its
// gap-free global order (docs/architecture.md#engines).
import type { Sql } from '../sql/sql.js';
import type { EventMetadata, EventStore, StoredEvent, StreamEvent } from './types.js';

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

export function readsOf(sql: Sql): Pick<EventStore, 'readStream' | 'readStreamData' | 'readAll'> {
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

  const readAll: EventStore['readAll'] = async (options = {}) => {
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
  };

  return { readStream, readStreamData, readAll };
}
