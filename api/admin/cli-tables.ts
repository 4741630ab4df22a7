// What the operator's CLI (api/admin/cli.ts) draws on stderr beside the JSON it prints: tables for a person to read.
import type { Reconciliation } from './ledger-audit.js';

/** Rows as aligned columns under their names. */
export function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '(no rows)';
  const columns = Object.keys(rows[0]!);
  const cells = rows.map((row) => columns.map((c) => String(row[c] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join('  ');
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** One account's reconciliation as a row of that table. */
export const reconciliationRow = (r: Reconciliation) => ({
  account: r.account_id,
  events_balance: r.events.balance,
  model_balance: r.read_model?.balance ?? '-',
  events_reserved: r.events.reserved,
  model_reserved: r.read_model?.reserved ?? '-',
  revision: r.events.revision,
  lag: r.lag,
  match: r.match ? 'yes' : 'NO',
  stale_reservations:
    r.stale_reservations.length === 0
      ? 0
      : r.stale_reservations.map((s) => `${s.reservation_id} (${s.amount}, ${s.reserved_at})`).join(' '),
});
