// The tesseract.js pool on real workers: reading, sharing between concurrent callers, bounded images in
// memory, the time budget, cancellation, close(), and language data from disk without any network.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrPool } from '../../infra/ocr/pool-interface.js';
import { createOcrPool, OcrError } from '../../infra/ocr/pool.js';
import { fromRoot } from '../../infra/paths.js';
import { openPdf } from '../../infra/pdf/pdfjs.js';
import { renderPage } from '../../infra/pdf/render.js';
import { ensureCorpus, type Corpus } from '../corpus/corpus.js';
import { textImage } from '../support/extraction/images.js';
import { niceOfThreads } from '../support/threads.js';

const run = promisify(execFile);

let pool: OcrPool;
let corpus: Corpus;

beforeAll(async () => {
  pool = await createOcrPool({ size: 2 });
  // On a fresh clone another file may be generating the corpora (the label-blind ones too): waiting for them is
  // set-up, not the reading the test times.
  corpus = await ensureCorpus();
}, 600_000);

afterAll(async () => {
  await pool?.close();
});

const line = (n: number) => `Policy number PC4829${String(1000 + n)}`;

describe('OCR pool', () => {
  it('reads a scanned policy page (rotated, noisy) in English, German or French', async () => {
    const entry = corpus.entries.find((e) => e.truth.country === 'DE' && e.truth.layout === 'schedule')!;
    const doc = await openPdf(await readFile(entry.scanPdf));
    const page = await renderPage(await doc.getPage(1));
    await doc.destroy();
    const result = await pool.recognize(page.png);
    expect(result.timedOut).toBe(false);
    expect(result.confidence).toBeGreaterThan(0.7);
    expect(result.text).toContain(entry.truth.insurer_printed);
    // German words with umlauts come through: the deu data is loaded.
    expect(result.text).toMatch(/Versicherungsnehmer|Geltungsbereich|Selbstbeteiligung|Selbstbehalt/);
  }, 120_000);

  it('shares its workers between concurrent callers and reuses them', async () => {
    const before = pool.stats();
    const images = await Promise.all([1, 2, 3, 4, 5].map((n) => textImage([line(n), 'Start date 01/03/2024'])));
    const results = await Promise.all(images.map((image) => pool.recognize(image)));
    results.forEach((result, i) => expect(result.text).toContain(line(i + 1)));
    const after = pool.stats();
    expect(after.pages - before.pages).toBe(5);
    expect(after.restarts).toBe(before.restarts);
    expect(after).toMatchObject({ size: 2, ready: 2, busy: 0, queued: 0, threads: 2 });
  }, 120_000);

  it.runIf(process.platform === 'linux')('reads at a lower priority than the rest of the process', () => {
    // Each worker's thread yields the cores to the service's other threads (infra/ocr/ocr-thread.cjs); nothing
    // else in this process is drawing pages, so the two threads at nice 10 are the pool's.
    const nice = niceOfThreads();
    expect(nice.filter((n) => n === 10)).toHaveLength(2);
    expect(nice.filter((n) => n === 0).length).toBeGreaterThan(1);
  });

  it('makes an image only when a worker is free for it, so at most `size` exist at once', async () => {
    let live = 0;
    let most = 0;
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        pool.recognize(async () => {
          live++;
          most = Math.max(most, live);
          const image = await textImage([line(n)]);
          // Still held by the worker until it is done; released when the next image is made.
          setTimeout(() => live--, 0);
          return image;
        }),
      ),
    );
    expect(results.map((r) => r.text.trim())).toEqual([1, 2, 3, 4, 5, 6].map(line));
    expect(most).toBeLessThanOrEqual(2);
  }, 120_000);

  it('gives up waiting when the caller is cancelled, without taking a worker', async () => {
    const images = await Promise.all([1, 2, 3].map((n) => textImage([line(n)])));
    const blockers = [images[0]!, images[1]!].map((image) => pool.recognize(image));
    const controller = new AbortController();
    const waiting = pool.recognize(images[2]!, { signal: controller.signal });
    expect(pool.stats().queued).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(OcrError);
    await Promise.all(blockers);
    expect(pool.stats().queued).toBe(0);
  }, 120_000);

  it('passes on an image that is not one as an OcrError, and carries on', async () => {
    await expect(pool.recognize(Buffer.from('not an image at all'))).rejects.toBeInstanceOf(OcrError);
    const result = await pool.recognize(await textImage([line(9)]));
    expect(result.text).toContain(line(9));
  }, 120_000);
});

