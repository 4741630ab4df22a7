// The second written-apart corpus checked without the parser: its size and spread, and, on the text layer of its
// rendered PDFs (pdf.js, as the service opens PDFs), that every expected value is printed as written: the policy
// number, the plate, each date in one of the forms the papers use, and the underwriter's name, which must also be
// the name the register holds for the intended reference. Nothing here runs extraction, so it may be run at will;
// the scoring is apart.test.ts.
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../infra/pdf/pdfjs.js';
import { buildVerification } from '../../infra/verification/load.js';
import { plateKey } from '../corpus-apart/formats.js';
import { apart2Corpus, apart2Papers } from './corpus.js';
import { day, nirFor, writtenForms } from './paper.js';

/** The text layer, page by page: each run's string, a space between runs, whitespace collapsed. */
async function textLayer(pdf: Buffer): Promise<string[]> {
  const doc = await openPdf(pdf);
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** The NIR's key: 97 minus the number modulo 97, Corsica's 2A and 2B counting as 19 and 18. */
const nirKeyOk = (value: string) => {
  const s = value.replace(/ /g, '');
  return 97 - Number(BigInt(s.slice(0, 13).replace('2A', '19').replace('2B', '18')) % 97n) === Number(s.slice(13));
};

describe('the second written-apart corpus, without the parser', () => {
  const papers = apart2Papers();
  const documents = apart2Corpus();
  const { matchInsurer, fitsPolicyFormat } = buildVerification();

  it('holds at least 40 documents, at least four of every country and type, ids unique', () => {
    expect(documents.length).toBeGreaterThanOrEqual(40);
    for (const country of ['UK', 'DE', 'FR'] as const) {
      for (const type of ['motor', 'travel', 'health'] as const) {
        expect(
          documents.filter((d) => d.country === country && d.type === type).length,
          `${country} ${type}`,
        ).toBeGreaterThanOrEqual(4);
      }
    }
    expect(new Set(documents.map((d) => d.id)).size).toBe(documents.length);
  });

  it('prints every expected value as written on the text layer, on as many pages as laid out', async () => {
    for (const [i, paper] of papers.entries()) {
      const doc = documents[i]!;
      const pages = await textLayer(await doc.text());
      expect(pages.length, `${paper.id} pages`).toBe(doc.pages);
      const text = pages.join(' ');
      const { policy_number, plate, start, end, insurer } = paper.truth;
      if (policy_number) expect(text, `${paper.id} policy number`).toContain(policy_number);
      if (plate) expect(text, `${paper.id} plate`).toContain(plate);
      for (const date of [start, end])
        if (date)
          expect(
            writtenForms(date).some((form) => text.includes(form)),
            `${paper.id} date ${JSON.stringify(date)}`,
          ).toBe(true);
      expect(text, `${paper.id} underwriter`).toContain(insurer.printed);
    }
  }, 120_000);

  it("names each underwriter as the register does, for the document's country and type", () => {
    for (const [i, paper] of papers.entries()) {
      expect(matchInsurer(paper.truth.insurer.printed, paper.country, paper.type), paper.id).toBe(
        documents[i]!.truth.insurer,
      );
    }
  });

  it('gives policy numbers the service can verify, and valid check digits where a number has them', () => {
    for (const doc of documents) {
      const number = doc.truth.policy_number;
      if (number)
        expect(fitsPolicyFormat(number, doc.country, doc.type), `${doc.id} ${doc.type} number format`).toBe(true);
    }
    // A published example first: the rule, not the papers, decides.
    expect(nirFor(1, day(1984, 12, 1), '76', 451, 89)).toBe('1 84 12 76 451 089 46');
    const corsican = documents.find((d) => d.id === 'fr-health-corsican-nir')!.truth.policy_number!;
    expect(corsican.replace(/ /g, '')).toMatch(/^[12]\d{4}2A\d{8}$/);
    expect(nirKeyOk(corsican)).toBe(true);
    const kvnr = documents.find((d) => d.id === 'de-health-residence-permit')!.truth.policy_number!;
    expect(kvnr).toMatch(/^[A-Z]\d{9}$/);
  });

  it('compares plates and numbers as the scorer does: spacing apart, characters the same', () => {
    for (const doc of documents) {
      if (doc.truth.vehicle_registration) expect(plateKey(doc.truth.vehicle_registration)).toMatch(/^[A-Z0-9ÄÖÜ]+$/);
      if (doc.truth.policy_number) expect(plateKey(doc.truth.policy_number)).toMatch(/^[A-Z0-9]+$/);
    }
  });
});
