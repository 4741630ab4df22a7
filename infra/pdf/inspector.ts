// PDF inspection for the API, on worker threads. Parsing a PDF of up to 14 MB and 20 pages is CPU work that
// would stall every other request on the API's event loop, and pdf.js (with the polyfills of its legacy build)
// adds some 60 MB to the heap it runs in, which every garbage collection of the request path would then walk.
// On its own threads it does neither. The threads start with the first document, not with the process.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { DomainError, type ErrorCode } from '../../domain/errors.js';
import type { InspectOutcome } from './inspect-thread.js';
import type { PdfInspection } from './validate.js';

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

export function threadedPdfInspector(): PdfInspector {
  let pool: Piscina | null = null;
  let closed = false;
  return {
    async inspect(bytes) {
      if (closed) throw new Error('the PDF inspector is closed');
      pool ??= new Piscina({ filename: THREAD.href, execArgv: THREAD_EXEC_ARGV, minThreads: 1, maxThreads: THREADS });
      // The bytes are copied to the thread: the caller keeps its buffer to store.
      const outcome = (await pool.run(bytes)) as InspectOutcome;
      if (!outcome.ok) throw new DomainError(outcome.code as ErrorCode, outcome.message);
      return outcome.inspection;
    },
    async close() {
      closed = true;
      await pool?.destroy();
    },
  };
}
