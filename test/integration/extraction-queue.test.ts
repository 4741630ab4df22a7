// Extractions on their own task queue (issue 40 item 4): a worker process of WORKER_QUEUES=main runs the
// workflows and the verifications but never a document's activities, which wait on the extraction queue for a
// worker of WORKER_QUEUES=extraction; the histories show each activity scheduled on its queue.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXTRACTION_WORKFLOW, extractionTaskQueue } from '../../contracts/extraction.js';
import { VERIFICATION_WORKFLOW } from '../../contracts/verification.js';
import type { WorkflowContract } from '../../contracts/workflow.js';
import { startWorker, type Running } from '../../bin/service.js';
import type { Config } from '../../infra/config.js';
import { workflowHandle } from '../../infra/temporal/contract-client.js';
import { accountWithKey, callWithKey, startTestApp, until, type TestApp } from '../support/app.js';
import { motorCertificate } from '../support/extraction/bad-pdfs.js';

let app: TestApp;
let key: string;
const workers: Running[] = [];

/** The service's workers as a process of the given WORKER_QUEUES starts them (bin/worker.ts). */
const workerOf = async (queues: Config['WORKER_QUEUES']) => {
  const worker = await startWorker({ ...app.context, config: { ...app.config, WORKER_QUEUES: queues } });
  workers.push(worker);
  return worker;
};

beforeAll(async () => {
  app = await startTestApp({ env: { OCR_WORKERS: '1' } });
  ({ key } = await accountWithKey(app, { plan: 'pro' }));
  await workerOf('main');
}, 180_000);

afterAll(async () => {
  for (const worker of workers.reverse()) await worker.stop();
  await app?.stop();
});

const extractionQueue = () => extractionTaskQueue(app.config.TEMPORAL_TASK_QUEUE);

async function extract(): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await motorCertificate())], { type: 'application/pdf' }), 'policy.pdf');
  const res = await fetch(`${app.url}/api/v1/documents/extract`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(res.status).toBe(202);
  return ((await res.json()) as { job_id: string }).job_id;
}

const job = async (jobId: string) =>
  (await callWithKey(app, key, 'GET', `/api/v1/jobs/${jobId}`)).body as { status: string };
const finished = (jobId: string) =>
  until(
    () => job(jobId),
    (body) => body.status !== 'pending',
    `job ${jobId}`,
  );

/** Each activity the workflow scheduled, as `type@queue`, in order. */
async function scheduled(contract: WorkflowContract<never, unknown>, workflowId: string): Promise<string[]> {
  const history = await workflowHandle(app.context.temporal!.client, contract, workflowId).fetchHistory();
  return (history.events ?? []).flatMap((event) => {
    const attributes = event.activityTaskScheduledEventAttributes;
    return attributes ? [`${attributes.activityType?.name}@${attributes.taskQueue?.name}`] : [];
  });
}

/** How many local activities the workflow ran (the lookup among them): on the worker of its own workflow task, the main queue's. */
async function localActivities(contract: WorkflowContract<never, unknown>, workflowId: string): Promise<number> {
  const history = await workflowHandle(app.context.temporal!.client, contract, workflowId).fetchHistory();
  return (history.events ?? []).filter(
    (event) => event.markerRecordedEventAttributes?.markerName === 'core_local_activity',
  ).length;
}

let waiting: string;

it('runs verifications on a main-only worker while a document waits on the extraction queue for its own worker', async () => {
  waiting = await extract();
  const verification = await callWithKey(app, key, 'POST', '/api/v1/verify/async', {
    policy_number: 'AXK12345678',
    country: 'UK',
    insurance_type: 'motor',
    provider: 'AXA',
  });
  expect(verification.status).toBe(202);
  expect(await finished(verification.body.job_id)).toMatchObject({ status: 'complete' });
  // An admitted verification looks the policy up in a local activity, inside the main worker's workflow task.
  expect(await scheduled(VERIFICATION_WORKFLOW, `verification-${verification.body.job_id}`)).toEqual([]);
  expect(await localActivities(VERIFICATION_WORKFLOW, `verification-${verification.body.job_id}`)).toBeGreaterThan(0);

  // The extraction's workflow ran (it is on the main queue) and scheduled its first activity where no worker polls.
  const handle = workflowHandle(app.context.temporal!.client, EXTRACTION_WORKFLOW, `extraction-${waiting}`);
  const pending = await until(
    async () => (await handle.describe()).raw.pendingActivities ?? [],
    (activities) => activities.length > 0,
    'the extraction activity to be scheduled',
  );
  expect(pending.map((activity) => activity.activityType?.name)).toEqual(['validateDocument']);
  expect(await scheduled(EXTRACTION_WORKFLOW, `extraction-${waiting}`)).toEqual([
    `validateDocument@${extractionQueue()}`,
  ]);
  expect((await job(waiting)).status).toBe('pending');
}, 120_000);

it('runs every document activity on the extraction queue once an extraction-only worker polls it', async () => {
  await workerOf('extraction');
  expect(await finished(waiting)).toMatchObject({
    status: 'complete',
    result: { policy_number: 'AXK12345678', method: 'text' },
  });
  const document = ['validateDocument', 'readTextLayer', 'parseFields'].map((type) => `${type}@${extractionQueue()}`);
  // The pages are drawn for the dashboard beside the callback, so drawPages may come after the end.
  const ran = await scheduled(EXTRACTION_WORKFLOW, `extraction-${waiting}`);
  expect(ran.filter((activity) => !activity.startsWith('drawPages@'))).toEqual(document);
  expect(ran.every((activity) => activity.endsWith(`@${extractionQueue()}`))).toBe(true);

  // A verification with a document: its document's activities there too, the registry lookup on the main worker.
  const submitted = await callWithKey(app, key, 'POST', '/api/v1/verify/async', {
    country: 'UK',
    insurance_type: 'motor',
    provider: 'AXA',
    document: (await motorCertificate()).toString('base64'),
  });
  expect(submitted.status).toBe(202);
  expect(await finished(submitted.body.job_id)).toMatchObject({ status: 'complete' });
  expect(await scheduled(VERIFICATION_WORKFLOW, `verification-${submitted.body.job_id}`)).toEqual(document);
  expect(await localActivities(VERIFICATION_WORKFLOW, `verification-${submitted.body.job_id}`)).toBeGreaterThan(0);
}, 120_000);
