// Issue 53: the document's structure read first (sections by role), then the policy number and the period chosen
// by the trained ranking model among the rules' readings; the model is versioned with the data that made it, and
// training is deterministic.
import { describe, expect, it } from 'vitest';
import { extractFields, TRAINED_RANKER } from '../../domain/extraction/fields.js';
import { choose, RANKED_FIELDS } from '../../domain/extraction/ranker.js';
import { periodFeatures } from '../../domain/extraction/ranking.js';
import { readStructure } from '../../domain/extraction/structure.js';
import { prepare } from '../../domain/extraction/text.js';
import { trainingSet } from '../../scripts/extraction-training/corpus.js';
import { wordsOf } from '../../scripts/extraction-training/extract.js';
import { fitModel } from '../../scripts/extraction-training/fit.js';
import { registerFormats } from '../corpus/register.js';

const fitsPolicyFormat = registerFormats();

describe('the structure of a document', () => {
  it('finds the letter, the schedule, the previous cover, the payment and the small print by their cues', () => {
    const lines = `Meridian Cover Partners
Dear Mr Carter,
Please find enclosed your new policy documents.
Yours sincerely

POLICY SCHEDULE
Policy number: MC48291033

Ihr bisheriger Vertrag
Vertragsnummer: KF77120934

Mandat de prélèvement SEPA
RUM 4471

Underwritten by Example Insurance plc. Registered office: 1 High Street, London.`;
    const doc = prepare(lines);
    const structure = readStructure(doc);
    const roleOf = (text: string) => structure.lines[doc.lines.findIndex((l) => l.text.startsWith(text))]!;
    expect(roleOf('Please find').section).toBe('letter');
    expect(roleOf('Policy number').section).toBe('schedule');
    expect(roleOf('Vertragsnummer').section).toBe('previous');
    expect(roleOf('RUM').section).toBe('payment');
    expect(roleOf('Underwritten').cue).toBe('small_print');
    expect(structure.sections.map((s) => s.role)).toEqual(['letter', 'schedule', 'previous', 'payment']);
    expect(structure.pairs.find((p) => p.label === 'Policy number')?.value).toBe('MC48291033');
  });
});

