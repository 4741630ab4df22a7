// The jobs and batches read models store what the domain folds (projections/states.ts): after the streams of
// several jobs and batches, interleaved and applied a few events at a time (so a job's fold spans batches of the
// feed, and a batch of the feed holds several jobs), each row equals the fold of that entity's stream by its
// decider, and a batch's items are the results its fold keeps; the rebuilt tables have every index the
// migrations make. One fold per entity (issue 54): a batch's view is the same from the read model as from its
// events, an erased one's too; a delivery's row says what the job's webhook fields say of the delivery they follow.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { foldBatchRow } from '../../domain/jobs/batch-record.js';
import { batchStream, type BatchEvent } from '../../domain/jobs/batch.js';
import { foldJobRow } from '../../domain/jobs/job-record.js';
import { jobStream, type JobEvent } from '../../domain/jobs/job.js';
import { readEvents } from '../../infra/eventstore/types.js';
import { createLogger } from '../../infra/logger.js';
import { batchesProjection, findBatch } from '../../projections/batches.js';
import { jobsProjection } from '../../projections/jobs.js';
import { foldedBatch } from '../../projections/readers/job-records.js';
import { webhookDeliveriesProjection } from '../../projections/webhook-deliveries.js';
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

const PROJECTIONS = [jobsProjection, batchesProjection, webhookDeliveriesProjection];

describe.each(testDatabases())('the jobs and batches read models ($name)', (database) => {
  const db = eventStoreOn(database, projectionMigrations(PROJECTIONS));

  /** Appends the histories round-robin, one event per stream each round (every batch of the feed mixes the streams). */
  async function append(histories: { stream: string; history: readonly (JobEvent | BatchEvent)[] }[]) {
    for (let i = 0; i < 8; i += 1)
      for (const { stream, history } of histories) if (history[i]) await db.events.append(stream, [history[i]!]);
  }

  it.each([1, 4, 1000])(
    'store the domain’s fold of each stream (the feed applied %i events at a time)',
    async (batchSize) => {
      const { sql, events } = db;
      const jobs = JOBS.map((history) => ({ id: randomUUID(), history }));
      const batches = BATCHES.map((history) => ({ id: randomUUID(), history }));
      await append([
        ...jobs.map(({ id, history }) => ({ stream: jobStream(id), history })),
        ...batches.map(({ id, history }) => ({ stream: batchStream(id), history })),
      ]);
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
        const folded = foldBatchRow(id, await readEvents(events, batchStream, id))!;
        const [row] = await sql.query('select * from batches where batch_id = $1', [id]);
        expect(row).toEqual(folded.row);
        const items = await sql.query('select index, result from batch_items where batch_id = $1 order by index', [id]);
        expect(items).toEqual(folded.items);
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

  it('show a batch the same from the read model as from its events, before and after its erasure', async () => {
    const batches = BATCHES.map((history) => ({ id: randomUUID(), history }));
    await append(batches.map(({ id, history }) => ({ stream: batchStream(id), history })));
    await rebuild({ sql: db.sql, events: db.events, logger: createLogger('silent', 'test') }, [batchesProjection]);
    const owner = { accountId: 'acct_1', mode: 'test' };
    const views = [];
    for (const { id } of batches) {
      const view = await findBatch(db.sql, id, owner);
      expect(view).toEqual(await foldedBatch(db.events, id, owner));
      views.push(view);
    }
    // The histories reach a pending, a complete and an erased batch: the erased one still counts its policies.
    expect(
      views.map((view) => [view?.status, view?.completed_count, 'results' in view! ? view.results : 'none']),
    ).toEqual([
      ['pending', 0, 'none'],
      ['complete', 3, expect.any(Array)],
      ['complete', 3, null],
    ]);
  });

  it('keep in each delivery’s row what the job’s webhook fields say of the delivery they follow', async () => {
    const jobs = JOBS.map((history) => ({ id: randomUUID(), history }));
    await append(jobs.map(({ id, history }) => ({ stream: jobStream(id), history })));
    await rebuild({ sql: db.sql, events: db.events, logger: createLogger('silent', 'test') }, [
      jobsProjection,
      webhookDeliveriesProjection,
    ]);
    const followed = [];
    for (const { id } of jobs) {
      const [job] = await db.sql.query('select * from jobs where job_id = $1', [id]);
      if (!job!.webhook_status) continue;
      const [delivery] = await db.sql.query(
        'select status, attempts, last_status, last_attempt_at from webhook_deliveries where job_id = $1 and delivery_id = $2',
        [id, job!.webhook_delivery_id ?? ''],
      );
      const fromJob = {
        status: job!.webhook_status,
        attempts: job!.webhook_attempts,
        last_status: job!.webhook_last_status,
        last_attempt_at: job!.webhook_last_attempt_at,
      };
      expect(delivery).toEqual(fromJob);
      followed.push(fromJob);
    }
    // Attempts recorded out of order (the second before the first): the last status is the second's.
    expect(followed.map((d) => [d.status, d.attempts, d.last_status])).toEqual([
      ['delivered', 3, 500],
      ['failed', 5, null],
      ['delivered', 1, 200],
    ]);
  });
});
