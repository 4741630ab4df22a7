// The accuracy bench's leave-one-kind-out part (issue 53): the training corpus of the shipped model (its seed and
// size, from model/ranker.json) is made again, a model is fitted without each kind of document, and
// - the training corpus's own per-kind table is printed: each kind scored by the rules, by the model fitted on every
//   kind (in sample) and by the model fitted without it (held out);
// - every corpus the bench scores is scored again by the rules and by each held-out model: the scored corpora are
//   never trained on, so every one of them is out of sample for every model; the held-out models show how much a
//   score depends on any one kind having been seen. Totals only (the written-apart corpora stay totals only).
import { readFile } from 'node:fs/promises';
import { TRAINED_RANKER } from '../domain/extraction/fields.js';
import type { RankerModel } from '../domain/extraction/ranker.js';
import { trainingSet } from '../scripts/extraction-training/corpus.js';
import { KINDS } from '../scripts/extraction-training/documents.js';
import { leaveOneKindOut, lokoTable } from '../scripts/extraction-training/loko.js';

export type Totals = Map<string, { exact: number; of: number }>;

/** "trained" (the shipped model), "none" (the rules' own choice) or a model file. */
export async function loadRanker(choice: string | undefined): Promise<RankerModel | null> {
  if (!choice || choice === 'trained') return TRAINED_RANKER;
  if (choice === 'none') return null;
  return JSON.parse(await readFile(choice, 'utf8')) as RankerModel;
}

const pc = (t: { exact: number; of: number } | undefined) =>
  t && t.of > 0 ? `${((100 * t.exact) / t.of).toFixed(1)}%` : '–';

export async function lokoReport(
  shipped: Totals,
  perKind: number | undefined,
  rescore: (model: RankerModel | null) => Promise<Totals>,
): Promise<void> {
  const seed = Number(TRAINED_RANKER.trainedOn.seed ?? 53);
  const size = perKind ?? Number(TRAINED_RANKER.trainedOn.documentsPerKind ?? 400);
  const began = Date.now();
  const set = trainingSet(seed, size);
  const loko = leaveOneKindOut(set, { seed, documentsPerKind: size });
  console.log(
    `\nleave one kind out: training corpus seed ${seed}, ${size} documents per kind (${set.documents}), fitted in ${((Date.now() - began) / 1000).toFixed(0)} s`,
  );
  console.log(`\n${lokoTable(loko.scores)}`);

  const rules = await rescore(null);
  const byKind = new Map<string, Totals>();
  for (const kind of KINDS) byKind.set(kind, await rescore(loko.without.get(kind)!));
  console.log(`\n| corpus | rules | shipped model | held out: lowest (kind) | held out: mean | ${KINDS.join(' | ')} |`);
  console.log(`|${'---|'.repeat(5 + KINDS.length)}`);
  for (const [name, total] of shipped) {
    const held = KINDS.map((kind) => byKind.get(kind)!.get(name)!);
    const ratios = held.map((t) => (t.of > 0 ? t.exact / t.of : 1));
    const lowest = ratios.indexOf(Math.min(...ratios));
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    if (total.of === 0) continue;
    console.log(
      `| ${name} | ${pc(rules.get(name))} | ${pc(total)} | ${pc(held[lowest])} (${KINDS[lowest]}) | ${(100 * mean).toFixed(1)}% | ${held.map(pc).join(' | ')} |`,
    );
  }
}
