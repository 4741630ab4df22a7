// Sealed workflow payloads (issue 22) on the real Temporal dev server: a history fetched from the server for an
// async verification, a batch and an extraction holds neither the policy number nor the provider nor the document
// text in clear; the same history decodes through the codec server with the admin token and is refused without
// it; after a key rotation a workflow started under the old key completes, and its history decodes.
// Per-stream keys (issue 39 item 2): a job's workflow is sealed under the job's data key, and once retention has
// shredded it the codec endpoint (as `temporal workflow show --codec-endpoint` uses it) shows it erased; a
// workflow that holds nothing personal is under the global keys.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import protos from '@temporalio/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApi, startWorker, type Running } from '../../bin/service.js';
import { RETENTION_WORKFLOW } from '../../contracts/retention.js';
import { findTemporalBinary } from '../../infra/temporal/binary.js';
import { contractClient } from '../../infra/temporal/contract-client.js';
import { KEY_ID_METADATA, parsePayloadKeys, PayloadErasedError } from '../../infra/temporal/payload-codec.js';
import { accountWithKey, callWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { makePdf } from '../support/extraction/bad-pdfs.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { decode, decodedText, payloadsOf, type JsonPayload } from '../support/codec.js';

type History = protos.temporal.api.history.v1.IHistory;

const K1 = `k1=${randomBytes(32).toString('base64')}`;
const K2 = `k2=${randomBytes(32).toString('base64')}`;
const POLICY = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };
// Words only the uploaded document holds: its text passes from the text-layer activity to the parser.
const DOCUMENT_WORDS = 'Marguerite Oakhollow';
const DOCUMENT_NUMBER = 'PC48291033';

let app: TestApp;
const call = (key: string, method: string, path: string, body?: unknown) => callWithKey(app, key, method, path, body);
let worker: Running;
let receiver: Receiver;
let receiverAccepts = false;

