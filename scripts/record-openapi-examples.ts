// Records the response examples of the OpenAPI document (issue 17: "examples are real responses of the service")
// into api/openapi/examples.json: it starts the whole service as the tests do (scripts/example-recording.ts), calls
// every operation of the document for its successes and the errors it can be made to give, and keeps each answer
// by operationId, status and a name. Run it after a change to what an endpoint answers, and commit the file:
//   node --import tsx scripts/record-openapi-examples.ts
// api/openapi/examples.ts puts the examples on the document; test/unit/openapi-examples.test.ts checks that every
// operation has a success example and that every example fits its response's schema.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAMPLES_FILE, type RecordedExamples } from '../api/openapi/examples.js';
import { loadDatasets } from '../test/support/datasets.js';
import { motorCertificate } from '../test/support/extraction/bad-pdfs.js';
import { startRecording, type CallOptions } from './example-recording.js';
import { signingKeys, signStatement } from '../application/ledger/statements.js';

const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };
const SECOND = { policy_number: 'AXK87654321', country: 'UK', insurance_type: 'motor' };
const [first, second] = ['uk-cpi-annual-rate', 'uk-bank-rate'];
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

async function main() {
  const { context, examples, keyOf, call, record, submittedTwice, stopWorker, stopJobEngine, close } =
    await startRecording();
  try {
    await record('not_ready', 'Before the datasets have loaded.', 'GET', '/readyz', 503);
    await loadDatasets(context.engines.sql);
    const live = await keyOf('live');
    const sandbox = await keyOf('test');
    const broke = await keyOf('live', { monthly_credits: 0 });
    const readOnly = await keyOf('live', {}, ['jobs']);
    const verifyOnly = await keyOf('live', {}, ['verify']);
    const pdf = await motorCertificate();
    const pdfForm = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'certificate.pdf');
      return form;
    };
    const noKey = 'No key: the Authorization header is missing.';
    const forbidden = 'A key without the scope this operation needs.';

    // Health.
    await record('ok', 'The process answers.', 'GET', '/healthz', 200);
    await record('ready', 'Every engine answers.', 'GET', '/readyz', 200);

    // Account and insurers.
    await record('live', 'A live key on the pro plan.', 'GET', '/api/v1/account', 200, { key: live });
    await record('unauthorized', noKey, 'GET', '/api/v1/account', 401);
    // The live key's statement of this month, as the month's close signs it once the month is over.
    const me = (await call('GET', '/api/v1/account', { key: live })).body as { account_id: string };
    const now = new Date();
    await signStatement(
      {
        sql: context.engines.sql,
        events: context.engines.events,
        keys: signingKeys(context.secrets.ledgerSigningKeys),
      },
      me.account_id,
      now.toISOString().slice(0, 7),
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 10)),
    );
    await record(
      'statements',
      'The account’s signed statements, newest month first.',
      'GET',
      '/api/v1/account/statements',
      200,
      { key: live },
    );
    await record('unauthorized', noKey, 'GET', '/api/v1/account/statements', 401);
    await record('ledger', 'The account’s credits events, one JSON line each.', 'GET', '/api/v1/account/ledger', 200, {
      key: live,
    });
    await record('unauthorized', noKey, 'GET', '/api/v1/account/ledger', 401);
    await record(
      'search',
      'Insurers whose name or brand matches "AXA", motor cover.',
      'GET',
      '/api/v1/insurers?country=UK&q=AXA&insurance_type=motor&limit=3',
      200,
    );
    await record('missing_parameter', 'q is missing.', 'GET', '/api/v1/insurers?country=UK', 400);
    await record(
      'invalid_api_key',
      'A key was sent that is not valid.',
      'GET',
      '/api/v1/insurers?country=UK&q=AXA',
      401,
      { key: `pk_live_${'0'.repeat(32)}` },
    );

    // Synchronous verification.
    await record(
      'verified',
      'A live key: a policy found in the register and the registry, 1 credit charged.',
      'POST',
      '/api/v1/verify',
      200,
      { key: live, json: AXA },
    );
    await record('sandbox', 'A test key: the sandbox answer, free.', 'POST', '/api/v1/verify', 200, {
      key: sandbox,
      json: AXA,
    });
    await record(
      'missing_required_fields',
      'Required fields missing (the older form of this endpoint: error and detail).',
      'POST',
      '/api/v1/verify',
      400,
      { key: live, json: { country: 'UK' } },
    );
    await record('unsupported_country', 'A country the service does not cover.', 'POST', '/api/v1/verify', 400, {
      key: live,
      json: { ...AXA, country: 'GB' },
    });
    await record('unauthorized', noKey, 'POST', '/api/v1/verify', 401, { json: AXA });
    await record(
      'insufficient_credits',
      'No credits left (the older form of this endpoint: error and detail).',
      'POST',
      '/api/v1/verify',
      402,
      { key: broke, json: AXA },
    );
    await record('forbidden', forbidden, 'POST', '/api/v1/verify', 403, { key: readOnly, json: AXA });
    await record('insurer_not_found', 'The provider names no insurer in the register.', 'POST', '/api/v1/verify', 404, {
      key: live,
      json: { ...AXA, provider: 'Nowhere Mutual' },
    });
    await record('payload_too_large', 'A body over 16 kB.', 'POST', '/api/v1/verify', 413, {
      key: live,
      raw: JSON.stringify({ ...AXA, provider: 'x'.repeat(17_000) }),
    });

    // Async verification and its job.
    const jobUrl = await submittedTwice(
      '/api/v1/verify/async',
      { key: live, json: AXA, headers: { 'idempotency-key': 'examples-async-1' } },
      {
        accepted: 'The job was accepted.',
        replay: 'The same request again with the same Idempotency-Key, once the job has finished.',
      },
    );
    await record('verification', 'A finished verification job.', 'GET', jobUrl, 200, { key: live });
    await record('missing_required_field', 'Required fields missing.', 'POST', '/api/v1/verify/async', 400, {
      key: live,
      json: { country: 'UK', insurance_type: 'motor' },
    });
    await record('unauthorized', noKey, 'POST', '/api/v1/verify/async', 401, { json: AXA });
    await record('insufficient_credits', 'No credits left.', 'POST', '/api/v1/verify/async', 402, {
      key: broke,
      json: AXA,
    });
    await record('forbidden', forbidden, 'POST', '/api/v1/verify/async', 403, { key: readOnly, json: AXA });
    await record('payload_too_large', 'A document over 14 MB.', 'POST', '/api/v1/verify/async', 413, {
      key: live,
      json: { ...AXA, document: 'A'.repeat(20_000_000) },
    });
    await record('invalid_webhook_url', 'A callback URL that is not https.', 'POST', '/api/v1/verify/async', 422, {
      key: live,
      json: { ...AXA, webhook_url: 'http://example.com/hooks' },
    });
    await record(
      'idempotency_conflict',
      'An Idempotency-Key used before with another body.',
      'POST',
      '/api/v1/verify/async',
      422,
      {
        key: live,
        json: SECOND,
        headers: { 'idempotency-key': 'examples-async-1' },
      },
    );
    await record('not_found', 'No job with this id for this key.', 'GET', `/api/v1/jobs/${NO_SUCH_ID}`, 404, {
      key: live,
    });
    await record('unauthorized', noKey, 'GET', jobUrl, 401);
    await record('forbidden', forbidden, 'GET', jobUrl, 403, { key: verifyOnly });

    // Batches.
    const policies = [AXA, SECOND];
    const batchUrl = await submittedTwice(
      '/api/v1/verify/batch',
      { key: live, json: { policies }, headers: { 'idempotency-key': 'examples-batch-1' } },
      {
        accepted: 'The batch was accepted.',
        replay: 'The same batch again with the same Idempotency-Key, once it has finished.',
      },
      (batch) => `/api/v1/batches/${batch.batch_id!}`,
    );
    await record('complete', 'A finished batch with its results.', 'GET', batchUrl, 200, { key: live });
    await record(
      'invalid_item',
      'A policy of the batch is invalid, named by its index.',
      'POST',
      '/api/v1/verify/batch',
      400,
      {
        key: live,
        json: { policies: [AXA, { ...SECOND, country: 'XX' }] },
      },
    );
    await record('unauthorized', noKey, 'POST', '/api/v1/verify/batch', 401, { json: { policies } });
    await record('insufficient_credits', 'Not enough credits for the batch.', 'POST', '/api/v1/verify/batch', 402, {
      key: broke,
      json: { policies },
    });
    await record('forbidden', forbidden, 'POST', '/api/v1/verify/batch', 403, { key: readOnly, json: { policies } });
    await record('payload_too_large', 'A body over 1 MB.', 'POST', '/api/v1/verify/batch', 413, {
      key: live,
      raw: JSON.stringify({ policies: [{ ...AXA, provider: 'x'.repeat(1_100_000) }] }),
    });
    await record('batch_too_large', 'More than 100 policies.', 'POST', '/api/v1/verify/batch', 422, {
      key: live,
      json: { policies: Array.from({ length: 101 }, () => AXA) },
    });
    await record('not_found', 'No batch with this id for this key.', 'GET', `/api/v1/batches/${NO_SUCH_ID}`, 404, {
      key: live,
    });
    await record('unauthorized', noKey, 'GET', batchUrl, 401);
    await record('forbidden', forbidden, 'GET', batchUrl, 403, { key: verifyOnly });

    // Extraction.
    const extractionUrl = await submittedTwice(
      '/api/v1/documents/extract',
      { key: live, form: pdfForm, headers: { 'idempotency-key': 'examples-extract-1' } },
      {
        accepted: 'The extraction job was accepted.',
        replay: 'The same document again with the same Idempotency-Key, once the job has finished.',
      },
    );
    await record('extraction', 'A finished extraction job.', 'GET', extractionUrl, 200, { key: live });
    // Corrections of the extraction (issue 56).
    const corrections = `${extractionUrl}/corrections`;
    const corrected = {
      corrections: { policy_number: 'AXK12345678', 'coverage.excess': { amount: 250, currency: 'GBP' } },
    };
    await record('corrected', 'Two fields corrected: the record shows them as corrected.', 'POST', corrections, 200, {
      key: live,
      json: corrected,
    });
    await record('unknown_field', 'A field the result does not have.', 'POST', corrections, 400, {
      key: live,
      json: { corrections: { policy_no: 'AXK12345678' } },
    });
    await record('unauthorized', noKey, 'POST', corrections, 401, { json: corrected });
    await record('forbidden', forbidden, 'POST', corrections, 403, { key: readOnly, json: corrected });
    await record(
      'not_found',
      'No job with this id for this key.',
      'POST',
      `/api/v1/jobs/${NO_SUCH_ID}/corrections`,
      404,
      {
        key: live,
        json: corrected,
      },
    );
    await record(
      'job_not_correctable',
      'A verification job: only an extraction is corrected.',
      'POST',
      `${jobUrl}/corrections`,
      409,
      {
        key: live,
        json: corrected,
      },
    );
    await record('payload_too_large', 'A body over 64 kB.', 'POST', corrections, 413, {
      key: live,
      raw: JSON.stringify({ corrections: { insurer: 'x'.repeat(70_000) } }),
    });
    await record('missing_required_field', 'No file.', 'POST', '/api/v1/documents/extract', 400, {
      key: live,
      form: () => new FormData(),
    });
    await record('unauthorized', noKey, 'POST', '/api/v1/documents/extract', 401, { form: pdfForm });
    await record('insufficient_credits', 'No credits left.', 'POST', '/api/v1/documents/extract', 402, {
      key: broke,
      form: pdfForm,
    });
    await record('forbidden', forbidden, 'POST', '/api/v1/documents/extract', 403, { key: readOnly, form: pdfForm });
    await record('payload_too_large', 'A file over 14 MB.', 'POST', '/api/v1/documents/extract', 413, {
      key: live,
      form: () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(15 * 1024 * 1024)], { type: 'application/pdf' }), 'large.pdf');
        return form;
      },
    });
    await record('invalid_document', 'A file that is not a PDF.', 'POST', '/api/v1/documents/extract', 422, {
      key: live,
      form: () => {
        const form = new FormData();
        form.append('file', new Blob([Buffer.from('not a pdf')], { type: 'application/pdf' }), 'notes.pdf');
        return form;
      },
    });

    // Monitors: a test key's, whose first check is the sandbox's answer.
    const WATCH = {
      policy_number: 'MONITOR_STORY_1',
      country: 'UK',
      insurance_type: 'motor',
      webhook_url: 'https://example.com/hooks/monitors',
      frequency: 'minutely',
      metadata: { loan_id: 'L-1042' },
    };
    const monitorKey = { 'idempotency-key': 'examples-monitor-1' };
    const watched = await record(
      'sandbox',
      'A sandbox policy whose story plays out at minutely: the monitor with its first check.',
      'POST',
      '/api/v1/monitors',
      201,
      { key: sandbox, json: WATCH, headers: monitorKey },
    );
    const monitorUrl = `/api/v1/monitors/${watched.monitor_id!}`;
    const NO_SUCH_MONITOR = `/api/v1/monitors/mon_${'0'.repeat(32)}`;
    await record('missing_required_field', 'No webhook_url.', 'POST', '/api/v1/monitors', 400, {
      key: sandbox,
      json: { ...WATCH, webhook_url: undefined },
    });
    await record('invalid_request', 'expiry_notice_days out of range.', 'POST', '/api/v1/monitors', 400, {
      key: sandbox,
      json: { ...WATCH, expiry_notice_days: 120 },
    });
    await record('unauthorized', noKey, 'POST', '/api/v1/monitors', 401, { json: WATCH });
    await record('forbidden', forbidden, 'POST', '/api/v1/monitors', 403, { key: readOnly, json: WATCH });
    await record('invalid_webhook_url', 'A webhook URL that is not https.', 'POST', '/api/v1/monitors', 422, {
      key: sandbox,
      json: { ...WATCH, webhook_url: 'http://example.com/hooks' },
    });
    await record(
      'idempotency_conflict',
      'The same Idempotency-Key with other settings.',
      'POST',
      '/api/v1/monitors',
      422,
      { key: sandbox, json: { ...WATCH, expiry_notice_days: 10 }, headers: monitorKey },
    );
    await record('page', 'The monitors of a test key.', 'GET', '/api/v1/monitors?limit=10', 200, { key: sandbox });
    await record('invalid_parameter', 'A status that is none.', 'GET', '/api/v1/monitors?status=asleep', 400, {
      key: sandbox,
    });
    await record('unauthorized', noKey, 'GET', '/api/v1/monitors', 401);
    await record('forbidden', forbidden, 'GET', '/api/v1/monitors', 403, { key: readOnly });
    await record('monitor', 'A monitor and its timeline.', 'GET', monitorUrl, 200, { key: sandbox });
    await record('not_found', 'No monitor with this id for this key.', 'GET', NO_SUCH_MONITOR, 404, { key: sandbox });
    await record('unauthorized', noKey, 'GET', monitorUrl, 401);
    await record('forbidden', forbidden, 'GET', monitorUrl, 403, { key: readOnly });
    await record('changed', 'Events to another URL from now on, with other metadata.', 'PATCH', monitorUrl, 200, {
      key: sandbox,
      json: { webhook_url: 'https://example.com/hooks/monitors-2', metadata: { loan_id: 'L-1043' } },
    });
    await record('invalid_request', 'No setting given.', 'PATCH', monitorUrl, 400, { key: sandbox, json: {} });
    await record('unauthorized', noKey, 'PATCH', monitorUrl, 401, { json: { frequency: 'weekly' } });
    await record('forbidden', forbidden, 'PATCH', monitorUrl, 403, { key: readOnly, json: { frequency: 'weekly' } });
    await record('not_found', 'No monitor with this id for this key.', 'PATCH', NO_SUCH_MONITOR, 404, {
      key: sandbox,
      json: { frequency: 'weekly' },
    });
    await record('invalid_webhook_url', 'A webhook URL that is not https.', 'PATCH', monitorUrl, 422, {
      key: sandbox,
      json: { webhook_url: 'http://example.com/hooks' },
    });
    await record('stopped', 'The monitor, stopped: its last event is monitor.stopped.', 'DELETE', monitorUrl, 200, {
      key: sandbox,
    });
    await record('monitor_stopped', 'A change to a stopped monitor.', 'PATCH', monitorUrl, 409, {
      key: sandbox,
      json: { frequency: 'weekly' },
    });
    await record('unauthorized', noKey, 'DELETE', monitorUrl, 401);
    await record('forbidden', forbidden, 'DELETE', monitorUrl, 403, { key: readOnly });
    await record('not_found', 'No monitor with this id for this key.', 'DELETE', NO_SUCH_MONITOR, 404, {
      key: sandbox,
    });
    // Two more, for the answers given while the worker or the whole job engine is away (at the end).
    const [pending, unreached] = await Promise.all(
      ['MONITOR_RENEW_2', 'MONITOR_CANCEL_3'].map(
        async (policy_number) =>
          `/api/v1/monitors/${((await call('POST', '/api/v1/monitors', { key: sandbox, json: { ...WATCH, policy_number } })).body as { monitor_id: string }).monitor_id}`,
      ),
    );

    // Datasets.
    await record('page', 'The first two datasets of the catalogue.', 'GET', '/api/v1/datasets?limit=2', 200);
    await record('invalid_parameter', 'A limit out of range.', 'GET', '/api/v1/datasets?limit=0', 400);
    await record('dataset', 'One dataset.', 'GET', `/api/v1/datasets/${first}`, 200);
    await record('not_found', 'No dataset has this slug.', 'GET', '/api/v1/datasets/no-such-dataset', 404);
    await record('latest', 'The latest three points.', 'GET', `/api/v1/datasets/${first}/series?limit=3`, 200);
    await record(
      'invalid_parameter',
      'A date that does not exist.',
      'GET',
      `/api/v1/datasets/${first}/series?observation_start=2025-02-30`,
      400,
    );
    await record('not_found', 'No dataset has this slug.', 'GET', '/api/v1/datasets/no-such-dataset/series', 404);
    await record(
      'several',
      'Two series side by side, the latest three dates.',
      'GET',
      `/api/v1/series?slugs=${first},${second}&limit=3`,
      200,
    );
    await record('invalid_parameter', 'slugs is missing.', 'GET', '/api/v1/series', 400);
    await record('not_found', 'A slug names no dataset.', 'GET', `/api/v1/series?slugs=${first},no-such-dataset`, 404);
    await record(
      'unstorable_parameter',
      'A query parameter holding a NUL character (%00), which is not text.',
      'GET',
      `/api/v1/datasets/${first}?q=%00`,
      400,
    );
    for (const route of [
      '/api/v1/datasets',
      `/api/v1/datasets/${first}`,
      `/api/v1/datasets/${first}/series`,
      `/api/v1/series?slugs=${first}`,
    ]) {
      await record('invalid_api_key', 'A key was sent that is not valid (a key is optional here).', 'GET', route, 401, {
        key: `pk_live_${'0'.repeat(32)}`,
      });
    }
    await record('preview', 'The sparkline points of a dataset.', 'GET', `/data/${first}/preview`, 200);
    await record('not_found', 'No dataset has this slug.', 'GET', '/data/no-such-dataset/preview', 404);

    // Rate limits: a key allowed one request a minute, for every operation that has a 429.
    // Reads behind a key (polls, the account) have a window of their own of at least 60 a minute.
    const limited = async (operationId: string, method: string, route: string, options: CallOptions, before = 1) => {
      const key = await keyOf('live', { requests_per_minute: 1 });
      for (let i = 0; i < before; i++) await call(method, route, { ...options, key });
      await record('rate_limit_exceeded', 'The key’s requests per minute are used up.', method, route, 429, {
        ...options,
        key,
      });
      if (!examples[operationId]?.['429']) throw new Error(`${method} ${route} is not ${operationId}`);
    };
    await limited('verifyPolicy', 'POST', '/api/v1/verify', { json: AXA });
    await limited('verifyPolicyAsync', 'POST', '/api/v1/verify/async', { json: AXA });
    await limited('verifyBatch', 'POST', '/api/v1/verify/batch', { json: { policies } });
    await limited('extractDocument', 'POST', '/api/v1/documents/extract', { form: pdfForm });
    await limited('correctExtraction', 'POST', corrections, { json: corrected });
    await limited('getJob', 'GET', jobUrl, {}, 60);
    await limited('getBatch', 'GET', batchUrl, {}, 60);
    await limited('searchInsurers', 'GET', '/api/v1/insurers?country=UK&q=AXA', {});
    await limited('getAccount', 'GET', '/api/v1/account', {}, 60);
    await limited('listMonitors', 'GET', '/api/v1/monitors', {}, 60);
    await limited('createMonitor', 'POST', '/api/v1/monitors', { json: WATCH });
    await limited('getMonitor', 'GET', NO_SUCH_MONITOR, {}, 60);
    await limited('updateMonitor', 'PATCH', NO_SUCH_MONITOR, { json: { frequency: 'weekly' } });
    await limited('deleteMonitor', 'DELETE', NO_SUCH_MONITOR, {});
    await limited('listLedgerStatements', 'GET', '/api/v1/account/statements', {}, 60);
    await limited('exportLedger', 'GET', '/api/v1/account/ledger', {}, 60);
    await limited('listDatasets', 'GET', '/api/v1/datasets?limit=1', {});
    await limited('getDataset', 'GET', `/api/v1/datasets/${first}`, {});
    await limited('getDatasetSeries', 'GET', `/api/v1/datasets/${first}/series?limit=1`, {});
    await limited('getSeveralSeries', 'GET', `/api/v1/series?slugs=${first}&limit=1`, {});
    await limited('getDatasetPreview', 'GET', `/data/${first}/preview`, {});

    // Last, with the worker and the Temporal server stopped: what a submission answers when the job engine is
    // unreachable.
    // The worker away, a stop is asked for but not yet recorded: 202 after the wait.
    await stopWorker();
    await record('stopping', 'The stop is asked for; no worker has recorded it yet.', 'DELETE', pending!, 202, {
      key: sandbox,
    });
    await stopJobEngine();
    const unreachable = 'The job engine (Temporal) is unreachable; nothing was charged.';
    await record('service_unavailable', unreachable, 'POST', '/api/v1/verify/async', 503, { key: live, json: SECOND });
    await record('service_unavailable', unreachable, 'POST', '/api/v1/verify/batch', 503, {
      key: live,
      json: { policies: [SECOND] },
    });
    await record('service_unavailable', unreachable, 'POST', '/api/v1/documents/extract', 503, {
      key: live,
      form: pdfForm,
    });
    const noEngine = 'The job engine (Temporal) is unreachable.';
    await record('service_unavailable', noEngine, 'POST', '/api/v1/monitors', 503, {
      key: sandbox,
      json: { ...WATCH, policy_number: 'MONITOR_RENEW_4' },
    });
    await record('service_unavailable', noEngine, 'PATCH', unreached!, 503, {
      key: sandbox,
      json: { frequency: 'weekly' },
    });
    await record('service_unavailable', noEngine, 'DELETE', unreached!, 503, { key: sandbox });

    writeFileSync(EXAMPLES_FILE, `${JSON.stringify(sorted(examples), null, 1)}\n`);
    const count = Object.values(examples).reduce(
      (n, statuses) => n + Object.values(statuses).reduce((m, named) => m + Object.keys(named).length, 0),
      0,
    );
    console.log(
      `${path.relative(process.cwd(), fileURLToPath(EXAMPLES_FILE))}: ${count} examples of ${Object.keys(examples).length} operations`,
    );
  } finally {
    await close();
  }
}

/** Operations and statuses in order, so that a new recording differs from the last by what changed. */
function sorted(examples: RecordedExamples): RecordedExamples {
  return Object.fromEntries(
    Object.keys(examples)
      .sort()
      .map((operation) => [
        operation,
        Object.fromEntries(
          Object.keys(examples[operation]!)
            .sort()
            .map((status) => [status, examples[operation]![status]!]),
        ),
      ]),
  );
}

await main();
