// Field-by-field comparison of an extraction with the ground truth, and the totals the accuracy test and
// bench report. A field counts as exact when it equals the truth, null included: finding a registration on a
// travel policy is as wrong as missing one on a motor policy.
import { FIELD_KEYS, type ExtractionResult, type FieldKey } from '../../domain/extraction/types.js';
import type { Expected } from './policies.js';

// Every field that carries a confidence is scored.
const SCORED_FIELDS = FIELD_KEYS;

export type ScoredField = FieldKey;

function valueOf(result: Pick<ExtractionResult, 'coverage'> & Record<string, unknown>, field: ScoredField): unknown {
  if (field.startsWith('coverage.'))
    return (result.coverage as unknown as Record<string, unknown>)[field.slice('coverage.'.length)];
  return result[field];
}

export interface FieldMiss {
  id: string;
  field: ScoredField;
  expected: unknown;
  actual: unknown;
}

export interface Score {
  /** The fields this score counts (every field by default; the independent corpus checks the docs/architecture.md#extraction-results ones). */
  scored: readonly ScoredField[];
  documents: number;
  fields: number;
  exact: number;
  /** Fields whose truth is not null, and how many of those were exact. */
  present: number;
  presentExact: number;
  perField: Record<ScoredField, { exact: number; total: number }>;
  misses: FieldMiss[];
}

export function emptyScore(scored: readonly ScoredField[] = SCORED_FIELDS): Score {
  return {
    scored,
    documents: 0,
    fields: 0,
    exact: 0,
    present: 0,
    presentExact: 0,
    perField: Object.fromEntries(scored.map((f) => [f, { exact: 0, total: 0 }])) as Score['perField'],
    misses: [],
  };
}

export function addToScore(score: Score, id: string, expected: Expected, actual: ExtractionResult): void {
  score.documents++;
  for (const field of score.scored) {
    const want = valueOf(expected as never, field) ?? null;
    const got = valueOf(actual as never, field) ?? null;
    const exact = JSON.stringify(want) === JSON.stringify(got);
    score.fields++;
    score.perField[field].total++;
    if (want !== null) score.present++;
    if (exact) {
      score.exact++;
      score.perField[field].exact++;
      if (want !== null) score.presentExact++;
    } else {
      score.misses.push({ id, field, expected: want, actual: got });
    }
  }
}

export const ratio = (exact: number, total: number) => (total === 0 ? 1 : exact / total);

export function formatScore(name: string, score: Score): string {
  const pct = (n: number, d: number) => `${(100 * ratio(n, d)).toFixed(1)}%`;
  const lines = [
    `${name}: ${score.documents} documents, ${score.exact}/${score.fields} fields exact (${pct(score.exact, score.fields)}); fields present in the truth: ${score.presentExact}/${score.present} (${pct(score.presentExact, score.present)})`,
  ];
  for (const field of score.scored) {
    const f = score.perField[field];
    lines.push(
      `  ${field.padEnd(28)} ${String(f.exact).padStart(3)}/${String(f.total).padEnd(3)} ${pct(f.exact, f.total)}`,
    );
  }
  return lines.join('\n');
}