beforeAll(async () => {
  receiver = await startReceiver({
    host: '127.0.0.1',
    secrets: [],
    respond: (_req, res) => res.writeHead(receiverAccepts ? 204 : 503).end(),
  });
  app = await startTestApp({
    env: {
      TEMPORAL_PAYLOAD_KEYS: K1,
      WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}`,
      WEBHOOK_RETRY_SECONDS: '1',
      OCR_WORKERS: '1',
    },
  });
  worker = await startWorker(app.context);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await app?.stop();
  await receiver?.close();
});

/** The history as the Temporal server stores it (the client's fetchHistory does not decode payloads). */
const historyOf = (workflowId: string) => app.context.temporal!.client.workflow.getHandle(workflowId).fetchHistory();

/** Every byte of the history, as text: what someone reading the server's database would see. */
const rawText = (history: History) =>
  Buffer.from(protos.temporal.api.history.v1.History.encode(history).finish()).toString('latin1');

/** Every payload in a history as the CLI prints it (proto3 JSON: metadata values and data in base64). */
function payloadsIn(value: unknown): JsonPayload[] {
  if (!value || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (record.metadata && typeof record.metadata === 'object' && !Array.isArray(record.metadata)) {
    return [
      { metadata: record.metadata as Record<string, string>, data: typeof record.data === 'string' ? record.data : '' },
    ];
  }
  return Object.values(record).flatMap(payloadsIn);
}

const admin = { authorization: `Bearer ${'test-admin-token-0123456789'}` };

describe('sealed histories', () => {
  const workflows: Record<string, string> = {};

  beforeAll(async () => {
    const { key } = await accountWithKey(app, { plan: 'pro' });
    const job = await call(key, 'POST', '/api/v1/verify/async', POLICY);
    const batch = await call(key, 'POST', '/api/v1/verify/batch', {
      policies: [POLICY, { ...POLICY, policy_number: 'AXK87654321' }],
    });
    const pdf = await makePdf({}, (doc) =>
      doc.text(`Insurer: AXA\nPolicy number: ${DOCUMENT_NUMBER}\nPolicyholder: ${DOCUMENT_WORDS}`),
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'policy.pdf');
    const upload = await fetch(`${app.url}/api/v1/documents/extract`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    const extraction = (await upload.json()) as { job_id: string };
    expect([job.status, batch.status, upload.status]).toEqual([202, 202, 202]);
    workflows.verification = `verification-${job.body.job_id}`;
    workflows.batch = `batch-${batch.body.batch_id}`;
    workflows.extraction = `extraction-${extraction.job_id}`;
    for (const id of Object.values(workflows)) await app.context.temporal!.client.workflow.getHandle(id).result();
  }, 180_000);

  it.each(['verification', 'batch', 'extraction'])(
    'a %s history holds no policy number, provider or document text in clear',
    async (kind) => {
      const text = rawText(await historyOf(workflows[kind]!));
      for (const secret of [POLICY.policy_number, 'AXK87654321', '"AXA"', DOCUMENT_NUMBER, DOCUMENT_WORDS])
        expect(text).not.toContain(secret);
      // The control: the run did carry them (the search above would have found them unsealed).
      expect(text).toContain('binary/encrypted');
    },
  );

  it.each(['verification', 'batch', 'extraction'])(
    'what a %s history holds unsealed is search attribute values and local-activity bookkeeping, nothing personal',
    async (kind) => {
      const unsealed = payloadsOf(await historyOf(workflows[kind]!))
        .filter((p) => !p.metadata[KEY_ID_METADATA])
        .map((p) => ({
          type: Buffer.from(p.metadata.type ?? '', 'base64').toString(),
          data: Buffer.from(p.data, 'base64').toString(),
        }));
      expect(unsealed.length).toBeGreaterThan(0);
      for (const payload of unsealed) {
        // Search attributes must stay readable for the UI's filters: each is one of our keyword values.
        if (payload.type === 'Keyword')
          expect(payload.data).toMatch(
            /^"(acct_\w+|live|test|verification|extraction|batch|UK|DE|FR|motor|travel|health|verified|unverified|inconclusive|error|complete|failed)"$/,
          );
        // The patches a run went through (TemporalChangeVersion), by their ids in workflows/.
        else if (payload.type === 'KeywordList') expect(payload.data).toMatch(/^\["[a-z-]+"(,"[a-z-]+")*\]$/);
        // The SDK's own markers: a local activity's type, attempt and times, or a patch's id.
        else
          expect([
            'activity_id,activity_type,attempt,backoff,complete_time,original_schedule_time,seq',
            'deprecated,id',
          ]).toContain(
            Object.keys(JSON.parse(payload.data) as object)
              .sort()
              .join(','),
          );
      }
    },
  );

  it.each(['verification', 'batch', 'extraction'])(
    'a %s history decodes through the codec server with the admin token',
    async (kind) => {
      const payloads = payloadsOf(await historyOf(workflows[kind]!));
      expect(payloads.length).toBeGreaterThan(2);
      const decoded = await decode(app.url, payloads, admin);
      expect(decoded.status).toBe(200);
      expect(decoded.body.payloads).toHaveLength(payloads.length);
      const text = decodedText(decoded.body);
      expect(text).toContain(kind === 'extraction' ? DOCUMENT_NUMBER : POLICY.policy_number);
      if (kind === 'extraction') expect(text).toContain(DOCUMENT_WORDS);
      else expect(text).toContain('"AXA"');
    },
  );

  it('refuses to decode without the admin token, with a wrong one, or from an origin it does not trust', async () => {
    const payloads = payloadsOf(await historyOf(workflows.verification!)).slice(0, 1);
    expect((await decode(app.url, payloads, {})).status).toBe(401);
    expect((await decode(app.url, payloads, { authorization: 'Bearer not-the-admin-token-at-all' })).status).toBe(401);
    // Outside `npm run dev` no origin is trusted: the Temporal UI's browser needs the token like anyone else.
    expect((await decode(app.url, payloads, { origin: 'http://localhost:8233' })).body).toMatchObject({
      error: 'unauthorized',
      code: 401,
    });
  });

  it('encodes what it decodes, and answers a malformed body with a 400 in the error shape', async () => {
    const payloads = payloadsOf(await historyOf(workflows.verification!)).slice(0, 2);
    const decoded = await decode(app.url, payloads, admin);
    const res = await fetch(`${app.url}/codec/encode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...admin },
      body: JSON.stringify(decoded.body),
    });
    const encoded = (await res.json()) as { payloads: JsonPayload[] };
    expect(res.status).toBe(200);
    expect(encoded.payloads.map((p) => Buffer.from(p.metadata[KEY_ID_METADATA]!, 'base64').toString())).toEqual([
      'k1',
      'k1',
    ]);
    expect(decodedText((await decode(app.url, encoded.payloads, admin)).body)).toBe(decodedText(decoded.body));
    const bad = await decode(app.url, [{ metadata: { encoding: '%%%' }, data: '' }], admin);
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_request', code: 400 } });
  });
});

