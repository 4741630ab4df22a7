// The sample table of docs/verification.md is what users and the end-to-end tests rely on: check every row.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../domain/errors.js';
import type { Country, InsuranceType } from '../../../domain/verification/types.js';
import { fromRoot } from '../../../infra/paths.js';
import { verificationParts } from './support.js';

const doc = readFileSync(fromRoot('docs', 'verification.md'), 'utf8');
const table = doc.slice(doc.indexOf('<!-- samples:start -->'), doc.indexOf('<!-- samples:end -->'));
const rows = table
  .split('\n')
  .filter((line) => line.startsWith('|') && !line.startsWith('|---') && !line.startsWith('| policy_number'))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

const { engine } = verificationParts();

describe('sample policies documented in docs/verification.md', () => {
  it('documents every status and every flag', () => {
    expect(rows.length).toBeGreaterThan(30);
    const answers = new Set(rows.map((r) => r[4]));
    for (const status of ['verified', 'inconclusive', 'unverified']) expect(answers).toContain(status);
    const flags = new Set(rows.flatMap((r) => (r[6] ? r[6].split(', ') : [])));
    expect([...flags].sort()).toEqual([
      'cancelled',
      'expired',
      'insurer_unauthorised',
      'not_yet_active',
      'provider_mismatch',
      'registry_unavailable',
      'sanctioned',
    ]);
  });

  it.each(rows)('%s %s %s provider=%j -> %s %s %s', async (number, country, type, provider, answer, score, flags) => {
    const request = {
      policy_number: number!,
      country: country as Country,
      insurance_type: type as InsuranceType,
      ...(provider ? { provider } : {}),
    };
    const error = /^(\d{3}) (\w+)$/.exec(answer!);
    if (error) {
      const refusal = await engine.verify(request).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refusal).toBeInstanceOf(DomainError);
      expect({ status: (refusal as DomainError).status, code: (refusal as DomainError).code }).toEqual({
        status: Number(error[1]),
        code: error[2],
      });
      return;
    }
    const result = await engine.verify(request);
    expect({ status: result.status, confidence_score: result.confidence_score, flags: result.flags }).toEqual({
      status: answer,
      confidence_score: Number(score),
      flags: flags ? flags.split(', ') : [],
    });
  });
});
