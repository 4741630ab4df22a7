// Issue 21's rough edges on jobs: a batch refused for credits says what it needs and what there is; a refused
// document leaves nothing in the document store and a finished job's document is kept for retention; an idempotent replay of a
// finished job answers its current state.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { documentBlobId } from '../../api/documents.js';
import { makePdf } from '../support/extraction/bad-pdfs.js';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
});
afterAll(async () => {
  await app?.stop();
});

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };
const call = async (key: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(app.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const documentsOf = async (accountId: string) =>
  app.context.engines.sql.query<{ blob_id: string; stream_id: string }>(
    'select blob_id, stream_id from documents where account_id = $1 order by blob_id',
    [accountId],
  );
const finished = async (key: string, jobId: string) => {
  for (let i = 0; i < 240; i++) {
    const job = await call(key, `/api/v1/jobs/${jobId}`, undefined);
    if (job.body.status !== 'pending') return job.body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${jobId} did not finish`);
};

it('a batch refused for credits says how many it needs and how many are available', async () => {
  const { key } = await accountWithKey(app, { plan: 'pro', credits: 3 });
  const res = await call(key, '/api/v1/verify/batch', { policies: [AXA, AXA, AXA, AXA, AXA] });
  expect(res).toMatchObject({
    status: 402,
    body: { error: 'insufficient_credits', code: 402, credits_needed: 5, credits_available: 3 },
  });
  expect(res.body.message).toMatch(/needs 5 credits; 3 are available/);
});

it('stores a document only once its job is admitted, once per job, and keeps it past the job for retention', async () => {
  const pdf = await makePdf();
  const { key: broke, accountId: brokeId } = await accountWithKey(app, { plan: 'pro', credits: 0 });
  const refused = await call(broke, '/api/v1/verify/async', { ...AXA, document: pdf.toString('base64') });
  expect(refused.status).toBe(402);
  expect(await documentsOf(brokeId)).toEqual([]);

  const { key, accountId } = await accountWithKey(app, { plan: 'pro' });
  const jobs = await Promise.all(
    [1, 2].map(() => call(key, '/api/v1/verify/async', { ...AXA, document: pdf.toString('base64') })),
  );
  expect(jobs.map((job) => job.status)).toEqual([202, 202]);
  for (const job of jobs) await finished(key, job.body.job_id);
  // One document per job (each sealed under its own job's key), still there once they ended: retention deletes it
  // with the job's erasure (test/integration/retention.test.ts).
  const ids = jobs.map((job) => job.body.job_id as string);
  expect(await documentsOf(accountId)).toEqual(
    ids
      .map((id) => ({ blob_id: documentBlobId(id), stream_id: `job-${id}` }))
      .sort((a, b) => (a.blob_id < b.blob_id ? -1 : 1)),
  );
  for (const id of ids) expect(await app.context.blobs.get(documentBlobId(id))).toEqual(pdf);
  const rows = await app.context.engines.sql.query<{ job_id: string; blob_id: string }>(
    'select job_id, blob_id from jobs where job_id = any($1)',
    [ids],
  );
  for (const row of rows) expect(row.blob_id).toBe(documentBlobId(row.job_id));
});

it('answers an idempotent replay of a finished job with its current state', async () => {
  const { key } = await accountWithKey(app, { plan: 'pro' });
  const headers = { 'idempotency-key': 'replay-finished' };
  const first = await call(key, '/api/v1/verify/async', AXA, headers);
  expect(first).toMatchObject({ status: 202, body: { status: 'pending' } });
  const job = await finished(key, first.body.job_id);
  const replay = await call(key, '/api/v1/verify/async', AXA, headers);
  expect(replay).toMatchObject({
    status: 200,
    body: { job_id: first.body.job_id, status: job.status, poll_url: `/api/v1/jobs/${first.body.job_id}` },
  });
});
