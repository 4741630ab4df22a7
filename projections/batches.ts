import { batchDecider, batchStream, type Batch, type BatchEvent } from '../domain/jobs/batch.js';
import { batchRecord, showsResults, type BatchRecord, type BatchRow } from '../domain/jobs/batch-record.js';
import type { BatchItemResult } from '../domain/jobs/outcomes.js';
import type { StoredEvent } from '../infra/eventstore/types.js';
import type { Queryable } from '../infra/sql/sql.js';
import type { Projection } from './projection.js';
import { projectStates, type StateTable } from './states.js';

// The batch view of GET /api/v1/batches/{id} (docs/architecture.md#the-interface): progress, then results in
// submission order. Each batch's row and items are the state the batch's decider folds from its stream
// (domain/jobs/batch.ts), the fold checked reads make too (domain/jobs/batch-record.ts).
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
  async forget(tx, batchId) {
    await tx.query('delete from batch_items where batch_id = $1', [batchId]);
    await tx.query('delete from batches where batch_id = $1', [batchId]);
  },
  async apply(tx, event, id) {
    await project(tx, [{ event, id }]);
  },
  applyMany: project,
};

/** The row is the batch as its decider folds it; which items it keeps are the batch_items rows. */
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
 * recorded them (the first of each, as the fold counts it), and those it stopped keeping are deleted.
 */
async function project(
  tx: Queryable,
  events: readonly { event: StoredEvent<BatchEvent>; id: string }[],
): Promise<void> {
  const { stored, changed } = await projectStates(tx, BATCHES, events, batchDecider);
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

export async function batchRequestHash(db: Queryable, batchId: string): Promise<string | null> {
  const [row] = await db.query<{ request_hash: string }>('select request_hash from batches where batch_id = $1', [
    batchId,
  ]);
  return row?.request_hash ?? null;
}

/** A batch as its owner sees it: another account's, or the other mode's, does not exist. */
export async function findBatch(
  db: Queryable,
  batchId: string,
  owner: { accountId: string; mode: string },
): Promise<BatchRecord | null> {
  const [row] = await db.query<BatchRow & Record<string, unknown>>(
    'select * from batches where batch_id = $1 and account_id = $2 and mode = $3',
    [batchId, owner.accountId, owner.mode],
  );
  if (!row) return null;
  const items = showsResults(row)
    ? await db.query<{ result: BatchItemResult }>('select result from batch_items where batch_id = $1 order by index', [
        batchId,
      ])
    : [];
  return batchRecord(
    row,
    items.map((item) => item.result),
  );
}
