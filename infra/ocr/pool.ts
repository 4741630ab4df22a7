// A fixed set of tesseract.js workers (each a worker thread with its own WebAssembly heap), shared by every
// OCR activity in the process and kept across jobs, since loading three languages takes seconds.
//
// - Bounded memory: at most `size` workers, each replaced after `maxPagesPerWorker` pages (a WebAssembly heap
//   only grows), and an image is produced only once a worker is free to read it (see `recognize`), so at
//   most `size` page images exist at a time however many pages are waiting.
// - A time budget per page: tesseract cannot be interrupted, so a worker over budget is terminated and
//   replaced, and the page comes back empty and marked timed out.
// - A worker that dies (an error in its thread, an exit) fails its page with OcrError and is replaced; the
//   process is never taken down with it.
// - close() rejects what is waiting and terminates every worker, waiting for the threads to exit.
// - Language data comes from the installed @tesseract.js-data packages (tessdata.ts), never the network, and
//   nothing is cached to disk.
// The text of a page comes back as rows of words (layout.ts), the way the PDF text layer is laid out.
import { countOcrPage } from '../metrics.js';
import { availableParallelism } from 'node:os';
import type { Worker as TesseractWorker } from 'tesseract.js';
import { OCR_DPI } from '../pdf/limits.js';
import { layoutPage, pageSizeFromTsv, wordsFromTsv } from './layout.js';
import { linkLanguageData, type LangDirectory } from './tessdata.js';
import { OcrError } from './ocr-error.js';
import { startTesseract, terminateTesseract } from './tesseract-worker.js';
import { WaitQueue } from './wait-queue.js';
import type { Image, ImageSource, OcrPageResult, OcrPool, OcrPoolOptions, RecognizeOptions } from './pool-interface.js';

export { OcrError };

export const DEFAULT_LANGS = ['eng', 'deu', 'fra'];
/** The resolution an image is taken to have when it does not say: that of a page drawn for OCR. */
const RENDER_DPI = OCR_DPI;

interface Slot {
  id: number;
  worker: TesseractWorker | null;
  busy: boolean;
  pages: number;
  /** Rejects the page in flight when the worker thread dies under it. */
  fail: ((error: Error) => void) | null;
  /** A replacement being started. */
  starting: Promise<void> | null;
  broken: boolean;
}

/** One fewer than the CPUs (the rest of the worker needs one), at least 1, at most 4. */
export const defaultOcrWorkers = (): number => Math.min(4, Math.max(1, availableParallelism() - 1));

