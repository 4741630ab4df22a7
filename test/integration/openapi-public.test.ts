// The public API in the OpenAPI document: every endpoint is there, the document is valid OpenAPI 3.1, and the
// service's real answers (successes and errors) are what the document says.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi.js';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';
import { openApiChecker } from '../support/openapi-check.js';

let app: TestApp;
let live: string;
let sandbox: string;
const doc: any = buildOpenApiDocument();
const checker = openApiChecker(doc);
const exercised = new Set<string>();

beforeAll(async () => {
  app = await startTestApp({ worker: true });
  live = (await accountWithKey(app, { credits: 100 })).key;
  sandbox = (await accountWithKey(app, { mode: 'test' })).key;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

/** Calls the service and fails on any answer the document does not describe. */
async function call(method: string, path: string, options: { key?: string; json?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = {};
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(app.url + path, {
    method,
    headers,
    ...(options.json !== undefined
      ? { body: JSON.stringify(options.json) }
      : options.form
        ? { body: options.form }
        : {}),
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  // JSON Lines (the ledger export) are checked as the text they are.
  const body = text && type.includes('json') && !type.includes('ndjson') ? JSON.parse(text) : text;
  const pathname = new URL(app.url + path).pathname;
  expect(
    checker.check(method, pathname, res.status, res.headers.get('content-type'), body),
    JSON.stringify(body),
  ).toEqual([]);
  exercised.add(checker.operationOf(method, pathname)!.operationId);
  return { status: res.status, body, headers: res.headers };
}

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

describe('the OpenAPI document of the public API', () => {
  it('is valid OpenAPI 3.1 and holds every public endpoint and the webhook', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    for (const path of [
      '/api/v1/verify',
      '/api/v1/verify/async',
      '/api/v1/verify/batch',
      '/api/v1/documents/extract',
      '/api/v1/jobs/{job_id}',
      '/api/v1/batches/{batch_id}',
      '/api/v1/insurers',
      '/api/v1/account',
      '/api/v1/account/statements',
      '/api/v1/account/ledger',
      '/healthz',
      '/readyz',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/admin') || p.startsWith('/codec'))).toEqual([]);
    expect(doc.webhooks.jobResult.post.requestBody.content['application/json'].schema).toBeDefined();
    expect(doc.paths['/api/v1/verify'].post.security).toEqual([{ bearerKey: [] }]);
    expect(Object.keys(doc.paths['/api/v1/verify'].post.responses['429'].headers)).toEqual(
      expect.arrayContaining(['X-RateLimit-Limit', 'Retry-After']),
    );
  });

  it('would catch an answer the document does not describe', () => {
    expect(checker.check('GET', '/healthz', 200, 'application/json', { status: 'fine' })).not.toEqual([]);
    expect(checker.check('GET', '/healthz', 418, 'application/json', { status: 'ok' })).not.toEqual([]);
    expect(checker.check('GET', '/admin/accounts', 200, 'application/json', {})).not.toEqual([]);
    expect(checker.check('GET', '/api/v1/account', 200, 'text/html', '<p>')).not.toEqual([]);
  });
});

describe('real answers of the service fit the document', () => {
  it('health, readiness, account and insurers', async () => {
    expect((await call('GET', '/healthz')).status).toBe(200);
    expect([200, 503]).toContain((await call('GET', '/readyz')).status);
    expect((await call('GET', '/api/v1/account', { key: live })).status).toBe(200);
    expect((await call('GET', '/api/v1/account')).status).toBe(401);
    expect((await call('GET', '/api/v1/account/statements', { key: live })).status).toBe(200);
    expect((await call('GET', '/api/v1/account/statements')).status).toBe(401);
    expect((await call('GET', '/api/v1/account/ledger', { key: live })).status).toBe(200);
    expect((await call('GET', '/api/v1/account/ledger')).status).toBe(401);
    expect((await call('GET', '/api/v1/insurers?country=UK&q=AXA')).status).toBe(200);
    expect((await call('GET', '/api/v1/insurers?country=UK')).status).toBe(400);
  });

  it('synchronous verification, both docs/architecture.md#errors variants and the catalogue errors', async () => {
    expect((await call('POST', '/api/v1/verify', { key: live, json: AXA })).status).toBe(200);
    expect((await call('POST', '/api/v1/verify', { key: sandbox, json: AXA })).body).toMatchObject({ sandbox: true });
    const missing = await call('POST', '/api/v1/verify', { key: live, json: { country: 'UK' } });
    expect(missing.body).toMatchObject({ error: 'missing_required_fields' });
    expect((await call('POST', '/api/v1/verify', { key: live, json: { ...AXA, country: 'XX' } })).body).toMatchObject({
      error: 'unsupported_country',
      code: 400,
    });
    expect((await call('POST', '/api/v1/verify', { json: AXA })).status).toBe(401);
  });

  it('async verification, batches, extraction and their jobs', async () => {
    const job = await call('POST', '/api/v1/verify/async', { key: sandbox, json: AXA });
    expect(job.status).toBe(202);
    let record = await call('GET', `/api/v1/jobs/${job.body.job_id}`, { key: sandbox });
    for (let i = 0; i < 60 && record.body.status === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      record = await call('GET', `/api/v1/jobs/${job.body.job_id}`, { key: sandbox });
    }
    expect(record.body).toMatchObject({ type: 'verification', status: 'complete' });
    expect((await call('GET', '/api/v1/jobs/no-such-job', { key: sandbox })).status).toBe(404);
    // A verification job has no extraction to correct.
    const correcting = { key: sandbox, json: { corrections: { policy_number: 'AXK12345679' } } };
    expect((await call('POST', `/api/v1/jobs/${job.body.job_id}/corrections`, correcting)).status).toBe(409);

    // Monitors: the list, a body without its policy, and one that does not exist.
    expect((await call('GET', '/api/v1/monitors', { key: sandbox })).status).toBe(200);
    expect((await call('POST', '/api/v1/monitors', { key: sandbox, json: {} })).status).toBe(400);
    const none = '/api/v1/monitors/mon_00000000000000000000000000000000';
    expect((await call('GET', none, { key: sandbox })).status).toBe(404);
    expect((await call('PATCH', none, { key: sandbox, json: { expiry_notice_days: 10 } })).status).toBe(404);
    expect((await call('DELETE', none, { key: sandbox })).status).toBe(404);

    const batch = await call('POST', '/api/v1/verify/batch', { key: sandbox, json: { policies: [AXA, AXA] } });
    expect(batch.status).toBe(202);
    expect((await call('GET', `/api/v1/batches/${batch.body.batch_id}`, { key: sandbox })).status).toBe(200);
    expect((await call('POST', '/api/v1/verify/batch', { key: sandbox, json: { policies: [] } })).status).toBe(400);

    const form = new FormData();
    form.append('file', new Blob([Buffer.from('not a pdf')], { type: 'application/pdf' }), 'x.pdf');
    expect((await call('POST', '/api/v1/documents/extract', { key: sandbox, form })).status).toBe(422);
    expect((await call('POST', '/api/v1/documents/extract', { key: sandbox, form: new FormData() })).status).toBe(400);
  }, 60_000);

  it('exercised every operation of these endpoints', () => {
    const operations = Object.values(
      doc.paths as Record<string, Record<string, { operationId: string; tags?: string[] }>>,
    )
      .flatMap((methods) => Object.values(methods))
      .filter((op) => !op.tags?.includes('Datasets'))
      .map((op) => op.operationId);
    expect(operations.filter((id) => !exercised.has(id))).toEqual([]);
  });
});