describe('OCR pool limits', () => {
  it('returns a page over its time budget as timed out, replaces the worker and reads the next page', async () => {
    const small = await createOcrPool({ size: 1, pageBudgetMs: 1 });
    try {
      const image = await textImage([line(1), line(2), line(3)]);
      const late = await small.recognize(image);
      expect(late).toEqual({ text: '', words: [], confidence: 0, timedOut: true, langs: ['eng', 'deu', 'fra'] });
      const next = await small.recognize(image, { budgetMs: 60_000 });
      expect(next.timedOut).toBe(false);
      expect(next.text).toContain(line(2));
      expect(small.stats()).toMatchObject({ timeouts: 1, restarts: 1, threads: 1 });
    } finally {
      await small.close();
    }
  }, 180_000);

  it('terminates its worker threads on close and refuses work afterwards', async () => {
    const closing = await createOcrPool({ size: 2 });
    expect(closing.stats().threads).toBe(2);
    const pending = closing.recognize(await textImage([line(1)])).then(
      () => 'read',
      (error: unknown) => error,
    );
    await closing.close();
    expect(closing.stats().threads).toBe(0);
    expect(await pending).toBeInstanceOf(OcrError);
    await expect(closing.recognize(await textImage([line(2)]))).rejects.toThrow(/closed/);
  }, 120_000);

  it('loads eng, deu and fra from the installed packages: no network, nothing written to the working directory', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'ocr-cwd-'));
    const temp = await mkdtemp(path.join(tmpdir(), 'ocr-tmp-'));
    // The image lives outside the working directory, which must stay empty.
    const image = path.join(temp, '..', `${path.basename(work)}.png`);
    try {
      await writeFile(
        image,
        await textImage(['Versicherungsschein Nr. KH-4711-0815', 'Numéro de contrat AU 2024 0012345']),
      );
      const { stdout, stderr } = await run(
        process.execPath,
        // tsx by absolute URL: worker threads resolve their --import from the working directory the child moves to.
        [
          '--import',
          fromRoot('test/support/extraction/network-guard.mjs'),
          '--import',
          pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href,
          fromRoot('test/support/extraction/ocr-offline.ts'),
          image,
          work,
        ],
        { cwd: fromRoot(), env: { ...process.env, TMPDIR: temp }, timeout: 120_000 },
      );
      expect(stderr).not.toMatch(/NETWORK ATTEMPT/);
      const result = JSON.parse(stdout.trim().split('\n').pop()!) as { text: string; threads: number };
      expect(result.text).toContain('KH-4711-0815');
      expect(result.text).toMatch(/Num[ée]ro de contrat/);
      expect(result.threads).toBe(0);
      // No traineddata cached into the working directory, and the pool's private data directory removed.
      expect(await readdir(work)).toEqual([]);
      expect((await readdir(temp)).filter((name) => name.startsWith('tessdata-'))).toEqual([]);
    } finally {
      await rm(image, { force: true });
      await rm(work, { recursive: true, force: true });
      await rm(temp, { recursive: true, force: true });
    }
  }, 180_000);

  it('would notice a network attempt, as tesseract.js makes by default from its worker thread (the guard works)', async () => {
    // tesseract.js left to its defaults downloads language data from a CDN; the guard must catch that.
    const script =
      "require('tesseract.js').createWorker('eng', 1, { cacheMethod: 'none', errorHandler() {} }).catch(() => {}); setTimeout(() => process.exit(0), 8000);";
    const { stderr } = await run(
      process.execPath,
      ['--import', fromRoot('test/support/extraction/network-guard.mjs'), '-e', script],
      {
        cwd: fromRoot(),
        timeout: 60_000,
      },
    );
    expect(stderr).toMatch(
      /NETWORK ATTEMPT \(worker thread\): fetch https:\/\/cdn\.jsdelivr\.net\/npm\/@tesseract\.js-data\/eng/,
    );
  }, 90_000);
});
