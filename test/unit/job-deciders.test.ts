// The job and batch deciders (issue 38, item 4; issue 52, item 5): given a job's or a batch's events, when a
// command is decided, then these events, or this refusal; and what their one fold (the read models' rows) makes of
// the stream after them.
import { describe, expect, it } from 'vitest';
import { fold } from '../../domain/decider.js';
import { batchDecider, BatchRefused, type BatchCommand, type BatchEvent } from '../../domain/jobs/batch.js';
import { jobDecider, type JobCommand, type JobEvent } from '../../domain/jobs/job.js';
import type { Decided } from '../../domain/streams.js';
import { ResendRefused } from '../../domain/webhooks/delivery.js';
import { itemResult } from '../support/batch-items.js';
import { decider } from '../support/decider.js';

const at = new Date('2026-11-15T12:00:00Z');
// The folds read when an event was recorded; the decisions never do.
const recordedAt = <E extends JobEvent | BatchEvent>(event: E) => ({ ...event, created: at });
const job = decider(jobDecider, recordedAt);
const batch = decider(batchDecider, recordedAt);
const refused = (reason: string) => (error: unknown) => error instanceof ResendRefused && error.message === reason;
const batchRefused = (reason: RegExp) => (error: unknown) =>
  error instanceof BatchRefused && reason.test(error.message);

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
    expect(fold(jobDecider, [submitted(), completed, resent, late].map(recordedAt))).toMatchObject({
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
    // Retention erases no running batch: the decider refuses it, and the fold ignores such an erasure if one was
    // ever recorded.
    batch
      .given([batchSubmitted, recorded(0)])
      .when(erase)
      .thenThrows(batchRefused(/not ended/));
    const early: BatchEvent = { type: 'BatchResultsErased', data: { cutoff: 'c' } };
    expect(fold(batchDecider, [batchSubmitted, recorded(0), early].map(recordedAt))).toMatchObject({
      status: 'processing',
      results_erased_at: null,
      recorded: [0],
    });
  });

  it('refuses what the batch’s state makes impossible', () => {
    const submit: BatchCommand = {
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
    };
    const record = (...items: ReturnType<typeof item>[]): BatchCommand => ({
      type: 'RecordItems',
      data: { batchId: 'b1', items },
    });
    const complete: BatchCommand = {
      type: 'CompleteBatch',
      data: { batchId: 'b1', items: [item(0), item(1), item(2)] },
    };
    const all = [batchSubmitted, recorded(0), recorded(1), recorded(2)];
    batch
      .given([batchSubmitted])
      .when(submit)
      .thenThrows(batchRefused(/submitted already/));
    for (const command of [record(item(0)), complete, erase])
      batch
        .given()
        .when(command)
        .thenThrows(batchRefused(/No such batch/));
    // A result for a policy the batch does not have, or once the batch has ended.
    batch
      .given([batchSubmitted])
      .when(record(item(3)))
      .thenThrows(batchRefused(/no policy at index 3/));
    batch
      .given([...all, batchCompleted])
      .when(record(item(0)))
      .thenThrows(batchRefused(/has ended/));
    // Completing before every policy is answered, or a batch that ended already.
    batch
      .given([batchSubmitted, recorded(0)])
      .when(complete)
      .thenThrows(batchRefused(/Only 1 of the batch's 3 policies/));
    batch
      .given([...all, batchCompleted])
      .when(complete)
      .thenThrows(batchRefused(/ended already/));
  });

  it('appends nothing for what the batch has already', () => {
    // A policy answered keeps its first result: answering it again (a slice retried) records only the new ones.
    batch
      .given([batchSubmitted, recorded(0)])
      .when({ type: 'RecordItems', data: { batchId: 'b1', items: [item(0), item(1), item(1)] } })
      .then([recorded(1)]);
    batch
      .given([batchSubmitted, recorded(0)])
      .when({ type: 'RecordItems', data: { batchId: 'b1', items: [item(0)] } })
      .thenNothing();
    // Erased once.
    batch
      .given([
        batchSubmitted,
        recorded(0),
        recorded(1),
        recorded(2),
        batchCompleted,
        { type: 'BatchResultsErased', data: { cutoff: 'c' } },
      ])
      .when(erase)
      .thenNothing();
  });
});

describe('an unknown job or batch event or command', () => {
  it('reaches no default branch quietly', () => {
    const stray = { type: 'JobMerged', data: {}, created: at } as never;
    const aJob = fold(jobDecider, [recordedAt(submitted())]);
    const aBatch = fold(batchDecider, [recordedAt(batchSubmitted)]);
    expect(() => jobDecider.evolve(aJob, stray)).toThrow(/JobMerged/);
    expect(() => batchDecider.evolve(aBatch, stray)).toThrow(/JobMerged/);
    expect(() => jobDecider.decide({ type: 'Merge', data: {} } as never, aJob)).toThrow(/Merge/);
    expect(() => batchDecider.decide({ type: 'Merge', data: {} } as never, aBatch)).toThrow(/Merge/);
  });
});
