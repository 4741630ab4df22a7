// An event of a type its stream does not hold (written by a newer version, or by mistake) is never dropped
// silently (issue 33, item 2): reading the entity fails with UnknownEventError, a decision on it is refused, the
// projector logs it as a dead letter and goes on, and pvs_dead_letter_events_total counts each.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobStream } from '../../domain/jobs/job.js';
import { readEvents, UnknownEventError } from '../../infra/eventstore/types.js';
import { businessMetrics } from '../../infra/metrics.js';
import { PLANS } from '../../domain/plans.js';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(() => app?.stop());

const deadLetters = async () => {
  const metric = (await businessMetrics.getMetricsAsJSON()).find((m) => m.name === 'pvs_dead_letter_events_total');
  return (metric?.values ?? []).reduce((sum, v) => sum + v.value, 0);
};

describe('an event of an unknown type', () => {
  it('fails the read of its entity and a decision on it, and the projector counts it and goes on', async () => {
    const before = await deadLetters();
    const jobId = randomUUID();
    await app.context.engines.events.append(jobStream(jobId), [
      {
        type: 'JobSubmitted',
        data: {
          kind: 'verification',
          mode: 'live',
          account_id: 'acct_x',
          key_id: 'key_x',
          request: {},
          webhook_url: null,
          idempotency_key: null,
          request_hash: 'h',
        },
      },
    ]);
    const odd = await app.context.engines.events.append(jobStream(jobId), [{ type: 'JobTeleported', data: {} }]);
    await expect(readEvents(app.context.engines.events, jobStream, jobId)).rejects.toBeInstanceOf(UnknownEventError);

    const opened = await app.context.accounts.open({
      contact: { name: 'dead letter' },
      plan: 'free',
      limits: PLANS.free,
    });
    await app.context.engines.events.append(`account-${opened.accountId}`, [{ type: 'AccountTeleported', data: {} }]);
    await expect(
      app.context.accounts.changePlan(opened.accountId, { plan: 'pro', limits: PLANS.pro }),
    ).rejects.toBeInstanceOf(UnknownEventError);

    // The projector passes it (its checkpoint reaches the event) with the job's row as it was.
    expect(await app.context.readModelsAt(odd.position, 10_000)).toBe(true);
    expect(
      (await app.context.engines.sql.query<{ status: string }>('select status from jobs where job_id = $1', [jobId]))[0]
        ?.status,
    ).toBe('pending');
    expect(await deadLetters()).toBeGreaterThanOrEqual(before + 3);
  });
});
