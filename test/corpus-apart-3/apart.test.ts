// The third written-apart corpus's floors, scored through the extraction activities; totals only (a miss is never
// named, so that the corpus stays out of sample). The bench scores every scan; this test a sample.
import { describeScored } from '../corpus-apart/scored.js';
import { apart3Corpus } from './corpus.js';

// First scored at 0c0fb5b, once the parser's work for issue 41 was done: 96.2% of fields exact on text PDFs
// (329/342) and 95.6% on scans (327/342, every document). The floors are issue 41's targets.
describeScored('the third written-apart corpus', {
  label: 'written apart 3',
  documents: apart3Corpus,
  text: 0.95,
  scans: 0.9,
  scanSample: 12,
});
