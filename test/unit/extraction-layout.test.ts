// Fields found by layout: the words' positions pair a label with its value beside it, under it, or in its
// table column, where the text alone would take another column's value; without positions the text rules read
// the same document as before.
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../domain/extraction/fields.js';
import { cellsOf, placeWords, valueByLayout, type PositionedWord } from '../../domain/extraction/layout.js';
import { prepare } from '../../domain/extraction/text.js';
import { layoutItems } from '../../infra/pdf/text-layer.js';

/** A cell of words starting at x on a row at y, 7 units a character, 10 high, as a reader would report them. */
function cell(text: string, x: number, y: number, page = 0): PositionedWord[] {
  const words: PositionedWord[] = [];
  let at = x;
  for (const word of text.split(' ')) {
    words.push({ text: word, x0: at, y0: y, x1: at + 7 * word.length, y1: y + 10, page });
    at += 7 * (word.length + 1);
  }
  return words;
}

/** Rows of cells: [x, text] pairs per row, rows 16 apart; the text laid out as a reader would (cells 3 spaces apart). */
function page(rows: [number, string][][], top = 100, pageIndex = 0): { text: string; words: PositionedWord[] } {
  const words: PositionedWord[] = [];
  const lines = rows.map((row, r) => {
    for (const [x, text] of row) words.push(...cell(text, x, top + 16 * r, pageIndex));
    return row.map(([, text]) => text).join('   ');
  });
  return { text: lines.join('\n'), words };
}

describe('words placed on the text', () => {
  it('finds each word at its characters, and a line its cells with their boxes', () => {
    const { text, words } = page([
      [
        [50, 'Policy number'],
        [300, 'Start date'],
      ],
    ]);
    const doc = prepare(text);
    const placed = placeWords(doc.lines, words);
    doc.lines[0]!.words = placed.get(0);
    expect(placed.get(0)!.map((w) => doc.lines[0]!.text.slice(w.start, w.end))).toEqual([
      'Policy',
      'number',
      'Start',
      'date',
    ]);
    expect(cellsOf(doc.lines[0]!)).toMatchObject([
      { text: 'Policy number', x0: 50, x1: 50 + 7 * 13 },
      { text: 'Start date', x0: 300 },
    ]);
  });

  it('passes over a word the text does not hold, and splits a reader item of several words', () => {
    const doc = prepare('Insurer   Allianz Versicherungs-AG');
    const words: PositionedWord[] = [
      { text: 'Insurer', x0: 50, y0: 100, x1: 99, y1: 110, page: 0 },
      { text: '©', x0: 120, y0: 100, x1: 127, y1: 110, page: 0 },
      { text: 'Allianz Versicherungs-AG', x0: 300, y0: 100, x1: 300 + 7 * 24, y1: 110, page: 0 },
    ];
    const placed = placeWords(doc.lines, words).get(0)!;
    expect(placed.map((w) => [w.start, w.x0])).toEqual([
      [0, 50],
      [10, 300],
      [18, 356],
    ]);
  });
});

describe('words from the PDF text layer', () => {
  it('gives each word its box from the top of the page, in the text’s order, an item of several words shared out', () => {
    // pdf.js items: PDF space, y upwards from the bottom of an 842 pt page; 10 pt type, 5 pt a character.
    const items = [
      { str: 'Policy number', x: 50, y: 700, width: 65, size: 10 },
      { str: 'PC48291033', x: 250, y: 700, width: 50, size: 10 },
      { str: 'Start date', x: 50, y: 684, width: 50, size: 10 },
    ];
    const { lines, words } = layoutItems(items, 842, 2);
    expect(lines).toEqual(['Policy number   PC48291033', 'Start date']);
    expect(words).toEqual([
      { text: 'Policy', x0: 50, y0: 134, x1: 80, y1: 144, page: 2 },
      { text: 'number', x0: 85, y0: 134, x1: 115, y1: 144, page: 2 },
      { text: 'PC48291033', x0: 250, y0: 134, x1: 300, y1: 144, page: 2 },
      { text: 'Start', x0: 50, y0: 150, x1: 75, y1: 160, page: 2 },
      { text: 'date', x0: 80, y0: 150, x1: 100, y1: 160, page: 2 },
    ]);
  });
});

