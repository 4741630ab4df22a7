// The ranking model: for each ranked field, one weight per feature (features.ts), and a candidate's score the
// weighted sum of its features. The candidates of one field in one document compete in a softmax (a conditional
// logit: the probability that this candidate, of these, is the field's value), so a value's confidence is its
// share of the evidence against the others, not its evidence alone. Trained by scripts/train-extraction.ts;
// inference is pure arithmetic and deterministic.
import type { Features } from './features.js';

export const RANKED_FIELDS = ['policy_number', 'start_date', 'end_date'] as const;
export type RankedField = (typeof RANKED_FIELDS)[number];

export interface RankerModel {
  version: number;
  /** What data made it: the generator's seed, its document and candidate counts, the kinds left out. */
  trainedOn: Record<string, unknown>;
  weights: Record<RankedField, Record<string, number>>;
}

export interface RankedCandidate<T> {
  value: T;
  features: Features;
}

export interface Ranked<T> {
  value: T;
  /** The softmax probability of the chosen candidate, 0..1. */
  confidence: number;
}

export function scoreOf(weights: Readonly<Record<string, number>>, features: Features): number {
  let sum = weights.bias ?? 0;
  for (const [name, value] of Object.entries(features)) if (value !== 0) sum += (weights[name] ?? 0) * value;
  return sum;
}

/** Each candidate's probability of being the field's value, in the candidates' order. */
export function probabilities(
  weights: Readonly<Record<string, number>>,
  candidates: readonly { features: Features }[],
) {
  const scores = candidates.map((c) => scoreOf(weights, c.features));
  const top = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - top));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** The likeliest candidate (the first of equals) and its probability; null when there is none. */
export function choose<T>(weights: Readonly<Record<string, number>>, candidates: readonly RankedCandidate<T>[]) {
  if (candidates.length === 0) return null;
  const p = probabilities(weights, candidates);
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
  return { value: candidates[best]!.value, confidence: Math.round(p[best]! * 100) / 100 } satisfies Ranked<T>;
}
