import type { Queryable } from '../infra/sql/sql.js';

const KEYS = { jobs: 'job_id', batches: 'batch_id' } as const;

/** How a job or a batch ended, on its row: its status, what it ended with (stored as JSON), and when. */
export async function recordEnd(
  tx: Queryable,
  row: { table: keyof typeof KEYS; id: string },
  end: { status: string; column: 'error' | 'summary'; value: unknown; at: Date },
): Promise<void> {
  await tx.query(`update ${row.table} set status = $2, ${end.column} = $3::text::jsonb, completed_at = $4 where ${KEYS[row.table]} = $1`, [
    row.id,
    end.status,
    JSON.stringify(end.value),
    end.at,
  ]);
}
