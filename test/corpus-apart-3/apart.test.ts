// The third written-apart corpus's floors, scored through the extraction activities; totals only (a miss is never
// named, so that the corpus stays out of sample). The bench scores every scan; this test a sample.
import { describeScored } from '../corpus-apart/scored.js';
import { apart3Corpus } from './corpus.js';

describeScored('the third written-apart corpus', {
  label: 'written apart 3',
  documents: apart3Corpus,
  text: 0.9,
  scans: 0.85,
  scanSample: 12,
});
