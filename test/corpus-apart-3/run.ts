// Scores the third written-apart corpus alone and prints per-field totals, never which document missed what:
//
//   node --import tsx test/corpus-apart-3/run.ts [--scans all|N] [--workers 2]
//
// --scans 0 scores the text PDFs only; a number below the corpus's size takes a sample over every country and type.
import { parseArgs } from 'node:util';
import { formatApartScore, openApartScorer } from '../corpus-apart/score.js';
import { apart3Corpus, scanSample } from './corpus.js';

const { values } = parseArgs({
  options: { scans: { type: 'string', default: 'all' }, workers: { type: 'string', default: '2' } },
});
const documents = apart3Corpus();
const scans = values.scans === 'all' ? documents.length : Number(values.scans);
const scorer = await openApartScorer(Number(values.workers));
try {
  console.log(formatApartScore('written apart 3, text PDFs', await scorer.score(documents, 'text')));
  if (scans > 0)
    console.log(formatApartScore('written apart 3, scans', await scorer.score(scanSample(documents, scans), 'scan')));
} finally {
  await scorer.close();
}
