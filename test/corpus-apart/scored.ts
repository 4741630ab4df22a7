// The floors of a written-apart corpus as tests, shared by both such corpora: scored through the extraction
// activities, totals only asserted and shown (a miss is never named, so that the corpus stays out of sample).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanSample, type ApartDocument } from './corpus.js';
import { formatApartScore, openApartScorer, type ApartScorer } from './score.js';

export interface ScoredFloors {
  /** As the bench and the test print it: "written apart", "written apart 2". */
  label: string;
  documents: () => ApartDocument[];
  text: number;
  scans: number;
  /** Scans scored in the test: a sample taking every country and type in turn. */
  scanSample: number;
}

export function describeScored(title: string, floors: ScoredFloors): void {
  describe(title, () => {
    let scorer: ApartScorer;
    beforeAll(async () => {
      scorer = await openApartScorer(2);
    });
    afterAll(async () => {
      await scorer?.close();
    });

    it(`text PDFs: at least ${100 * floors.text}% of fields exact`, async () => {
      const score = await scorer.score(floors.documents(), 'text');
      console.log(formatApartScore(`${floors.label}, text PDFs`, score));
      expect(score.wrongShape).toBe(0);
      expect(score.exact / score.of).toBeGreaterThanOrEqual(floors.text);
    }, 600_000);

    it(`scans (a sample of ${floors.scanSample}): at least ${100 * floors.scans}% of fields exact`, async () => {
      const score = await scorer.score(scanSample(floors.documents(), floors.scanSample), 'scan');
      console.log(formatApartScore(`${floors.label}, scans (sample of ${floors.scanSample})`, score));
      expect(score.wrongShape).toBe(0);
      expect(score.exact / score.of).toBeGreaterThanOrEqual(floors.scans);
    }, 1_800_000);
  });
}
