import type { Sql } from './sql.js';

export interface Migration {
  /** Unique and stable forever: it is the key in schema_migrations. */
  id: string;
  sql: string;
}

/**
 * Applies the migrations not yet applied, in order, in one transaction. An advisory lock makes concurrent
 * starters (two API processes) take turns instead of racing on CREATE TABLE.
 */
export async function migrate(sql: Sql, migrations: readonly Migration[]): Promise<void> {
  const ids = new Set<string>();
  for (const migration of migrations) {
    if (ids.has(migration.id)) throw new Error(`duplicate migration id ${migration.id}`);
    ids.add(migration.id);
  }
  await sql.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext(current_schema() || '.schema_migrations'))`);
    await tx.exec(
      'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
    );
    const applied = new Set((await tx.query<{ id: string }>('select id from schema_migrations')).map((r) => r.id));
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (id) values ($1)', [migration.id]);
    }
  });
}
