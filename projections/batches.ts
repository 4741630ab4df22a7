import { batchStream, evolveBatch, type Batch, type BatchEvent } from '../domain/jobs/batch.js';
import type { BatchItemResult } from '../domain/jobs/outcomes.js';
import type { StoredEvent } from '../infra/eventstore/types.js';
import type { Queryable } from '../infra/sql/sql.js';
import type { Projection } from './runner.js';
import { projectStates, type StateTable } from './states.js';

// The batch view of GET /api/v1/batches/{id} (docs/architecture.md#the-interface): progress, then results in submission order. Each
// batch's row and items are the state evolveBatch folds from its stream (domain/jobs/batch.ts).
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
      // Retention (docs/architecture.md#personal-data): when the per-policy results were erased; the summary (counts, credits) stays.
      id: 'batches-002',
      sql: `alter table batches add column results_erased_at timestamptz;
            create index batches_retention on batches (completed_at) where results_erased_at is null and status = 'complete'`,
    },
  ],
  readsByKeyOnly: true,
  tables: ['batches', 'batch_items'],
  streams: [batchStream],
  async apply(tx, event, id) {
    await project(tx, [{ event, id }]);
  },
  applyMany: project,
};

/** The row is the batch as evolveBatch folds it; which items it keeps are the batch_items rows. */
const BATCHES: StateTable = {
  name: 'batches',
  key: 'batch_id',
  columns: {
    account_id: 'text',
    mode: 'text',
    status: 'text',
    total_count: 'integer',
    completed_count: 'integer',
    request_hash: 'text',
    summary: 'jsonb',
    created_at: 'timestamptz',
    completed_at: 'timestamptz',
    results_erased_at: 'timestamptz',
  } satisfies Record<Exclude<keyof Batch, 'recorded'>, string>,
  derived: {
    recorded: `coalesce((select array_agg(i.index) from batch_items i where i.batch_id = batches.batch_id), '{}')`,
  },
};

/**
 * The batches' rows, then their items: those the fold started keeping are written from the events that
 * recorded them (the first of each, as evolveBatch counts it), and those it stopped keeping are deleted.
 */
async function project(
  tx: Queryable,
  events: readonly { event: StoredEvent<BatchEvent>; id: string }[],
): Promise<void> {
  const { stored, changed } = await projectStates(tx, BATCHES, events, evolveBatch);
  const results = new Map<string, BatchItemResult>();
  for (const { event, id } of events) {
    if (event.type !== 'BatchItemCompleted') continue;
    const key = itemKey(id, event.data.index);
    if (!results.has(key)) results.set(key, event.data.result);
  }
  const added: { batch_id: string; index: number; result: BatchItemResult }[] = [];
  const dropped: { batch_id: string; index: number }[] = [];
  for (const [batchId, batch] of changed) {
    const before = new Set(stored.get(batchId)?.recorded);
    const after = new Set(batch.recorded);
    for (const index of after)
      if (!before.has(index)) added.push({ batch_id: batchId, index, result: results.get(itemKey(batchId, index))! });
    for (const index of before) if (!after.has(index)) dropped.push({ batch_id: batchId, index });
  }
  if (added.length > 0) {
    await tx.query(
      `insert into batch_items (batch_id, index, result)
       select batch_id, index, result from jsonb_to_recordset($1::jsonb) as r(batch_id text, index integer, result jsonb)`,
      [JSON.stringify(added)],
    );
  }
  if (dropped.length > 0) {
    await tx.query(
      `delete from batch_items i using jsonb_to_recordset($1::jsonb) as r(batch_id text, index integer)
        where i.batch_id = r.batch_id and i.index = r.index`,
      [JSON.stringify(dropped)],
    );
  }
}

const itemKey = (batchId: string, index: number) => `${batchId}/${index}`;

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
  const [row] = await db.query<{ request_hash: string }>('select request_hash from batches where batch_id = $1', [
    batchId,
  ]);
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
  if (row.results_erased_at)
    return { ...view, summary: row.summary, results: null, results_erased_at: row.results_erased_at.toISOString() };
  const items = await db.query<{ result: unknown }>(
    'select result from batch_items where batch_id = $1 order by index',
    [batchId],
  );
  return { ...view, summary: row.summary, results: items.map((item) => item.result) };
}
