import { batchStream, type BatchEvent } from '../domain/jobs/batch.js';
import type { Queryable } from '../infra/sql/sql.js';
import { recordEnd } from './ends.js';
import type { Projection } from './runner.js';

// The batch view of GET /api/v1/batches/{id} (DESIGN §8): progress, then results in submission order.
export const batchesProjection: Projection<BatchEvent> = {
  name: 'batches',
  migrations: [
    {
      id: 'batches-001',
      sql: `create table batches (
              batch_id text primary key,
              account_id text not null,
              mode text not null,
              status text not null,
              total_count integer not null,
              completed_count integer not null default 0,
              created_at timestamptz not null,
              completed_at timestamptz,
              summary jsonb,
              request_hash text not null
            );
            create table batch_items (
              batch_id text not null,
              index integer not null,
              result jsonb not null,
              primary key (batch_id, index)
            );`,
    },
    {
      // Retention (DESIGN §13): when the per-policy results were erased; the summary (counts, credits) stays.
      id: 'batches-002',
      sql: `alter table batches add column results_erased_at timestamptz;
            create index batches_retention on batches (completed_at) where results_erased_at is null and status = 'complete'`,
    },
  ],
  tables: ['batches', 'batch_items'],
  streams: [batchStream],
  async apply(tx, e, batchId) {
    switch (e.type) {
      case 'BatchSubmitted':
        await tx.query(
          `insert into batches (batch_id, account_id, mode, status, total_count, created_at, request_hash)
           values ($1, $2, $3, 'pending', $4, $5, $6) on conflict (batch_id) do nothing`,
          [batchId, e.data.account_id, e.data.mode, e.data.total_count, e.created, e.data.request_hash],
        );
        break;
      case 'BatchItemCompleted': {
        const inserted = await tx.query(
          `insert into batch_items (batch_id, index, result) values ($1, $2, $3::text::jsonb)
           on conflict (batch_id, index) do nothing returning index`,
          [batchId, e.data.index, JSON.stringify(e.data.result)],
        );
        if (inserted.length > 0) {
          await tx.query(
            `update batches set completed_count = completed_count + 1,
               status = case when status = 'pending' then 'processing' else status end
             where batch_id = $1`,
            [batchId],
          );
        }
        break;
      }
      case 'BatchCompleted':
        await recordEnd(tx, { table: 'batches', id: batchId }, { status: 'complete', column: 'summary', value: e.data.summary, at: e.created });
        break;
      case 'BatchResultsErased':
        await tx.query(`update batches set results_erased_at = $2 where batch_id = $1 and status = 'complete'`, [batchId, e.created]);
        await tx.query(`delete from batch_items where batch_id = $1 and exists (select 1 from batches where batch_id = $1 and results_erased_at is not null)`, [
          batchId,
        ]);
        break;
    }
  },
};

interface BatchRow {
  batch_id: string;
  status: string;
  total_count: number;
  completed_count: number;
  created_at: Date;
  completed_at: Date | null;
  summary: unknown;
  results_erased_at?: Date | null;
}

export async function batchRequestHash(db: Queryable, batchId: string): Promise<string | null> {
  const [row] = await db.query<{ request_hash: string }>('select request_hash from batches where batch_id = $1', [batchId]);
  return row?.request_hash ?? null;
}

export async function findBatch(db: Queryable, batchId: string, owner: { accountId: string; mode: string }) {
  const [row] = await db.query<BatchRow & Record<string, unknown>>(
    'select * from batches where batch_id = $1 and account_id = $2 and mode = $3',
    [batchId, owner.accountId, owner.mode],
  );
  if (!row) return null;
  const view = {
    batch_id: row.batch_id,
    status: row.status,
    total_count: row.total_count,
    completed_count: row.completed_count,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
  if (row.status !== 'complete') return view;
  // Past retention the per-policy results are gone; what was counted and charged is still told.
  if (row.results_erased_at) return { ...view, summary: row.summary, results: null, results_erased_at: row.results_erased_at.toISOString() };
  const items = await db.query<{ result: unknown }>('select result from batch_items where batch_id = $1 order by index', [batchId]);
  return { ...view, summary: row.summary, results: items.map((item) => item.result) };
}
