// Field accuracy of document extraction on the whole generated corpus: 72 policy documents (UK, DE, FR x
// motor, travel, health, four layouts), each as a text PDF and as a scanned image-only PDF, through the
// extraction activities as the workflow runs them. Issue 7 asks for at least 98% of fields exact on text PDFs
// and 90% on scans; the test suite holds those floors on all text PDFs and a sample of scans, this runs all.
//
//   node --import tsx bench/extraction-accuracy.ts [--scans 72] [--workers 2]
//
// A field is exact when it equals the ground truth, an expected null included.
import { parseArgs } from 'node:util';
import { openCorpusExtraction, scoreCorpus } from '../test/corpus/pipeline.js';
import { formatScore, ratio, type Score } from '../test/corpus/score.js';

const { values } = parseArgs({ options: { scans: { type: 'string', default: '72' }, workers: { type: 'string', default: '2' } } });
const workers = Number(values.workers);

const { corpus, blobs, activities, close } = await openCorpusExtraction(workers);
try {

  const report = (name: string, run: { score: Score; wrongShape: string[]; seconds: number }, floor: number) => {
    console.log(`\n${formatScore(name, run.score)}`);
    for (const miss of run.score.misses) console.log(`  miss ${miss.id} ${miss.field}: ${JSON.stringify(miss.expected)} -> ${JSON.stringify(miss.actual)}`);
    if (run.wrongShape.length > 0) console.log(`  wrong page count or method: ${run.wrongShape.join(', ')}`);
    const exact = ratio(run.score.exact, run.score.fields);
    console.log(`${name}: ${(100 * exact).toFixed(1)}% of fields exact (floor ${100 * floor}%) in ${run.seconds.toFixed(0)} s — ${exact >= floor ? 'ok' : 'BELOW THE FLOOR'}`);
    return exact >= floor;
  };

  const text = await scoreCorpus(activities, blobs, corpus.entries, 'text');
  const textOk = report('text PDFs', text, 0.98);
  const scans = corpus.entries.slice(0, Number(values.scans));
  const scanned = await scoreCorpus(activities, blobs, scans, 'scan', workers);
  const scanOk = report('scanned PDFs', scanned, 0.9);
  process.exitCode = textOk && scanOk ? 0 : 1;
} finally {
  await close();
}
