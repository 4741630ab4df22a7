// The written-apart corpus (issue 41, item 3): first that the corpus is what it says (its kinds, its check digits,
// every expected value printed on its page), then its floors, scored through the extraction activities. Only the
// totals are asserted and shown: a miss is never named, so that the corpus stays out of sample.
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../infra/pdf/pdfjs.js';
import { readPages } from '../../infra/pdf/text-layer.js';
import { apartCorpus, type ApartDocument } from './corpus.js';
import { de, en, fr, frPlate, iban, kvnr, nhsNumber, nir, Rng, ukPlate, dePlate, type Day } from './formats.js';
import { describeScored } from './scored.js';

/**
 * Floors a little below the first scoring, with the parser of 2a19715: 91.7% of fields on the text PDFs, 93.1% on
 * this sample of scans (90.4% on all 40). The parser's work on issue 41 raises them; its targets are 95% and 90%.
 */
const TEXT_FLOOR = 0.9;
const SCAN_FLOOR = 0.9;
const SCAN_SAMPLE = 12;

const squeeze = (s: string) => s.toUpperCase().replace(/[\s.\-/]/g, '');

const day = (isoDate: string): Day => {
  const [y, m, d] = isoDate.split('-').map(Number);
  return { y: y!, m: m!, d: d! };
};
const writtenForms = (d: Day) => [
  en.long(d),
  en.ordinal(d),
  en.short(d),
  en.slash(d),
  de.dot(d),
  de.long(d),
  fr.slash(d),
  fr.long(d),
];

async function pageText(doc: ApartDocument): Promise<string> {
  const pdf = await openPdf(await doc.text());
  try {
    return (await readPages(pdf)).map((p) => p.text).join('\n');
  } finally {
    await pdf.destroy();
  }
}

describe('the written-apart corpus', () => {
  const documents = apartCorpus();

  it('holds at least 36 documents, every country with every type', () => {
    expect(documents.length).toBeGreaterThanOrEqual(36);
    for (const country of ['UK', 'DE', 'FR']) {
      for (const type of ['motor', 'travel', 'health'])
        expect(
          documents.filter((d) => d.country === country && d.type === type).length,
          `${country} ${type}`,
        ).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(documents.map((d) => d.id)).size).toBe(documents.length);
  });

  it('prints every expected value on its page', async () => {
    for (const doc of documents) {
      // A sentence may wrap anywhere: compare with the line breaks as spaces.
      const text = (await pageText(doc)).replace(/\s+/g, ' ');
      const flat = squeeze(text);
      const { policy_number, vehicle_registration, start_date, end_date, insurer } = doc.truth;
      if (policy_number) expect(flat, `${doc.id} policy number`).toContain(squeeze(policy_number));
      if (vehicle_registration) expect(flat, `${doc.id} plate`).toContain(squeeze(vehicle_registration));
      for (const date of [start_date, end_date])
        if (date)
          expect(
            writtenForms(day(date)).some((form) => text.includes(form)),
            `${doc.id} date ${date}`,
          ).toBe(true);
      expect(insurer, doc.id).toBeTruthy();
    }
  });

  it('gives its identifiers valid check digits and shapes', () => {
    const rng = new Rng(7);
    const ibanOk = (value: string) => {
      const s = value.replace(/ /g, '');
      const moved = `${s.slice(4)}${s.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
      return BigInt(moved) % 97n === 1n;
    };
    // Published examples first: the rules, not the generator, decide.
    expect(ibanOk('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(ibanOk('DE89 3704 0044 0532 0130 00')).toBe(true);
    const nirOk = (value: string) => {
      const body = value.slice(0, 13).replace('2A', '19').replace('2B', '18');
      return 97 - Number(BigInt(body) % 97n) === Number(value.slice(13));
    };
    expect(nirOk('184127645108946')).toBe(true);
    for (let i = 0; i < 50; i++) {
      expect(ibanOk(iban(rng, 'DE'))).toBe(true);
      expect(ibanOk(iban(rng, 'FR'))).toBe(true);
      expect(ibanOk(iban(rng, 'GB'))).toBe(true);
      expect(nirOk(nir(rng))).toBe(true);
      const corsican = nir(rng, i % 2 === 0 ? '2A' : '2B');
      expect(corsican).toMatch(/^[12]\d{4}2[AB]\d{8}$/);
      expect(nirOk(corsican)).toBe(true);
      expect(kvnr(rng)).toMatch(/^[A-Z]\d{9}$/);
      expect(nhsNumber(rng)).toMatch(/^\d{3} \d{3} \d{4}$/);
      expect(ukPlate(rng, { y: 2021, m: 10, d: 1 })).toMatch(/^[A-HK-PR-Y][A-HJ-PR-Y]71 [A-HJ-PR-Z]{3}$/);
      const plate = frPlate(rng);
      expect(plate).toMatch(/^[A-HJ-NP-TV-Z]{2}-\d{3}-[A-HJ-NP-TV-Z]{2}$/);
      expect(plate).not.toMatch(/^(SS|WW)|SS$/);
      expect(dePlate(rng).replace(/[\s-]/g, '').length).toBeLessThanOrEqual(8);
    }
    expect(kvnr(new Rng(1))).toSatisfy((v: string) => {
      const all = `${String(v.charCodeAt(0) - 64).padStart(2, '0')}${v.slice(1, 9)}`;
      const sum = [...all].reduce((s, c, i) => {
        const p = Number(c) * (i % 2 === 0 ? 1 : 2);
        return s + (p > 9 ? p - 9 : p);
      }, 0);
      return sum % 10 === Number(v[9]);
    });
  });
});

describeScored('the written-apart corpus, scored (totals only)', {
  label: 'written apart',
  documents: apartCorpus,
  text: TEXT_FLOOR,
  scans: SCAN_FLOOR,
  scanSample: SCAN_SAMPLE,
});