describe('a label paired with its value by layout', () => {
  it('takes the value to the right of its label on the same row', () => {
    const { text, words } = page([
      [[50, 'AXA Insurance UK plc']],
      [[50, 'Motor Insurance Schedule']],
      [
        [50, 'Policy number'],
        [250, 'AXK48291033'],
      ],
      [
        [50, 'Period of insurance'],
        [250, '01/03/2024 to 28/02/2025'],
      ],
    ]);
    const fields = extractFields(text, { words });
    expect(fields).toMatchObject({ policy_number: 'AXK48291033', start_date: '2024-03-01', end_date: '2025-02-28' });
  });

  it('takes the value below its label, in the label’s column, whatever the other column holds', () => {
    // Two columns: the left one holds label-value rows, the right one a label over its value. The line under the
    // label has a cell more than the label's line, so the text rules alone cannot tell its columns apart.
    const rows: [number, string][][] = [
      [[50, 'Allianz Versicherungs-AG']],
      [[50, 'Kfz-Versicherung Versicherungsschein']],
      [
        [50, 'Versicherungsnehmer'],
        [320, 'Versicherungsschein-Nr.'],
      ],
      [
        [50, 'Kundennummer'],
        [170, '77341123'],
        [320, 'KH-4711-0815'],
      ],
      [
        [50, 'Geburtsdatum'],
        [170, '03.04.1979'],
        [320, 'Ablauf'],
      ],
      [
        [50, 'Beginn'],
        [170, '01.03.2024'],
        [320, '01.03.2025'],
      ],
    ];
    const { text, words } = page(rows);
    expect(extractFields(text)).toMatchObject({ policy_number: null });
    const fields = extractFields(text, { words });
    expect(fields).toMatchObject({ policy_number: 'KH-4711-0815', start_date: '2024-03-01', end_date: '2025-03-01' });
  });

  it('takes the value in its table column from the row below a header of several cells', () => {
    // The value row has a cell fewer than the header (no end date printed): counting cells cannot tell the columns.
    const { text, words } = page([
      [[50, 'Zurich Insurance plc']],
      [[50, 'Travel Insurance Certificate']],
      [
        [50, 'Policyholder'],
        [200, 'Policy number'],
        [350, 'Start date'],
        [470, 'End date'],
      ],
      [
        [50, 'Ms Jane Doe'],
        [350, '12/04/2025'],
      ],
      [
        [50, 'Reference'],
        [200, 'Certificate no.'],
      ],
      [
        [50, 'A-1'],
        [200, 'ZT55120987'],
      ],
    ]);
    expect(extractFields(text)).toMatchObject({ start_date: null });
    expect(extractFields(text, { words })).toMatchObject({
      start_date: '2025-04-12',
      end_date: null,
      policy_number: 'ZT55120987',
    });
  });

  it('finds nothing under a label whose column is empty below it, rather than the next column’s value', () => {
    const { text, words } = page([
      [
        [50, 'Policyholder'],
        [300, 'Policy number'],
      ],
      [[50, 'Ms Jane Doe 1234567']],
    ]);
    const doc = prepare(text);
    for (const [n, placed] of placeWords(doc.lines, words)) doc.lines[n]!.words = placed;
    expect(valueByLayout(doc.lines[0]!, 'Policyholder   '.length, [doc.lines[1]!], 'below')).toBe('');
    expect(valueByLayout(doc.lines[0]!, 0, [doc.lines[1]!], 'below')).toBe('Ms Jane Doe 1234567');
    expect(extractFields(text, { words }).policy_number).toBeNull();
  });

  it('does not look for a value on another page', () => {
    const first = page([[[50, 'Motor insurance']], [[300, 'Policy number']]], 700, 0);
    const second = page([[[300, 'AB99887766   Page 2 of 2']]], 40, 1);
    const text = `${first.text}\n\n${second.text}`;
    expect(extractFields(text).policy_number).toBe('AB99887766');
    expect(extractFields(text, { words: [...first.words, ...second.words] }).policy_number).toBeNull();
  });

  it('takes a value set a little off its label’s row, which the text put on a line of its own', () => {
    const doc = prepare('Registration mark\nAB12 CDE');
    const words = [...cell('Registration mark', 50, 100), ...cell('AB12 CDE', 250, 104)];
    for (const [n, placed] of placeWords(doc.lines, words)) doc.lines[n]!.words = placed;
    expect(valueByLayout(doc.lines[0]!, 0, [doc.lines[1]!], 'below')).toBe('AB12 CDE');
  });
});

describe('the text rules without positions', () => {
  it('read label and value from the text alone, as before', () => {
    const text = [
      'AXA Insurance UK plc',
      'Motor Insurance Schedule',
      'Policy number   AXK48291033',
      'Period of insurance',
      '01/03/2024 to 28/02/2025',
      'Registration mark   AB12 CDE',
    ].join('\n');
    const fields = extractFields(text);
    expect(fields).toMatchObject({
      policy_number: 'AXK48291033',
      start_date: '2024-03-01',
      end_date: '2025-02-28',
      vehicle_registration: 'AB12 CDE',
    });
    expect(extractFields(text, { words: [] })).toEqual(fields);
  });

  it('fall back to the text where the words cannot be placed', () => {
    const text = 'Policy number\nPC48291033';
    const words = [...cell('Something else entirely', 50, 100)];
    expect(extractFields(text, { words }).policy_number).toBe('PC48291033');
  });
});
