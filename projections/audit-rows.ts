// The audit read model (projections/audit.ts) as the service writes and reads it: the synchronous route's entries,
// which have no event (application/audit.ts buffers them), an account's entries, and retention's deletion.
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
 * One insert for many entries, sent as one JSON text: serialized natively, where an array parameter per column cost
 * the driver a JavaScript pass escaping every element, on the thread that answers the calls (docs/performance.md).
 * Every field is the service's own (ids, codes, enums, numbers), never a caller's free text. Their `source` is
 * null: a rebuild of the audit carries them over to its new table (projections/rebuild.ts).
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

/** Deletes entries older than `cutoff`; returns how many. */
export async function deleteAuditBefore(db: Queryable, cutoff: Date): Promise<number> {
  const rows = await db.query<{ n: string }>(
    'with gone as (delete from call_audit where at < $1 returning 1) select count(*)::text as n from gone',
    [cutoff],
  );
  return Number(rows[0]?.n ?? 0);
}
