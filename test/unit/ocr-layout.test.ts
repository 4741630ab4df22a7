// Rows rebuilt from OCR words: a table read by tesseract as a column of labels and a column of values, on a
// page turned by a degree, comes back as "label   value" lines.
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../domain/extraction/fields.js';
import { layoutPage, layoutWords, skewOf, wordsFromTsv, type OcrWord } from '../../infra/ocr/layout.js';

/** Words of a two-column table, rows 60 px apart, the page turned by `degrees`. */
function table(rows: [string, string][], degrees: number): OcrWord[] {
  const slope = Math.tan((degrees * Math.PI) / 180);
  const words: OcrWord[] = [];
  rows.forEach(([label, value], r) => {
    const place = (text: string, x: number, block: number) => {
      let left = x;
      for (const part of text.split(' ')) {
        const width = part.length * 22;
        const top = 200 + r * 60 + slope * (left + width / 2);
        // Tesseract reads the labels as block 1 and the values as block 2: one line per row in each.
        words.push({ text: part, confidence: 92, left, top, width, height: 34, line: `${block}.1.${r}` });
        left += width + 14;
      }
    };
    place(label, 150, 1);
    place(value, 900, 2);
  });
  return words;
}

const ROWS: [string, string][] = [
  ['Policy number', 'PC48291033'],
  ['Period of insurance', '01/03/2024 to 28/02/2025'],
  ['Registration mark', 'AB12 CDE'],
  ['Total excess', '£350'],
];

describe('OCR layout', () => {
  it('puts each value back beside its label, with a cell gap', () => {
    expect(layoutWords(table(ROWS, 0)).split('\n')).toEqual([
      'Policy number   PC48291033',
      'Period of insurance   01/03/2024 to 28/02/2025',
      'Registration mark   AB12 CDE',
      'Total excess   £350',
    ]);
  });

  it('measures the skew of a turned page and keeps rows apart', () => {
    const words = table(ROWS, 1.2);
    expect(skewOf(words)).toBeCloseTo(Math.tan((1.2 * Math.PI) / 180), 3);
    expect(layoutWords(words).split('\n')).toHaveLength(4);
    expect(layoutWords(words)).toContain('Registration mark   AB12 CDE');
  });

  it('drops specks read as punctuation or stray letters, keeps currency signs', () => {
    const words = table([['Excess', '£ 350']], 0);
    words.push({ text: '©', confidence: 95, left: 600, top: 200, width: 20, height: 30, line: '3.1.0' });
    words.push({ text: 'a', confidence: 21, left: 700, top: 202, width: 16, height: 20, line: '4.1.0' });
    expect(layoutWords(words)).toBe('Excess   £ 350');
  });

  it('keeps a monospaced line whole: its word gaps are a character cell wide, not a column break', () => {
    // Courier at 300 dpi: 25 px a character cell, a space plus the glyphs' bearings about 33 px between words, word
    // boxes about 24 px high (cap height): the gap is wider than the height rule (1.2 × 24) allows.
    const words: OcrWord[] = [];
    let left = 120;
    for (const part of 'Period of insurance: 01/02/2026 to 31/01/2027'.split(' ')) {
      words.push({
        text: part,
        confidence: 88,
        left,
        top: 400,
        width: part.length * 25 - 8,
        height: 24,
        line: '1.1.0',
      });
      left += part.length * 25 + 25;
    }
    // A real cell gap in the same font: the value padded to a column four characters on.
    words.push({ text: 'Excess:', confidence: 90, left: 120, top: 460, width: 7 * 25 - 8, height: 24, line: '1.1.1' });
    words.push({
      text: '£250',
      confidence: 90,
      left: 120 + 7 * 25 + 4 * 25,
      top: 460,
      width: 4 * 25 - 8,
      height: 24,
      line: '1.1.1',
    });
    expect(layoutWords(words).split('\n')).toEqual(['Period of insurance: 01/02/2026 to 31/01/2027', 'Excess:   £250']);
  });

  it('gives each word of the text its box, in the text’s order, the skew undone', () => {
    const words = table(ROWS, 1.2);
    const page = layoutPage(words);
    expect(page.text).toBe(layoutWords(words));
    // The words as the text reads them, each one once, minus nothing (no specks here).
    expect(page.words.map((w) => w.text).join(' ')).toBe(page.text.replace(/\s+/g, ' '));
    expect(page.words).toHaveLength(words.length);
    // Turned back level: the label and its value on one row share their top, give or take a pixel.
    const [label, value] = [
      page.words.find((w) => w.text === 'Registration')!,
      page.words.find((w) => w.text === 'AB12')!,
    ];
    expect(Math.abs(label.y0 - value.y0)).toBeLessThanOrEqual(1);
    expect(value.x0).toBeGreaterThan(label.x1);
    expect(page.words.every((w) => w.page === 0 && w.x1 > w.x0 && w.y1 > w.y0)).toBe(true);
  });

  it('lets the parser take a value under its label from the OCR words, not the other column’s', () => {
    // A form scanned: the policy number's label in the right column, its value under it; the left column's
    // customer number below its own label, one cell more on the row than the label's row has.
    const words: OcrWord[] = [];
    const put = (text: string, left: number, top: number, line: string) => {
      for (const part of text.split(' ')) {
        words.push({ text: part, confidence: 90, left, top, width: part.length * 22, height: 34, line });
        left += part.length * 22 + 14;
      }
    };
    put('Aviva Insurance Limited', 150, 100, '1.1.0');
    put('Motor insurance schedule', 150, 160, '1.1.1');
    put('Customer', 150, 260, '2.1.0');
    put('Policy number', 1200, 260, '3.1.0');
    put('Customer no.', 150, 320, '2.1.1');
    put('C00482917', 600, 320, '2.1.1');
    put('AV46868904', 1200, 320, '3.1.1');
    const page = layoutPage(words);
    expect(page.text.split('\n')[3]).toBe('Customer no.   C00482917   AV46868904');
    expect(extractFields(page.text).policy_number).toBeNull();
    expect(extractFields(page.text, { words: page.words }).policy_number).toBe('AV46868904');
  });

  it('reads tesseract TSV word rows', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t',
      '4\t1\t1\t1\t1\t0\t150\t200\t300\t34\t-1\t',
      '5\t1\t1\t1\t1\t1\t150\t200\t120\t34\t96.5\tPolicy',
      '5\t1\t1\t1\t1\t2\t284\t200\t160\t34\t95.1\tnumber',
    ].join('\n');
    expect(wordsFromTsv(tsv)).toEqual([
      { text: 'Policy', confidence: 96.5, left: 150, top: 200, width: 120, height: 34, line: '1.1.1' },
      { text: 'number', confidence: 95.1, left: 284, top: 200, width: 160, height: 34, line: '1.1.1' },
    ]);
  });
});
