// The job record folded from a job's events (domain/jobs/job-record.ts) is the one the jobs projection makes: the
// same fields at each step of a job's life, so a callback or a poll answered from the events reads like one
// answered from the read model.
import { describe, expect, it } from 'vitest';
import { foldJobRow, jobRecord } from '../../domain/jobs/job-record.js';
import type { JobEvent } from '../../domain/jobs/job.js';

const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, s));
const submitted: JobEvent = {
  type: 'JobSubmitted',
  data: {
    kind: 'verification',
    mode: 'live',
    account_id: 'acct_1',
    key_id: 'key_1',
    request: {},
    webhook_url: 'https://h.example/x',
    idempotency_key: null,
    request_hash: 'h',
  },
};
const record = (events: JobEvent[]) => {
  const row = foldJobRow(
    'j1',
    events.map((e, i) => ({ ...e, created: at(i) })),
  );
  return row && jobRecord(row);
};

describe('the job record folded from events', () => {
  it('is nothing before the submission, pending after it', () => {
    expect(record([])).toBeNull();
    expect(record([submitted])).toEqual({
      job_id: 'j1',
      type: 'verification',
      status: 'pending',
      created_at: at(0).toISOString(),
      completed_at: null,
      result: null,
      error: null,
      credits_charged: null,
      webhook: { url: 'https://h.example/x', status: 'pending', attempts: 0, last_attempt_at: null },
    });
  });

  it('ends complete or failed, follows the latest delivery of its callback, and loses its result to retention', () => {
    const completed: JobEvent = { type: 'JobCompleted', data: { result: { status: 'verified' }, credits_charged: 1 } };
    const tried: JobEvent = {
      type: 'WebhookAttempted',
      data: { attempt: 1, status: 500, outcome: 'retryable', reason: 'HTTP 500' },
    };
    const delivered: JobEvent = { type: 'WebhookDelivered', data: { attempts: 2 } };
    expect(record([submitted, completed])).toMatchObject({
      status: 'complete',
      result: { status: 'verified' },
      completed_at: at(1).toISOString(),
    });
    expect(record([submitted, completed, tried, delivered])?.webhook).toEqual({
      url: 'https://h.example/x',
      status: 'delivered',
      attempts: 2,
      last_attempt_at: at(2).toISOString(),
    });
    // A resend starts over; a late event of the original delivery does not touch it.
    const resent: JobEvent = { type: 'WebhookResent', data: { delivery_id: 'r1', url: 'https://h.example/x' } };
    expect(record([submitted, completed, resent, delivered])?.webhook).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    const failed: JobEvent = {
      type: 'JobFailed',
      data: { error: { error: 'invalid_document', message: 'x', code: 422 } },
    };
    expect(record([submitted, failed])).toMatchObject({
      status: 'failed',
      error: { error: 'invalid_document' },
      credits_charged: 0,
    });
    const erased: JobEvent = { type: 'JobResultErased', data: { request: {}, cutoff: at(9).toISOString() } };
    // The charge outlives the result.
    expect(record([submitted, completed, erased])).toMatchObject({
      result: null,
      credits_charged: 1,
      webhook: null,
      result_erased_at: at(2).toISOString(),
    });
    // A pending job is never erased.
    expect(record([submitted, erased])).toMatchObject({ status: 'pending', webhook: { status: 'pending' } });
  });
});
