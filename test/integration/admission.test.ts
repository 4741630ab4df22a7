// Admission in the API before the workflow's start (application/jobs/admission.ts, issue 40 item 5), on the real Temporal
// dev server and PostgreSQL (or PGlite): concurrent first submissions under one Idempotency-Key make one job and
// one hold; what a process killed between the hold, the record and the start leaves is released by the sweep
// (application/jobs/admission-sweep.ts); a retry under the same key then holds again and runs the job, charged once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdminCli } from '../../api/admin/cli.js';
import { admissionSweepOf } from '../../bin/service.js';
import { readVerificationRequest } from '../../api/schemas/verification.js';
import { requestHashOf } from '../../api/routes/submission.js';
import { creditsStream } from '../../domain/ledger/ledger.js';
import * as job from '../../domain/jobs/job.js';
import { eventIdFor } from '../../infra/eventstore/ids.js';
import { admitSubmission, holdCredits } from '../../application/jobs/admission.js';
import { accountWithKey, startTestApp, until, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
});
afterAll(async () => {
  await app?.stop();
});

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };
const post = async (key: string, body: unknown, idempotencyKey: string) => {
  const res = await fetch(`${app.url}/api/v1/verify/async`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const finished = (key: string, jobId: string) =>
  until(
    async () =>
      (
        await fetch(`${app.url}/api/v1/jobs/${jobId}`, { headers: { authorization: `Bearer ${key}` } })
      ).json() as Promise<any>,
    (job) => job.status !== 'pending',
    `job ${jobId}`,
  );
const ledgerOf = async (accountId: string) =>
  (await app.context.engines.events.readStream(creditsStream(accountId))).map((e) => ({
    type: e.type,
    data: e.data as any,
  }));
const holdsOf = async (accountId: string, id: string) =>
  (await ledgerOf(accountId)).filter((e) => e.data.reservation_id === id);
const reconcile = () =>
  runAdminCli(
    ['ledger', 'reconcile'],
    { API_URL: app.url, ADMIN_TOKEN: app.config.ADMIN_TOKEN },
    { out: () => undefined, err: () => undefined },
  );
/** The job id an Idempotency-Key makes (api/routes/submission.ts submissionId). */
const jobIdOf = (accountId: string, key: string) => eventIdFor('idempotency', accountId, 'live', 'verification', key);

it('makes one job and one hold of concurrent first submissions under one Idempotency-Key, charged once', async () => {
  const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
  const idempotencyKey = `same-${Date.now()}`;
  const answers = await Promise.all(Array.from({ length: 6 }, () => post(key, AXA, idempotencyKey)));
  // 202 while the job runs; a replay that comes after it has finished answers 200 with its record.
  for (const answer of answers) expect([200, 202], JSON.stringify(answer.body)).toContain(answer.status);
  const ids = new Set(answers.map((a) => a.body.job_id));
  expect(ids).toEqual(new Set([jobIdOf(accountId, idempotencyKey)]));
  const jobId = [...ids][0];
  expect(await finished(key, jobId)).toMatchObject({ status: 'complete', result: { credits_charged: 1 } });
  expect((await holdsOf(accountId, jobId)).map((e) => [e.type, e.data.captured ?? e.data.amount])).toEqual([
    ['CreditsReserved', 1],
    ['ReservationSettled', 1],
  ]);
  expect(await reconcile()).toBe(0);
});

it('answers one of two concurrent first submissions under one key with other requests 202, the other 422', async () => {
  const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
  for (let round = 0; round < 3; round++) {
    const idempotencyKey = `differ-${round}-${Date.now()}`;
    const answers = await Promise.all([
      post(key, AXA, idempotencyKey),
      post(key, { ...AXA, provider: 'Aviva' }, idempotencyKey),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 422]);
    expect(answers.find((a) => a.status === 422)!.body).toMatchObject({ error: 'idempotency_conflict' });
    const jobId = jobIdOf(accountId, idempotencyKey);
    await finished(key, jobId);
    expect((await holdsOf(accountId, jobId)).map((e) => e.type)).toEqual(['CreditsReserved', 'ReservationSettled']);
  }
  expect(await reconcile()).toBe(0);
});

it('releases what a process killed between hold, record and start left, and a retry under the same key runs the job', async () => {
  const { key, accountId, keyId } = await accountWithKey(app, { plan: 'pro' });
  const deps = { events: app.context.engines.events, ledger: app.context.ledger };
  const submitter = { accountId, keyId, mode: 'live' as const, allowance: 500 };
  // Killed after the hold, before the record: a hold of no job.
  const lost = crypto.randomUUID();
  expect(await holdCredits(app.context.ledger, { submitter, id: lost, amount: 1, operation: 'verification' })).toBe(
    true,
  );
  // Killed after the record, before the start: a job recorded whose workflow never started.
  const idempotencyKey = `killed-${Date.now()}`;
  const jobId = jobIdOf(accountId, idempotencyKey);
  const request = { ...AXA, country: 'UK' as const, insurance_type: 'motor' as const };
  // The request hash the route computes for this body: the retry below must match it.
  const requestHash = requestHashOf({
    request: readVerificationRequest(AXA, { missing: 'catalogue' }),
    webhookUrl: null,
    document: undefined,
  });
  const recorded = await admitSubmission(
    deps,
    job.jobStream,
    { submitter, id: jobId, amount: 1, operation: 'verification' },
    job.submit({ jobId, kind: 'verification', ...submitter, request, webhookUrl: null, idempotencyKey, requestHash }),
    requestHash,
    true,
  );
  expect(recorded).toMatchObject({ conflict: false, fresh: true, held: true });
  if (recorded.conflict) throw new Error('a new key cannot conflict');
  expect(await app.context.readModelsAt(recorded.recorded.position)).toBe(true);

  const sweep = admissionSweepOf(app.context);
  const later = new Date(Date.now() + 5 * 60_000);
  // The first pass releases the unstarted job's hold; the hold of no job only once it is seen again.
  expect(await sweep.run(later)).toEqual([jobId]);
  expect((await app.context.ledger.state(accountId)).reservations).toEqual({ [lost]: 1 });
  expect(await sweep.run(later)).toEqual([lost]);
  expect((await app.context.ledger.state(accountId)).reservations).toEqual({});
  expect(await sweep.run(later)).toEqual([]);

  // The client retries under the same key: the job is held again, started, and charged once.
  const retried = await post(key, AXA, idempotencyKey);
  expect(retried).toMatchObject({ status: 202, body: { job_id: jobId } });
  expect(await finished(key, jobId)).toMatchObject({ status: 'complete', result: { credits_charged: 1 } });
  expect((await holdsOf(accountId, jobId)).map((e) => [e.type, e.data.captured ?? e.data.amount])).toEqual([
    ['CreditsReserved', 1],
    ['ReservationSettled', 0],
    ['CreditsReserved', 1],
    ['ReservationSettled', 1],
  ]);
  // A running job's hold is never the sweep's: nothing left to release.
  expect(await sweep.run(new Date(Date.now() + 5 * 60_000))).toEqual([]);
  expect(await reconcile()).toBe(0);
});
