// Fitting the ranking model: a conditional logit per field (the softmax over one document's candidates, ranker.ts)
// by full-batch gradient descent from zero weights, with an L2 penalty; a fixed number of steps and no random
// start, so the same groups give the same weights on every run and every machine.
import { choose, RANKED_FIELDS, type RankedField, type RankerModel } from '../../domain/extraction/ranker.js';
import type { Group } from './extract.js';

export interface FitOptions {
  steps: number;
  rate: number;
  l2: number;
}

export const FIT: FitOptions = { steps: 400, rate: 0.5, l2: 1e-3 };

/** One field's weights from its groups (those whose truth is among the candidates and that have a choice). */
export function fitField(groups: readonly Group[], options: FitOptions = FIT): Record<string, number> {
  const usable = groups.filter((g) => g.truth >= 0 && g.candidates.length > 1);
  const names = [...new Set(usable.flatMap((g) => g.candidates.flatMap((c) => Object.keys(c.features))))].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const dims = names.length;
  // Each candidate as its non-zero features (indices and values): most of a candidate's features are 0.
  const rows = usable.map((g) =>
    g.candidates.map((c) => {
      const set = Object.entries(c.features).filter(([, v]) => v !== 0);
      return { at: Int32Array.from(set.map(([n]) => index.get(n)!)), x: Float64Array.from(set.map(([, v]) => v)) };
    }),
  );
  const w = new Float64Array(dims);
  const grad = new Float64Array(dims);
  // Adagrad's per-weight step: features on very different scales (a flag seen once in a hundred, a position
  // always set) learn at their own pace; deterministic all the same.
  const history = new Float64Array(dims).fill(1e-8);
  const dot = (row: { at: Int32Array; x: Float64Array }) => {
    let sum = 0;
    for (let k = 0; k < row.at.length; k++) sum += row.x[k]! * w[row.at[k]!]!;
    return sum;
  };
  for (let step = 0; step < options.steps; step++) {
    grad.fill(0);
    for (const [g, group] of rows.entries()) {
      const scores = group.map(dot);
      const top = Math.max(...scores);
      const exps = scores.map((s) => Math.exp(s - top));
      const total = exps.reduce((a, b) => a + b, 0);
      for (const [c, row] of group.entries()) {
        const delta = exps[c]! / total - (c === usable[g]!.truth ? 1 : 0);
        for (let k = 0; k < row.at.length; k++) grad[row.at[k]!]! += delta * row.x[k]!;
      }
    }
    for (let i = 0; i < dims; i++) {
      const g = grad[i]! / Math.max(1, rows.length) + options.l2 * w[i]!;
      history[i]! += g * g;
      w[i]! -= (options.rate * g) / Math.sqrt(history[i]!);
    }
  }
  const weights: Record<string, number> = {};
  for (const [name, i] of index) if (Math.abs(w[i]!) >= 1e-4) weights[name] = Math.round(w[i]! * 10_000) / 10_000;
  return weights;
}

export function fitModel(groups: readonly Group[], trainedOn: Record<string, unknown>): RankerModel {
  const weights = Object.fromEntries(
    RANKED_FIELDS.map((field) => [field, fitField(groups.filter((g) => g.field === field))]),
  ) as Record<RankedField, Record<string, number>>;
  return { version: 1, trainedOn, weights };
}

/** How many of the groups the model (or, with null, the rules' pick) gets right; a group without truth is a miss. */
export function correct(model: RankerModel | null, group: Group): boolean {
  if (group.truth < 0) return false;
  if (!model) {
    const pick =
      group.field === 'policy_number' ? 'rule_pick' : group.field === 'start_date' ? 'pick_start' : 'pick_end';
    return group.candidates[group.truth]!.features[pick] === 1;
  }
  const chosen = choose(model.weights[group.field], group.candidates);
  return chosen?.value === group.candidates[group.truth]!.value;
}
