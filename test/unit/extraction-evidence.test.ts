// Evidence from the parser alone: each found field points at the words its value was read from, as fractions of
// the page; the occurrence under the field's label is chosen over the same value elsewhere; OCR's look-alikes and
// its skew are undone; confidence and needs_review follow the documented rule.
import { describe, expect, it } from 'vitest';
import { evidenceOf, REVIEW_BELOW, type PageReading } from '../../domain/extraction/evidence.js';
import { extractFields } from '../../domain/extraction/fields.js';
import type { PositionedWord } from '../../domain/extraction/layout.js';
import { referencePattern } from '../../domain/extraction/locate.js';
import { prepare } from '../../domain/extraction/text.js';

const CHAR = 6;
const LINE = 14;
const PAGE: PageReading = { index: 0, source: 'text', width: 600, height: 840 };

/** Words of a monospaced page: each character CHAR wide, each line LINE high, from the top left. */
function wordsOf(text: string, confidence?: number): PositionedWord[] {
  return text.split('\n').flatMap((line, n) =>
    [...line.matchAll(/\S+/g)].map((m) => ({
      text: m[0],
      x0: m.index * CHAR,
      x1: (m.index + m[0].length) * CHAR,
      y0: n * LINE,
      y1: n * LINE + 10,
      page: 0,
      ...(confidence !== undefined ? { confidence } : {}),
    })),
  );
}

const SCHEDULE = [
  'Motor Insurance Schedule',
  'Policy number: PC48291033',
  'Annual premium   £250.00',
  'Excess   £250.00',
  'Period of insurance   01/03/2024 to 28/02/2025',
].join('\n');

describe('field evidence', () => {
  it('boxes each found field on its page as fractions, with the words it was read from', () => {
    const fields = extractFields(SCHEDULE, { words: wordsOf(SCHEDULE), pages: [PAGE] });
    const number = fields.evidence!.policy_number!;
    expect(number).toMatchObject({ page: 1, words: ['PC48291033'], source: 'text', needs_review: false });
    // Rounded to 4 decimals: a tenth of a point on a page.
    const want = { x: (15 * CHAR) / 600, y: LINE / 840, width: (10 * CHAR) / 600, height: 10 / 840 };
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(number.box![key]).toBeCloseTo(want[key], 4);
    expect(fields.evidence!.start_date!.words).toEqual(['01/03/2024']);
    expect(fields.evidence!.end_date!.words).toEqual(['28/02/2025']);
    expect(fields.evidence!.language).toMatchObject({ page: null, box: null, words: [] });
    expect(fields.evidence!.vehicle_registration).toBeUndefined();
  });

  it('points at the amount under its own label, not the same amount on another line', () => {
    const fields = extractFields(SCHEDULE, { words: wordsOf(SCHEDULE), pages: [PAGE] });
    expect(fields.coverage.excess).toEqual({ amount: 250, currency: 'GBP' });
    expect(fields.evidence!['coverage.excess']!.box!.y).toBeCloseTo((3 * LINE) / 840, 4);
  });

  it('has no box without word positions, and keeps the field confidence', () => {
    const fields = extractFields(SCHEDULE);
    expect(fields.evidence!.policy_number).toMatchObject({ page: null, box: null, source: 'text' });
    expect(fields.evidence!.policy_number!.confidence).toBe(fields.field_confidence.policy_number);
  });

  it("lowers an OCR'd field's confidence to the reading of its words, and asks for review under the threshold", () => {
    const ocr: PageReading = { ...PAGE, source: 'ocr' };
    const sure = extractFields(SCHEDULE, { words: wordsOf(SCHEDULE, 0.93), pages: [ocr], ocr: true });
    expect(sure.evidence!.policy_number).toMatchObject({ source: 'ocr', needs_review: false });
    const faint = extractFields(SCHEDULE, { words: wordsOf(SCHEDULE, 0.41), pages: [ocr], ocr: true });
    expect(faint.evidence!.policy_number).toMatchObject({ confidence: 0.41, needs_review: true });
    expect(0.41).toBeLessThan(REVIEW_BELOW);
  });

  it("weighs every field by the OCR'd pages' mean reading", () => {
    const ocr = { ...PAGE, source: 'ocr' as const, confidence: 0.8 };
    const text = extractFields(SCHEDULE);
    const read = extractFields(SCHEDULE, { pages: [ocr], ocr: true });
    expect(read.field_confidence.policy_number).toBeCloseTo(text.field_confidence.policy_number! * 0.8, 2);
  });

  it('undoes the skew OCR turned the words level by', () => {
    const doc = prepare('Policy number: PC48291033');
    doc.lines[0]!.words = [{ start: 15, end: 25, x0: 100, x1: 200, y0: 50, y1: 60, page: 0 }];
    const level = evidenceOf(doc, { line: 0, start: 15, end: 25 }, 0.9, [{ ...PAGE, skew: 0 }], 'ocr');
    const turned = evidenceOf(doc, { line: 0, start: 15, end: 25 }, 0.9, [{ ...PAGE, skew: 0.02 }], 'ocr');
    // x back by skew * y (50 * 0.02 = 1 point), y down by skew * the word's middle (150 * 0.02 = 3 points).
    expect(turned.box!.x - level.box!.x).toBeCloseTo(1 / 600, 3);
    expect(turned.box!.y - level.box!.y).toBeCloseTo(3 / 840, 3);
  });

  it("finds a reference as printed through OCR's look-alikes and separators", () => {
    const pattern = referencePattern('AB0123')!;
    expect('policy ab-o12 3 issued'.match(pattern)?.[0]).toBe('ab-o12 3');
    expect('xab0123'.match(pattern)).toBeNull();
  });
});
