// One database seen through a setting of every transaction (a search path, a commit mode): what a rebuild writes
// through (projections/rebuild.ts), and what its tests confine a projection with.
import type { Queryable, Sql } from './sql.js';

/** Runs a transaction's work, with whatever it does before and after (it may throw to roll the work back). */
export type Around = <T>(tx: Queryable, work: () => Promise<T>) => Promise<T>;

/** `sql` with `setup` (`set local …` statements) run first in every transaction, each statement in one of its own. */
export function scopedSql(sql: Sql, setup: string, around: Around = (_tx, work) => work()): Sql {
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>) =>
    sql.transaction(async (tx) => {
      await tx.exec(setup);
      return around(tx, () => fn(tx));
    });
  return {
    kind: sql.kind,
    transaction,
    query: (text, params) => transaction((tx) => tx.query(text, params)),
    exec: (text) => transaction((tx) => tx.exec(text)),
    listen: (channel, onNotify) => sql.listen(channel, onNotify),
    close: async () => undefined,
  };
}
