// One tesseract.js worker as the pool uses it: started on the installed language data (never the network, never
// a disk cache), set up to read a page whole, and terminated with a wait for its thread to exit.
import { fileURLToPath } from 'node:url';
import { createWorker, OEM, PSM, type Worker as TesseractWorker } from 'tesseract.js';
import { OcrError } from './ocr-error.js';
import type { LangDirectory } from './tessdata.js';

export interface StartedWorker {
  worker: TesseractWorker;
  /** The worker's thread: an error or exit there must fail the page in flight, not the process. */
  thread: NodeJS.EventEmitter | null;
  /** Settles when the thread has exited. */
  exited: Promise<void>;
}

/** tesseract.js's worker script in a thread of lower priority (ocr-thread.cjs says why). */
const OCR_THREAD = fileURLToPath(new URL('./ocr-thread.cjs', import.meta.url));

/** Starts a worker for `langs` reading at `dpi`; throws OcrError if it does not come up within 120 s. */
export async function startTesseract(
  langs: readonly string[],
  dir: LangDirectory,
  dpi: number,
): Promise<StartedWorker> {
  const starting = createWorker(langs.join('+'), OEM.LSTM_ONLY, {
    workerPath: OCR_THREAD,
    langPath: dir.path,
    gzip: dir.gzip,
    // Never read or write a cache: the data is on disk already, and the default cache is the cwd.
    cacheMethod: 'none',
    // tesseract.js throws from its message handler unless an error handler is set: an uncaught exception.
    errorHandler: () => undefined,
    logger: () => undefined,
  });
  // tesseract.js never settles when its language data fails to initialise: give up after a while.
  let timer: NodeJS.Timeout | undefined;
  const worker = await Promise.race([
    starting,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OcrError('an OCR worker did not start within 120 s')), 120_000);
    }),
  ]).finally(() => clearTimeout(timer));
  const thread = (worker as unknown as { worker: NodeJS.EventEmitter | null }).worker;
  const exited = thread ? new Promise<void>((resolve) => thread.once('exit', () => resolve())) : Promise.resolve();
  // Automatic page segmentation reads a noisy scan best; rows are rebuilt from word positions afterwards
  // (layout.ts). Tesseract's diagnostics ("Detected 40 diacritics") would go to stdout: discard them.
  try {
    await worker.setParameters({
      tessedit_pageseg_mode: PSM.AUTO,
      user_defined_dpi: String(dpi),
      debug_file: '/dev/null',
    });
  } catch (error) {
    await terminateTesseract(worker, exited);
    throw error;
  }
  return { worker, thread, exited };
}

/** Terminates a worker and waits (a few seconds at most) for its thread to exit. */
export async function terminateTesseract(
  worker: TesseractWorker | null,
  exited: Promise<void> | undefined,
): Promise<void> {
  if (!worker) return;
  try {
    await worker.terminate();
  } catch {
    // Already gone.
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
  clearTimeout(timer);
}
