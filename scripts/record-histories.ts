// Records one history of each workflow type from a real run of the service into test/fixtures/histories/, for
// the replay test (test/integration/workflow-replay.test.ts). Run it after a deliberate, patched change to a
// workflow, and commit the new fixtures next to the old ones:
//   node --import tsx scripts/record-histories.ts
// It starts its own Temporal dev server (in memory) and the service on PGlite in a temporary directory, with the
// fixtures' own payload and master keys, so the recorded histories are sealed as production's are: a job's or
// batch's workflow under its stream's data key, which is kept (wrapped by the fixtures' master key) in
// stream-keys for the replay test.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openContext } from '../bin/context.js';
import { startApi, startProjector, startWorker, type Running } from '../bin/service.js';
import { loadConfig } from '../infra/config.js';
import { createLogger } from '../infra/logger.js';
import { DevConsole } from '../infra/console/terminal.js';
import { ensureTemporalBinary } from '../infra/temporal/binary.js';
import { startDevServer } from '../infra/temporal/dev-server.js';
import { enqueueMail } from '../application/mail/outbox.js';
import { KEY_EXPIRY_WORKFLOW, keyExpiryWorkflowId } from '../contracts/key-expiry.js';
import { PORTAL_MAIL_WORKFLOW } from '../contracts/portal-mail.js';
import { resendWebhook, startKeyExpiry, startPortalMail } from '../infra/temporal/portal-workflows.js';
import { contractClient, workflowHandle } from '../infra/temporal/contract-client.js';
import { DATASET_REFRESH_WORKFLOW } from '../contracts/dataset-refresh.js';
import { VERIFICATION_WORKFLOW } from '../contracts/verification.js';
import { BATCH_WORKFLOW } from '../contracts/batch.js';
import { EXTRACTION_WORKFLOW } from '../contracts/extraction.js';
import { WEBHOOK_RESEND_WORKFLOW } from '../contracts/webhook-resend.js';
import { CORRECTION_WEBHOOK_WORKFLOW, correctionWebhookWorkflowId } from '../contracts/correction-webhook.js';
import { jobStream } from '../domain/jobs/job.js';
import { readEvents } from '../infra/eventstore/types.js';
import type { WorkflowContract } from '../contracts/workflow.js';
import { historyToObject } from '../test/support/histories.js';
import { motorCertificate } from '../test/support/extraction/bad-pdfs.js';
import { freePort } from '../test/support/net.js';
import { RETENTION_WORKFLOW } from '../contracts/retention.js';
import { LEDGER_STATEMENTS_WORKFLOW } from '../contracts/ledger-statements.js';
import { personalStreamOf } from '../contracts/personal-streams.js';

const HISTORIES_DIR = fileURLToPath(new URL('../test/fixtures/histories/', import.meta.url));

const POLICY = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