export async function createOcrPool(options: OcrPoolOptions = {}): Promise<OcrPool> {
  const size = Math.max(1, Math.floor(options.size ?? defaultOcrWorkers()));
  const langs = options.langs ?? DEFAULT_LANGS;
  const budgetMs = options.pageBudgetMs ?? 90_000;
  const maxPages = options.maxPagesPerWorker ?? 200;
  const log = options.logger?.child({ component: 'ocr-pool' });
  const dir: LangDirectory = await linkLanguageData(langs);

  const slots: Slot[] = Array.from({ length: size }, (_, id) => ({
    id,
    worker: null,
    busy: true,
    pages: 0,
    fail: null,
    starting: null,
    broken: false,
  }));
  const waiting = new WaitQueue<Slot>();
  let closed = false;
  let pages = 0;
  let timeouts = 0;
  let restarts = 0;
  let threads = 0;
  // Settles (rejects) when the pool closes, ending every page still being read.
  let shut: (error: Error) => void = () => undefined;
  const closing = new Promise<never>((_, reject) => (shut = reject));
  closing.catch(() => undefined);
  /** When each worker's thread has exited. */
  const exits = new WeakMap<TesseractWorker, Promise<void>>();

  async function spawn(slot: Slot): Promise<void> {
    const { worker, thread, exited } = await startTesseract(langs, dir, RENDER_DPI);
    if (thread) {
      threads++;
      exits.set(
        worker,
        exited.then(() => void threads--),
      );
    }
    if (closed) {
      await terminate(worker);
      return;
    }
    const died = (reason: string) => {
      if (slot.worker !== worker) return;
      log?.warn({ slot: slot.id, reason }, 'OCR worker died; replacing it');
      slot.worker = null;
      slot.fail?.(new OcrError(`the OCR worker stopped: ${reason}`));
      if (!closed) replace(slot);
    };
    thread?.on('error', (error: Error) => died(error.message));
    thread?.on('exit', (code: number) => died(`exit code ${code}`));
    slot.worker = worker;
    slot.pages = 0;
  }

  const terminate = (worker: TesseractWorker | null) =>
    terminateTesseract(worker, worker ? exits.get(worker) : undefined);

  /** Starts a fresh worker in the slot, retrying a few times; the slot is busy until it is ready. */
  function replace(slot: Slot): void {
    if (slot.starting) return;
    slot.busy = true;
    const old = slot.worker;
    slot.worker = null;
    restarts++;
    slot.starting = (async () => {
      await terminate(old);
      for (let attempt = 1; attempt <= 3 && !closed; attempt++) {
        try {
          await spawn(slot);
          return;
        } catch (error) {
          log?.error({ slot: slot.id, attempt, err: error }, 'could not start an OCR worker');
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        }
      }
      slot.broken = !closed;
    })().finally(() => {
      slot.starting = null;
      release(slot);
    });
  }

  function release(slot: Slot): void {
    if (closed) return;
    if (slot.broken || !slot.worker) {
      slot.busy = true;
      if (slots.every((s) => s.broken)) waiting.rejectAll(new OcrError('no OCR worker could be started'));
      return;
    }
    if (slot.pages >= maxPages) return replace(slot);
    slot.busy = waiting.handOff(slot);
  }

  function acquire(signal?: AbortSignal): Promise<Slot> {
    if (closed) return Promise.reject(new OcrError('the OCR pool is closed'));
    if (slots.every((s) => s.broken)) return Promise.reject(new OcrError('no OCR worker could be started'));
    if (signal?.aborted) return Promise.reject(new OcrError('cancelled before a worker was free'));
    const free = slots.find((s) => !s.busy && s.worker);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return waiting.wait(signal, () => new OcrError('cancelled before a worker was free'));
  }

  async function recognize(source: ImageSource, opts: RecognizeOptions = {}): Promise<OcrPageResult> {
    const slot = await acquire(opts.signal);
    let image: Image;
    try {
      image = typeof source === 'function' ? await source() : source;
    } catch (error) {
      // The caller's image could not be made (a page that does not render): the worker is untouched.
      release(slot);
      throw error;
    }
    if (closed) {
      release(slot);
      throw new OcrError('the OCR pool is closed');
    }
    const worker = slot.worker!;
    const started = performance.now();
    const { data, dpi } = 'data' in image ? image : { data: image, dpi: RENDER_DPI };
    let timer: NodeJS.Timeout | undefined;
    let healthy = false;
    try {
      if (dpi !== RENDER_DPI) await worker.setParameters({ user_defined_dpi: String(dpi) });
      const death = new Promise<never>((_, reject) => {
        slot.fail = reject;
      });
      const overBudget = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), opts.budgetMs ?? budgetMs);
      });
      const reading = worker.recognize(
        Buffer.from(data.buffer, data.byteOffset, data.byteLength),
        opts.rectangle ? { rectangle: opts.rectangle } : {},
        { text: false, tsv: true },
      );
      const result = await Promise.race([reading, death, overBudget, closing]);
      slot.pages++;
      pages++;
      countOcrPage((performance.now() - started) / 1000);
      if (result === 'timeout') {
        timeouts++;
        log?.warn(
          { slot: slot.id, budgetMs: opts.budgetMs ?? budgetMs },
          'OCR page over its time budget; replacing the worker',
        );
        return { text: '', words: [], confidence: 0, timedOut: true, langs };
      }
      if (dpi !== RENDER_DPI) await worker.setParameters({ user_defined_dpi: String(RENDER_DPI) });
      healthy = true;
      const confidence = Math.max(0, Math.min(100, result.data.confidence ?? 0));
      const tsv = result.data.tsv ?? '';
      const { text, words, skew } = layoutPage(wordsFromTsv(tsv));
      const size = pageSizeFromTsv(tsv);
      const geometry = size ? { geometry: { ...size, skew: Math.round(skew * 1e5) / 1e5 } } : {};
      return { text, words, confidence: Math.round(confidence) / 100, timedOut: false, langs, ...geometry };
    } catch (error) {
      if (error instanceof OcrError) throw error;
      throw new OcrError(`the page could not be read: ${typeof error === 'string' ? error : (error as Error).message}`);
    } finally {
      clearTimeout(timer);
      slot.fail = null;
      // A worker over budget is still busy with the page, and one that failed may be in any state: replace it.
      if (!healthy && slot.worker === worker && !closed) replace(slot);
      else release(slot);
    }
  }

  try {
    await Promise.all(slots.map((slot) => spawn(slot)));
  } catch (error) {
    closed = true;
    await Promise.all(slots.map((slot) => terminate(slot.worker)));
    await dir.remove();
    throw new OcrError(
      `could not start the OCR workers: ${typeof error === 'string' ? error : (error as Error).message}`,
    );
  }
  for (const slot of slots) release(slot);
  log?.info({ size, langs }, 'OCR pool ready');

  return {
    size,
    langs,
    recognize,
    stats: () => ({
      size,
      ready: slots.filter((s) => s.worker && !s.broken).length,
      busy: slots.filter((s) => s.busy && s.worker).length,
      queued: waiting.length,
      pages,
      timeouts,
      restarts,
      threads,
    }),
    async close() {
      if (closed) return;
      closed = true;
      waiting.rejectAll(new OcrError('the OCR pool is closed'));
      shut(new OcrError('the OCR pool is closed'));
      await Promise.all(slots.map((slot) => slot.starting));
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = null;
          await terminate(worker);
        }),
      );
      await dir.remove();
    },
  };
}
