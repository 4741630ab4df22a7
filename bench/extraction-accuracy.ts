// Field accuracy of document extraction on every corpus, through the extraction activities as the workflow
// runs them, each reported on its own:
// - the first corpus (test/corpus/): 72 documents (UK, DE, FR x motor, travel, health, four layouts) as text PDFs
//   and scans; issue 7's floors are 98% of fields on text PDFs, 90% on scans;
// - the old independent corpus (test/corpus-independent/): 45 documents in layouts, wording and fonts of its own,
//   as text PDFs and phone photos; floors 98% and 92% of the extraction result's policy fields (docs/architecture.md#extraction-results). Since issue 41 a development set
//   like the first (its wording had leaked into the parser): its misses are printed;
// - its label-blind variants (issue 30): every field's label replaced by a seeded made-up word, or removed
//   (test/corpus/blind.ts); floors 95% of fields on text PDFs, 85% on phone photos;
// - and (issue 41) with the decoys' labels made up too ('decoys': the date of birth's, the customer number's, the
//   header's), so that a decoy is told apart by what it is; floors 88% on text PDFs, 85% on phone photos.
// The first corpus's own label-blind variants are development sets too: their misses are printed. The test suite
// holds the floors on all text PDFs and a sample of scans; this runs all (or --scans / --photos of them).
// - the written-apart corpus (issue 41, test/corpus-apart/): 40 documents written from a description of real
//   paperwork by a hand that has not read the parser or the corpora above, as text PDFs and scans; per-field
//   totals only, never a miss; targets 95% of fields on text PDFs, 90% on scans;
// - the second written-apart corpus (issue 41, test/corpus-apart-2/): 52 documents by another hand that has read
//   neither the parser nor the corpora above, scored by the same scorer, totals only; the same targets; all its
//   scans unless --apart2-scans says fewer;
// - the third written-apart corpus (issue 41, test/corpus-apart-3/): 57 documents by a third hand that has read
//   neither the parser nor the corpora above, the same scorer, totals only, the same targets; all its scans
//   unless --apart3-scans says fewer.
// The summary line leads with every corpus's score.
// Issue 53: the policy number and the period are chosen by the trained ranking model (domain/extraction/ranker.ts,
// model/ranker.json); --ranker none scores the rules' own choice, --ranker <file> another model. With --loko, every
// corpus is scored again by the rules and by each model fitted without one kind of the training corpus's documents
// (scripts/extraction-training/documents.ts KINDS), and the per-kind table of the training corpus is printed
// (bench/extraction-loko.ts; docs/extraction.md). Readings are kept by content then, so each document is read and
// OCR'd once whatever the models.
//
//   node --import tsx bench/extraction-accuracy.ts [--scans 72] [--photos 45] [--apart-scans 40] [--apart2-scans all] [--apart3-scans all] [--workers 2] [--ranker trained|none|file] [--loko] [--loko-per-kind n] [--ocr language-first|three-languages]
//
// `--ocr three-languages` reads every scanned page with eng+deu+fra, as the OCR did before issue 53 (item 4), to
// compare with the service's OCR, which reads a page with the one language it finds first.
//
// A field is exact when it equals the ground truth, an expected null included.
import { parseArgs } from 'node:util';
import { ensureCorpus } from '../test/corpus/corpus.js';
import { ensureIndependentCorpus, INDEPENDENT_FIELDS } from '../test/corpus-independent/corpus.js';
import { openCorpusExtraction, scoreCorpus } from '../test/corpus/pipeline.js';
import { formatScore, ratio, type Score } from '../test/corpus/score.js';
import type { RankerModel } from '../domain/extraction/ranker.js';
import type { ApartScorer } from '../test/corpus-apart/score.js';
import { loadRanker, lokoReport, type Totals } from './extraction-loko.js';

