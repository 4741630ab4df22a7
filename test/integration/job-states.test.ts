// The jobs and batches read models store what the domain folds (projections/states.ts): after the streams of
// several jobs and batches, interleaved and applied a few events at a time (so a job's fold spans batches of the
// feed, and a batch of the feed holds several jobs), each row equals evolveJob's or evolveBatch's fold of that
// entity's stream, and a batch's items are the results its fold keeps; the rebuilt tables have every index the
// migrations make.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { batchStream, evolveBatch, initialBatch, type BatchEvent } from '../../domain/jobs/batch.js';
import { foldJobRow } from '../../domain/jobs/job-record.js';
import { jobStream, type JobEvent } from '../../domain/jobs/job.js';
import type { BatchItemResult } from '../../domain/jobs/outcomes.js';
import { readEvents } from '../../infra/eventstore/types.js';
import { createLogger } from '../../infra/logger.js';
import { batchesProjection } from '../../projections/batches.js';
import { jobsProjection } from '../../projections/jobs.js';
import { projectionMigrations } from '../../projections/runner.js';
import { rebuild } from '../../projections/rebuild.js';
import { itemResult } from '../support/batch-items.js';
import { jobSubmitted, webhookAttempt } from '../support/job-events.js';
import { eventStoreOn, testDatabases } from '../support/sql.js';

const submitted = (webhook: boolean) => jobSubmitted({ webhook });
const attempt = webhookAttempt;

/** Job histories as they happen, late events and a resend included. */
const JOBS: JobEvent[][] = [
  [submitted(false)],
  [
    submitted(true),
    { type: 'JobCompleted', data: { result: { status: 'verified' }, credits_charged: 1 } },
    attempt(2, 500),
    attempt(1, 502),
    { type: 'WebhookDelivered', data: { attempts: 3 } },
  ],
  [
    submitted(true),
    { type: 'JobFailed', data: { error: { error: 'invalid_document', message: 'x', code: 422 } } },
    { type: 'WebhookAbandoned', data: { attempts: 5, reason: 'gave up' } },
  ],
  [
    submitted(true),
    { type: 'JobCompleted', data: { result: { status: 'unverified' }, credits_charged: 1 } },
    attempt(1, 200),
    { type: 'WebhookResent', data: { delivery_id: 'r1', url: 'https://h.example/x' } },
    attempt(2, 500), // late, of the original delivery
    attempt(1, 200, 'r1'),
    { type: 'WebhookDelivered', data: { attempts: 1, delivery_id: 'r1' } },
    { type: 'JobResultErased', data: { request: { country: 'DE' }, cutoff: '2026-11-01T00:00:00Z' } },
  ],
  [
    submitted(false),
    { type: 'JobResultErased', data: { request: {}, cutoff: '2026-11-01T00:00:00Z' } },
    { type: 'JobCompleted', data: { result: { status: 'verified' }, credits_charged: 2 } },
  ],
];

const batchSubmitted: BatchEvent = {
  type: 'BatchSubmitted',
  data: {
    mode: 'test',
    account_id: 'acct_1',
    key_id: 'key_1',
    total_count: 3,
    policies: [],
    idempotency_key: null,
    request_hash: 'h',
  },
};
const recorded = (index: number, policy?: string): BatchEvent => ({
  type: 'BatchItemCompleted',
  data: { index, result: itemResult(index, policy ? { policy_number: policy } : {}) },
});
const completed: BatchEvent = {
  type: 'BatchCompleted',
  data: { summary: { verified: 3, inconclusive: 0, unverified: 0, error: 0, credits_charged: 3 } },
};
const erased: BatchEvent = { type: 'BatchResultsErased', data: { cutoff: '2026-11-01T00:00:00Z' } };

/** Batch histories: a slice recorded twice (the first result is kept), an erasure too early and one in time. */
const BATCHES: BatchEvent[][] = [
  [batchSubmitted],
  [batchSubmitted, recorded(1), recorded(0), recorded(1, 'again'), recorded(2), completed],
  [batchSubmitted, recorded(0), erased, recorded(1), recorded(2), completed, erased],
];

describe.each(testDatabases())('the jobs and batches read models ($name)', (database) => {
  const db = eventStoreOn(database, projectionMigrations([jobsProjection, batchesProjection]));

  it.each([1, 4, 1000])(
    'store the domain’s fold of each stream (the feed applied %i events at a time)',
    async (batchSize) => {
      const { sql, events } = db;
      const jobs = JOBS.map((history) => ({ id: randomUUID(), history }));
      const batches = BATCHES.map((history) => ({ id: randomUUID(), history }));
      // Round-robin, one event per stream each round: every batch of the feed mixes the streams.
      for (let i = 0; i < 8; i += 1) {
        for (const job of jobs) if (job.history[i]) await events.append(jobStream(job.id), [job.history[i]!]);
        for (const batch of batches)
          if (batch.history[i]) await events.append(batchStream(batch.id), [batch.history[i]!]);
      }
      // The rebuild builds the tables' secondary indexes after its replay: the swapped-in tables have them all.
      const indexes = () =>
        sql.query(
          `select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = any($1::text[]) order by indexname`,
          [[...jobsProjection.tables, ...batchesProjection.tables]],
        );
      const migrated = await indexes();
      expect(migrated.map((index) => index.indexname)).toEqual(
        expect.arrayContaining(['jobs_retention', 'batches_retention']),
      );
      await rebuild({ sql, events, logger: createLogger('silent', 'test') }, [jobsProjection, batchesProjection], {
        batchSize,
      });
      expect(await indexes()).toEqual(migrated);

      for (const { id } of jobs) {
        const [row] = await sql.query('select * from jobs where job_id = $1', [id]);
        expect(row ?? null).toEqual(foldJobRow(id, await readEvents(events, jobStream, id)));
      }
      for (const { id } of batches) {
        const stream = await readEvents(events, batchStream, id);
        const { recorded: kept, ...folded } = stream.reduce(evolveBatch, initialBatch)!;
        const [row] = await sql.query('select * from batches where batch_id = $1', [id]);
        expect(row).toEqual({ batch_id: id, ...folded });
        const items = await sql.query<{ index: number; result: BatchItemResult }>(
          'select index, result from batch_items where batch_id = $1 order by index',
          [id],
        );
        const firsts = new Map<number, BatchItemResult>();
        for (const e of stream)
          if (e.type === 'BatchItemCompleted' && !firsts.has(e.data.index)) firsts.set(e.data.index, e.data.result);
        expect(items).toEqual([...kept].sort((a, b) => a - b).map((index) => ({ index, result: firsts.get(index) })));
      }
      // The histories reach every state the folds know, so a row that matched a fold matched something.
      const statuses = await sql.query<{ status: string; n: string }>(
        'select status, count(*)::text as n from jobs where job_id = any($1) group by status order by status',
        [jobs.map((j) => j.id)],
      );
      expect(statuses).toEqual([
        { status: 'complete', n: '3' },
        { status: 'failed', n: '1' },
        { status: 'pending', n: '1' },
      ]);
    },
  );
});
