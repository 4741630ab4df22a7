import {
  ActivityFailure,
  ApplicationFailure,
  patched,
  proxyActivities,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { ExtractionActivities } from '../activities/extraction.js';
import type { PageImageActivities } from '../activities/page-images.js';
import type { ExtractionOutcome } from '../activities/jobs.js';
import { local } from './job-activities.js';
import { ERROR_STATUS } from '../domain/errors.js';
import { jobError, type JobError } from '../domain/jobs/outcomes.js';
import type { ExtractionResult } from '../domain/extraction/types.js';
import { admitJob } from './admission.js';
import { Outcome } from '../contracts/search-attributes.js';
import { callBackWhenAsked } from './webhook.js';
import { extractionTaskQueue, type ExtractionJobInput } from '../contracts/extraction.js';
import type { JobEnd } from '../contracts/admission.js';

// Validation, the text layer and parsing take seconds; a refusal of the document is final (non-retryable).
const QUICK = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '500 milliseconds', maximumAttempts: 3 },
} as const;

// OCR of up to 20 pages, each with its own time budget; heartbeats tell a dead worker from a slow one.
const OCR = {
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumAttempts: 3 },
} as const;

/**
 * The document's activities, on the extraction queue of the queue this workflow runs on. Made per call: the
 * queue comes from workflowInfo(), which a module's top level cannot read.
 */
function documentActivities() {
  const taskQueue = extractionTaskQueue(workflowInfo().taskQueue);
  return {
    quick: proxyActivities<ExtractionActivities>({ ...QUICK, taskQueue }),
    ocr: proxyActivities<ExtractionActivities>({ ...OCR, taskQueue }),
  };
}

/** Validate, read the text layer, OCR the pages without usable text, parse the fields. */
export async function extractDocument(blobId: string): Promise<ExtractionResult> {
  const { quick, ocr } = documentActivities();
  const { pages } = await quick.validateDocument(blobId);
  const layer = await quick.readTextLayer(blobId);
  const missing = layer.pages.filter((p) => !p.usable).map((p) => p.index);
  const read = missing.length > 0 ? await ocr.ocrPages(blobId, missing) : [];
  // With their word positions, so the parser can pair a label with the value under it or in its column.
  const texts = [
    ...layer.pages
      .filter((p) => p.usable)
      .map(({ index, text, words, geometry }) => ({ index, text, words, ...(geometry ? { geometry } : {}) })),
    ...read,
  ];
  return quick.parseFields({ pages: texts, method: read.length > 0 ? 'ocr' : 'text', pageCount: pages });
}

/**
 * Deleted a finished job's document when each job had a blob of its own. Blobs are now shared by content, and
 * retention deletes one once no job within JOB_RETENTION_DAYS refers to it (infra/retention), so a job's end must
 * not: runs from the second patch on skip this step; histories recorded before it replay with the deletion they made
 * (their blobs were their own). A failure to delete leaves a file behind, never fails the job.
 */
export async function discardDocument(blobId: string): Promise<void> {
  if (!patched('discard-document')) return;
  if (patched('documents-kept-for-retention')) return;
  try {
    await documentActivities().quick.discardDocument(blobId);
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
  }
}

/**
 * The document's pages drawn for the dashboard's job page (issue 56), once the job has its result: beside the
 * callback, never before the result. A page that cannot be drawn leaves the page without its picture, never fails
 * the job. Runs recorded before this step replay without it.
 */
export async function drawPages(jobId: string, accountId: string, blobId: string, pages: number): Promise<void> {
  if (!patched('page-images')) return;
  const { drawPages: draw } = proxyActivities<PageImageActivities>({
    startToCloseTimeout: '5 minutes',
    heartbeatTimeout: '1 minute',
    retry: { initialInterval: '1 second', maximumAttempts: 2 },
    taskQueue: extractionTaskQueue(workflowInfo().taskQueue),
  });
  try {
    await draw({ jobId, accountId, blobId, pages });
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
  }
}

/**
 * The job's error for a failed extraction: the document's refusal as the caller should read it, or an internal
 * error once Temporal's retries are spent (the message never carries document content).
 */
export function extractionError(error: unknown): JobError {
  if (!(error instanceof ActivityFailure)) throw error;
  const cause = error.cause;
  if (cause instanceof ApplicationFailure && cause.nonRetryable && cause.type && cause.type in ERROR_STATUS)
    return jobError(cause.type, cause.message);
  return jobError('internal_error', 'The document could not be processed. Retry with exponential backoff.');
}

/** `extraction-{job_id}`: admit (1 credit held; unless the API did), extract, settle (captured on success), record, call back. */
export async function extractionWorkflow(input: ExtractionJobInput): Promise<JobEnd> {
  const { admit } = input;
  if (!input.admitted) {
    const admitted = await admitJob(admit);
    if (!admitted.ok) return 'rejected';
    if (admitted.admission.known) return 'known';
  }

  let outcome: ExtractionOutcome;
  try {
    outcome = { ok: true, result: await extractDocument(input.blobId), credits: admit.reserve };
  } catch (error) {
    outcome = { ok: false, error: extractionError(error) };
  }
  const completed = await local.completeJob({
    jobId: admit.jobId,
    accountId: admit.accountId,
    mode: admit.mode,
    outcome,
  });
  const status = outcome.ok ? 'complete' : 'failed';
  upsertSearchAttributes([{ key: Outcome, value: status }]);
  await discardDocument(input.blobId);

  await Promise.all([
    outcome.ok ? drawPages(admit.jobId, admit.accountId, input.blobId, outcome.result.pages) : undefined,
    callBackWhenAsked(admit, completed.position, input.webhookRetrySeconds),
  ]);
  return status;
}
