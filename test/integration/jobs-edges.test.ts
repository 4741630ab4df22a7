// Issue 21's rough edges on jobs: a batch refused for credits says what it needs and what there is; a refused
// document leaves nothing in the blob store and a finished job's document is deleted; an idempotent replay of a
// finished job answers its current state.
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
const blobs = () => (existsSync(app.config.BLOB_DIR) ? readdirSync(app.config.BLOB_DIR, { recursive: true }).filter((f) => String(f).length > 60) : []);
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
  expect(res).toMatchObject({ status: 402, body: { error: 'insufficient_credits', code: 402, credits_needed: 5, credits_available: 3 } });
  expect(res.body.message).toMatch(/needs 5 credits; 3 are available/);
});

it('stores a document only once its job is admitted, and deletes it when the job ends', async () => {
  const pdf = await makePdf();
  const before = blobs().length;
  const { key: broke } = await accountWithKey(app, { plan: 'pro', credits: 0 });
  const refused = await call(broke, '/api/v1/verify/async', { ...AXA, document: pdf.toString('base64') });
  expect(refused.status).toBe(402);
  expect(blobs()).toHaveLength(before);

  const { key } = await accountWithKey(app, { plan: 'pro' });
  const accepted = await call(key, '/api/v1/verify/async', { ...AXA, document: pdf.toString('base64') });
  expect(accepted.status).toBe(202);
  await finished(key, accepted.body.job_id);
  for (let i = 0; i < 40 && blobs().length > before; i++) await new Promise((resolve) => setTimeout(resolve, 250));
  expect(blobs()).toHaveLength(before);
});

it('answers an idempotent replay of a finished job with its current state', async () => {
  const { key } = await accountWithKey(app, { plan: 'pro' });
  const headers = { 'idempotency-key': 'replay-finished' };
  const first = await call(key, '/api/v1/verify/async', AXA, headers);
  expect(first).toMatchObject({ status: 202, body: { status: 'pending' } });
  const job = await finished(key, first.body.job_id);
  const replay = await call(key, '/api/v1/verify/async', AXA, headers);
  expect(replay).toMatchObject({ status: 200, body: { job_id: first.body.job_id, status: job.status, poll_url: `/api/v1/jobs/${first.body.job_id}` } });
});
