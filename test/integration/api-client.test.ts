// The typed client generated from /openapi.json (openapi-typescript types, openapi-fetch calls) calls every
// operation of the document against the running service; the committed types must match the document.
import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi.js';
import { generateApiTypes, SCHEMA_FILE } from '../support/api-client/generate.js';
import type { paths } from '../support/api-client/schema.js';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';
import { loadDatasets } from '../support/datasets.js';

let app: TestApp;
let key: string;
const called = new Set<string>();

beforeAll(async () => {
  app = await startTestApp({ worker: true });
  await loadDatasets(app.context.engines.sql, ['gbp-per-usd', 'eur-per-usd']);
  key = (await accountWithKey(app, { mode: 'test', requestsPerMinute: 1000 })).key;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const client = () => {
  const api = createClient<paths>({ baseUrl: app.url, headers: { authorization: `Bearer ${key}` } });
  // Which operation each call was, from the document, to check that none was left out.
  api.use({
    onResponse({ request }) {
      const { pathname } = new URL(request.url);
      for (const [path, methods] of Object.entries(buildOpenApiDocument().paths ?? {})) {
        const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
        const op = (methods as Record<string, { operationId?: string }>)[request.method.toLowerCase()];
        if (pattern.test(pathname) && op?.operationId) called.add(op.operationId);
      }
    },
  });
  return api;
};

describe('the generated client', () => {
  it('is up to date with the document', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await generateApiTypes());
  });

  it('calls every operation of the document', async () => {
    const api = client();
    const AXA = {
      policy_number: 'AXK12345678',
      country: 'UK' as const,
      insurance_type: 'motor' as const,
      provider: 'AXA',
    };

    expect((await api.GET('/healthz')).data).toEqual({ status: 'ok' });
    expect((await api.GET('/readyz')).response.status).toBeLessThan(504);
    expect((await api.GET('/api/v1/account')).data?.mode).toBe('test');
    expect((await api.GET('/api/v1/account/statements')).data?.keys_url).toBe('/.well-known/pvs-ledger-keys.json');
    const ledger = await api.GET('/api/v1/account/ledger', { parseAs: 'text' });
    expect(ledger.response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(JSON.parse(String(ledger.data).split('\n')[0]!)).toMatchObject({ type: 'CreditsGranted', revision: 0 });
    expect(
      (await api.GET('/api/v1/insurers', { params: { query: { country: 'UK', q: 'AXA' } } })).data?.count,
    ).toBeGreaterThan(0);

    const sync = await api.POST('/api/v1/verify', { body: AXA });
    expect(sync.data).toMatchObject({ sandbox: true, credits_charged: 0 });
    const missing = await api.POST('/api/v1/verify', { body: { country: 'UK' } as never });
    expect(missing.error).toMatchObject({ error: 'missing_required_fields' });

    const job = await api.POST('/api/v1/verify/async', { body: AXA });
    expect(job.response.status).toBe(202);
    const record = await api.GET('/api/v1/jobs/{job_id}', { params: { path: { job_id: job.data!.job_id } } });
    expect(record.data).toMatchObject({ job_id: job.data!.job_id, type: 'verification' });

    // A verification job has no extraction to correct.
    const correction = await api.POST('/api/v1/jobs/{job_id}/corrections', {
      params: { path: { job_id: job.data!.job_id } },
      body: { corrections: { policy_number: 'AXK12345679' } } as never,
    });
    expect(correction.response.status).toBe(409);

    // Monitors: the list, and each operation on one that does not exist or a body without its policy.
    expect((await api.GET('/api/v1/monitors')).response.status).toBe(200);
    expect((await api.POST('/api/v1/monitors', { body: {} as never })).response.status).toBe(400);
    const none = { params: { path: { monitor_id: 'mon_00000000000000000000000000000000' } } };
    expect((await api.GET('/api/v1/monitors/{monitor_id}', none)).response.status).toBe(404);
    expect(
      (await api.PATCH('/api/v1/monitors/{monitor_id}', { ...none, body: { expiry_notice_days: 10 } as never }))
        .response.status,
    ).toBe(404);
    expect((await api.DELETE('/api/v1/monitors/{monitor_id}', none)).response.status).toBe(404);

    const batch = await api.POST('/api/v1/verify/batch', { body: { policies: [AXA] } });
    expect(batch.response.status).toBe(202);
    const batchRecord = await api.GET('/api/v1/batches/{batch_id}', {
      params: { path: { batch_id: (batch.data as { batch_id: string }).batch_id } },
    });
    expect(batchRecord.data?.total_count).toBe(1);

    const form = new FormData();
    form.append('file', new Blob([Buffer.from('not a pdf')], { type: 'application/pdf' }), 'x.pdf');
    const extract = await api.POST('/api/v1/documents/extract', { body: form as never, bodySerializer: () => form });
    expect(extract.response.status).toBe(422);

    expect((await api.GET('/api/v1/datasets', { params: { query: { category: 'fx' } } })).data?.datasets.length).toBe(
      2,
    );
    expect((await api.GET('/api/v1/datasets/{slug}', { params: { path: { slug: 'gbp-per-usd' } } })).data?.slug).toBe(
      'gbp-per-usd',
    );
    const series = await api.GET('/api/v1/datasets/{slug}/series', {
      params: { path: { slug: 'gbp-per-usd' }, query: { limit: 2 } },
    });
    expect(series.response.status).toBe(200);
    const several = await api.GET('/api/v1/series', {
      params: { query: { slugs: 'gbp-per-usd,eur-per-usd', limit: 2 } as never },
    });
    expect(several.response.status).toBe(200);
    expect((await api.GET('/data/{slug}/preview', { params: { path: { slug: 'eur-per-usd' } } })).response.status).toBe(
      200,
    );

    const operations = Object.values(buildOpenApiDocument().paths ?? {}).flatMap((methods) =>
      Object.values(methods as Record<string, { operationId?: string }>).flatMap((op) =>
        op?.operationId ? [op.operationId] : [],
      ),
    );
    expect(operations.filter((id) => !called.has(id))).toEqual([]);
  }, 60_000);
});
