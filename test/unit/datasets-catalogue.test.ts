import { describe, expect, it } from 'vitest';
import { CATALOGUE, datasetBySlug } from '../../domain/datasets/catalogue.js';
import { parsePoints } from '../../domain/datasets/parse.js';
import { CADENCES, CATEGORIES, SOURCES } from '../../domain/datasets/types.js';
import { readBundledFile } from '../../infra/datasets/sources.js';

describe('the catalogue', () => {
  it('has at least 15 datasets with unique, URL-safe slugs', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(15);
    const slugs = CATALOGUE.map((d) => d.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("describes each dataset fully, with provenance, and names its publisher's live source or why there is none", () => {
    for (const d of CATALOGUE) {
      expect(CATEGORIES).toContain(d.category);
      expect(SOURCES).toContain(d.source);
      expect(CADENCES).toContain(d.cadence);
      for (const text of [d.title, d.description, d.unit, d.publisher, d.licence, d.methodology])
        expect(text.trim().length).toBeGreaterThan(0);
      expect(new URL(d.sourceUrl).protocol).toBe('https:');
      expect(d.publicationLagDays).toBeGreaterThan(0);
      expect(d.live !== null || (d.noLiveSource ?? '').length > 0).toBe(true);
    }
  });

  it('gives every dataset its own title', () => {
    expect(new Set(CATALOGUE.map((d) => d.title)).size).toBe(CATALOGUE.length);
  });

  it.each(CATALOGUE.map((d) => [d.slug, d] as const))('%s parses from its bundled file', async (_slug, d) => {
    const points = parsePoints(await readBundledFile(d.file), d.format);
    expect(points.length).toBeGreaterThanOrEqual(20);
    for (let i = 1; i < points.length; i++) expect(points[i]!.date > points[i - 1]!.date).toBe(true);
    expect(points.every((p) => Number.isFinite(p.value))).toBe(true);
  });

  it('splits the long-format files into one series per country', async () => {
    const series = async (slug: string) => {
      const d = datasetBySlug(slug)!;
      return parsePoints(await readBundledFile(d.file), d.format);
    };
    const [uk, de, fr] = await Promise.all(['uk', 'de', 'fr'].map((c) => series(`${c}-residential-property-prices`)));
    expect(uk![0]!.date).toBe('1968-06-30');
    expect(de![0]!.date).toBe('1970-03-31');
    expect(uk!.at(-1)!.value).not.toBe(de!.at(-1)!.value);
    expect(de!.at(-1)!.value).not.toBe(fr!.at(-1)!.value);
    const inflation = await Promise.all(['uk', 'de', 'fr'].map((c) => series(`${c}-inflation-annual`)));
    expect(new Set(inflation.map((s) => s.find((p) => p.date === '2022-01-01')!.value)).size).toBe(3);
    // The euro area series, not the pre-euro German or French currencies that stop in 2001.
    expect((await series('eur-per-usd')).at(-1)!.date).toBe('2026-06-01');
  });
});
