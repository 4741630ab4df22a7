// The second written-apart corpus's scorer on its own: per-field totals only, text PDFs and scans apart; never
// which document missed what.
//
//   node --import tsx test/corpus-apart-2/run.ts [--scans 52] [--workers 2]
import { parseArgs } from 'node:util';
import { formatApartScore, openApartScorer } from '../corpus-apart/score.js';
import { apart2Corpus } from './corpus.js';

const documents = apart2Corpus();
const { values } = parseArgs({
  options: { scans: { type: 'string', default: String(documents.length) }, workers: { type: 'string', default: '2' } },
});
const scorer = await openApartScorer(Number(values.workers));
try {
  console.log(formatApartScore('written apart 2, text PDFs', await scorer.score(documents, 'text')));
  const scans = documents.slice(0, Number(values.scans));
  if (scans.length > 0) console.log(formatApartScore('written apart 2, scans', await scorer.score(scans, 'scan')));
} finally {
  await scorer.close();
}
