// Leave one kind out: for each kind of training document, a model fitted without any document of that kind,
// scored on the documents of that kind, beside the rules' own pick and the model fitted on every kind (in sample).
import { RANKED_FIELDS, type RankerModel } from '../../domain/extraction/ranker.js';
import { KINDS, type Kind } from './documents.js';
import { correct, fitModel } from './fit.js';
import type { TrainingSet } from './corpus.js';

export interface KindScore {
  kind: Kind;
  /** Per field: documents of the kind, right by the rules, by the full model, by the model without the kind. */
  fields: Record<string, { documents: number; rules: number; inSample: number; heldOut: number }>;
}

export interface Loko {
  full: RankerModel;
  /** The model fitted without each kind. */
  without: Map<Kind, RankerModel>;
  scores: KindScore[];
}

export function leaveOneKindOut(set: TrainingSet, trainedOn: Record<string, unknown>): Loko {
  const full = fitModel(set.groups, trainedOn);
  const without = new Map<Kind, RankerModel>();
  const scores: KindScore[] = [];
  for (const kind of KINDS) {
    const model = fitModel(
      set.groups.filter((g) => g.kind !== kind),
      { ...trainedOn, leftOut: kind },
    );
    without.set(kind, model);
    const fields: KindScore['fields'] = {};
    for (const field of RANKED_FIELDS) {
      const groups = set.groups.filter((g) => g.kind === kind && g.field === field);
      const count = (m: RankerModel | null) => groups.filter((g) => correct(m, g)).length;
      fields[field] = {
        documents: set.rules.get(`${kind}:${field}`)?.documents ?? 0,
        rules: set.rules.get(`${kind}:${field}`)?.right ?? 0,
        inSample: count(full),
        heldOut: count(model),
      };
    }
    scores.push({ kind, fields });
  }
  return { full, without, scores };
}

const pc = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)}%`);

/** The per-kind table in Markdown: each field's rules / in-sample / held-out accuracy, and the kind's total. */
export function lokoTable(scores: readonly KindScore[]): string {
  const header = `| kind | ${RANKED_FIELDS.map((f) => `${f} rules / in-sample / held out`).join(' | ')} | all three held out (rules) |`;
  const rule = `|${'---|'.repeat(RANKED_FIELDS.length + 2)}`;
  const rows = scores.map(({ kind, fields }) => {
    const cells = RANKED_FIELDS.map((f) => {
      const s = fields[f]!;
      return `${pc(s.rules, s.documents)} / ${pc(s.inSample, s.documents)} / ${pc(s.heldOut, s.documents)}`;
    });
    const total = RANKED_FIELDS.reduce((sum, f) => sum + fields[f]!.documents, 0);
    const held = RANKED_FIELDS.reduce((sum, f) => sum + fields[f]!.heldOut, 0);
    const rules = RANKED_FIELDS.reduce((sum, f) => sum + fields[f]!.rules, 0);
    return `| ${kind} | ${cells.join(' | ')} | ${pc(held, total)} (${pc(rules, total)}) |`;
  });
  return [header, rule, ...rows].join('\n');
}
