// Async verification jobs a second while 10 scanned-document extractions are in flight, as a ratio to the same
// without them (issue 40 item 4: target >= 0.8). The extractions' OCR runs on the extraction task queue with
// its own slots (contracts/extraction.ts), so the verifications should lose to it only the CPU it takes.
//
//   node --import tsx bench/jobs-beside-extractions.ts [--jobs 100] [--concurrency 10] [--split]
//
// The API, projector and worker run as their own processes on PostgreSQL, the worker as `npm run worker` runs it
// by default (both queues in one process), or with --split as two processes (WORKER_QUEUES=main and
// WORKER_QUEUES=extraction), as a deployment that gives OCR machines of its own would. The measurement alone is
// taken before and after the one beside the extractions, and their mean is the baseline, so that a drift in the
// load of a shared machine does not favour either side. The extractions are 10 scanned PDFs of the test corpus
// (test/corpus), submitted through POST /api/v1/documents/extract; the measurement beside them starts once one
// of them is being read by OCR, and the number still in flight when it ends is printed; they are then ended
// (terminated), so that the measurement after them need not wait minutes of OCR.
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { EXTRACTION_WORKFLOW } from '../contracts/extraction.js';
import { workflowHandle } from '../infra/temporal/contract-client.js';
import { ensureCorpus } from '../test/corpus/corpus.js';
import { benchAccount, fmt, ratio, spawnChild, startEngines, type Child } from './support.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '10' },
    split: { type: 'boolean', default: false },
  },
});
const jobs = Number(values.jobs);
const concurrency = Number(values.concurrency);
const EXTRACTIONS = 10;
const AXA = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' };

/** Runs `count` tasks, `concurrency` at a time; returns the wall time in seconds. */
async function timed(count: number, task: () => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) await task();
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Corpus scans of the most pages: each stays in flight longer. The OCR pool is warmed with one of a page.
const corpus = (await ensureCorpus((line) => console.error(line))).entries.toSorted(
  (a, b) => b.truth.expected.pages - a.truth.expected.pages,
);
const scans = corpus.slice(0, EXTRACTIONS);
const engines = await startEngines();
// The uploaded PDFs, which the API stores and the workers read, are in the engines' database.
const env = engines.env;
const children: Child[] = [];
try {
  children.push(await spawnChild('bin/projector.ts', env, { serves: false }));
  if (values.split) {
    children.push(await spawnChild('bin/worker.ts', { ...env, WORKER_QUEUES: 'main' }, { serves: false }));
    children.push(await spawnChild('bin/worker.ts', { ...env, WORKER_QUEUES: 'extraction' }, { serves: false }));
  } else {
    children.push(await spawnChild('bin/worker.ts', env, { serves: false }));
  }
  const api = await spawnChild('bin/api.ts', env);
  children.push(api);
  const { live: key } = await benchAccount(api.url, engines.env.ADMIN_TOKEN!);
  // The worker loads the public datasets at start; measure once that is over.
  while ((await fetch(`${api.url}/readyz`)).status !== 200) await sleep(500);

  const headers = { authorization: `Bearer ${key}` };
  const job = async (id: string) =>
    (await (await fetch(`${api.url}/api/v1/jobs/${id}`, { headers })).json()) as { status: string };
  const asyncJob = async () => {
    const res = await fetch(`${api.url}/api/v1/verify/async`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(AXA),
    });
    const { job_id } = (await res.json()) as { job_id: string };
    while ((await job(job_id)).status !== 'complete') await sleep(20);
  };
  const extract = async (file: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await readFile(file))], { type: 'application/pdf' }), 'scan.pdf');
    let res = await fetch(`${api.url}/api/v1/documents/extract`, { method: 'POST', headers, body: form });
    // The API's PDF inspection threads are few: a client told to come back does.
    while (res.status === 503) {
      await sleep(1000);
      res = await fetch(`${api.url}/api/v1/documents/extract`, { method: 'POST', headers, body: form });
    }
    if (res.status !== 202) throw new Error(`extraction refused: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { job_id: string }).job_id;
  };
  const connection = await Connection.connect({ address: engines.temporalAddress });
  const client = new Client({ connection });
  const reading = async (id: string) => {
    const { raw } = await workflowHandle(client, EXTRACTION_WORKFLOW, `extraction-${id}`).describe();
    return (raw.pendingActivities ?? []).some(
      (activity) => activity.activityType?.name === 'ocrPages' && activity.lastStartedTime,
    );
  };
  const inFlight = async (ids: string[]) =>
    (await Promise.all(ids.map(job))).filter((j) => j.status === 'pending').length;

  // Warm the verification path and the OCR pool (its tesseract workers start on the first page) before measuring.
  await timed(concurrency, asyncJob);
  const warm = await extract(corpus.at(-1)!.scanPdf);
  while ((await job(warm)).status === 'pending') await sleep(500);
  if ((await job(warm)).status !== 'complete')
    throw new Error(`the warm-up extraction ended ${(await job(warm)).status}`);

  const load = [loadavg()[0]!];
  const before = jobs / (await timed(jobs, asyncJob));
  const ids: string[] = [];
  for (const entry of scans) ids.push(await extract(entry.scanPdf));
  while (!(await Promise.all(ids.map(reading))).some(Boolean)) {
    if ((await inFlight(ids)) === 0) throw new Error('the extractions ended before any was read by OCR');
    await sleep(200);
  }
  load.push(loadavg()[0]!);
  const beside = jobs / (await timed(jobs, asyncJob));
  const stillInFlight = await inFlight(ids);
  load.push(loadavg()[0]!);
  // Ended rather than waited for (minutes of OCR): their activities learn it at their next heartbeat (5 s) and
  // stop, the page a tesseract worker is reading (seconds) excepted.
  await Promise.all(
    ids.map((id) =>
      workflowHandle(client, EXTRACTION_WORKFLOW, `extraction-${id}`)
        .terminate('bench: measured')
        .catch(() => undefined),
    ),
  );
  await sleep(20_000);
  const after = jobs / (await timed(jobs, asyncJob));
  load.push(loadavg()[0]!);
  await connection.close();

  const alone = (before + after) / 2;
  console.log(
    `Async verification jobs beside ${EXTRACTIONS} scanned-document extractions, ${jobs} jobs ${concurrency} at a time, worker ${values.split ? 'split (main, extraction)' : 'one process (both queues)'}`,
  );
  console.log(`  alone                ${fmt(alone, 1)} jobs/s   (before ${fmt(before, 1)}, after ${fmt(after, 1)})`);
  console.log(`  beside extractions   ${fmt(beside, 1)} jobs/s   ratio ${fmt(ratio(beside, alone))} (target >= 0.8)`);
  console.log(
    `  extractions still in flight when the measurement beside them ended: ${stillInFlight} of ${EXTRACTIONS} (${scans.map((e) => e.truth.expected.pages).join('+')} pages)`,
  );
  console.log(
    `  load average (1 min) at the steps: ${load.map((l) => fmt(l, 1)).join(', ')} on ${availableParallelism()} CPUs`,
  );
} finally {
  for (const child of children.reverse()) await child.stop();
  await engines.close();
}
