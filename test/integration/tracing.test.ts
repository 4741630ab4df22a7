// One trace from the HTTP call through every workflow and activity (issue 58, acceptance): the service in process,
// its API, worker and projector sharing the OpenTelemetry SDK's in-memory exporter. An async verification with a
// callback and an extraction each make one trace whose root is the HTTP request's span: the workflow, its
// activities and the callback's attempt descend from it, and the ledger's append and the projections' applies are
// in it. No span carries the policy number, the account's address or the callback URL the test sent. The job's row
// on the dashboard links the trace of the request that submitted it.
import { randomBytes } from 'node:crypto';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing } from '../../infra/tracing/start.js';
import { tracing } from '../../infra/tracing/tracing.js';
import { callWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { makePdf } from '../support/extraction/bad-pdfs.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

const exporter = new InMemorySpanExporter();
const TRACE_UI = 'http://traces.test/trace/{trace_id}';
let app: TestApp;
let receiver: Receiver;
const logLines: string[] = [];

beforeAll(async () => {
  await startTracing('pvs-test', { exporter });
  // Takes every callback (its signature is webhook-delivery.test.ts's business).
  receiver = await startReceiver({ host: '127.0.0.1', secrets: [], respond: (_req, res) => res.writeHead(204).end() });
  app = await startTestApp({
    worker: true,
    logStream: { write: (line: string) => logLines.push(line) },
    env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}`, WEBHOOK_RETRY_SECONDS: '1', TRACE_UI_URL: TRACE_UI },
  });
});
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
  await tracing()?.shutdown();
});

const spansOf = (traceId: string) => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
const rootOf = (method: string, route: string) =>
  exporter.getFinishedSpans().find((s) => s.name === `${method} ${route}` && !s.parentSpanId);

/** Every span of the trace reaches the root through its parents: none is orphaned. */
function expectDescendants(spans: readonly ReadableSpan[], root: ReadableSpan) {
  const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
  for (const span of spans) {
    let at: ReadableSpan | undefined = span;
    for (let hops = 0; at && at !== root && hops < 50; hops++)
      at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined;
    expect(at, `${span.name} descends from ${root.name}`).toBe(root);
  }
}

function expectNoneHolds(spans: readonly ReadableSpan[], secrets: readonly string[]) {
  for (const span of spans) {
    const text = JSON.stringify({ name: span.name, attributes: span.attributes, events: span.events });
    for (const secret of secrets) expect(text, span.name).not.toContain(secret);
  }
}

describe('a traced request', () => {
  it('is one trace from the async verification through its workflow, activities, callback, ledger and projections', async () => {
    const tag = randomBytes(4).toString('hex');
    const email = `traced-${tag}@example.com`;
    const account = await app.admin<{ account_id: string }>('POST', '/admin/accounts', { email, plan: 'pro' });
    const key = (
      await app.admin<{ key: string }>('POST', `/admin/accounts/${account.body.account_id}/keys`, { mode: 'live' })
    ).body.key;
    const hook = `${receiver.origin}/hooks/traced-${tag}`;
    const policyNumber = 'AXK12345678';

    const submitted = await callWithKey(app, key, 'POST', '/api/v1/verify/async', {
      policy_number: policyNumber,
      country: 'UK',
      insurance_type: 'motor',
      provider: 'AXA',
      webhook_url: hook,
    });
    expect(submitted.status).toBe(202);
    const jobId = (submitted.body as { job_id: string }).job_id;
    await until(
      () => callWithKey(app, key, 'GET', `/api/v1/jobs/${jobId}`),
      (r) => (r.body as { webhook?: { status: string } }).webhook?.status === 'delivered',
      'the callback delivered',
      40_000,
    );

    const root = rootOf('POST', '/api/v1/verify/async');
    expect(root, 'the HTTP span, a root').toBeDefined();
    const traceId = root!.spanContext().traceId;
    const spans = await until(
      async () => spansOf(traceId),
      (list) => list.some((s) => s.name === 'webhook.attempt') && list.some((s) => s.name.startsWith('project ')),
      'the callback and the projections in the trace',
      30_000,
    );
    const names = spans.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'StartWorkflow:verificationWorkflow',
        'RunWorkflow:verificationWorkflow',
        'webhook.attempt',
        'eventstore.append',
      ]),
    );
    expect(names.filter((name) => name.startsWith('RunActivity:')).length).toBeGreaterThanOrEqual(2);
    // The ledger's append (the credits held at admission) and the read models that applied the trace's events.
    expect(spans.some((s) => s.name === 'eventstore.append' && s.attributes['pvs.stream_kind'] === 'credits-')).toBe(
      true,
    );
    expect(names).toEqual(expect.arrayContaining(['project jobs', 'project balances']));
    expectDescendants(spans, root!);
    expectNoneHolds(exporter.getFinishedSpans(), [policyNumber, email, hook, receiver.origin]);

    // The job's row on the dashboard (its callback's delivery) links the trace of the POST that submitted it.
    const { session, position } = await app.context.accounts.startSession(account.body.account_id, { actor: 'test' });
    await app.context.readers.accounts.shows(position);
    const page = await until(
      async () =>
        (await fetch(`${app.url}/account/webhooks`, { headers: { cookie: `pvs_session=${session}` } })).text(),
      (html) => html.includes(jobId),
      'the job on the dashboard',
    );
    const row = page.match(new RegExp(`<tr>(?:(?!</tr>)[\\s\\S])*${jobId}[\\s\\S]*?</tr>`))![0];
    expect(row).toContain(`href="${TRACE_UI.replace('{trace_id}', traceId)}"`);
  });

  it('is one trace from an uploaded document through the extraction workflow and its activities', async () => {
    const account = await app.admin<{ account_id: string }>('POST', '/admin/accounts', {
      email: `extracting-${randomBytes(4).toString('hex')}@example.com`,
      plan: 'pro',
    });
    const key = (
      await app.admin<{ key: string }>('POST', `/admin/accounts/${account.body.account_id}/keys`, { mode: 'live' })
    ).body.key;
    const pdf = await makePdf({}, (doc) => doc.text('Insurer: AXA\nPolicy number: AXK55316125\nMotor insurance'));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'policy.pdf');
    const upload = await fetch(`${app.url}/api/v1/documents/extract`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    expect(upload.status).toBe(202);
    const jobId = ((await upload.json()) as { job_id: string }).job_id;
    await until(
      () => callWithKey(app, key, 'GET', `/api/v1/jobs/${jobId}`),
      (r) => (r.body as { status: string }).status !== 'pending',
      'the extraction finished',
    );
    const root = rootOf('POST', '/api/v1/documents/extract');
    expect(root).toBeDefined();
    const spans = await until(
      async () => spansOf(root!.spanContext().traceId),
      // The workflow's span ends with the workflow, after the job's end: its pages are drawn for the dashboard then.
      (list) =>
        list.some((s) => s.name === 'project jobs') && list.some((s) => s.name === 'RunWorkflow:extractionWorkflow'),
      'the extraction trace',
      30_000,
    );
    const names = spans.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'StartWorkflow:extractionWorkflow',
        'RunWorkflow:extractionWorkflow',
        'RunActivity:drawPages',
      ]),
    );
    expect(names.filter((name) => name.startsWith('RunActivity:')).length).toBeGreaterThanOrEqual(2);
    expectDescendants(spans, root!);
    expectNoneHolds(spans, ['AXK55316125']);
  });

  it('names its trace on the log lines and in the request log', async () => {
    const root = rootOf('POST', '/api/v1/verify/async');
    const traceId = root!.spanContext().traceId;
    const traced = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((l) => l.trace_id === traceId);
    // The access log's line of the request, and lines written inside the worker's activities of the same trace.
    expect(traced.some((line) => line.msg === 'request' && line.route === '/api/v1/verify/async')).toBe(true);
    expect(traced.some((line) => line.msg !== 'request')).toBe(true);
    const [row] = await app.context.engines.sql.query<{ trace_id: string | null }>(
      'select trace_id from request_log where request_id = $1',
      [root!.attributes['pvs.request_id']],
    );
    expect(row?.trace_id).toBe(root!.spanContext().traceId);
  });
});
