// A training document through the extraction as the service runs it on a text layer: its pages' text joined as
// the extraction activity joins them, and a synthetic word box for every word (a fixed pitch per character and
// per line on an A4 page), so that the layout rules and the structure see positions as they would on a PDF.
// The rules' candidates and their features are collected (observeCandidates), labelled by the document's truth.
import { extractFields } from '../../domain/extraction/fields.js';
import type { PositionedWord } from '../../domain/extraction/layout.js';
import type { RankedCandidate, RankedField } from '../../domain/extraction/ranker.js';
import type { CandidateSets } from '../../domain/extraction/ranking.js';
import type { InsurerMatcher, PolicyFormatCheck } from '../../domain/extraction/types.js';
import type { TrainingDocument } from './documents.js';

const [WIDTH, HEIGHT, PITCH, LEADING, MARGIN] = [595, 842, 5, 16, 50];

export function wordsOf(lines: readonly string[], page: number): PositionedWord[] {
  const out: PositionedWord[] = [];
  for (const [n, line] of lines.entries()) {
    const y0 = MARGIN + n * LEADING;
    for (const m of line.matchAll(/\S+/g))
      out.push({
        text: m[0],
        x0: MARGIN + m.index * PITCH,
        x1: MARGIN + (m.index + m[0].length) * PITCH,
        y0,
        y1: y0 + 10,
        page,
      });
  }
  return out;
}

/** One field's candidates in one document, and which of them is the truth (-1 when none is). */
export interface Group {
  field: RankedField;
  kind: string;
  document: string;
  candidates: RankedCandidate<string>[];
  truth: number;
}

const normal = (field: RankedField, value: string) =>
  field === 'policy_number' ? value.replace(/[\s./-]/g, '').toUpperCase() : value;

export interface Register {
  matchInsurer: InsurerMatcher;
  fitsPolicyFormat: PolicyFormatCheck;
}

/** The candidate groups of a document (one per field the rules found), and the rules' own answers. */
export function extractGroups(
  document: TrainingDocument,
  register: Register,
): { groups: Group[]; rules: Record<RankedField, string | null> } {
  let sets: CandidateSets = {};
  const text = document.pages.map((lines) => lines.join('\n')).join('\n\n');
  const words = document.pages.flatMap((lines, page) => wordsOf(lines, page));
  const result = extractFields(text, {
    ...register,
    words,
    pages: document.pages.map((_, index) => ({ index, source: 'text' as const, width: WIDTH, height: HEIGHT })),
    ranker: null,
    observeCandidates: (found) => (sets = found),
  });
  const groups: Group[] = [];
  for (const [field, candidates] of Object.entries(sets) as [RankedField, RankedCandidate<string>[]][]) {
    const want = normal(field, document.truth[field]);
    groups.push({
      field,
      kind: document.kind,
      document: document.id,
      candidates,
      truth: candidates.findIndex((c) => normal(field, c.value) === want),
    });
  }
  return {
    groups,
    rules: { policy_number: result.policy_number, start_date: result.start_date, end_date: result.end_date },
  };
}
