// The audit, webhook deliveries and usage read models fold a page of the feed into a few statements (applyMany):
// a mixed history of jobs (callbacks retried, resent, late attempts, failures), batches and request counts, fed
// one event at a time through `apply` and through the projector in pages of 1, 7 and 1,000 events, leaves
// exactly the same rows, their order of insertion (the audit's ids) included.
import { randomUUID } from 'node:crypto';
import { expect, it, describe } from 'vitest';
import { batchStream, type BatchEvent } from '../../domain/jobs/batch.js';
import { jobStream, type JobEvent } from '../../domain/jobs/job.js';
import { usageStream, type UsageEvent } from '../../domain/usage/requests.js';
import type { Event } from '../../domain/streams.js';
import { isEventOf } from '../../infra/eventstore/types.js';
import { createLogger } from '../../infra/logger.js';
import { auditProjection } from '../../projections/audit.js';
import type { Projection } from '../../projections/projection.js';
import { ProjectionRunner, projectionMigrations } from '../../projections/runner.js';
import { usageProjection } from '../../projections/usage.js';
import { webhookDeliveriesProjection } from '../../projections/webhook-deliveries.js';
import { itemResult } from '../support/batch-items.js';
import { jobSubmitted, webhookAttempt } from '../support/job-events.js';
import { eventStoreOn, testDatabases } from '../support/sql.js';

const PROJECTIONS = [auditProjection, webhookDeliveriesProjection, usageProjection] as Projection[];

const submitted = (account: string, webhook: boolean, kind: 'verification' | 'extraction' = 'verification') =>
  jobSubmitted({ account, webhook, kind });
const attempt = webhookAttempt;
const completedJob = (status: string, confidence?: number): JobEvent => ({
  type: 'JobCompleted',
  data: {
    result: { status, ...(confidence === undefined ? {} : { confidence_score: confidence }) },
    credits_charged: 1,
  },
});
const failedJob: JobEvent = {
  type: 'JobFailed',
  data: { error: { error: 'invalid_document', message: 'x', code: 422 } },
};

/** Job histories: callbacks retried, delivered, abandoned, resent twice, attempts arriving late, a failure after a result. */
const jobHistories = (account: string): JobEvent[][] => [
  [submitted(account, false)],
  [
    submitted(account, true),
    completedJob('verified', 0.8),
    attempt(2, 500),
    attempt(1, 502),
    { type: 'WebhookDelivered', data: { attempts: 3 } },
  ],
  [
    submitted(account, true),
    failedJob,
    attempt(1, null),
    { type: 'WebhookAbandoned', data: { attempts: 5, reason: 'gave up' } },
  ],
  [
    submitted(account, true),
    completedJob('unverified', 0.4),
    attempt(1, 200),
    { type: 'WebhookResent', data: { delivery_id: 'r1', url: 'https://h.example/x' } },
    attempt(2, 500), // late, of the original delivery
    attempt(1, 200, 'r1'),
    { type: 'WebhookDelivered', data: { attempts: 1, delivery_id: 'r1' } },
    { type: 'WebhookResent', data: { delivery_id: 'r2', url: 'https://h.example/x' } },
    attempt(1, 503, 'r2'),
    attempt(2, 200, 'r2'),
    { type: 'WebhookDelivered', data: { attempts: 2, delivery_id: 'r2' } },
    { type: 'JobResultErased', data: { request: { country: 'DE' }, cutoff: '2026-11-01T00:00:00Z' } },
  ],
  [submitted(account, false), completedJob('verified'), failedJob],
  [
    submitted(account, true, 'extraction'),
    completedJob('complete'),
    attempt(1, 200),
    { type: 'WebhookDelivered', data: { attempts: 1 } },
  ],
  // A resend of a job whose callback was never asked for: no delivery to copy.
  [
    submitted(account, false),
    completedJob('verified', 1),
    { type: 'WebhookResent', data: { delivery_id: 'r1', url: 'https://h.example/y' } },
    attempt(1, 200, 'r1'),
  ],
];

const batchHistories = (account: string): BatchEvent[][] => {
  const submittedBatch: BatchEvent = {
    type: 'BatchSubmitted',
    data: {
      mode: 'live',
      account_id: account,
      key_id: `key_${account}`,
      total_count: 3,
      policies: [
        { policy_number: 'P-0', country: 'DE', insurance_type: 'motor' },
        { policy_number: 'P-1', country: 'FR', insurance_type: 'travel' },
        { policy_number: 'P-2', country: 'DE', insurance_type: 'health' },
      ],
      idempotency_key: null,
      request_hash: 'h',
    },
  };
  const recorded = (index: number, status: 'verified' | 'unverified' = 'verified'): BatchEvent => ({
    type: 'BatchItemCompleted',
    data: { index, result: itemResult(index, { status, confidence_score: status === 'verified' ? 0.9 : null }) },
  });
  const done: BatchEvent = {
    type: 'BatchCompleted',
    data: { summary: { verified: 3, inconclusive: 0, unverified: 0, error: 0, credits_charged: 3 } },
  };
  return [
    [submittedBatch],
    [submittedBatch, recorded(1), recorded(0, 'unverified'), recorded(1, 'unverified'), recorded(2), done],
  ];
};

