// Document extraction as small activities for the `extraction-{job_id}` workflow: validate the PDF, read its
// text layer, OCR the pages without usable text, parse the fields. The PDF stays in the blob store; only its
// id and page texts pass through workflow history.
//
// A refusal of the document (DomainError: invalid_document, payload_too_large) is final: ApplicationFailure
// non-retryable, its type the error code, its message fit for the caller. A worker problem (an OCR thread
// that died, the pool closing during shutdown) is an ordinary error that Temporal retries.
import { traced } from '../infra/tracing/spans.js';
import { ApplicationFailure, CancelledFailure, Context } from '@temporalio/activity';
import { isDomainError } from '../domain/errors.js';
import { extractFields } from '../domain/extraction/fields.js';
import type { RankerModel } from '../domain/extraction/ranker.js';
import type { DocumentLanguage } from '../domain/extraction/types.js';
import type { PositionedWord } from '../domain/extraction/layout.js';
import type { ExtractionResult, InsurerMatcher, PolicyFormatCheck } from '../domain/extraction/types.js';
import { BlobNotFoundError, type BlobStore } from '../infra/blobs.js';
import type { Logger } from '../infra/logger.js';
import { sureLanguage } from '../infra/ocr/language-first.js';
import type { OcrPool } from '../infra/ocr/pool-interface.js';
import { MAX_PAGES } from '../infra/pdf/limits.js';
import { openPdf, type PDFDocumentProxy } from '../infra/pdf/pdfjs.js';
import { renderApart } from '../infra/pdf/render-apart.js';
import { readPages } from '../infra/pdf/text-layer.js';
import { inspect } from '../infra/pdf/validate.js';

export interface ExtractionDeps {
  blobs: BlobStore;
  ocr: OcrPool;
  matchInsurer?: InsurerMatcher;
  fitsPolicyFormat?: PolicyFormatCheck;
  logger: Logger;
  /** How long a document that is not in the blob store yet is waited for (default BLOB_WAIT_MS). */
  blobWaitMs?: number;
  /**
   * The ranking model the parse uses, read at each parse (null: the rules' own choice); by default the trained one
   * (domain/extraction/model/ranker.json). The accuracy bench swaps models between runs to score each kind left out.
   */
  ranker?: () => RankerModel | null;
}

/**
 * The API stores a document only once its job is admitted, and the workflow starts at admission: its first
 * activity may run a moment before the file lands. A blob still missing after this long is gone (the API died
 * between admission and storing it): the job fails with a clear error and its credit is released.
 */
export const BLOB_WAIT_MS = 20_000;

/** A page's size in the units of its words' boxes, and the skew OCR turned them level by (see PageReading). */
export interface PageGeometry {
  width: number;
  height: number;
  skew?: number;
}

export interface TextLayer {
  /** `words`: where the text's words sit (see PositionedWord), for fields found by layout and their evidence. */
  pages: { index: number; text: string; usable: boolean; words?: PositionedWord[]; geometry?: PageGeometry }[];
}

export interface OcrPage {
  index: number;
  text: string;
  /** 0..1; 0 for a page that went over its time budget. */
  confidence: number;
  words?: PositionedWord[];
  geometry?: PageGeometry;
}

export interface ParseInput {
  /**
   * Page texts, from the text layer or OCR; `confidence` (0..1) for OCR pages; `words` where the reader gave
   * their positions (a page without them is read by the text rules alone).
   */
  pages: { index: number; text: string; confidence?: number; words?: PositionedWord[]; geometry?: PageGeometry }[];
  method: 'text' | 'ocr';
  pageCount: number;
}

/** Heartbeats while a long step runs, so a worker that died is noticed by heartbeat timeout. */
const HEARTBEAT_MS = 5_000;

const shortId = (blobId: string) => blobId.slice(0, 12);

/**
 * Word positions an activity hands on, all pages together: they travel through workflow history (about 80 bytes
 * a word), which must stay well under Temporal's payload limit. A document of ordinary pages stays far below;
 * past the budget, later pages go without positions and their fields are read by the text alone.
 */
export const WORD_BUDGET = 8_000;

function withinBudget<P extends { words?: PositionedWord[] }>(pages: P[]): P[] {
  let left = WORD_BUDGET;
  return pages.map((page) => {
    const words = page.words ?? [];
    if (words.length <= left) {
      left -= words.length;
      return page;
    }
    left = 0;
    const { words: _dropped, ...rest } = page;
    return rest as P;
  });
}

function refuse(error: unknown): never {
  if (isDomainError(error)) throw ApplicationFailure.nonRetryable(error.message, error.code);
  if (error instanceof BlobNotFoundError) {
    throw ApplicationFailure.nonRetryable('The uploaded document is no longer available.', 'internal_error');
  }
  throw error;
}

/** The language the usable text layer of the pages not being read surely shows, or null. */
async function textLayerLanguage(doc: PDFDocumentProxy, reading: readonly number[]): Promise<DocumentLanguage | null> {
  const others = (await readPages(doc)).filter((p) => p.usable && !reading.includes(p.index));
  return others.length > 0 ? sureLanguage(others.map((p) => p.text).join('\n')) : null;
}

