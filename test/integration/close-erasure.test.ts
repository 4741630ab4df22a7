// Closing an account erases its jobs (issue 39, item 1): after the close, no table holds the account's address,
// name, policy numbers, webhook URL or key names, no table or file holds its uploaded document's bytes (issue 54),
// the codec endpoint decodes none of it from its Temporal histories, and no history holds a failure's text in
// clear; the ledger still replays and reconciles; another account is untouched.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseClosedAccounts } from '../../application/retention/retention.js';
import { retentionReads } from '../../projections/readers/retention.js';
import { decode, decodedText, payloadsOf } from '../support/codec.js';
import { bytesAsText, filesHolding, rowsHolding } from '../support/dump.js';
import { makePdf } from '../support/extraction/bad-pdfs.js';
import { callWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

let app: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  // Each callback's first attempt answers 500, so its history records a failure (the retry's last failure).
  const tried = new Set<string>();
  receiver = await startReceiver({
    host: '127.0.0.1',
    secrets: [],
    respond: (_request, response, received) => {
      const first = !tried.has(received.path);
      tried.add(received.path);
      response.writeHead(first ? 500 : 204).end();
    },
  });
  app = await startTestApp({
    worker: true,
    env: { WEBHOOK_ALLOWLIST: `127.0.0.1:${receiver.port}`, WEBHOOK_RETRY_SECONDS: '1' },
  });
});
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

const policy = (number: string) => ({ policy_number: number, country: 'UK', insurance_type: 'motor', provider: 'AXA' });

async function accountOf(email: string, name: string) {
  const account = await app.admin<{ account_id: string }>('POST', '/admin/accounts', { email, name, plan: 'pro' });
  const key = await app.admin<{ key: string }>('POST', `/admin/accounts/${account.body.account_id}/keys`, {
    mode: 'live',
  });
  return { accountId: account.body.account_id, key: key.body.key };
}

/** Every failure a history holds, wherever it sits (a task's failure, an activity's last failure, a cause). */
function failuresOf(value: unknown, found: { message?: string | null; stackTrace?: string | null }[] = []) {
  if (!value || typeof value !== 'object' || ArrayBuffer.isView(value)) return found;
  const record = value as Record<string, unknown>;
  if ('failureInfo' in record || 'applicationFailureInfo' in record || 'encodedAttributes' in record)
    found.push(record as { message?: string; stackTrace?: string });
  for (const child of Object.values(record)) failuresOf(child, found);
  return found;
}

const finished = (key: string, path: string) =>
  until(
    () => callWithKey(app, key, 'GET', path),
    (r) => (r.body as { status: string }).status !== 'pending',
    path,
  );

