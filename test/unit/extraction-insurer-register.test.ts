// Who underwrites, over the register rather than a handful of names (issue 53): the training generator's documents
// (every kind, the three countries, an insurer drawn from the register's own names, a broker or a previous insurer
// beside it now and then) read by the rules, the underwriter compared with the document's truth. Names with a
// bracket or an abbreviation's full stop, a broker after "vermittelt durch", an ordinary word that opens a clause
// and a supervisor's name in the small print each cost a field here before they were read whole.
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../domain/extraction/fields.js';
import { buildVerification } from '../../infra/verification/load.js';
import { registerNames } from '../../scripts/extraction-training/corpus.js';
import { generateDocument, KINDS } from '../../scripts/extraction-training/documents.js';
import { seeded } from '../../scripts/extraction-training/random.js';

describe('the underwriter of generated paperwork, over the register', () => {
  it('is read for at least 98% of 320 documents of every kind', () => {
    const verification = buildVerification();
    const names = registerNames(verification.directory);
    const random = seeded(11);
    let right = 0;
    let total = 0;
    const misses: string[] = [];
    for (let i = 0; i < 40; i++) {
      for (const kind of KINDS) {
        const document = generateDocument(random, names, kind, `${kind}-${i}`);
        const text = document.pages.map((lines) => lines.join('\n')).join('\n\n');
        const { insurer } = extractFields(text, {
          matchInsurer: verification.matchInsurer,
          fitsPolicyFormat: verification.fitsPolicyFormat,
          ranker: null,
        });
        total += 1;
        if (insurer === document.truth.insurer) right += 1;
        else misses.push(`${document.id}: ${document.truth.insurer} -> ${insurer}`);
      }
    }
    expect(right / total, misses.join('\n')).toBeGreaterThanOrEqual(0.98);
  });
});
