import type { Queryable } from '../../infra/sql/sql.js';

// What /metrics reads of the jobs and batches read models (infra/metrics.ts gauges), owned with their tables.
const count =
  <K extends string>(db: Queryable, sql: string) =>
  () =>
    db.query<Record<K, string> & { n: string }>(sql);

export const readModelCounts = (db: Queryable) => ({
  jobs: count<'kind' | 'status'>(db, 'select kind, status, count(*)::text as n from jobs group by kind, status'),
  batches: count<'status'>(db, 'select status, count(*)::text as n from batches group by status'),
  webhooks: count<'status'>(
    db,
    'select webhook_status as status, count(*)::text as n from jobs where webhook_status is not null group by webhook_status',
  ),
});
