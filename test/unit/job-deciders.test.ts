// The job and batch deciders (issue 38, item 4): given a job's or a batch's events, when a command is decided,
// then these events, or this refusal; and what their one fold (evolveJob, evolveBatch: the read models' rows)
// makes of the stream after them.
import { describe, expect, it } from 'vitest';
import {
  decideBatch,
  evolveBatch,
  initialBatch,
  type BatchCommand,
  type BatchEvent,
  type BatchState,
} from '../../domain/jobs/batch.js';
import {
  decideJob,
  evolveJob,
  initialJob,
  type JobCommand,
  type JobEvent,
  type JobState,
} from '../../domain/jobs/job.js';
import type { Decided } from '../../domain/streams.js';
import { ResendRefused } from '../../domain/webhooks/delivery.js';
import { itemResult } from '../support/batch-items.js';
import { decider } from '../support/decider.js';

const at = new Date('2026-11-15T12:00:00Z');
// The folds read when an event was recorded; the decisions never do.
const evolveJobAt = (state: JobState, event: JobEvent) => evolveJob(state, { ...event, created: at });
const evolveBatchAt = (state: BatchState, event: BatchEvent) => evolveBatch(state, { ...event, created: at });
const job = decider<JobCommand, Decided<JobEvent>, JobState>({
  decide: decideJob,
  evolve: evolveJobAt,
  initial: initialJob,
});
const batch = decider<BatchCommand, Decided<BatchEvent>, BatchState>({
  decide: decideBatch,
  evolve: evolveBatchAt,
  initial: initialBatch,
});
const refused = (reason: string) => (error: unknown) => error instanceof ResendRefused && error.message === reason;

const submitJob = (mode: 'live' | 'test', webhookUrl: string | null): JobCommand => ({
  type: 'SubmitJob',
  data: {
    jobId: 'j1',
    kind: 'verification',
    mode,
    accountId: 'acct_1',
    keyId: 'key_1',
    request: { country: 'DE' },
    webhookUrl,
    idempotencyKey: null,
    requestHash: 'h',
  },
});
const submitted = (
  mode: 'live' | 'test' = 'live',
  webhookUrl: string | null = 'https://h.example/x',
): Decided<JobEvent> => ({
  key: ['j1', 'submitted'],
  type: 'JobSubmitted',
  data: {
    kind: 'verification',
    mode,
    account_id: 'acct_1',
    key_id: 'key_1',
    request: { country: 'DE' },
    webhook_url: webhookUrl,
    idempotency_key: null,
    request_hash: 'h',
  },
});
const completed: Decided<JobEvent> = {
  key: ['j1', 'completed'],
  type: 'JobCompleted',
  data: { result: { status: 'verified' }, credits_charged: 1 },
};
const resend: JobCommand = { type: 'ResendWebhook', data: { jobId: 'j1', accountId: 'acct_1', deliveryId: 'r1' } };
const resent: Decided<JobEvent> = {
  key: ['webhook-resend', 'r1', 'resent'],
  type: 'WebhookResent',
  data: { delivery_id: 'r1', url: 'https://h.example/x' },
};

describe('the job decider', () => {
  it('records a submission and its end under fixed keys, so a retried activity appends each once', () => {
    job.given().when(submitJob('live', 'https://h.example/x')).then([submitted()]);
    job
      .given([submitted()])
      .when({
        type: 'FinishJob',
        data: { jobId: 'j1', end: { ok: true, result: { status: 'verified' }, captured: 1 } },
      })
      .then([completed]);
    const error = { error: 'invalid_document', message: 'x', code: 422 };
    job
      .given([submitted()])
      .when({ type: 'FinishJob', data: { jobId: 'j1', end: { ok: false, error } } })
      .then([{ key: ['j1', 'failed'], type: 'JobFailed', data: { error } }]);
    job
      .given([submitted(), completed])
      .when({ type: 'EraseJobResult', data: { jobId: 'j1', request: {}, cutoff: 'c' } })
      .then([{ key: ['j1', 'result-erased'], type: 'JobResultErased', data: { request: {}, cutoff: 'c' } }]);
  });

  it('records a delivery’s attempts and end, a resend’s apart from the original’s', () => {
    job
      .given([submitted(), completed])
      .when({
        type: 'RecordWebhookAttempt',
        data: { jobId: 'j1', attempt: 1, status: 500, outcome: 'retryable', reason: 'HTTP 500' },
      })
      .then([
        {
          key: ['j1', 'webhook-attempt', 1],
          type: 'WebhookAttempted',
          data: { attempt: 1, status: 500, outcome: 'retryable', reason: 'HTTP 500' },
        },
      ]);
    job
      .given([submitted(), completed, resent])
      .when({
        type: 'EndWebhookDelivery',
        data: { jobId: 'j1', deliveryId: 'r1', delivered: true, attempts: 1, reason: null },
      })
      .then([
        {
          key: ['webhook-resend', 'r1', 'webhook-end'],
          type: 'WebhookDelivered',
          data: { attempts: 1, delivery_id: 'r1' },
        },
      ]);
  });

  it('resends the callback of a finished live job that asked for one, and refuses any other', () => {
    job.given([submitted(), completed]).when(resend).then([resent]);
    job.given([]).when(resend).thenThrows(refused('No such job.'));
    job.given([submitted()]).when(resend).thenThrows(refused('The job has not finished: its callback is not due yet.'));
    job
      .given([submitted('test'), completed])
      .when(resend)
      .thenThrows(refused('Jobs of test keys never call back.'));
    job
      .given([submitted('live', null), completed])
      .when(resend)
      .thenThrows(refused('The job asked for no callback.'));
    job
      .given([submitted(), completed])
      .when({ ...resend, data: { ...resend.data, accountId: 'acct_2' } })
      .thenThrows(refused('No such job.'));
    // Retention takes the address with the result: an erased job has no callback left to send.
    job
      .given([submitted(), completed, { type: 'JobResultErased', data: { request: {}, cutoff: 'c' } }])
      .when(resend)
      .thenThrows(refused('The job asked for no callback.'));
  });

  it('follows the latest delivery: a resend starts over, and the original’s late events leave it alone', () => {
    const late: JobEvent = {
      type: 'WebhookAttempted',
      data: { attempt: 4, status: 500, outcome: 'retryable', reason: null },
    };
    expect(job.given([submitted(), completed]).when(resend).state()).toMatchObject({
      webhook_status: 'pending',
      webhook_attempts: 0,
      webhook_delivery_id: 'r1',
    });
    expect([submitted(), completed, resent, late].reduce(evolveJobAt, initialJob)).toMatchObject({
      webhook_attempts: 0,
      webhook_last_status: null,
      webhook_delivery_id: 'r1',
    });
  });
});

