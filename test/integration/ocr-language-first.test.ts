// The service's OCR finds a page's language before reading it (issue 53 item 4), on real tesseract.js workers: a
// German and a French scan are each read with their one language, found by the quick look at the page's densest
// strip; a page whose strip shows no language is read with all three; a page told the wrong language by its
// document reads again in its own; and the language a page surely shows comes back for the document's next pages.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageFirstOcr, sureLanguage } from '../../infra/ocr/language-first.js';
import type { OcrPool } from '../../infra/ocr/pool-interface.js';
import { openPdf } from '../../infra/pdf/pdfjs.js';
import { renderPage } from '../../infra/pdf/render.js';
import { ensureCorpus, type Corpus } from '../corpus/corpus.js';
import { textImage } from '../support/extraction/images.js';

let ocr: OcrPool;
let corpus: Corpus;

beforeAll(async () => {
  ocr = languageFirstOcr({ size: 1 });
  corpus = await ensureCorpus();
}, 600_000);

afterAll(async () => {
  await ocr?.close();
});

/** Page 1 of a scanned document of the corpus from `country`, drawn as the pipeline draws it. */
async function scannedPage(country: 'DE' | 'FR'): Promise<{ data: Buffer; dpi: number; probe: Buffer }> {
  const entry = corpus.entries.find((e) => e.truth.country === country && e.truth.layout === 'letter')!;
  const doc = await openPdf(await readFile(entry.scanPdf));
  const { png, dpi, probe } = await renderPage(await doc.getPage(1));
  await doc.destroy();
  return { data: png, dpi, probe };
}

describe('language-first OCR', () => {
  it('reads a German scan with German alone and a French scan with French alone, found by a look at the page', async () => {
    const german = await ocr.recognize(await scannedPage('DE'));
    expect(german.langs).toEqual(['deu']);
    expect(german.language).toBe('de');
    expect(sureLanguage(german.text)).toBe('de');

    const french = await ocr.recognize(await scannedPage('FR'));
    expect(french.langs).toEqual(['fra']);
    expect(french.language).toBe('fr');
    // French accents come through: the page was read with the French model.
    expect(french.text).toMatch(/[éèàç]/);
  }, 300_000);

  it('reads a page with all three languages when its look shows none surely', async () => {
    // Numbers and a name: no common word of any language.
    const lines = ['PC4829-1001   12.03.2025   1.250,00', 'AB-12 CD 3456   31.12.2025', 'Muller Dupont Smith'];
    const image = await textImage(lines);
    const result = await ocr.recognize({ data: image, dpi: 300, probe: image });
    expect(result.langs).toEqual(['eng', 'deu', 'fra']);
    expect(result.language).toBeNull();
    expect(result.text).toContain('PC4829');
  }, 300_000);

  it("takes the document's language without a look, and reads again in the page's own when that disagrees", async () => {
    const german = await scannedPage('DE');
    // Told German by its document, with no strip to look at: read in German at once.
    const told = await ocr.recognize({ data: german.data, dpi: 300 }, { language: () => 'de' });
    expect(told.langs).toEqual(['deu']);
    // Told French, the page's own words say German: read again, in German.
    const wrong = await ocr.recognize({ data: german.data, dpi: 300 }, { language: () => 'fr' });
    expect(wrong.langs).toEqual(['deu']);
    expect(wrong.language).toBe('de');
  }, 300_000);
});