async function main() {
  const binary = await ensureTemporalBinary(process.env.TEMPORAL_CLI_PATH, (label, state) =>
    new DevConsole(process.stdout).progress(label, state),
  );
  const server = await startDevServer({ binary, port: await freePort(), uiPort: null });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pvs-histories-'));
  const receiver = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const receiverPort = (receiver.address() as AddressInfo).port;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TEMPORAL_TASK_QUEUE: 'histories',
    ADMIN_TOKEN: 'histories-admin-token-0123456789',
    KEY_PEPPER: 'histories-pepper-0123456789abcdef',
    TEMPORAL_PAYLOAD_KEYS: readFileSync(path.join(HISTORIES_DIR, 'payload-keys'), 'utf8').trim(),
    DATA_MASTER_KEYS: readFileSync(path.join(HISTORIES_DIR, 'data-master-keys'), 'utf8').trim(),
    WEBHOOK_ALLOWLIST: `127.0.0.1:${receiverPort}`,
    OCR_WORKERS: '1',
  });
  const logger = createLogger(config.LOG_LEVEL, 'histories');
  const context = await openContext(config, logger, { temporalAddress: server.address });
  const parts: Running[] = [await startProjector(context), await startWorker(context)];
  const api = await startApi(context, 0);
  parts.push(api);
  const client = context.temporal!.client;
  const queue = config.TEMPORAL_TASK_QUEUE;
  try {
    const admin = async (method: string, route: string, body?: unknown) => {
      const res = await fetch(api.url + route, {
        method,
        headers: { authorization: `Bearer ${config.ADMIN_TOKEN}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await res.json()) as Record<string, string>;
    };
    const { account_id: accountId } = await admin('POST', '/admin/accounts', {
      email: 'histories@example.com',
      plan: 'pro',
    });
    const { key, key_id: keyId } = await admin('POST', `/admin/accounts/${accountId}/keys`, { mode: 'live' });
    const call = async (route: string, body: unknown) => {
      const res = await fetch(api.url + route, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, string>;
    };

    const job = await call('/api/v1/verify/async', {
      ...POLICY,
      webhook_url: `http://127.0.0.1:${receiverPort}/hooks`,
    });
    const batch = await call('/api/v1/verify/batch', {
      policies: [POLICY, { ...POLICY, policy_number: 'AXK87654321' }],
    });
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await motorCertificate())], { type: 'application/pdf' }),
      'policy.pdf',
    );
    form.append('webhook_url', `http://127.0.0.1:${receiverPort}/hooks`);
    const upload = await fetch(`${api.url}/api/v1/documents/extract`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    const extraction = (await upload.json()) as { job_id: string };
    // The workflow ids the API chose; each fixture is named after its contract's type.
    const runs: [WorkflowContract<never, unknown>, string][] = [
      [VERIFICATION_WORKFLOW, `verification-${job.job_id}`],
      [BATCH_WORKFLOW, `batch-${batch.batch_id}`],
      [EXTRACTION_WORKFLOW, `extraction-${extraction.job_id}`],
    ];
    for (const [contract, id] of runs) await workflowHandle(client, contract, id).result();

    // A correction of the extraction (issue 56) and its extraction.corrected webhook.
    await call(`/api/v1/jobs/${extraction.job_id}/corrections`, { corrections: { policy_number: 'AXK12345679' } });
    const correction = (await readEvents(context.engines.events, jobStream, extraction.job_id)).find(
      (e) => e.type === 'ExtractionCorrected',
    );
    if (!correction) throw new Error('the correction was not recorded');
    runs.push([
      CORRECTION_WEBHOOK_WORKFLOW,
      correctionWebhookWorkflowId({ jobId: extraction.job_id, correction: correction.id }),
    ]);

    await resendWebhook(client, queue, { jobId: job.job_id!, accountId: accountId!, retrySeconds: 1 });
    runs.push([WEBHOOK_RESEND_WORKFLOW, `webhook-resend-${job.job_id}`]);
    await startKeyExpiry(client, queue, { accountId: accountId!, keyId: keyId!, afterSeconds: 1 });
    runs.push([KEY_EXPIRY_WORKFLOW, keyExpiryWorkflowId(keyId!)]);
    // Apart from the service's own refreshes and Schedule, which run under the unscoped ids.
    const apart = contractClient(client, queue, { idScope: `histories-${randomUUID()}-` });
    const refresh = { slug: 'uk-cpi-index' };
    await apart.execute(DATASET_REFRESH_WORKFLOW, refresh);
    runs.push([DATASET_REFRESH_WORKFLOW, apart.idOf(DATASET_REFRESH_WORKFLOW, refresh)]);
    const mailId = await enqueueMail(context.engines.sql, {
      purpose: 'key',
      address: 'histories-mail@example.com',
      addressHash: context.accounts.addressHash('histories-mail@example.com'),
      mode: 'test',
    });
    await startPortalMail(client, queue, { id: mailId, retrySeconds: 1 });
    runs.push([PORTAL_MAIL_WORKFLOW, PORTAL_MAIL_WORKFLOW.idOf({ id: mailId, retrySeconds: 0 })]);
    await apart.execute(RETENTION_WORKFLOW, {});
    runs.push([RETENTION_WORKFLOW, apart.idOf(RETENTION_WORKFLOW, {})]);
    await apart.execute(LEDGER_STATEMENTS_WORKFLOW, {});
    runs.push([LEDGER_STATEMENTS_WORKFLOW, apart.idOf(LEDGER_STATEMENTS_WORKFLOW, {})]);
    for (const [contract, id] of runs) await workflowHandle(client, contract, id).result();

    mkdirSync(HISTORIES_DIR, { recursive: true });
    for (const [contract, id] of runs) {
      const history = await workflowHandle(client, contract, id).fetchHistory();
      // Dated: fixtures of earlier code stay beside the new ones, and every one of them must keep replaying.
      const file = path.join(HISTORIES_DIR, `${contract.type}.${new Date().toISOString().slice(0, 10)}.json`);
      writeFileSync(file, `${JSON.stringify({ workflowId: id, history: historyToObject(history) }, null, 1)}\n`);
      console.log(`${path.relative(process.cwd(), file)}: ${history.events?.length ?? 0} events`);
    }
    // The recorded streams' keys, as stream_keys holds them (wrapped), added to those of earlier recordings.
    const streams = runs.map(([, id]) => personalStreamOf(id)).filter((stream) => stream !== null);
    const keysFile = path.join(HISTORIES_DIR, 'stream-keys');
    const earlier = existsSync(keysFile) ? (JSON.parse(readFileSync(keysFile, 'utf8')) as { stream_id: string }[]) : [];
    const recorded = await context.engines.sql.query<{ stream_id: string; master_id: string; wrapped: string }>(
      'select stream_id, master_id, wrapped from stream_keys where stream_id = any($1::text[]) order by stream_id',
      [streams],
    );
    const kept = [...earlier.filter((row) => !recorded.some((r) => r.stream_id === row.stream_id)), ...recorded];
    writeFileSync(keysFile, `${JSON.stringify(kept, null, 1)}\n`);
  } finally {
    for (const part of parts.reverse()) await part.stop();
    await context.close();
    await server.stop();
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