const { values } = parseArgs({
  options: {
    scans: { type: 'string', default: '72' },
    photos: { type: 'string', default: '45' },
    'apart-scans': { type: 'string', default: '40' },
    'apart2-scans': { type: 'string', default: 'all' },
    'apart3-scans': { type: 'string', default: 'all' },
    workers: { type: 'string', default: '2' },
    ranker: { type: 'string', default: 'trained' },
    loko: { type: 'boolean', default: false },
    'loko-per-kind': { type: 'string' },
    ocr: { type: 'string', default: 'language-first' },
  },
});
const workers = Number(values.workers);
let model: RankerModel | null = await loadRanker(values.ranker);
const options = { ranker: () => model, memoize: values.loko, ocr: values.ocr as 'language-first' | 'three-languages' };

if (values.ocr !== 'language-first' && values.ocr !== 'three-languages')
  throw new Error('--ocr is language-first or three-languages');
const { corpus, blobs, activities, close } = await openCorpusExtraction(workers, options);
// The written-apart corpora have their own scorer (the same activities): it shares no code with the corpora before
// them, and its renderer (pdfkit, fonts on the canvas) is loaded only once they are done.
let apartScorer = null as ApartScorer | null;
/** Every corpus scored once with the current model; `loud` prints each score and the development sets' misses. */
async function pass(loud: boolean): Promise<{ totals: Totals; ok: boolean }> {
  const totals: Totals = new Map();
  const log = loud ? (line: string) => console.log(line) : () => undefined;
  const report = (
    name: string,
    run: { score: Score; wrongShape: string[]; seconds: number },
    floor: number,
    misses = true,
  ) => {
    totals.set(name, { exact: run.score.exact, of: run.score.fields });
    log(`\n${formatScore(name, run.score)}`);
    if (misses)
      for (const miss of run.score.misses)
        log(`  miss ${miss.id} ${miss.field}: ${JSON.stringify(miss.expected)} -> ${JSON.stringify(miss.actual)}`);
    if (run.wrongShape.length > 0) log(`  wrong page count or method: ${run.wrongShape.join(', ')}`);
    const exact = ratio(run.score.exact, run.score.fields);
    log(
      `${name}: ${(100 * exact).toFixed(1)}% of fields exact (floor ${100 * floor}%) in ${run.seconds.toFixed(0)} s — ${exact >= floor ? 'ok' : 'BELOW THE FLOOR'}`,
    );
    return exact >= floor;
  };

  const percent = (run: { score: Score }) => `${(100 * ratio(run.score.exact, run.score.fields)).toFixed(1)}%`;
  const text = await scoreCorpus(activities, blobs, corpus.entries, 'text');
  const textOk = report('text PDFs', text, 0.98);
  const scans = corpus.entries.slice(0, Number(values.scans));
  const scanned = await scoreCorpus(activities, blobs, scans, 'scan', workers);
  const scanOk = report('scanned PDFs', scanned, 0.9);
  for (const variant of ['blind', 'removed', 'decoys'] as const) {
    const development = await ensureCorpus(log, variant);
    report(
      `first corpus, labels ${variant} (development set)`,
      await scoreCorpus(activities, blobs, development.entries, 'text'),
      0,
    );
  }

  const photos = Number(values.photos);
  const independent = await ensureIndependentCorpus(log);
  const itext = await scoreCorpus(activities, blobs, independent, 'text', 1, INDEPENDENT_FIELDS);
  const itextOk = report('old independent text PDFs', itext, 0.98);
  const iphotos = await scoreCorpus(
    activities,
    blobs,
    independent.slice(0, photos),
    'scan',
    workers,
    INDEPENDENT_FIELDS,
  );
  const iphotoOk = report('old independent phone photos', iphotos, 0.92);

  const blind = await ensureIndependentCorpus(log, 'blind');
  const removed = await ensureIndependentCorpus(log, 'removed');
  const decoys = await ensureIndependentCorpus(log, 'decoys');
  const btext = await scoreCorpus(activities, blobs, blind, 'text', 1, INDEPENDENT_FIELDS);
  const btextOk = report('label-blind text PDFs', btext, 0.95);
  const rtext = await scoreCorpus(activities, blobs, removed, 'text', 1, INDEPENDENT_FIELDS);
  const rtextOk = report('labels-removed text PDFs', rtext, 0.95);
  const dtext = await scoreCorpus(activities, blobs, decoys, 'text', 1, INDEPENDENT_FIELDS);
  const dtextOk = report("label-blind, decoys' labels too, text PDFs", dtext, 0.88);
  const bphotos = await scoreCorpus(activities, blobs, blind.slice(0, photos), 'scan', workers, INDEPENDENT_FIELDS);
  const bphotoOk = report('label-blind phone photos', bphotos, 0.85);
  const dphotos = await scoreCorpus(activities, blobs, decoys.slice(0, photos), 'scan', workers, INDEPENDENT_FIELDS);
  const dphotoOk = report("label-blind, decoys' labels too, phone photos", dphotos, 0.85);

  // The second and third written-apart corpora (other hands, the same scorer) follow with the same OCR pool.
  const { apartCorpus } = await import('../test/corpus-apart/corpus.js');
  const { apart2Corpus } = await import('../test/corpus-apart-2/corpus.js');
  const { apart3Corpus } = await import('../test/corpus-apart-3/corpus.js');
  const { formatApartScore, openApartScorer, percent: apartPercent } = await import('../test/corpus-apart/score.js');
  const apart = apartCorpus();
  const apart2 = apart2Corpus();
  const apart3 = apart3Corpus();
  apartScorer ??= await openApartScorer(workers, options);
  const scorer = apartScorer;
  const [atext, ascans, a2text, a2scans, a3text, a3scans] = await (async () => {
    {
      const t = await scorer.score(apart, 'text');
      log(`\n${formatApartScore('written apart, text PDFs', t)}`);
      const s = await scorer.score(apart.slice(0, Number(values['apart-scans'])), 'scan');
      log(formatApartScore('written apart, scans', s));
      const t2 = await scorer.score(apart2, 'text');
      log(`\n${formatApartScore('written apart 2, text PDFs', t2)}`);
      const s2 = await scorer.score(
        apart2.slice(0, values['apart2-scans'] === 'all' ? apart2.length : Number(values['apart2-scans'])),
        'scan',
      );
      log(formatApartScore('written apart 2, scans', s2));
      const t3 = await scorer.score(apart3, 'text');
      log(`\n${formatApartScore('written apart 3, text PDFs', t3)}`);
      const s3 = await scorer.score(
        apart3.slice(0, values['apart3-scans'] === 'all' ? apart3.length : Number(values['apart3-scans'])),
        'scan',
      );
      log(formatApartScore('written apart 3, scans', s3));
      return [t, s, t2, s2, t3, s3];
    }
  })();
  for (const [name, score] of Object.entries({
    'written apart, text PDFs': atext,
    'written apart, scans': ascans,
    'written apart 2, text PDFs': a2text,
    'written apart 2, scans': a2scans,
    'written apart 3, text PDFs': a3text,
    'written apart 3, scans': a3scans,
  }))
    totals.set(name, { exact: score.exact, of: score.of });

  log(
    `\nfirst corpus ${percent(text)} text / ${percent(scanned)} scans; old independent ${percent(itext)} text / ${percent(iphotos)} photos; ` +
      `label-blind text ${percent(btext)} (labels removed ${percent(rtext)}); label-blind scans ${percent(bphotos)}; ` +
      `decoys' labels replaced too ${percent(dtext)} text / ${percent(dphotos)} photos; written apart ${apartPercent(atext)} text / ${apartPercent(ascans)} scans; ` +
      `written apart 2 ${apartPercent(a2text)} text / ${apartPercent(a2scans)} scans; written apart 3 ${apartPercent(a3text)} text / ${apartPercent(a3scans)} scans`,
  );
  const ok = [textOk, scanOk, itextOk, iphotoOk, btextOk, rtextOk, dtextOk, bphotoOk, dphotoOk];
  return { totals, ok: ok.every(Boolean) };
}

try {
  const shipped = await pass(true);
  process.exitCode = shipped.ok ? 0 : 1;
  if (values.loko) {
    const perKind = values['loko-per-kind'] ? Number(values['loko-per-kind']) : undefined;
    await lokoReport(shipped.totals, perKind, async (next) => {
      model = next;
      return (await pass(false)).totals;
    });
  }
} finally {
  await apartScorer?.close();
  await close();
}
