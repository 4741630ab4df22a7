// The dashboard's request log (issue 32): each API call an account's key made, as Stripe's users know it: when,
// which key, which endpoint (the route's pattern, never the URL a caller typed), the status and error code, how
// long it took and its request id. No bodies, no query strings, nothing a policy number could hide in. The last
// 1,000 calls of each account are kept.
import { BufferedRows } from './buffered-rows.js';
import type { Logger } from './logger.js';
import type { Migration } from './sql/migrate.js';
import type { Queryable } from './sql/sql.js';

export const REQUEST_LOG_SIZE = 1000;

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
];

export interface RequestLogEntry {
  at: Date;
  accountId: string;
  keyId: string;
  method: string;
  route: string;
  status: number;
  error: string | null;
  ms: number;
  requestId: string;
}

async function insertEntries(db: Queryable, rows: readonly RequestLogEntry[]): Promise<void> {
  await db.query(
    `insert into request_log (at, account_id, key_id, method, route, status, error, ms, request_id)
     select * from unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::integer[], $7::text[], $8::integer[], $9::text[])`,
    [
      rows.map((r) => r.at.toISOString()),
      rows.map((r) => r.accountId),
      rows.map((r) => r.keyId),
      rows.map((r) => r.method),
      rows.map((r) => r.route),
      rows.map((r) => r.status),
      rows.map((r) => r.error),
      rows.map((r) => r.ms),
      rows.map((r) => r.requestId),
    ],
  );
  // Each account keeps its last calls only: the rows past them go in the same flush that added more.
  await db.query(
    `delete from request_log where id in (
       select id from (
         select id, row_number() over (partition by account_id order by at desc, id desc) as n
           from request_log where account_id = any($1::text[])
       ) ranked where n > $2)`,
    [[...new Set(rows.map((r) => r.accountId))], REQUEST_LOG_SIZE],
  );
}

/** Buffered like the audit: a call never waits on this write. */
export class RequestLog extends BufferedRows<RequestLogEntry> {
  constructor(db: Queryable, logger: Logger, intervalMs = 2000) {
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
}

/** What the log can be narrowed to: one key, and a status class (`2xx`, `4xx`, `5xx`) or one status. */
export interface RequestLogFilter {
  keyId?: string;
  status?: string;
}

export async function listRequests(db: Queryable, accountId: string, filter: RequestLogFilter = {}): Promise<RequestLogRow[]> {
  const status = filter.status ?? '';
  const [from, to] = /^[1-5]xx$/.test(status)
    ? [Number(status[0]) * 100, Number(status[0]) * 100 + 99]
    : /^[1-5]\d\d$/.test(status)
      ? [Number(status), Number(status)]
      : [0, 999];
  return db.query<RequestLogRow & Record<string, unknown>>(
    `select at, key_id, method, route, status, error, ms, request_id from request_log
      where account_id = $1 and ($2::text is null or key_id = $2) and status between $3 and $4
      order by at desc, id desc limit $5`,
    [accountId, filter.keyId ?? null, from, to, REQUEST_LOG_SIZE],
  );
}

/** The accounts the request log holds calls of. */
export async function accountsInRequestLog(db: Queryable): Promise<string[]> {
  return (await db.query<{ account_id: string }>('select distinct account_id from request_log')).map((row) => row.account_id);
}

/** A closed account's calls go with it (issue 39): nothing of it stays readable. */
export async function forgetRequests(db: Queryable, accountIds: readonly string[]): Promise<void> {
  if (accountIds.length > 0) await db.query('delete from request_log where account_id = any($1::text[])', [accountIds]);
}
