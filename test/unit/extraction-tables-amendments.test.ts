// Issue 53, kinds nobody described: this year's cover printed beside last year's in a table (either column
// first), and an amendment that moves the end a schedule still prints. Read by the rules alone and by the
// trained model; a table's column header is the label of the values under it.
import { describe, expect, it } from 'vitest';
import { amendedDates } from '../../domain/extraction/amendments.js';
import { columnHeader } from '../../domain/extraction/column-header.js';
import { extractFields } from '../../domain/extraction/fields.js';
import { placeWords } from '../../domain/extraction/layout.js';
import { dateMentions } from '../../domain/extraction/period-arithmetic.js';
import { prepare } from '../../domain/extraction/text.js';
import { wordsOf } from '../../scripts/extraction-training/extract.js';
import { registerFormats, registerMatcher } from '../corpus/register.js';

const options = { matchInsurer: registerMatcher(), fitsPolicyFormat: registerFormats() };
const read = (text: string, ranker?: null) => {
  const fields = extractFields(text, ranker === null ? { ...options, ranker: null } : options);
  return [fields.policy_number, fields.start_date, fields.end_date];
};

// Last year's column first, as a renewal notice prints it; the labels of the rows and the columns in each language.
const TABLES = {
  en: `Motor Insurance Renewal
                   Last year        This year
Policy number      XR77120934       KF88341205
Start date         01/03/2025       01/03/2026
End date           28/02/2026       28/02/2027`,
  de: `Kfz-Versicherung Beitragsvergleich
                   Bisher           Neu
Vertragsnummer     XR77120934       KF88341205
Beginn             01.03.2025       01.03.2026
Ablauf             28.02.2026       28.02.2027`,
  fr: `Assurance automobile
                   Année précédente     Cette année
Contrat n°         XR77120934           KF88341205
Date d'effet       01/03/2025           01/03/2026
Échéance           28/02/2026           28/02/2027`,
};

describe("a table of this year's cover beside last year's", () => {
  it.each(Object.entries(TABLES))('reads the current column, not the first (%s)', (_, text) => {
    expect(read(text, null)).toEqual(['KF88341205', '2026-03-01', '2027-02-28']);
    expect(read(text)).toEqual(['KF88341205', '2026-03-01', '2027-02-28']);
  });

  it('takes the first column when it is the current one', () => {
    const text = TABLES.en.replace('Last year        This year', 'This year        Last year');
    const swapped = text
      .split('\n')
      .map((line) => line.replace(/^(\S+(?: \S+)*\s{3,})(\S+)(\s+)(\S+)$/, '$1$4$3$2'))
      .join('\n');
    expect(read(swapped)).toEqual(['KF88341205', '2026-03-01', '2027-02-28']);
  });

  it("names a value's column header, by the words' boxes or counted from the right", () => {
    const doc = prepare(TABLES.en);
    const at = (n: number, value: string) => doc.lines[n]!.text.indexOf(value);
    expect(columnHeader(doc, 2, at(2, 'XR77120934'))).toBe('last year');
    expect(columnHeader(doc, 4, at(4, '28/02/2027'))).toBe('this year');
    const placed = placeWords(doc.lines, wordsOf(TABLES.en.split('\n'), 0));
    for (const [n, words] of placed) doc.lines[n]!.words = words;
    expect(columnHeader(doc, 3, at(3, '01/03/2025'))).toBe('last year');
    // A label and its value alone on a line are no table: the line above is not their header.
    const form = prepare('Insured     Anna Fischer\nStart     01/03/2026');
    expect(columnHeader(form, 1, form.lines[1]!.text.indexOf('01'))).toBe('');
  });
});

describe('an amendment that moves the end', () => {
  const schedule = (end: string) => `Policy Schedule
Policy number: KF88341205
Start date: 01/03/2026
End date: ${end}`;

  it.each([
    ['en', `${schedule('31/08/2026')}\n\nEndorsement: the end date changes from 31/08/2026 to 28/02/2027`],
    [
      'de',
      `Versicherungsschein\nVertragsnummer: KF88341205\nBeginn: 01.03.2026\nAblauf: 31.08.2026\n\nNachtrag: Ablauf neu 28.02.2027 (bisher 31.08.2026)`,
    ],
    [
      'fr',
      `Conditions particulières\nContrat n° KF88341205\nDate d'effet : 01/03/2026\nÉchéance : 31/08/2026\n\nAvenant : la date d'échéance passe du 31/08/2026 au 28/02/2027`,
    ],
  ])('reads the new end, not the one the schedule still prints (%s)', (_, text) => {
    expect(read(text, null)).toEqual(['KF88341205', '2026-03-01', '2027-02-28']);
    expect(read(text)).toEqual(['KF88341205', '2026-03-01', '2027-02-28']);
  });

  it('is no amendment where the dates are a period printed once', () => {
    const text = 'Policy number: KF88341205\nYour cover has been extended from 01/03/2026 to 28/02/2027.';
    expect(amendedDates(prepare(text), dateMentions(prepare(text))).size).toBe(0);
    expect(read(text)).toEqual(['KF88341205', '2026-03-01', '2027-02-28']);
  });
});
