// The dashboard's request log (issue 32): each API call an account's key made, as Stripe's users know it: when,
// which key, which endpoint (the route's pattern, never the URL a caller typed), the status and error code, how
// long it took and its request id. No bodies, no query strings, nothing a policy number could hide in. The last
// 1,000 calls of each account are kept.
//
// Kept as a ring (issue 40 item 6): each account has REQUEST_LOG_SIZE rows, slot = call number mod the size, and a
// call overwrites the slot of the one 1,000 calls before it. No delete, so no dead rows for a vacuum to find: an
// update that changes no indexed column and finds room in its page (fillfactor 50) is a HOT update, whose old
// version the next visit to the page prunes. A delete every flush left 114,000 dead rows beside 1,000 live ones
// where autovacuum was off, and every delete walked past them.
//
// Rows are buffered (BufferedRows) and written every FLUSH_MS (500 ms), at 1,000 buffered, and on a graceful stop,
// which loses nothing. A kill -9 loses what was buffered: the calls answered since the last flush, at most 500 ms of
// them (more only while the database was refusing writes, when up to 50,000 are kept for the next try).
import { BufferedRows } from '../infra/buffered-rows.js';
import { FLUSH_MS } from '../infra/periodic-flush.js';
import type { Logger } from '../infra/logger.js';
import type { Migration } from '../infra/sql/migrate.js';
import type { Queryable } from '../infra/sql/sql.js';

export const REQUEST_LOG_SIZE = 1000;

const COLUMNS =
  'at timestamptz not null, key_id text not null, method text not null, route text not null, status integer not null, error text, ms integer not null, request_id text not null';

export const requestLogMigrations: Migration[] = [
  {
    id: 'request-log-001',
    sql: `create table request_log (
            id bigint generated always as identity primary key,
            at timestamptz not null,
            account_id text not null,
            key_id text not null,
            method text not null,
            route text not null,
            status integer not null,
            error text,
            ms integer not null,
            request_id text not null
          );
          create index request_log_account on request_log (account_id, at desc, id desc);`,
  },
  {
    // The ring, filled with each account's last calls as the old table held them (seq: the account's call number).
    id: 'request-log-002-ring',
    sql: `alter table request_log rename to request_log_old;
          alter index request_log_pkey rename to request_log_old_pkey;
          create table request_log (
            account_id text not null,
            slot integer not null,
            seq bigint not null,
            ${COLUMNS},
            primary key (account_id, slot)
          ) with (fillfactor = 50);
          create table request_log_heads (account_id text primary key, seq bigint not null) with (fillfactor = 50);
          insert into request_log_heads select account_id, count(*) from request_log_old group by account_id;
          insert into request_log
            select account_id, (seq % ${REQUEST_LOG_SIZE})::int, seq, at, key_id, method, route, status, error, ms, request_id
              from (select *, count(*) over (partition by account_id) - row_number() over (partition by account_id order by at desc, id desc) + 1 as seq
                      from request_log_old) ranked
             where seq > (select h.seq from request_log_heads h where h.account_id = ranked.account_id) - ${REQUEST_LOG_SIZE};
          drop table request_log_old;`,
  },
  {
    // The request's trace (when tracing is on): the request log links each call to it.
    id: 'request-log-003-trace',
    sql: `alter table request_log add column trace_id text`,
  },
];

export interface RequestLogEntry {
  /** Milliseconds since the epoch (a Date costs its ISO text in every flush's JSON). */
  at: number;
  accountId: string;
  keyId: string;
  method: string;
  route: string;
  status: number;
  error: string | null;
  ms: number;
  requestId: string;
  /** Its trace, when tracing is on. */
  traceId?: string;
}

