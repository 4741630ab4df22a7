// Where each field was read, for a person checking the result (or correcting it) beside the page: the page, the
// box around the words as fractions of the page (the same at any DPI or page size), the words themselves, which
// reader gave them, and how sure the service is of the value read there. The shape (FieldEvidence) is types.ts's.
import type { PlacedWord } from './boxes.js';
import type { Span } from './locate.js';
import type { Doc } from './text.js';
import type { EvidenceSource, FieldEvidence, FieldKey } from './types.js';

/**
 * Under this confidence a field needs a person's review. Set where a value is either label-anchored but read by
 * OCR from a poor image, or not anchored by any label (a wording found in running text scores 0.6 at best, a
 * name found in prose less): both are right often enough to return, not often enough to act on unseen.
 */
export const REVIEW_BELOW = 0.6;

/** How a page was read and how large it is, in the units of its words' boxes (PDF points or image pixels). */
export interface PageReading {
  /** 0-based, as PositionedWord.page. */
  index: number;
  source: EvidenceSource;
  width: number;
  height: number;
  /**
   * The slope (dy/dx) by which OCR turned its word boxes level (infra/ocr/layout.ts); 0 or absent for a text
   * layer. The evidence box is given on the page as it is, so the turn is undone.
   */
  skew?: number;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const clamp = (n: number) => Math.min(1, Math.max(0, n));

/** A word's box on the page as scanned: the level box turned back by the skew (layout.ts turned it level). */
function unturned(word: PlacedWord, skew: number): { x0: number; y0: number; x1: number; y1: number } {
  if (!skew) return word;
  const x0 = word.x0 + skew * word.y0;
  const x1 = word.x1 + skew * word.y0;
  const shift = skew * ((x0 + x1) / 2);
  return { x0: Math.min(x0, x1), x1: Math.max(x0, x1), y0: word.y0 + shift, y1: word.y1 + shift };
}

/** The evidence of one field: its span's words boxed on their page, or no place when the span has no words. */
export function evidenceOf(
  doc: Doc,
  span: Span | null,
  fieldConfidence: number,
  pages: readonly PageReading[],
  fallbackSource: EvidenceSource,
): FieldEvidence {
  const line = span ? doc.lines[span.line] : undefined;
  const words = line && span ? (line.words ?? []).filter((w) => w.start < span.end && w.end > span.start) : [];
  const page = words.length > 0 ? pages.find((p) => p.index === words[0]!.page) : undefined;
  if (!line || !page || !(page.width > 0 && page.height > 0)) {
    const confidence = round(clamp(fieldConfidence));
    return {
      page: null,
      box: null,
      words: [],
      source: fallbackSource,
      confidence,
      needs_review: confidence < REVIEW_BELOW,
    };
  }
  const onPage = words.filter((w) => w.page === page.index);
  const boxes = onPage.map((w) => unturned(w, page.skew ?? 0));
  const x0 = clamp(Math.min(...boxes.map((b) => b.x0)) / page.width);
  const y0 = clamp(Math.min(...boxes.map((b) => b.y0)) / page.height);
  const x1 = clamp(Math.max(...boxes.map((b) => b.x1)) / page.width);
  const y1 = clamp(Math.max(...boxes.map((b) => b.y1)) / page.height);
  const read = onPage.map((w) => w.confidence).filter((c): c is number => c !== undefined);
  const reading = read.length > 0 ? read.reduce((a, b) => a + b, 0) / read.length : 1;
  const confidence = round(clamp(Math.min(fieldConfidence, reading)));
  return {
    page: page.index + 1,
    box: { x: round(x0), y: round(y0), width: round(x1 - x0), height: round(y1 - y0) },
    words: onPage.map((w) => line.text.slice(w.start, w.end)),
    source: page.source,
    confidence,
    needs_review: confidence < REVIEW_BELOW,
  };
}

/** Every found field's evidence; a field not found has none. */
export function fieldEvidence(
  doc: Doc,
  spans: Record<FieldKey, Span | null>,
  confidence: Record<FieldKey, number>,
  found: Record<FieldKey, boolean>,
  pages: readonly PageReading[],
  fallbackSource: EvidenceSource,
): Partial<Record<FieldKey, FieldEvidence>> {
  const out: Partial<Record<FieldKey, FieldEvidence>> = {};
  for (const key of Object.keys(spans) as FieldKey[])
    if (found[key]) out[key] = evidenceOf(doc, spans[key], confidence[key], pages, fallbackSource);
  return out;
}
