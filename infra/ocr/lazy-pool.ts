// An OCR pool started on the first scanned page rather than with the worker: most jobs never need OCR, and
// every worker process (and every test worker) would otherwise pay seconds and ~150 MB per tesseract worker.
import { createOcrPool, DEFAULT_LANGS, defaultOcrWorkers, OcrError } from './pool.js';
import type { OcrPool, OcrPoolOptions, OcrPoolStats } from './pool-interface.js';

export function lazyOcrPool(options: OcrPoolOptions = {}): OcrPool {
  const size = options.size ?? defaultOcrWorkers();
  const langs = options.langs ?? DEFAULT_LANGS;
  let starting: Promise<OcrPool> | null = null;
  let pool: OcrPool | null = null;
  let closed = false;

  const started = (): Promise<OcrPool> => {
    if (closed) return Promise.reject(new OcrError('the OCR pool is closed'));
    // A pool that failed to start is tried again on the next page (the activity retries), not remembered.
    starting ??= createOcrPool({ ...options, size, langs }).then(
      (created) => (pool = created),
      (error: unknown) => {
        starting = null;
        throw error;
      },
    );
    return starting;
  };

  const idle: OcrPoolStats = { size, ready: 0, busy: 0, queued: 0, pages: 0, timeouts: 0, restarts: 0, threads: 0 };
  return {
    size,
    langs,
    recognize: async (image, recognizeOptions) => (await started()).recognize(image, recognizeOptions),
    stats: () => pool?.stats() ?? idle,
    async close() {
      closed = true;
      const running = await starting?.catch(() => null);
      await running?.close();
    },
  };
}
