// The second written-apart corpus (issue 41, item 3), scored through the extraction activities with the first
// written-apart corpus's scorer. Only totals are asserted and shown: a miss is never named, so that the corpus
// stays out of sample. That the corpus is what it says (every expected value on its page, the register's name
// for every underwriter) is checked without the parser in harness.test.ts.
import { describeScored } from '../corpus-apart/scored.js';
import { apart2Corpus } from './corpus.js';

/** Floors set before the first scoring (issue 41's targets are 95% on text PDFs and 90% on scans). */
const TEXT_FLOOR = 0.9;
const SCAN_FLOOR = 0.9;
/** The first written-apart corpus's sample size, every country and type in turn. */
const SCAN_SAMPLE = 12;

describeScored('the second written-apart corpus, scored (totals only)', {
  label: 'written apart 2',
  documents: apart2Corpus,
  text: TEXT_FLOOR,
  scans: SCAN_FLOOR,
  scanSample: SCAN_SAMPLE,
});
