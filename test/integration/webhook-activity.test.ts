import { randomBytes } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger, type LogEntry } from '@temporalio/worker';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RETRY_AFTER_MAX_SECONDS,
  WEBHOOK_RETRYABLE,
  webhookActivities,
  type WebhookAttemptRecord,
  type WebhookDeliveryInput,
} from '../../activities/webhooks.js';
import { formatWebhookSecret } from '../../domain/webhooks/secret.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

// The activity as a worker runs it, in Temporal's mock activity context, against a real receiver.

const secret = formatWebhookSecret(randomBytes(32));
const body = JSON.stringify({ type: 'verification.failed', data: { job_id: 'job-42', detail: 'body-marker-5f3a' } });

let receiver: Receiver;
let retryAfter = '';
const records: WebhookAttemptRecord[] = [];
const logs: LogEntry[] = [];

beforeAll(async () => {
  receiver = await startReceiver({
    host: '127.0.0.1',
    secrets: [secret],
    respond: (request, response, received) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path === '/ok') response.writeHead(received.verifiedWith.length ? 200 : 401).end();
      else if (path === '/busy') response.writeHead(429, retryAfter ? { 'retry-after': retryAfter } : {}).end();
      else if (path === '/down') response.writeHead(500).end();
      else response.writeHead(400).end();
    },
  });
});
afterAll(() => receiver?.close());
beforeEach(() => {
  receiver.received.length = 0;
  records.length = 0;
  logs.length = 0;
});

const activities = () =>
  webhookActivities({
    allowlist: [`127.0.0.1:${receiver.port}`],
    recordAttempt: async (record) => {
      records.push(record);
    },
  });

const env = (attempt: number) =>
  new MockActivityEnvironment(
    { attempt, workflowExecution: { workflowId: 'verification-job-42', runId: 'run-1' } },
    { logger: new DefaultLogger('DEBUG', (entry) => logs.push(entry)) },
  );

const input = (path: string, overrides: Partial<WebhookDeliveryInput> = {}): WebhookDeliveryInput => ({
  url: `${receiver.origin}${path}?token=receiver-own-token`,
  id: 'verification-job-42',
  timestamp: new Date(Date.now() - 60 * 60_000).toISOString(),
  body,
  secrets: [secret],
  ...overrides,
});

async function failureOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApplicationFailure) return error;
    throw error;
  }
  throw new Error('expected the activity to throw');
}

describe('the webhook activity', () => {
  it('returns a delivered outcome with the attempt number, signed with the time of this attempt', async () => {
    const result = await env(2).run(activities().deliverWebhook, input('/ok'));
    expect(result).toEqual({ kind: 'delivered', status: 200, attempt: 2 });
    // The workflow's timestamp is an hour old; a receiver would reject it (5-minute tolerance). This verified.
    expect(receiver.received[0]!.verifiedWith).toEqual([0]);
    expect(records).toEqual([
      {
        workflowId: 'verification-job-42',
        webhookId: 'verification-job-42',
        attempt: 2,
        attemptedAt: expect.any(String),
        outcome: { kind: 'delivered', status: 200 },
      },
    ]);
  });

  it('returns a permanent outcome (no retry) for a 400', async () => {
    const result = await env(1).run(activities().deliverWebhook, input('/rejected'));
    expect(result).toEqual({ kind: 'permanent', status: 400, reason: 'receiver answered HTTP 400', attempt: 1 });
    expect(records.map((record) => record.outcome.kind)).toEqual(['permanent']);
  });

  it('returns a permanent outcome for an address the guard refuses', async () => {
    const result = await env(1).run(activities().deliverWebhook, input('/ok', { url: 'https://169.254.169.254/' }));
    expect(result).toMatchObject({ kind: 'permanent', status: null, attempt: 1 });
    expect(receiver.received).toHaveLength(0);
  });

  it('throws a retryable failure whose next retry delay is the Retry-After in seconds', async () => {
    retryAfter = '7';
    const failure = await failureOf(env(3).run(activities().deliverWebhook, input('/busy')));
    expect(failure.type).toBe(WEBHOOK_RETRYABLE);
    expect(failure.nonRetryable).toBe(false);
    expect(failure.nextRetryDelay).toBe(7_000);
    expect(failure.details).toEqual([
      { kind: 'retryable', status: 429, reason: 'receiver answered HTTP 429', retryAfterSeconds: 7, attempt: 3 },
    ]);
    expect(records.map((record) => record.attempt)).toEqual([3]);
  });

  it('takes the next retry delay from a Retry-After HTTP-date', async () => {
    retryAfter = new Date(Date.now() + 90_000).toUTCString();
    const failure = await failureOf(env(1).run(activities().deliverWebhook, input('/busy')));
    expect(failure.nextRetryDelay).toBeGreaterThanOrEqual(88_000);
    expect(failure.nextRetryDelay).toBeLessThanOrEqual(90_000);
  });

  it('bounds Retry-After: no zero-delay loop, no wait beyond the cap', async () => {
    retryAfter = '0';
    expect((await failureOf(env(1).run(activities().deliverWebhook, input('/busy')))).nextRetryDelay).toBe(1_000);
    retryAfter = String(30 * 24 * 3600);
    expect((await failureOf(env(1).run(activities().deliverWebhook, input('/busy')))).nextRetryDelay).toBe(
      RETRY_AFTER_MAX_SECONDS * 1000,
    );
  });

  it('leaves the delay to the retry policy when there is no Retry-After', async () => {
    const failure = await failureOf(env(1).run(activities().deliverWebhook, input('/down')));
    expect(failure.type).toBe(WEBHOOK_RETRYABLE);
    expect(failure.nextRetryDelay).toBeUndefined();
    expect(failure.details).toEqual([
      { kind: 'retryable', status: 500, reason: 'receiver answered HTTP 500', retryAfterSeconds: null, attempt: 1 },
    ]);
  });

  it('logs the attempt without the body, the secret or the URL path and query', async () => {
    await env(1).run(activities().deliverWebhook, input('/ok'));
    await failureOf(env(2).run(activities().deliverWebhook, input('/down')));
    const attemptLogs = logs.filter((entry) => entry.message.startsWith('callback of job '));
    expect(attemptLogs.map((entry) => entry.meta?.outcome)).toEqual(['delivered', 'retryable']);
    const text = JSON.stringify(logs, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
    expect(text).toContain(receiver.origin);
    for (const forbidden of ['body-marker-5f3a', secret, secret.slice(6), 'receiver-own-token', '/down', '/ok']) {
      expect(text).not.toContain(forbidden);
    }
  });
});

describe('the webhook activity with a secret it cannot sign with', () => {
  // The workflow passes the clear secrets (its history is sealed by the payload codec): the activity signs with
  // them as given, and one that is not a whsec_ secret ends the delivery before any connection.
  it('signs with the secrets as given', async () => {
    const result = await env(1).run(activities().deliverWebhook, input('/ok', { secrets: [secret] }));
    expect(result).toEqual({ kind: 'delivered', status: 200, attempt: 1 });
    expect(receiver.received[0]!.verifiedWith).toEqual([0]);
  });

  it('gives up without connecting when a secret is not a whsec_ secret', async () => {
    const result = await env(1).run(activities().deliverWebhook, input('/ok', { secrets: [secret, 'garbage'] }));
    expect(result).toEqual({
      kind: 'permanent',
      status: null,
      reason: 'webhook signing secret #2 is not a whsec_ secret',
      attempt: 1,
    });
    expect(receiver.received).toHaveLength(0);
    expect(records.map((record) => record.outcome.kind)).toEqual(['permanent']);
  });
});