/** Request counts: several keys, months and days, counts from before days were counted (no day). */
const usageHistory = (account: string): UsageEvent[][] => [
  [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({
    type: 'RequestsCounted',
    data: {
      key_id: `key_${account}_${i % 3}`,
      period: i < 6 ? '2026-10' : '2026-11',
      count: i + 1,
      ...(i % 4 === 3 ? {} : { day: `2026-${i < 6 ? '10' : '11'}-0${1 + (i % 2)}` }),
    },
  })),
];

async function appendHistories(append: (stream: string, event: Event) => Promise<void>): Promise<void> {
  const streams: { stream: string; history: Event[] }[] = [];
  for (const account of [randomUUID(), randomUUID()]) {
    for (const history of jobHistories(account)) streams.push({ stream: jobStream(randomUUID()), history });
    for (const history of batchHistories(account)) streams.push({ stream: batchStream(randomUUID()), history });
    // The usage stream is the account's, one event at a time so that its counts spread over pages.
    for (const history of usageHistory(account)) streams.push({ stream: usageStream(account), history });
  }
  // Round-robin, one event per stream each round: every page of the feed mixes the streams.
  for (let round = 0; round < 12; round += 1) {
    for (const { stream, history } of streams) if (history[round]) await append(stream, history[round]!);
  }
}

describe.each(testDatabases())('audit, webhook deliveries and usage a page at a time ($name)', (database) => {
  const db = eventStoreOn(database, projectionMigrations(PROJECTIONS));

  const reset = async () => {
    await db.sql.exec('truncate call_audit restart identity; truncate webhook_deliveries, usage, usage_days');
    await db.sql.query('delete from projection_checkpoints where name = any($1::text[])', [
      PROJECTIONS.map((p) => p.name),
    ]);
  };
  const tables = async () => ({
    call_audit: await db.sql.query('select * from call_audit order by id'),
    webhook_deliveries: await db.sql.query('select * from webhook_deliveries order by job_id, delivery_id'),
    usage: await db.sql.query('select key_id, account_id, period, requests::text from usage order by key_id, period'),
    usage_days: await db.sql.query(
      `select key_id, account_id, to_char(day, 'YYYY-MM-DD') as day, requests::text, last_counted_at from usage_days order by key_id, day`,
    ),
  });

  it('leave the same rows one event at a time as in pages of 1, 7 and 1000', async () => {
    const { sql, events } = db;
    await appendHistories(async (stream, event) => void (await events.append(stream, [event])));

    // One event at a time, as a replay of parked events applies them: `apply`, a transaction each.
    await reset();
    for (const event of await events.readAll()) {
      for (const projection of PROJECTIONS) {
        const type = projection.streams.find((candidate) => isEventOf(candidate, event));
        if (type) await sql.transaction((tx) => projection.apply(tx, event, type.idOf(event.stream)));
      }
    }
    const expected = await tables();
    // The history reaches what each fold knows, so matching rows matched something.
    expect(expected.call_audit).toHaveLength(2 * (6 + 2 * 3));
    expect(new Set(expected.call_audit.map((r) => `${String(r.status)}:${String(r.confidence)}`))).toEqual(
      new Set([
        'pending:null',
        'verified:0.8',
        'error:null',
        'unverified:0.4',
        'error:null',
        'verified:1',
        'verified:0.9',
        'unverified:null',
      ]),
    );
    expect(expected.webhook_deliveries).toHaveLength(2 * 6);
    const resent = expected.webhook_deliveries.find((r) => r.delivery_id === 'r2')!;
    expect(resent).toMatchObject({ status: 'delivered', attempts: 2, last_status: 200 });
    expect(
      (resent.attempt_log as { attempt: number; status: number }[]).map(({ attempt: n, status }) => [n, status]),
    ).toEqual([
      [1, 503],
      [2, 200],
    ]);
    expect(expected.usage).toHaveLength(2 * 6);
    expect(expected.usage_days.length).toBeGreaterThan(2 * 5);

    for (const batchSize of [1, 7, 1000]) {
      await reset();
      await new ProjectionRunner({ sql, events, logger: createLogger('silent', 'test') }, PROJECTIONS, {
        park: false,
        batchSize,
      }).catchUp();
      expect({ batchSize, ...(await tables()) }).toEqual({ batchSize, ...expected });
    }

    // A rebuild fills call_audit in place: every entry of the page is already there, and its outcome in the same
    // page is settled on the row it has, not inserted.
    await db.sql.exec(
      `update call_audit set status = 'pending', confidence = null; truncate webhook_deliveries, usage, usage_days`,
    );
    await db.sql.query('delete from projection_checkpoints where name = any($1::text[])', [
      PROJECTIONS.map((p) => p.name),
    ]);
    await new ProjectionRunner({ sql, events, logger: createLogger('silent', 'test') }, PROJECTIONS, {
      park: false,
      batchSize: 1000,
    }).catchUp();
    expect(await tables()).toEqual(expected);
  });
});
