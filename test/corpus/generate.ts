// Generates the extraction corpus if it is missing and prints where it is:
//   node --import tsx test/corpus/generate.ts
import { ensureCorpus } from './corpus.js';

const corpus = await ensureCorpus((line) => console.log(line));
console.log(`corpus ${corpus.version}: ${corpus.entries.length} documents in ${corpus.dir}`);
