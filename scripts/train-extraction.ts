// npm run train-extraction: fits the extraction's ranking model (domain/extraction/ranker.ts) on a generated
// training corpus (scripts/extraction-training/) and writes it to domain/extraction/model/ranker.json with the
// data that made it (the seed, the documents per kind, the counts). Deterministic: the same seed gives the same
// file. It also prints the leave-one-kind-out table of the training corpus's kinds (docs/extraction.md).
//
//   npm run train-extraction -- [--seed 53] [--per-kind 400] [--out domain/extraction/model/ranker.json]
//
// Only generated documents are trained on: never the corpora the extraction is scored on (test/corpus*).
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { KINDS } from './extraction-training/documents.js';
import { trainingSet } from './extraction-training/corpus.js';
import { FIT } from './extraction-training/fit.js';
import { leaveOneKindOut, lokoTable } from './extraction-training/loko.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '53' },
    'per-kind': { type: 'string', default: '400' },
    out: { type: 'string', default: 'domain/extraction/model/ranker.json' },
  },
});
const seed = Number(values.seed);
const perKind = Number(values['per-kind']);

const began = performance.now();
const set = trainingSet(seed, perKind);
const generated = (performance.now() - began) / 1000;
const byField = (field: string) => set.groups.filter((g) => g.field === field);
const trainedOn = {
  generator: 'scripts/extraction-training (documents.ts, wording.ts)',
  seed,
  kinds: KINDS,
  documentsPerKind: perKind,
  documents: set.documents,
  groups: Object.fromEntries(['policy_number', 'start_date', 'end_date'].map((f) => [f, byField(f).length])),
  candidates: set.groups.reduce((sum, g) => sum + g.candidates.length, 0),
  fit: FIT,
  command: `npm run train-extraction -- --seed ${seed} --per-kind ${perKind}`,
};
console.log(`${set.documents} documents, ${set.groups.length} candidate groups in ${generated.toFixed(0)} s`);
const loko = leaveOneKindOut(set, trainedOn);
console.log(`fitted ${KINDS.length + 1} models in ${((performance.now() - began) / 1000 - generated).toFixed(0)} s\n`);
console.log(lokoTable(loko.scores));
await writeFile(values.out, JSON.stringify(loko.full, null, 2) + '\n');
console.log(`\nwrote ${values.out}`);
