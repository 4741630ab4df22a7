import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../../infra/sql/sql.js';

/**
 * Every row of every table in the connection's schema, as text, by table: what someone reading the database
 * (a backup, a replica, an operator's psql) would see. Tests search it for data that must be gone.
 */
export async function dumpDatabase(db: Queryable): Promise<Map<string, string[]>> {
  const tables = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const dump = new Map<string, string[]>();
  for (const { table_name } of tables) {
    const rows = await db.query<{ row: string }>(`select t::text as row from "${table_name}" t`);
    dump.set(
      table_name,
      rows.map((r) => r.row),
    );
  }
  return dump;
}

/** The tables (and a row of each) whose text holds any of `needles`, ignoring case; empty when none does. */
export async function rowsHolding(db: Queryable, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const [table, rows] of await dumpDatabase(db)) {
    for (const row of rows) {
      const lower = row.toLowerCase();
      const hit = needles.find((needle) => lower.includes(needle.toLowerCase()));
      if (hit) found.push(`${table}: ${hit}`);
    }
  }
  return found;
}

/** A slice from the middle of a document as a dump would show it: hex (bytea's text) and base64. */
export function bytesAsText(bytes: Buffer): string[] {
  const slice = middleOf(bytes);
  return [slice.toString('hex'), slice.toString('base64')];
}

const middleOf = (bytes: Buffer) =>
  bytes.subarray(Math.max(0, Math.floor(bytes.length / 2) - 24), Math.floor(bytes.length / 2) + 24);

/** The files under `dir` holding a slice from the middle of `bytes`, raw, hex or base64. */
export function filesHolding(dir: string, bytes: Buffer): string[] {
  if (!existsSync(dir)) return [];
  const needles = [middleOf(bytes), ...bytesAsText(bytes)];
  return readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => statSync(file).isFile())
    .filter((file) => {
      const content = readFileSync(file);
      return needles.some((needle) => content.includes(needle));
    });
}
