// Retention (issue 22, docs/architecture.md#personal-data) on the real Temporal dev server and database, against a fixed clock: results
// past JOB_RETENTION_DAYS are erased (durably: a projection rebuild erases them again) leaving status, times and
// charges; an erased job's document goes with it, one no job refers to is deleted, while those of jobs within
// retention are kept; pending jobs are never erased; the daily Schedule is created idempotently.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectTemporal } from '../../infra/temporal/client.js';
import { newPayloadKey, parsePayloadKeys, sealedDataConverter } from '../../infra/temporal/payload-codec.js';
import { BlobNotFoundError } from '../../infra/blobs.js';
import { documentBlobId } from '../../api/documents.js';
import { ensureRetentionSchedule } from '../../application/retention/schedule.js';
import { contractClient } from '../../infra/temporal/contract-client.js';
import { batchesProjection } from '../../projections/batches.js';
import { jobsProjection } from '../../projections/jobs.js';
import { rebuild } from '../../projections/rebuild.js';
import { bytesAsText, rowsHolding } from '../support/dump.js';
import { accountWithKey, callWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { makePdf } from '../support/extraction/bad-pdfs.js';
import { RETENTION_WORKFLOW } from '../../contracts/retention.js';

let app: TestApp;
const call = (key: string, method: string, path: string, body?: unknown) => callWithKey(app, key, method, path, body);
beforeAll(async () => {
  app = await startTestApp({ worker: true, env: { OCR_WORKERS: '1' } });
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const DAY_MS = 86_400_000;
const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };
const AXA2 = { ...AXA, policy_number: 'AXK87654321' };
/** An old job that asked for a callback (written as the job workflow writes it): its URL must go too. */
const HOOKED = {
  policy_number: 'HK-55190-7731',
  provider: 'Hooked Mutual Assurance',
  webhook_url: 'https://hooks.example.org/retention-7731',
};
/** Everything personal of the old jobs: after retention, no row of any table may hold one. */
const OLD_PERSONAL = [
  AXA.policy_number,
  AXA2.policy_number,
  'PC48291033',
  HOOKED.policy_number,
  HOOKED.provider,
  HOOKED.webhook_url,
];

async function upload(key: string, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'policy.pdf');
  const res = await fetch(`${app.url}/api/v1/documents/extract`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const finishedJob = (key: string, jobId: string) =>
  until(
    () => call(key, 'GET', `/api/v1/jobs/${jobId}`),
    (r) => r.body.status !== 'pending',
    `job ${jobId}`,
  ).then((r) => r.body);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const jobRow = async (jobId: string) =>
  (await app.context.engines.sql.query<any>('select * from jobs where job_id = $1', [jobId]))[0];

const hasBlob = (id: string) =>
  app.context.blobs.get(id).then(
    () => true,
    (error: unknown) => {
      if (error instanceof BlobNotFoundError) return false;
      throw error;
    },
  );

const runRetention = (now: Date) =>
  contractClient(app.context.temporal!.client, app.config.TEMPORAL_TASK_QUEUE, {
    idScope: `test-${randomUUID()}-`,
  }).execute(RETENTION_WORKFLOW, { now: now.toISOString() });

describe('retention against a fixed clock', () => {
  let key: string;
  let accountId: string;
  const old: { extractionOnly: string; extractionShared: string; verification: string; batch: string; hooked: string } =
    {} as never;
  let recent: string;
  let pendingJob: string;
  let pdfOnly: Buffer;
  let pdfShared: Buffer;
  let pdfPending: Buffer;
  const orphan = sha256(Buffer.from(randomUUID()));
  const before: Record<string, any> = {};
  let now: Date;

  beforeAll(async () => {
    ({ key, accountId } = await accountWithKey(app, { plan: 'pro' }));
    [pdfOnly, pdfShared, pdfPending] = await Promise.all([
      makePdf({}, (pdf) => pdf.text('Policy number: PC48291033 (only the old job)')),
      makePdf({}, (pdf) => pdf.text('Policy number: PC48291034 (old and recent)')),
      makePdf({}, (pdf) => pdf.text('Policy number: PC48291035 (pending)')),
    ]);
    // A document no job refers to (a submission that failed after storing it), stored before the old jobs ended.
    await app.context.blobs.put(orphan, pdfOnly, { stream: `job-${randomUUID()}`, accountId });

    // The old ones: two extractions, an async verification, a batch.
    const a = await upload(key, pdfOnly);
    const b = await upload(key, pdfShared);
    const v = await call(key, 'POST', '/api/v1/verify/async', AXA);
    const batch = await call(key, 'POST', '/api/v1/verify/batch', { policies: [AXA, AXA2] });
    expect([a.status, b.status, v.status, batch.status]).toEqual([202, 202, 202, 202]);
    Object.assign(old, {
      extractionOnly: a.body.job_id,
      extractionShared: b.body.job_id,
      verification: v.body.job_id,
      batch: batch.body.batch_id,
    });
    for (const id of [old.extractionOnly, old.extractionShared, old.verification])
      before[id] = await finishedJob(key, id);
    before[old.batch] = (
      await until(
        () => call(key, 'GET', `/api/v1/batches/${old.batch}`),
        (r) => r.body.status === 'complete',
        'the batch',
      )
    ).body;

    old.hooked = randomUUID();
    const request = {
      policy_number: HOOKED.policy_number,
      provider: HOOKED.provider,
      country: 'UK',
      insurance_type: 'motor',
    };
    const hooked = await app.context.engines.events.append(`job-${old.hooked}`, [
      {
        type: 'JobSubmitted',
        data: {
          kind: 'verification',
          mode: (await jobRow(old.verification)).mode,
          account_id: accountId,
          key_id: 'key_test',
          request,
          webhook_url: HOOKED.webhook_url,
          idempotency_key: null,
          request_hash: 'y',
        },
      },
      // A whole verification answer, as the workflow records one: the real job's, for this policy.
      {
        type: 'JobCompleted',
        data: {
          result: {
            ...before[old.verification].result,
            policy_number: HOOKED.policy_number,
            provider: HOOKED.provider,
          },
          credits_charged: 0,
        },
      },
      { type: 'WebhookResent', data: { delivery_id: 'd1', url: HOOKED.webhook_url } },
    ]);
    expect(await app.context.readModelsAt(hooked.position, 10_000)).toBe(true);
    before[old.hooked] = await finishedJob(key, old.hooked);
    expect(before[old.hooked]).toMatchObject({ status: 'complete', webhook: { url: HOOKED.webhook_url } });

    // A recent job sent the same PDF as an old one: its own document must stay when the old one's goes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const r = await upload(key, pdfShared);
    expect(r.status).toBe(202);
    recent = r.body.job_id;
    before[recent] = await finishedJob(key, recent);

    // A job still pending (admitted, never finished), old by the fixed clock: never erased, its blob kept.
    pendingJob = `job_${randomUUID().replace(/-/g, '')}`;
    const submitted = await app.context.engines.events.append(`job-${pendingJob}`, [
      {
        type: 'JobSubmitted',
        data: {
          kind: 'extraction',
          mode: 'live',
          account_id: accountId,
          key_id: 'key_test',
          request: { document: { sha256: sha256(pdfPending) } },
          webhook_url: null,
          idempotency_key: null,
          request_hash: 'x',
          has_document: true,
          blob_id: documentBlobId(pendingJob),
        },
      },
    ]);
    expect(await app.context.readModelsAt(submitted.position, 10_000)).toBe(true);

    await app.context.blobs.put(documentBlobId(pendingJob), pdfPending, { stream: `job-${pendingJob}`, accountId });

    // The clock: 30 days after a moment between the old jobs' completion and the recent one's.
    const completed = async (id: string) => ((await jobRow(id)).completed_at as Date).getTime();
    const lastOld = Math.max(
      await completed(old.hooked),
      await completed(old.extractionOnly),
      await completed(old.extractionShared),
      await completed(old.verification),
      Date.parse(before[old.batch].completed_at),
    );
    const recentAt = await completed(recent);
    expect(recentAt).toBeGreaterThan(lastOld);
    now = new Date((lastOld + recentAt) / 2 + 30 * DAY_MS);
  }, 300_000);

  it("records each job's own document as the job blob, sealed in the database", async () => {
    for (const id of [old.extractionOnly, old.extractionShared, recent]) {
      expect((await jobRow(id)).blob_id).toBe(documentBlobId(id));
      expect(await hasBlob(documentBlobId(id))).toBe(true);
    }
    // The PDFs' bytes are nowhere in the database in clear: the documents are sealed under their jobs' keys.
    for (const pdf of [pdfOnly, pdfShared, pdfPending])
      expect(await rowsHolding(app.context.engines.sql, bytesAsText(pdf))).toEqual([]);
    expect((await jobRow(old.verification)).blob_id).toBeNull();
  });

  it("keeps personal fields out of the event store from the start: sealed under each job's key", async () => {
    expect(
      (await rowsHolding(app.context.engines.sql, OLD_PERSONAL)).filter((hit) => hit.startsWith('es_events')),
    ).toEqual([]);
    expect((await jobRow(old.hooked)).webhook_url).toBe(HOOKED.webhook_url);
  });

  it('erases old results with their documents, deletes unreferenced ones and keeps what is within retention', async () => {
    const report = await runRetention(now);
    // The old jobs' documents went with their erasure; the sweep after it finds the orphan alone.
    expect(report).toMatchObject({ jobs_erased: 4, batches_erased: 1, documents_deleted: 1, documents_kept: 2 });

    for (const id of [old.extractionOnly, old.extractionShared, old.verification, old.hooked]) {
      const job = await until(
        () => call(key, 'GET', `/api/v1/jobs/${id}`),
        (r) => r.body.result === null,
        `erasure of ${id}`,
      );
      expect(job.status).toBe(200);
      expect(job.body).toMatchObject({
        job_id: id,
        status: 'complete',
        created_at: before[id].created_at,
        completed_at: before[id].completed_at,
        result: null,
        result_erased_at: expect.any(String),
      });
    }
    const verification = await jobRow(old.verification);
    expect(verification.request).toEqual({ country: 'UK', insurance_type: 'motor' });
    expect(verification.credits_charged).toBe(before[old.verification].result.credits_charged);
    expect(JSON.stringify(verification)).not.toContain(AXA.policy_number);
    expect(JSON.stringify(verification)).not.toContain(AXA.provider);
    expect((await jobRow(old.extractionOnly)).request).toEqual({});

    const batch = await until(
      () => call(key, 'GET', `/api/v1/batches/${old.batch}`),
      (r) => r.body.results === null,
      'batch erasure',
    );
    expect(batch.body).toMatchObject({
      status: 'complete',
      total_count: 2,
      completed_count: 2,
      summary: before[old.batch].summary,
      results: null,
    });
    const items = await app.context.engines.sql.query('select * from batch_items where batch_id = $1', [old.batch]);
    expect(items).toEqual([]);

    // Within retention, or pending: untouched.
    const kept = await call(key, 'GET', `/api/v1/jobs/${recent}`);
    expect(kept.body.result).toEqual(before[recent].result);
    expect(kept.body.result_erased_at).toBeUndefined();
    expect((await jobRow(pendingJob)).status).toBe('pending');

    expect(await hasBlob(documentBlobId(old.extractionOnly))).toBe(false);
    expect(await hasBlob(documentBlobId(old.extractionShared))).toBe(false);
    expect(await hasBlob(orphan)).toBe(false);
    expect(await hasBlob(documentBlobId(recent))).toBe(true);
    expect(await hasBlob(documentBlobId(pendingJob))).toBe(true);

    // Nothing personal of the old jobs is left in any row of any table: the read models were erased, and the
    // events' sealed copies died with the jobs' keys.
    expect(await rowsHolding(app.context.engines.sql, OLD_PERSONAL)).toEqual([]);

    // A second run finds nothing more to do.
    expect(await runRetention(now)).toMatchObject({ jobs_erased: 0, batches_erased: 0, documents_deleted: 0 });
  }, 120_000);

  it('keeps them erased through a projection rebuild', async () => {
    await rebuild({ sql: app.context.engines.sql, events: app.context.engines.events, logger: app.context.logger }, [
      jobsProjection,
      batchesProjection,
    ]);
    const verification = await jobRow(old.verification);
    expect(verification).toMatchObject({
      status: 'complete',
      result: null,
      request: { country: 'UK', insurance_type: 'motor' },
    });
    expect(JSON.stringify(verification)).not.toContain(AXA.policy_number);
    expect((await call(key, 'GET', `/api/v1/batches/${old.batch}`)).body.results).toBeNull();
    expect((await call(key, 'GET', `/api/v1/jobs/${recent}`)).body.result).toEqual(before[recent].result);
    expect(await rowsHolding(app.context.engines.sql, OLD_PERSONAL)).toEqual([]);
    const hooked = await jobRow(old.hooked);
    expect(hooked).toMatchObject({
      status: 'complete',
      result: null,
      webhook_url: null,
      request: { country: 'UK', insurance_type: 'motor' },
    });

    // The ledger never held any of it: its replay and reconciliation are untouched.
    const reconcile = await app.admin<{ mismatches: number }>('GET', '/admin/ledger/reconcile');
    expect(reconcile.status).toBe(200);
    expect(reconcile.body.mismatches).toBe(0);
  });
});

describe('the retention schedule', () => {
  it('is created at start and again without error, daily, starting retentionWorkflow', async () => {
    const client = app.context.temporal!.client;
    const idScope = `test-${randomUUID()}-`;
    const scheduleId = `${idScope}${RETENTION_WORKFLOW.idOf({})}`;
    try {
      await ensureRetentionSchedule(client, app.config.TEMPORAL_TASK_QUEUE, { idScope });
      await ensureRetentionSchedule(client, app.config.TEMPORAL_TASK_QUEUE, { idScope });
      const schedule = await client.schedule.getHandle(scheduleId).describe();
      expect(schedule.action).toMatchObject({
        type: 'startWorkflow',
        workflowType: RETENTION_WORKFLOW.type,
        taskQueue: app.config.TEMPORAL_TASK_QUEUE,
      });
      expect(schedule.spec.calendars).toHaveLength(1);
      expect(schedule.policies.overlap).toBe('SKIP');
    } finally {
      await client.schedule
        .getHandle(scheduleId)
        .delete()
        .catch(() => undefined);
    }
  });

  it('creates the Schedule again when its stored arguments were sealed with a key this process no longer holds', async () => {
    const idScope = `test-${randomUUID()}-`;
    const scheduleId = `${idScope}${RETENTION_WORKFLOW.idOf({})}`;
    const dropped = await connectTemporal(
      inject('temporalAddress'),
      'default',
      sealedDataConverter(parsePayloadKeys(newPayloadKey('dropped')), app.context.engines.keys),
    );
    const client = app.context.temporal!.client;
    try {
      await ensureRetentionSchedule(dropped.client, 'an-old-queue', { idScope });
      await expect(client.schedule.getHandle(scheduleId).describe()).rejects.toThrow(/key "dropped"/);
      await ensureRetentionSchedule(client, app.config.TEMPORAL_TASK_QUEUE, { idScope });
      const schedule = await client.schedule.getHandle(scheduleId).describe();
      expect(schedule.action).toMatchObject({
        workflowType: RETENTION_WORKFLOW.type,
        taskQueue: app.config.TEMPORAL_TASK_QUEUE,
        args: [{}],
      });
    } finally {
      await client.schedule
        .getHandle(scheduleId)
        .delete()
        .catch(() => undefined);
      await dropped.close();
    }
  });
});
