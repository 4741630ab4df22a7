// PDF inspection for the API, on worker threads. Parsing a PDF of up to 14 MB and 20 pages is CPU work that
// would stall every other request on the API's event loop, and pdf.js (with the polyfills of its legacy build)
// adds some 60 MB to the heap it runs in, which every garbage collection of the request path would then walk.
// On its own threads it does neither. The threads start with the first document, not with the process.
//
// What one document may cost is bounded (issue 21): each task has a time budget (over it, the thread is
// terminated and the document refused, 422 invalid_document: a PDF that takes that long is not a policy
// document), each thread a heap limit (a thread that runs out of memory is the document's fault too, 422), and
// the documents waiting for a thread are few (more: 503 service_unavailable at once, the caller retries after a
// few seconds, rather than waiting behind a large file). A thread that dies otherwise is the service's trouble,
// 503; never a 500.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { DomainError, type ErrorCode } from '../../domain/errors.js';
import type { InspectOutcome } from './inspect-thread.js';
import type { PdfInspection } from './validate.js';

export interface InspectorOptions {
  threads?: number;
  /** Time budget of one inspection on its thread, in milliseconds (waiting for a thread not counted). */
  taskBudgetMs?: number;
  /** Documents that may wait for a thread; one more is refused with 503. */
  maxQueue?: number;
  /** Old-generation heap of a thread, in MB. */
  maxHeapMb?: number;
}

/** Inspections take tens of milliseconds; 15 s is far beyond any policy document even on a loaded machine. */
export const INSPECTION_BUDGET_MS = 15_000;
export const INSPECTION_QUEUE = 4;
/** pdf.js needs some 60 MB of its own; a 14 MB PDF parsed whole fits well within this. */
export const INSPECTION_HEAP_MB = 384;

const tooComplex = (seconds: number) =>
  new DomainError(
    'invalid_document',
    `The PDF could not be inspected within ${seconds} s: it is too complex to be a policy document.`,
  );

/** Why a task failed on its thread, as the caller should hear it. */
function threadFailure(error: unknown, aborted: boolean, budgetMs: number): DomainError {
  if (aborted) return tooComplex(Math.round(budgetMs / 1000));
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new DomainError('invalid_document', 'The PDF needs more memory to read than a policy document can.');
  }
  const message = error instanceof Error ? error.message : '';
  if (/terminat|exit|worker/i.test(message)) {
    return new DomainError(
      'service_unavailable',
      'The document could not be inspected right now; retry in a few seconds.',
    );
  }
  // An exception of the parser on this input: the document is one the service cannot read.
  return new DomainError('invalid_document', 'The PDF could not be read.');
}

export interface PdfInspector {
  inspect(bytes: Uint8Array): Promise<PdfInspection>;
  close(): Promise<void>;
}

// Inspections are short (tens of milliseconds) and rare next to verifications: two threads keep one document
// from waiting behind another without taking both cores from the request path.
const THREADS = 2;

// The service runs from its TypeScript sources: a thread needs the loader too, whoever started the process (node
// with tsx, or a test runner with a loader of its own that threads do not inherit).
const THREAD = new URL(`./inspect-thread${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url);
const THREAD_EXEC_ARGV = THREAD.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [];

export function threadedPdfInspector(options: InspectorOptions = {}): PdfInspector {
  const threads = options.threads ?? THREADS;
  const budgetMs = options.taskBudgetMs ?? INSPECTION_BUDGET_MS;
  const maxQueue = options.maxQueue ?? INSPECTION_QUEUE;
  let pool: Piscina | null = null;
  let closed = false;
  // Our own queue in front of the pool's, so that the time budget counts from when a thread takes the task.
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (running < threads) {
      running++;
      return;
    }
    if (waiting.length >= maxQueue) {
      throw new DomainError('service_unavailable', 'Every document inspection thread is busy; retry in a few seconds.');
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async inspect(bytes) {
      if (closed) throw new Error('the PDF inspector is closed');
      pool ??= new Piscina({
        filename: THREAD.href,
        execArgv: THREAD_EXEC_ARGV,
        minThreads: 1,
        maxThreads: threads,
        resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? INSPECTION_HEAP_MB },
      });
      await acquire();
      const signal = AbortSignal.timeout(budgetMs);
      let outcome: InspectOutcome;
      try {
        // The bytes are copied to the thread: the caller keeps its buffer to store. An aborted task's thread is
        // terminated by the pool and replaced.
        outcome = (await pool.run(bytes, { signal })) as InspectOutcome;
      } catch (error) {
        throw threadFailure(error, signal.aborted, budgetMs);
      } finally {
        release();
      }
      if (!outcome.ok) throw new DomainError(outcome.code as ErrorCode, outcome.message);
      return outcome.inspection;
    },
    async close() {
      closed = true;
      await pool?.destroy();
    },
  };
}
