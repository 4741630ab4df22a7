// The third written-apart corpus checked without the parser: its size and spread, and that every answer is
// really on the paper (read back from the rendered PDF's text layer with pdf.js) and fits the register and the
// policy-number formats. A failure here is a fault of the corpus, never of the service.
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../infra/pdf/pdfjs.js';
import { buildVerification } from '../../infra/verification/load.js';
import { iso, plateKey } from '../corpus-apart/formats.js';
import { apart3Corpus, apart3Papers } from './corpus.js';
import { writtenForms } from './documents/paper.js';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

async function textLayer(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const doc = await openPdf(pdf);
  try {
    const parts: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      for (const item of content.items) if ('str' in item) parts.push(item.str);
    }
    return { pages: doc.numPages, text: squash(parts.join(' ')) };
  } finally {
    await doc.destroy();
  }
}

describe('the third written-apart corpus (harness, no parser)', () => {
  const papers = apart3Papers();
  const documents = apart3Corpus();
  const { directory, fitsPolicyFormat, data } = buildVerification();

  it('has at least 48 documents, five or more of every country and type, with unique ids', () => {
    expect(documents.length).toBeGreaterThanOrEqual(48);
    for (const country of ['UK', 'DE', 'FR'] as const) {
      for (const type of ['motor', 'travel', 'health'] as const) {
        expect(
          documents.filter((d) => d.country === country && d.type === type).length,
          `${country} ${type}`,
        ).toBeGreaterThanOrEqual(5);
      }
    }
    expect(new Set(documents.map((d) => d.id)).size).toBe(documents.length);
  });

  it('names, for each document, a register insurer that writes its type, and the truth is that name', () => {
    for (const [i, paper] of papers.entries()) {
      const insurer = directory.byReference(paper.country, paper.insurer.ref);
      expect(insurer, paper.id).toBeDefined();
      expect(insurer!.registered, paper.id).toBe(true);
      expect(directory.writes(insurer!, paper.type), paper.id).toBe(true);
      expect(documents[i]!.truth.insurer, paper.id).toBe(insurer!.name);
    }
  });

  it('gives policy numbers that fit the formats, the insurer’s own where the data defines one', () => {
    for (const paper of papers) {
      if (paper.policy === null) continue;
      expect(fitsPolicyFormat(paper.policy, paper.country, paper.type), `${paper.id}: ${paper.policy}`).toBe(true);
      const own = data.formats.filter(
        (f) => f.insurer === paper.insurer.ref && f.country === paper.country && f.insurance_type === paper.type,
      );
      if (own.length > 0) {
        const number = plateKey(paper.policy);
        expect(
          own.some((f) => new RegExp(f.pattern).test(number)),
          `${paper.id}: ${paper.policy}`,
        ).toBe(true);
      }
    }
  });

  it('keeps its answers coherent: a plate on motor only, an end after the start, ISO dates in the truth', () => {
    for (const [i, paper] of papers.entries()) {
      const truth = documents[i]!.truth;
      expect(paper.plate !== null, paper.id).toBe(paper.type === 'motor');
      if (paper.start && paper.end) expect(iso(paper.end) > iso(paper.start), paper.id).toBe(true);
      expect(truth.insurance_type).toBe(paper.type);
      for (const date of [truth.start_date, truth.end_date])
        if (date !== null) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(truth.start_date, paper.id).not.toBeNull();
    }
  });

  it('prints every expected value on the text layer of the rendered PDF', async () => {
    for (const [i, paper] of papers.entries()) {
      const doc = documents[i]!;
      const { pages, text } = await textLayer(await doc.text());
      const lower = text.toLowerCase();
      expect(pages, paper.id).toBe(doc.pages);
      if (paper.policy) expect(text, `${paper.id}: policy`).toContain(squash(paper.policy));
      if (paper.plate) expect(text, `${paper.id}: plate`).toContain(paper.plate);
      expect(lower, `${paper.id}: insurer`).toContain(paper.insurer.printed.toLowerCase());
      for (const date of [paper.start, paper.end]) {
        if (!date) continue;
        expect(
          writtenForms(date).some((form) => text.includes(form)),
          `${paper.id}: ${iso(date)}`,
        ).toBe(true);
      }
    }
  }, 120_000);
});
