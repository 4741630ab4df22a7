// Per-call audit entries (docs/architecture.md#personal-data): when, which key (its id, never the key), which account, country,
// insurance type, status and confidence of each verification; never the policy number. Kept 90 days.
import { dateError, isIsoDate } from '../domain/datasets/dates.js';
import { DomainError } from '../domain/errors.js';
import { BufferedRows } from '../infra/buffered-rows.js';
import { FLUSH_MS } from '../infra/periodic-flush.js';
import type { Logger } from '../infra/logger.js';
import type { Queryable } from '../infra/sql/sql.js';

export interface AuditEntry {
  /** Milliseconds since the epoch: a number serializes in the flush's JSON text at a fraction of a Date's cost. */
  at: number;
  accountId: string;
  keyId: string;
  mode: string;
  country: string | null;
  insuranceType: string | null;
  status: string;
  confidence: number | null;
}

/**
 * The synchronous route's audit: entries are buffered in memory and inserted in batches every FLUSH_MS (and on
 * stop), so the route does not wait on a write, like application/usage.ts counts requests. A kill -9 loses at most one
 * interval of entries.
 */
export class AuditRecorder extends BufferedRows<AuditEntry> {
  constructor(db: Queryable, logger: Logger, intervalMs = FLUSH_MS) {
    super('audit', (rows) => insertEntries(db, rows), logger, intervalMs);
  }
}

/**
 * One insert for many entries, sent as one JSON text: serialized natively, where an array parameter per column cost
 * the driver a JavaScript pass escaping every element, on the thread that answers the calls (docs/performance.md).
 * Every field is the service's own (ids, codes, enums, numbers), never a caller's free text.
 */
export async function insertEntries(db: Queryable, rows: readonly AuditEntry[], channel = 'sync'): Promise<void> {
  await db.query(
    `insert into call_audit (at, account_id, key_id, mode, channel, country, insurance_type, status, confidence)
     select to_timestamp(at / 1000.0), "accountId", "keyId", mode, $1, country, "insuranceType", status, confidence
       from json_to_recordset($2::json)
         as r(at float8, "accountId" text, "keyId" text, mode text, country text, "insuranceType" text, status text, confidence float8)`,
    [channel, JSON.stringify(rows)],
  );
}

export interface AuditRow {
  at: string;
  key_id: string;
  mode: string;
  channel: string;
  country: string | null;
  insurance_type: string | null;
  status: string;
  confidence: number | null;
}

/** An account's entries from `since` on, oldest first. */
export async function listAudit(db: Queryable, accountId: string, since: Date, limit = 100_000): Promise<AuditRow[]> {
  const rows = await db.query<Omit<AuditRow, 'at'> & { at: Date }>(
    `select at, key_id, mode, channel, country, insurance_type, status, confidence from call_audit
      where account_id = $1 and at >= $2 order by at, id limit $3`,
    [accountId, since, limit],
  );
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

export const AUDIT_CSV_COLUMNS = [
  'at',
  'key_id',
  'mode',
  'channel',
  'country',
  'insurance_type',
  'status',
  'confidence',
] as const;

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The entries as CSV: a header line, then one line per entry. */
export const auditCsv = (rows: readonly AuditRow[]): string =>
  [AUDIT_CSV_COLUMNS.join(','), ...rows.map((row) => AUDIT_CSV_COLUMNS.map((c) => csvCell(row[c])).join(','))].join(
    '\n',
  ) + '\n';

/** Deletes entries older than `cutoff`; returns how many. */
export async function deleteAuditBefore(db: Queryable, cutoff: Date): Promise<number> {
  const rows = await db.query<{ n: string }>(
    'with gone as (delete from call_audit where at < $1 returning 1) select count(*)::text as n from gone',
    [cutoff],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The admin API's export (`GET /admin/accounts/{id}/audit?since=YYYY-MM-DD`, `npm run admin -- audit export`):
 * the account's entries from that UTC day on, as CSV. A `since` that is not a date is the caller's 400.
 */
export async function auditExport(db: Queryable, accountId: string, since: unknown): Promise<string> {
  if (typeof since !== 'string' || !isIsoDate(since)) throw new DomainError('invalid_parameter', dateError('since'));
  return auditCsv(await listAudit(db, accountId, new Date(`${since}T00:00:00Z`)));
}
