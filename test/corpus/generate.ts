// Generates the corpora the tests read if they are missing, and prints where they are:
//   node --import tsx test/corpus/generate.ts
// The extraction corpus, and the independent corpus as written and in its label-blind variants. The test run's
// global setup runs this in a child process before any test file (test/support/global-setup.ts).
import { ensureIndependentCorpus } from '../corpus-independent/corpus.js';
import { BLIND_VARIANTS } from './blind.js';
import { ensureCorpus } from './corpus.js';

const log = (line: string) => console.log(line);
const corpus = await ensureCorpus(log);
console.log(`corpus ${corpus.version}: ${corpus.entries.length} documents in ${corpus.dir}`);
for (const variant of ['labelled' as const, ...BLIND_VARIANTS]) {
  const entries = await ensureIndependentCorpus(log, variant);
  console.log(`independent corpus (${variant}): ${entries.length} documents`);
}
