// Corrections that teach (issue 56): the corrected extractions, each field with its evidence (page, box, source,
// confidence) and whether and how a person corrected it, as JSON lines for the next training of the extraction
// rules or model. Run by an operator (`npx pvs-admin extraction corrections --since …`), never on its own.
//
// No document text leaves unless the account allows it: the values read and corrected, and the words under each
// box, are the document's contents (a policy number, a name). Only accounts named in TRAINING_TEXT_ACCOUNTS (their
// contract allows their documents to be used for training) export them; every other account's lines say where
// each field was and that it was corrected (with what kind of mistake), not what it says.
import { FIELD_KEYS, type ExtractionResult, type FieldKey } from '../../domain/extraction/types.js';
import { fieldValue, type Correction } from '../../domain/jobs/corrections.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { correctedExtractions } from '../../projections/jobs.js';

/** What a correction did, without its text: the field was missing, was wrong, or should not have been read. */
const kindOf = (read: unknown, to: unknown) => (read === null ? 'added' : to === null ? 'removed' : 'changed');

type Row = {
  job_id: string;
  account_id: string;
  result: ExtractionResult;
  corrections: Correction[];
  completed_at: Date;
};

/** One corrected document as a training example. */
export function trainingLine(row: Row, withText: boolean) {
  const corrected = new Map<FieldKey, Correction>();
  for (const c of row.corrections) corrected.set(c.field, c);
  const fields = Object.fromEntries(
    FIELD_KEYS.map((key) => {
      const read = fieldValue(row.result, key);
      const last = corrected.get(key);
      const evidence = row.result.evidence?.[key];
      return [
        key,
        {
          corrected: last !== undefined,
          ...(last ? { correction: kindOf(read, last.to) } : {}),
          ...(withText ? { read, value: last ? last.to : read } : {}),
          evidence: evidence
            ? {
                page: evidence.page,
                box: evidence.box,
                source: evidence.source,
                confidence: evidence.confidence,
                needs_review: evidence.needs_review,
                ...(withText ? { words: evidence.words } : {}),
              }
            : null,
        },
      ];
    }),
  );
  return {
    job_id: row.job_id,
    completed_at: row.completed_at.toISOString(),
    corrected_at: row.corrections[row.corrections.length - 1]!.at,
    language: row.result.language,
    method: row.result.method,
    pages: row.result.pages,
    text: withText,
    fields,
  };
}

/**
 * Every extraction corrected since `since` (a correction at or after it) whose result is not erased, in job id
 * order, a page of jobs at a time; `textAccounts`: the accounts whose text may be exported.
 */
export async function* correctionExamples(
  db: Queryable,
  since: Date,
  textAccounts: ReadonlySet<string>,
): AsyncGenerator<string> {
  for (let after = ''; ;) {
    const page = (await correctedExtractions(db, since, after, 200)) as Row[];
    if (page.length === 0) return;
    for (const row of page) yield `${JSON.stringify(trainingLine(row, textAccounts.has(row.account_id)))}\n`;
    after = page[page.length - 1]!.job_id;
  }
}
