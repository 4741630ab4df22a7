// What the OCR pool (infra/ocr/pool.ts) offers the extraction: a page image in, its text and words out.
import type { DocumentLanguage } from '../../domain/extraction/types.js';
import type { PositionedWord } from '../../domain/extraction/layout.js';
import type { Logger } from '../logger.js';

export interface OcrPageResult {
  text: string;
  /** Where the text's words sit, in its order (page 0: the caller knows which page it is). */
  words?: PositionedWord[];
  /** Tesseract's mean word confidence, 0..1. */
  confidence: number;
  /** The image's size in pixels and the skew its word boxes were turned level by (infra/ocr/layout.ts). */
  geometry?: { width: number; height: number; skew: number };
  /** The page went over its time budget; text is empty. */
  timedOut: boolean;
  /** The tesseract languages the page was read with. */
  langs?: readonly string[];
  /** The language the page is surely in, as far as its reading tells (language-first.ts); null when unsure. */
  language?: DocumentLanguage | null;
}

/**
 * Encoded image bytes (PNG, JPEG, …), at OCR_DPI (infra/pdf/limits.ts) unless given; `probe`, a strip of the
 * page's densest print at the same resolution, read first to tell the page's language (infra/pdf/text-band.ts).
 */
export type Image = Uint8Array | { data: Uint8Array; dpi: number; probe?: Uint8Array };

export type ImageSource = Image | (() => Promise<Image>);

export interface RecognizeOptions {
  /** Gives up waiting for a worker (the page is not read) when aborted: an activity cancelled. */
  signal?: AbortSignal;
  /** Overrides the pool's budget for this page. */
  budgetMs?: number;
  /** Reads only this part of the image (pixels from its top-left corner): a quick look at a band of text. */
  rectangle?: { left: number; top: number; width: number; height: number };
  /**
   * What is known of the page's language before it is read (the document's text layer, a page of it already
   * read), asked once a worker is free for the page; null when nothing is.
   */
  language?: () => DocumentLanguage | null;
}

export interface OcrPoolStats {
  size: number;
  ready: number;
  busy: number;
  queued: number;
  pages: number;
  timeouts: number;
  restarts: number;
  /** Worker threads alive; 0 once closed. */
  threads: number;
}

export interface OcrPool {
  readonly size: number;
  readonly langs: readonly string[];
  /**
   * Reads one page image. `image` may be a function producing it, called only once a worker is free: a caller
   * with twenty pages can submit them all without twenty images in memory.
   */
  recognize(image: ImageSource, options?: RecognizeOptions): Promise<OcrPageResult>;
  stats(): OcrPoolStats;
  close(): Promise<void>;
}

export interface OcrPoolOptions {
  /** Workers; default: one fewer than the CPUs, at least 1, at most 4. */
  size?: number;
  /** Tesseract language codes, each from an @tesseract.js-data package; default eng, deu, fra. */
  langs?: string[];
  /** Time budget per page; default 90 s. */
  pageBudgetMs?: number;
  /** Pages a worker reads before it is replaced; default 200. */
  maxPagesPerWorker?: number;
  logger?: Logger;
}