const keyIdsOf = (payloads: JsonPayload[]) =>
  new Set(
    payloads
      .filter((p) => p.metadata[KEY_ID_METADATA])
      .map((p) => Buffer.from(p.metadata[KEY_ID_METADATA]!, 'base64').toString()),
  );

/**
 * A run of the retention workflow under an id of its own: a workflow that holds nothing personal. Waited for by
 * its status, not its result: after a rotation this test's client holds only the old key.
 */
const runRetention = async (now: Date) => {
  const idScope = `test-${randomUUID()}-`;
  const handle = await contractClient(app.context.temporal!.client, app.config.TEMPORAL_TASK_QUEUE, { idScope }).start(
    RETENTION_WORKFLOW,
    { now: now.toISOString() },
  );
  const { status } = await until(
    () => handle.describe(),
    (d) => d.status.name !== 'RUNNING',
    'the retention run',
  );
  expect(status.name).toBe('COMPLETED');
  return handle.workflowId;
};

const globalHistories: string[] = [];

describe('per-stream keys', () => {
  it("a job's workflow is sealed under the job's data key alone, named in each payload", async () => {
    const { key } = await accountWithKey(app, { plan: 'pro' });
    const job = await call(key, 'POST', '/api/v1/verify/async', POLICY);
    const workflowId = `verification-${job.body.job_id}`;
    await app.context.temporal!.client.workflow.getHandle(workflowId).result();
    expect(keyIdsOf(payloadsOf(await historyOf(workflowId)))).toEqual(new Set([`stream:job-${job.body.job_id}`]));
    expect(
      (await app.context.engines.keys.keysOf([`job-${job.body.job_id}`])).get(`job-${job.body.job_id}`),
    ).toBeInstanceOf(Buffer);
  });

  it('a workflow that holds nothing personal is sealed under the global key, and decodes with it', async () => {
    const workflowId = await runRetention(new Date());
    globalHistories.push(workflowId);
    const payloads = payloadsOf(await historyOf(workflowId));
    expect(keyIdsOf(payloads)).toEqual(new Set(['k1']));
    const decoded = await decode(app.url, payloads, admin);
    expect(decoded.status).toBe(200);
    expect(decodedText(decoded.body)).toContain('"jobs_erased"');
  });
});

