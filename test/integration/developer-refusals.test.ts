// Issue 57: every refusal a developer trying the service meets names the fix, and a test key's callback is said
// to be not sent, with the reason, in the 202 and in the job view (docs/architecture.md#keys-and-the-sandbox: sandbox keys deliver no callbacks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
let key: string;
const HOOK_PORT = 4600;

beforeAll(async () => {
  app = await startTestApp({ worker: true, env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${HOOK_PORT}` } });
  ({ key } = await accountWithKey(app, { mode: 'test', plan: 'pro' }));
});
afterAll(async () => app?.stop());

async function send(path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(app.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, ...headers },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
const json = { 'content-type': 'application/json' };
const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

describe('a JSON body sent without Content-Type: application/json', () => {
  it.each(['/api/v1/verify', '/api/v1/verify/async', '/api/v1/verify/batch'])(
    '%s names the header, as curl -d sends it',
    async (path) => {
      const res = await send(path, JSON.stringify(AXA), { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request', code: 400 });
      expect(res.body.message).toContain('application/x-www-form-urlencoded');
      expect(res.body.message).toContain('Content-Type: application/json');
    },
  );

  it('names the header when none was sent', async () => {
    // Bytes rather than a string: fetch labels a string text/plain.
    const res = await send('/api/v1/verify', new TextEncoder().encode(JSON.stringify(AXA)) as unknown as string);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/without a Content-Type.*Content-Type: application\/json/);
  });
});

describe('field names', () => {
  it('names policyNumber as the unknown field it is, and the field it means', async () => {
    const { policy_number, ...rest } = AXA;
    const res = await send('/api/v1/verify', JSON.stringify({ ...rest, policyNumber: policy_number }), json);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.message).toContain('Unknown field "policyNumber" (did you mean policy_number?)');
  });

  it('says missing_required_fields on the extraction endpoint, as verify does', async () => {
    const form = new FormData();
    form.set('webhook_url', '');
    const res = await fetch(`${app.url}/api/v1/documents/extract`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'missing_required_fields',
      message: 'Required fields missing: file',
    });
  });

  it('refuses a batch webhook_url, naming where callbacks are taken and how a batch is followed', async () => {
    const res = await send(
      '/api/v1/verify/batch',
      JSON.stringify({ policies: [AXA], webhook_url: 'https://x.example/h' }),
      json,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('GET /api/v1/batches/{batch_id}');
  });
});

describe('a local webhook URL and WEBHOOK_ALLOWLIST', () => {
  it('names the entry that matches the same receiver under another name of this machine', async () => {
    const res = await send(
      '/api/v1/verify/async',
      JSON.stringify({ ...AXA, webhook_url: `http://localhost:${HOOK_PORT}/hook` }),
      json,
    );
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('invalid_webhook_url');
    expect(res.body.message).toContain(`WEBHOOK_ALLOWLIST holds 127.0.0.1:${HOOK_PORT}`);
    expect(res.body.message).toContain(`http://127.0.0.1:${HOOK_PORT}/hook`);
  });

  it('names the entry for another port, and the host:port to add', async () => {
    const res = await send(
      '/api/v1/verify/async',
      JSON.stringify({ ...AXA, webhook_url: 'http://127.0.0.1:4700/hook' }),
      json,
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toContain(`WEBHOOK_ALLOWLIST holds 127.0.0.1:${HOOK_PORT}, another port of this host`);
    expect(res.body.message).toContain('adds 127.0.0.1:4700');
  });
});

describe("a test key's callback", () => {
  it('is not_sent, with the reason, in the 202 and in the job view', async () => {
    const url = `http://127.0.0.1:${HOOK_PORT}/hook`;
    const accepted = await send('/api/v1/verify/async', JSON.stringify({ ...AXA, webhook_url: url }), json);
    expect(accepted.status).toBe(202);
    expect(accepted.body.webhook).toEqual({ url, status: 'not_sent', reason: expect.stringMatching(/Test keys/) });
    const view = async () =>
      (await fetch(`${app.url}/api/v1/jobs/${accepted.body.job_id}`, {
        headers: { authorization: `Bearer ${key}` },
      }).then((r) => r.json())) as Record<string, any>;
    let job = await view();
    for (let i = 0; i < 100 && job.status === 'pending'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = await view();
    }
    expect(job.status).toBe('complete');
    expect(job.webhook).toEqual({
      url,
      status: 'not_sent',
      reason: accepted.body.webhook.reason,
      attempts: 0,
      last_attempt_at: null,
    });
  });

  it('is answered without a webhook field on a live key', async () => {
    const live = await accountWithKey(app, { plan: 'pro' });
    const res = await fetch(`${app.url}/api/v1/verify/async`, {
      method: 'POST',
      headers: { authorization: `Bearer ${live.key}`, ...json },
      body: JSON.stringify({ ...AXA, webhook_url: `http://127.0.0.1:${HOOK_PORT}/hook` }),
    });
    expect(res.status).toBe(202);
    expect((await res.json()).webhook).toBeUndefined();
  });
});

describe('/openapi.json and /docs', () => {
  it("list insufficient_credits under /verify's 402 only, and not_sent among the callback's states", async () => {
    const doc = (await fetch(`${app.url}/openapi.json`).then((r) => r.json())) as any;
    const text = (status: string) => JSON.stringify(doc.paths['/api/v1/verify'].post.responses[status]);
    const schemas = JSON.stringify(doc.components.schemas);
    expect(schemas).toContain('not_sent');
    const resolve = (s: string) =>
      s.replace(/"\$ref":"#\/components\/schemas\/(\w+)"/g, (_, id) => JSON.stringify(doc.components.schemas[id]));
    expect(resolve(text('400'))).not.toContain('insufficient_credits');
    expect(resolve(text('402'))).toContain('insufficient_credits');
    const page = await fetch(`${app.url}/docs`).then((r) => r.text());
    const section = /id="verifyPolicy"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
    const [before402, after402] = section.split(/>402</);
    const from400 = before402?.split(/>400</)[1] ?? '';
    expect(from400).toContain('missing_required_fields');
    expect(from400).not.toContain('insufficient_credits');
    expect(after402).toContain('insufficient_credits');
  });
});
