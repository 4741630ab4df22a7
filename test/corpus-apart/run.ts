// The written-apart corpus's scorer on its own, totals only (per field, text PDFs and scans apart):
//
//   node --import tsx test/corpus-apart/run.ts [--scans 40] [--workers 2]
import { parseArgs } from 'node:util';
import { apartCorpus } from './corpus.js';
import { formatApartScore, openApartScorer } from './score.js';

const { values } = parseArgs({
  options: { scans: { type: 'string', default: '40' }, workers: { type: 'string', default: '2' } },
});
const documents = apartCorpus();
const scorer = await openApartScorer(Number(values.workers));
try {
  console.log(formatApartScore('written apart, text PDFs', await scorer.score(documents, 'text')));
  const scans = documents.slice(0, Number(values.scans));
  if (scans.length > 0) console.log(formatApartScore('written apart, scans', await scorer.score(scans, 'scan')));
} finally {
  await scorer.close();
}
