// Per-call audit entries (docs/architecture.md#personal-data): when, which key (its id, never the key), which account, country,
// insurance type, status and confidence of each verification; never the policy number. Kept 90 days.
import { dateError, isIsoDate } from '../domain/datasets/dates.js';
import { DomainError } from '../domain/errors.js';
import { BufferedRows } from '../infra/buffered-rows.js';
import { FLUSH_MS } from '../infra/periodic-flush.js';
import type { Logger } from '../infra/logger.js';
import type { Queryable } from '../infra/sql/sql.js';
import { insertEntries, listAudit, type AuditEntry, type AuditRow } from '../projections/audit-rows.js';

export { deleteAuditBefore, insertEntries, type AuditEntry } from '../projections/audit-rows.js';

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

/**
 * The admin API's export (`GET /admin/accounts/{id}/audit?since=YYYY-MM-DD`, `npm run admin -- audit export`):
 * the account's entries from that UTC day on, as CSV. A `since` that is not a date is the caller's 400.
 */
export async function auditExport(db: Queryable, accountId: string, since: unknown): Promise<string> {
  if (typeof since !== 'string' || !isIsoDate(since)) throw new DomainError('invalid_parameter', dateError('since'));
  return auditCsv(await listAudit(db, accountId, new Date(`${since}T00:00:00Z`)));
}
