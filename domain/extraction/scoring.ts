// Choosing among scored candidates: the surest wins, and how sure the answer is depends on its margin over
// the runner-up, not only on its own evidence (two equally good readings make neither certain).
import type { Found } from './labels.js';

/** The surest of the candidates (the first of equals), its confidence lowered when the runner-up is close. */
export function withMargin(candidates: readonly Found<string>[]): Found<string | null> {
  const best = new Map<string, number>();
  for (const c of candidates) if (c.confidence > (best.get(c.value) ?? 0)) best.set(c.value, c.confidence);
  const ranked = [...best].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first) return { value: null, confidence: 0 };
  const margin = first[1] - (second?.[1] ?? 0);
  return { value: first[0], confidence: Math.round(first[1] * (0.75 + 0.25 * Math.min(1, margin / 0.25)) * 100) / 100 };
}