describe('key rotation', () => {
  it("a job's workflow started before a rotation completes after it, under its own key; global keys rotate", async () => {
    const { key } = await accountWithKey(app, { plan: 'pro' });
    receiverAccepts = false;
    const job = await call(key, 'POST', '/api/v1/verify/async', { ...POLICY, webhook_url: `${receiver.origin}/hooks` });
    expect(job.status).toBe(202);
    const workflowId = `verification-${job.body.job_id}`;
    // The job is done but its callback keeps being retried: the workflow is still running.
    await until(
      () => Promise.resolve(receiver.received.length),
      (n) => n >= 2,
      'two refused callbacks',
    );

    await worker.stop();
    app.context.secrets.payloadKeys = parsePayloadKeys(`${K2},${K1}`);
    worker = await startWorker(app.context);
    receiverAccepts = true;
    await until(
      () => app.context.temporal!.client.workflow.getHandle(workflowId).describe(),
      (d) => d.status.name !== 'RUNNING',
      'the workflow',
    );
    expect((await app.context.temporal!.client.workflow.getHandle(workflowId).describe()).status.name).toBe(
      'COMPLETED',
    );

    const sealed = payloadsOf(await historyOf(workflowId)).filter((p) => p.metadata[KEY_ID_METADATA]);
    // The global keys do not seal a job's workflow, before or after the rotation.
    expect(keyIdsOf(sealed)).toEqual(new Set([`stream:job-${job.body.job_id}`]));
    // A workflow with nothing personal is sealed under the new global key; the old one still opens what it sealed.
    const rotated = await runRetention(new Date());
    const global = [...payloadsOf(await historyOf(globalHistories[0]!)), ...payloadsOf(await historyOf(rotated))];
    expect(keyIdsOf(global)).toEqual(new Set(['k1', 'k2']));
    // The codec server of an API started with the rotated keys opens them all.
    const api = await startApi(app.context, 0);
    try {
      const decoded = await decode(api.url, [...sealed, ...global], admin);
      expect(decoded.status).toBe(200);
      expect(decodedText(decoded.body)).toContain(POLICY.policy_number);
      expect(decodedText(decoded.body)).toContain('"complete"');
      expect(decodedText(decoded.body).match(/"jobs_erased"/g)).toHaveLength(2);
    } finally {
      await api.stop();
    }
  }, 120_000);
});

// Last: its retention run erases every job this file made.
describe('a job shredded by retention', () => {
  const temporal = findTemporalBinary(process.env.TEMPORAL_CLI_PATH);
  /**
   * What an operator runs (README, "Reading workflow histories"): the CLI decoding through the codec endpoint.
   * Its JSON shows payloads in base64: the text is every payload's data decoded, beside the events themselves.
   */
  const show = async (workflowId: string) => {
    const { stdout } = await promisify(execFile)(
      temporal!,
      [
        'workflow',
        'show',
        '-w',
        workflowId,
        '--address',
        inject('temporalAddress'),
        '--namespace',
        'default',
        '--output',
        'json',
        '--codec-endpoint',
        `${app.url}/codec`,
        '--codec-auth',
        admin.authorization,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return { events: stdout, payloads: decodedText({ payloads: payloadsIn(JSON.parse(stdout)) }) };
  };

  it('is readable through the codec endpoint before, and shows erased after, while the rest of its history stays', async () => {
    expect(temporal).toBeTruthy();
    receiverAccepts = true;
    const { key } = await accountWithKey(app, { plan: 'pro' });
    const hook = `${receiver.origin}/hooks/${randomUUID()}`;
    const job = await call(key, 'POST', '/api/v1/verify/async', { ...POLICY, webhook_url: hook });
    const workflowId = `verification-${job.body.job_id}`;
    const handle = app.context.temporal!.client.workflow.getHandle(workflowId);
    expect(await handle.result()).toBe('complete');

    const before = await show(workflowId);
    for (const personal of [POLICY.policy_number, hook]) expect(before.payloads).toContain(personal);

    // Retention as it runs, 31 days on: the job is past JOB_RETENTION_DAYS, its key goes.
    await runRetention(new Date(Date.now() + 31 * 86_400_000));
    expect(
      (await app.context.engines.keys.keysOf([`job-${job.body.job_id}`])).get(`job-${job.body.job_id}`),
    ).toBeNull();

    const after = await show(workflowId);
    for (const personal of [POLICY.policy_number, hook, '"AXA"']) expect(after.payloads).not.toContain(personal);
    expect(after.payloads).toContain(`{"erased":true,"stream":"job-${job.body.job_id}"}`);
    // The history itself is all there: its events, types and statuses, only the payloads' content is gone.
    expect(after.events).toContain('EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED');
    expect(after.events).toContain('verificationWorkflow');
    // The service's own client never reads an erased payload as if it were data.
    await expect(handle.result()).rejects.toBeInstanceOf(PayloadErasedError);
  }, 120_000);
});