describe('the ranking model', () => {
  it("takes the new contract's period, not the previous contract's printed first, where the rules take the old", () => {
    const text = `Versicherungsschein Kfz-Versicherung
Ihr bisheriger Vertrag
Bisherige Vertragsnummer: KF77120934
Versicherungsbeginn: 01.01.2024
Ablauf: 31.12.2024

Ihr neuer Vertrag
Vertragsnummer: KF88341205
Versicherungsbeginn: 01.01.2025
Ablauf: 31.12.2025`;
    const model = extractFields(text, { fitsPolicyFormat });
    expect([model.policy_number, model.start_date, model.end_date]).toEqual(['KF88341205', '2025-01-01', '2025-12-31']);
    const rules = extractFields(text, { fitsPolicyFormat, ranker: null });
    expect([rules.start_date, rules.end_date]).toEqual(['2024-01-01', '2024-12-31']);
  });

  it('works out the end of a period given as a duration from its start', () => {
    const text = `Assurance voyage
N° de contrat : AV4471220931
Garantie de 12 mois à compter du 15/02/2025`;
    const model = extractFields(text, { fitsPolicyFormat });
    expect([model.start_date, model.end_date]).toEqual(['2025-02-15', '2026-02-14']);
    expect(model.field_confidence.end_date).toBeGreaterThan(0.6);
    expect(extractFields(text, { fitsPolicyFormat, ranker: null }).end_date).toBeNull();
  });

  it("takes the contract's number beside a member's, and its confidence is the model's probability", () => {
    const fields = extractFields(
      `Complémentaire santé
N° d'adhérent : 88412093
N° de contrat : MS20931144
Date d'effet : 01/01/2025`,
      { fitsPolicyFormat },
    );
    expect(fields.policy_number).toBe('MS20931144');
    expect(fields.field_confidence.policy_number).toBeGreaterThan(0.6);
    expect(fields.field_confidence.policy_number).toBeLessThanOrEqual(1);
  });

  it("says how near the period a number is printed, not across a page nor for a running header's copy", () => {
    const doc = prepare(`Meridian Cover   ZK-4471   12.03.2025
Customer 88412093
Issued 12.03.2025

Meridian Cover   ZK-4471   12.03.2025
Schedule
MS20931144
01.04.2025
31.03.2026`);
    const structure = readStructure(doc);
    const line = (text: string) => doc.lines.findIndex((l) => l.text.startsWith(text));
    const at = (text: string) => [{ line: line(text), start: 0, end: doc.lines[line(text)]!.text.length }];
    const period = [line('01.04.2025'), line('31.03.2026')];
    expect(periodFeatures(structure, at('MS20931144'), period)).toEqual({ period_near: 0.875 });
    // Six lines away (the text alone says no page; its words would put it on another, and it would be 0).
    expect(periodFeatures(structure, at('Customer'), period)).toEqual({ period_near: 0.25 });
    // The letterhead printed again on the schedule's page stands beside the period only as a running header does.
    const header = doc.lines.flatMap((l) => (l.text.startsWith('Meridian') ? [{ line: l.n, start: 17, end: 24 }] : []));
    expect(structure.running.size).toBe(2);
    expect(periodFeatures(structure, header, period)).toEqual({ period_near: 0 });
  });

  it("takes the number printed with the period over a customer's number of the same shape on a page before", () => {
    // Labels no rule knows (made-up words), as in the label-blind corpora: only where each number sits tells them apart.
    const pages = [
      ['Quorvant   XDL-421757   20-05-2026', 'Motor Policy Schedule', 'Amelia Okafor', 'Trymoflark: 63852003'],
      ['Quorvant   XDL-421757   20-05-2026', 'Tritrund   AVIVA INSURANCE LIMITED', 'Momund   KG/9317/57814'],
    ];
    pages[0]!.push('Glumux: 20-05-2026', 'Keep this document safe.');
    pages[1]!.push('Pybuflux   08-06-2026', 'Quiquym   07-06-2027', 'Keep this document safe.');
    const fields = extractFields(pages.map((lines) => lines.join('\n')).join('\n\n'), {
      fitsPolicyFormat,
      words: pages.flatMap((lines, page) => wordsOf(lines, page)),
      pages: pages.map((_, index) => ({ index, source: 'text' as const, width: 595, height: 842 })),
    });
    expect([fields.policy_number, fields.start_date, fields.end_date]).toEqual([
      'KG/9317/57814',
      '2026-06-08',
      '2027-06-07',
    ]);
    // What decides it when a model leans on the earlier page: the nearness to the period, weighed for the contract's.
    expect(TRAINED_RANKER.weights.policy_number.period_near).toBeGreaterThan(0.3);
  });

  it('is versioned with the data that made it', () => {
    expect(TRAINED_RANKER.trainedOn).toMatchObject({ seed: expect.any(Number), documentsPerKind: expect.any(Number) });
    expect(Number(TRAINED_RANKER.trainedOn.documents)).toBeGreaterThanOrEqual(1000);
    for (const field of RANKED_FIELDS) expect(Object.keys(TRAINED_RANKER.weights[field]).length).toBeGreaterThan(5);
  });

  it('trains deterministically: the same seed gives the same weights, and choosing is deterministic', () => {
    const first = fitModel(trainingSet(7, 3).groups, {});
    const second = fitModel(trainingSet(7, 3).groups, {});
    expect(second).toEqual(first);
    const candidates = [
      { value: 'a', features: { rule_pick: 1 } },
      { value: 'b', features: { rule_pick: 1 } },
    ];
    expect(choose({ rule_pick: 2 }, candidates)).toEqual({ value: 'a', confidence: 0.5 });
  });
});