const item = (index: number, policy?: string) =>
  itemResult(index, {
    ...(policy ? { policy_number: policy } : {}),
    ...(index === 2 ? { status: 'error', credits_charged: 0 } : {}),
  });
const batchSubmitted: Decided<BatchEvent> = {
  key: ['b1', 'submitted'],
  type: 'BatchSubmitted',
  data: {
    mode: 'live',
    account_id: 'acct_1',
    key_id: 'key_1',
    total_count: 3,
    policies: [],
    idempotency_key: null,
    request_hash: 'h',
  },
};
const recorded = (index: number, policy?: string): Decided<BatchEvent> => ({
  key: ['b1', 'item', index],
  type: 'BatchItemCompleted',
  data: { index, result: item(index, policy) },
});
const summary = { verified: 2, inconclusive: 0, unverified: 0, error: 1, credits_charged: 2 };
const batchCompleted: Decided<BatchEvent> = { key: ['b1', 'completed'], type: 'BatchCompleted', data: { summary } };
const erase: BatchCommand = { type: 'EraseResults', data: { batchId: 'b1', cutoff: 'c' } };

describe('the batch decider', () => {
  it('records a submission, each slice’s items and the summary they come to, under fixed keys', () => {
    batch
      .given()
      .when({
        type: 'SubmitBatch',
        data: {
          batchId: 'b1',
          mode: 'live',
          accountId: 'acct_1',
          keyId: 'key_1',
          policies: [],
          idempotencyKey: null,
          requestHash: 'h',
        },
      })
      .then([{ ...batchSubmitted, data: { ...batchSubmitted.data, total_count: 0 } }]);
    batch
      .given([batchSubmitted])
      .when({ type: 'RecordItems', data: { batchId: 'b1', items: [item(0), item(1)] } })
      .then([recorded(0), recorded(1)]);
    batch
      .given([batchSubmitted, recorded(0), recorded(1), recorded(2)])
      .when({ type: 'CompleteBatch', data: { batchId: 'b1', items: [item(0), item(1), item(2)] } })
      .then([batchCompleted]);
    batch
      .given([batchSubmitted, recorded(0), recorded(1), recorded(2), batchCompleted])
      .when(erase)
      .then([{ key: ['b1', 'results-erased'], type: 'BatchResultsErased', data: { cutoff: 'c' } }]);
  });

  it('counts each policy once, however often its slice was recorded, and keeps the first result', () => {
    const state = batch
      .given([batchSubmitted, recorded(1), recorded(1, 'again')])
      .when({ type: 'RecordItems', data: { batchId: 'b1', items: [item(0)] } })
      .state();
    expect(state).toMatchObject({ status: 'processing', completed_count: 2, recorded: [1, 0] });
  });

  it('erases a complete batch’s results only, keeping its counts and summary', () => {
    const items = [recorded(0), recorded(1), recorded(2)];
    expect(
      batch
        .given([batchSubmitted, ...items, batchCompleted])
        .when(erase)
        .state(),
    ).toMatchObject({
      status: 'complete',
      completed_count: 3,
      summary,
      results_erased_at: at,
      recorded: [],
    });
    expect(
      batch
        .given([batchSubmitted, recorded(0)])
        .when(erase)
        .state(),
    ).toMatchObject({ status: 'processing', results_erased_at: null, recorded: [0] });
  });
});

describe('an unknown job or batch event or command', () => {
  it('reaches no default branch quietly', () => {
    const stray = { type: 'JobMerged', data: {}, created: at } as never;
    expect(() => evolveJob(evolveJobAt(initialJob, submitted()), stray)).toThrow(/JobMerged/);
    expect(() => evolveBatch(evolveBatchAt(initialBatch, batchSubmitted), stray)).toThrow(/JobMerged/);
    expect(() => decideJob({ type: 'Merge', data: {} } as never, initialJob)).toThrow(/Merge/);
    expect(() => decideBatch({ type: 'Merge', data: {} } as never, initialBatch)).toThrow(/Merge/);
  });
});