export function extractionActivities(deps: ExtractionDeps) {
  const log = deps.logger.child({ component: 'extraction' });

  async function getBlob(blobId: string): Promise<Buffer> {
    const deadline = Date.now() + (deps.blobWaitMs ?? BLOB_WAIT_MS);
    for (;;) {
      try {
        return await deps.blobs.get(blobId);
      } catch (error) {
        if (!(error instanceof BlobNotFoundError) || Date.now() >= deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  /** Loads and validates; every activity validates again, as a retry may run on another worker. */
  async function load(blobId: string): Promise<{ bytes: Buffer; pages: number }> {
    try {
      const bytes = await getBlob(blobId);
      const { pages } = await inspect(bytes);
      return { bytes, pages };
    } catch (error) {
      refuse(error);
    }
  }

  async function withDocument<T>(bytes: Buffer, use: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
    const doc = await openPdf(bytes);
    try {
      return await use(doc);
    } finally {
      await doc.destroy();
    }
  }

  return {
    async validateDocument(blobId: string): Promise<{ pages: number }> {
      const { pages } = await load(blobId);
      log.info({ blob: shortId(blobId), pages }, 'document accepted');
      return { pages };
    },

    async readTextLayer(blobId: string): Promise<TextLayer> {
      const { bytes } = await load(blobId);
      const pages = withinBudget(await withDocument(bytes, readPages));
      log.info(
        { blob: shortId(blobId), pages: pages.length, usable: pages.filter((p) => p.usable).length },
        'text layer read',
      );
      return { pages };
    },

    async ocrPages(blobId: string, pageIndexes: number[]): Promise<OcrPage[]> {
      const { bytes, pages } = await load(blobId);
      const wanted = [...new Set(pageIndexes)].sort((a, b) => a - b);
      if (wanted.length > MAX_PAGES || wanted.some((i) => !Number.isInteger(i) || i < 0 || i >= pages)) {
        throw ApplicationFailure.nonRetryable(
          `page indexes must be distinct integers from 0 to ${pages - 1}`,
          'invalid_request',
        );
      }
      // The document's language, once known, spares each later page the look that finds it (infra/ocr/language-first.ts):
      // from the text layer of its other pages, else from the first page read that surely shows it.
      let language: DocumentLanguage | null =
        wanted.length < pages ? await withDocument(bytes, (doc) => textLayerLanguage(doc, wanted)) : null;
      const context = Context.current();
      let done = 0;
      const beat = setInterval(() => context.heartbeat({ done }), HEARTBEAT_MS);
      const started = Date.now();
      try {
        const results = await Promise.all(
          wanted.map(async (index): Promise<OcrPage> => {
            // Drawn in a thread of its own when an OCR worker is free for it: never on this event loop.
            const render = async () => {
              try {
                const { png, dpi, probe } = await renderApart(bytes, index);
                return { data: png, dpi, probe };
              } catch {
                throw ApplicationFailure.nonRetryable(
                  `Page ${index + 1} of the PDF could not be rendered.`,
                  'invalid_document',
                );
              }
            };
            const page = await traced('ocr.page', { 'pvs.page': index + 1 }, () =>
              deps.ocr.recognize(render, { signal: context.cancellationSignal, language: () => language }),
            );
            language ??= page.language ?? null;
            done++;
            context.heartbeat({ done });
            if (page.timedOut)
              log.warn({ blob: shortId(blobId), page: index }, 'OCR page over its time budget: read as empty');
            const words = (page.words ?? []).map((word) => ({ ...word, page: index }));
            const geometry = page.geometry ? { geometry: page.geometry } : {};
            return { index, text: page.text, confidence: page.confidence, words, ...geometry };
          }),
        );
        log.info({ blob: shortId(blobId), pages: results.length, ms: Date.now() - started }, 'pages read by OCR');
        return withinBudget(results);
      } catch (error) {
        // Cancelled by the workflow (or a lost heartbeat): report it as a cancellation, not a failure.
        if (context.cancellationSignal.aborted) throw new CancelledFailure('OCR cancelled');
        throw error;
      } finally {
        clearInterval(beat);
      }
    },

    /** The job has ended: its document is not needed any more (deleting one already gone is no error). */
    async discardDocument(blobId: string): Promise<void> {
      await deps.blobs.delete(blobId);
    },

    async parseFields(input: ParseInput): Promise<ExtractionResult> {
      const pages = [...input.pages].sort((a, b) => a.index - b.index);
      const text = pages.map((p) => p.text).join('\n\n');
      // In the text's order: page by page, each page's words as its reader laid them out.
      const words = pages.flatMap((p) => (p.words ?? []).map((word) => ({ ...word, page: p.index })));
      // How each page was read and its size, for the evidence boxes; an OCR'd page's confidence weighs its fields.
      const readings = pages.map(({ index, confidence, geometry }) => ({
        index,
        source: confidence === undefined ? ('text' as const) : ('ocr' as const),
        width: geometry?.width ?? 0,
        height: geometry?.height ?? 0,
        ...(geometry?.skew ? { skew: geometry.skew } : {}),
        ...(confidence !== undefined && input.method === 'ocr' ? { confidence } : {}),
      }));
      const fields = extractFields(text, {
        ...(deps.matchInsurer ? { matchInsurer: deps.matchInsurer } : {}),
        ...(deps.fitsPolicyFormat ? { fitsPolicyFormat: deps.fitsPolicyFormat } : {}),
        ...(words.length > 0 ? { words } : {}),
        ocr: input.method === 'ocr',
        pages: readings,
        ...(deps.ranker ? { ranker: deps.ranker() } : {}),
      });
      return { ...fields, pages: input.pageCount, method: input.method };
    },
  };
}

export type ExtractionActivities = ReturnType<typeof extractionActivities>;