async function insertEntries(db: Queryable, entries: readonly RequestLogEntry[]): Promise<void> {
  // One statement over one JSON text (serialized natively: an array parameter per column cost the driver a
  // JavaScript pass escaping every element, on the thread that answers the calls). Each account's calls are put in
  // the order they were answered (`back`: how many of its calls in this flush follow one), its call numbers taken
  // (the head rows locked in account order, so two processes flushing at once queue rather than deadlock), then
  // each call overwrites its slot, unless a newer one is already there (another process's flush, a whole ring
  // later). Only the last REQUEST_LOG_SIZE of a flush can be kept: two rows for one slot in one statement is an error.
  await db.query(
    `with e as (
       select r."accountId", to_timestamp(r.at / 1000.0) as at, r."keyId", r.method, r.route, r.status, r.error, r.ms, r."requestId", r."traceId", r.n,
              count(*) over (partition by r."accountId") - row_number() over (partition by r."accountId" order by r.at, r.n) as back
         from rows from (json_to_recordset($1::json)
                as (at float8, "accountId" text, "keyId" text, method text, route text, status integer, error text, ms integer, "requestId" text, "traceId" text))
              with ordinality as r(at, "accountId", "keyId", method, route, status, error, ms, "requestId", "traceId", n)
     ),
     heads as (
       insert into request_log_heads as h (account_id, seq)
         select "accountId", count(*) from e group by 1 order by 1
         on conflict (account_id) do update set seq = h.seq + excluded.seq
         returning h.account_id, h.seq
     )
     insert into request_log as r (account_id, slot, seq, at, key_id, method, route, status, error, ms, request_id, trace_id)
       select e."accountId", ((heads.seq - e.back) % ${REQUEST_LOG_SIZE})::int, heads.seq - e.back, e.at, e."keyId", e.method, e.route, e.status, e.error, e.ms, e."requestId", e."traceId"
         from e join heads on heads.account_id = e."accountId"
        where e.back < ${REQUEST_LOG_SIZE}
        order by e."accountId", e.back desc
     on conflict (account_id, slot) do update
       set seq = excluded.seq, at = excluded.at, key_id = excluded.key_id, method = excluded.method, route = excluded.route,
           status = excluded.status, error = excluded.error, ms = excluded.ms, request_id = excluded.request_id,
           trace_id = excluded.trace_id
       where r.seq < excluded.seq`,
    [JSON.stringify(entries)],
  );
}

/** Buffered like the audit: a call never waits on this write. */
export class RequestLog extends BufferedRows<RequestLogEntry> {
  constructor(db: Queryable, logger: Logger, intervalMs = FLUSH_MS) {
    super('request log', (rows) => insertEntries(db, rows), logger, intervalMs);
  }
}

export interface RequestLogRow {
  at: Date;
  key_id: string;
  method: string;
  route: string;
  status: number;
  error: string | null;
  ms: number;
  request_id: string;
  trace_id?: string | null;
}

/** What the log can be narrowed to: one key, and a status class (`2xx`, `4xx`, `5xx`) or one status. */
export interface RequestLogFilter {
  keyId?: string;
  status?: string;
}

export async function listRequests(
  db: Queryable,
  accountId: string,
  filter: RequestLogFilter = {},
): Promise<RequestLogRow[]> {
  const status = filter.status ?? '';
  const [from, to] = /^[1-5]xx$/.test(status)
    ? [Number(status[0]) * 100, Number(status[0]) * 100 + 99]
    : /^[1-5]\d\d$/.test(status)
      ? [Number(status), Number(status)]
      : [0, 999];
  return db.query<RequestLogRow & Record<string, unknown>>(
    `select at, key_id, method, route, status, error, ms, request_id, trace_id from request_log
      where account_id = $1 and ($2::text is null or key_id = $2) and status between $3 and $4
      order by at desc, seq desc limit $5`,
    [accountId, filter.keyId ?? null, from, to, REQUEST_LOG_SIZE],
  );
}

/** The accounts the request log holds calls of. */
export async function accountsInRequestLog(db: Queryable): Promise<string[]> {
  return (await db.query<{ account_id: string }>('select distinct account_id from request_log')).map(
    (row) => row.account_id,
  );
}

/** A closed account's calls go with it (issue 39): nothing of it stays readable. */
export async function forgetRequests(db: Queryable, accountIds: readonly string[]): Promise<void> {
  if (accountIds.length > 0) await db.query('delete from request_log where account_id = any($1::text[])', [accountIds]);
}