describe('closing an account', () => {
  it('erases its jobs, batches, extractions and calls from every table, keeps the ledger whole and another account as it was', async () => {
    const tag = randomBytes(4).toString('hex');
    const [email, name] = [`closing-${tag}@example.com`, `Closing Person ${tag}`];
    const mine = await accountOf(email, name);
    const keyName = `Closing key ${tag}`;
    const named = await app.context.accounts.createKey(mine.accountId, {
      mode: 'test',
      scopes: ['verify'],
      name: keyName,
    });
    expect(await app.context.readModelsAt(named.position!, 10_000)).toBe(true);
    const other = await accountOf(`staying-${tag}@example.com`, `Staying ${tag}`);
    const hook = `${receiver.origin}/hooks/closing-${tag}`;
    const numbers = ['AXK12345678', 'AXK10000002', 'AXK14821128', 'AXK10000004', 'AXK55316125'];

    expect((await callWithKey(app, mine.key, 'POST', '/api/v1/verify', policy(numbers[0]!))).status).toBe(200);
    const job = await callWithKey(app, mine.key, 'POST', '/api/v1/verify/async', {
      ...policy(numbers[1]!),
      webhook_url: hook,
    });
    const batch = await callWithKey(app, mine.key, 'POST', '/api/v1/verify/batch', {
      policies: [policy(numbers[2]!), policy(numbers[3]!)],
    });
    const pdf = await makePdf({}, (doc) =>
      doc.text(`Insurer: AXA\nPolicy number: ${numbers[4]}\nPolicyholder: ${name}`),
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'policy.pdf');
    const upload = await fetch(`${app.url}/api/v1/documents/extract`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mine.key}` },
      body: form,
    });
    expect(upload.status).toBe(202);
    const extractionId = ((await upload.json()) as { job_id: string }).job_id;
    const kept = await callWithKey(app, other.key, 'POST', '/api/v1/verify/async', policy('AXK20000001'));
    const jobId = (job.body as { job_id: string }).job_id;
    const batchId = (batch.body as { batch_id: string }).batch_id;
    const keptId = (kept.body as { job_id: string }).job_id;
    await finished(mine.key, `/api/v1/jobs/${jobId}`);
    await finished(mine.key, `/api/v1/batches/${batchId}`);
    await finished(mine.key, `/api/v1/jobs/${extractionId}`);
    const before = await finished(other.key, `/api/v1/jobs/${keptId}`);
    await until(
      () => rowsHolding(app.context.engines.sql, [hook]),
      (rows) => rows.length > 0,
      'the job in the read models',
    );

    const sql = app.context.engines.sql;
    expect(await rowsHolding(sql, [keyName])).not.toEqual([]);
    const documents = () =>
      sql.query('select blob_id from documents where account_id = $1', [mine.accountId]).then((rows) => rows.length);
    expect(await documents()).toBe(1);
    // The callback refused once (a failure its history keeps) and delivered on its retry, before the close.
    await until(
      async () => receiver.received.filter((r) => r.path === new URL(hook).pathname).length,
      (calls) => calls >= 2,
      'the callback retried',
      30_000,
    );
    const closed = await app.context.accounts.close(mine.accountId, { actor: 'test' });
    // The document goes with the close itself, before any retention run.
    expect(await documents()).toBe(0);
    expect(await app.context.readModelsAt(closed.position!, 10_000)).toBe(true);
    // What the dashboard's close starts off its answer, and each retention run repeats.
    const deps = {
      sql,
      readModels: retentionReads(sql),
      events: app.context.engines.events,
      keys: app.context.engines.keys,
      blobs: app.context.blobs,
      jobRetentionDays: 30,
    };
    expect(await eraseClosedAccounts(deps, new Date())).toEqual({ jobs: 2, batches: 1 });
    const secrets = [email, name, hook, keyName, ...numbers];
    await until(
      () => rowsHolding(sql, secrets),
      (rows) => rows.length === 0,
      'nothing of the closed account left',
    );
    expect(await eraseClosedAccounts(deps, new Date())).toEqual({ jobs: 0, batches: 0 });

    // The uploaded PDF's bytes are in no table (sealed or not) and no file the service keeps.
    expect(await rowsHolding(sql, bytesAsText(pdf))).toEqual([]);
    expect(filesHolding(app.config.DATA_DIR, pdf)).toEqual([]);

    // Its Temporal histories hold the same fields sealed under the shredded keys: the codec endpoint the UI and the
    // CLI call shows them erased, for the job's workflow and the batch's.
    const failures: { message?: string | null; stackTrace?: string | null }[] = [];
    for (const workflowId of [`verification-${jobId}`, `batch-${batchId}`, `extraction-${extractionId}`]) {
      const history = await app.context.temporal!.client.workflow.getHandle(workflowId).fetchHistory();
      failures.push(...failuresOf(history));
      const decoded = await decode(app.url, payloadsOf(history), { authorization: `Bearer ${app.config.ADMIN_TOKEN}` });
      expect(decoded.status).toBe(200);
      expect(decodedText(decoded.body)).toContain('"erased":true');
      for (const secret of secrets) expect(decodedText(decoded.body)).not.toContain(secret);
    }
    // The callback's failed first attempt is there, its message and stack sealed with the payloads.
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(failure.message).toBe('Encoded failure');
      expect(failure.stackTrace ?? '').toBe('');
    }

    // Its events still replay, erased where personal; the ledger reconciles.
    const replayed = JSON.stringify(
      [
        ...(await app.context.engines.events.readStream(`job-${jobId}`)),
        ...(await app.context.engines.events.readStream(`batch-${batchId}`)),
      ].map((event) => [event.type, event.data]),
    );
    expect(replayed).toContain('JobSubmitted');
    for (const secret of secrets) expect(replayed).not.toContain(secret);
    expect((await app.admin<{ mismatches: number }>('GET', '/admin/ledger/reconcile')).body.mismatches).toBe(0);
    const replay = await app.admin<{ reconciliation: { match: boolean } }>(
      'GET',
      `/admin/ledger/replay?account=${mine.accountId}`,
    );
    expect(replay.body.reconciliation.match).toBe(true);

    // The other account's job is as it was.
    expect(await callWithKey(app, other.key, 'GET', `/api/v1/jobs/${keptId}`)).toEqual(before);
    expect(await rowsHolding(sql, ['AXK20000001'])).not.toEqual([]);
  }, 180_000);
});
