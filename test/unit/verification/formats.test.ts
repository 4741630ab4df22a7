import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../domain/errors.js';
import { isValidKvnr, isValidNir, kvnrCheckDigit, nirKey } from '../../../domain/verification/check-digits.js';
import { PolicyFormats } from '../../../domain/verification/formats.js';
import { normalisePolicyNumber } from '../../../domain/verification/normalise.js';
import type { Country, InsuranceType } from '../../../domain/verification/types.js';
import { verificationParts } from './support.js';

const { formats } = verificationParts();

const check = (number: string, country: Country, type: InsuranceType) =>
  formats.check(normalisePolicyNumber(number), country, type);

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('policy number normalisation', () => {
  it.each([
    ['DE-KFZ-88821', 'DEKFZ88821'],
    ['de kfz 88821', 'DEKFZ88821'],
    ['axk 1234 5678', 'AXK12345678'],
    ['FR.AUTO/10001', 'FRAUTO10001'],
    ['2 55 08 14 168 025 38', '255081416802538'],
    ['ABC–12345', 'ABC12345'], // en dash
    ['\tabc12345\n', 'ABC12345'],
  ])('%j -> %s', (raw, normal) => {
    expect(normalisePolicyNumber(raw)).toBe(normal);
  });
});

describe('formats', () => {
  it.each([
    ['AXK12345678', 'UK', 'motor'],
    ['ABC12345', 'UK', 'motor'],
    ['DEF67890', 'UK', 'motor'],
    ['DE-KFZ-88821', 'DE', 'motor'],
    ['FR-AUTO-10001', 'FR', 'motor'],
    ['TRV12345678', 'UK', 'travel'],
    ['12345678', 'UK', 'health'],
    ['A123456780', 'DE', 'health'],
    ['KV-4410-2291', 'DE', 'health'],
    ['2 55 08 14 168 025 38', 'FR', 'health'],
    ['MGEN12345', 'FR', 'health'],
  ] as const)('accepts %s for %s %s', (number, country, type) => {
    expect(check(number, country, type).matched.length).toBeGreaterThan(0);
  });

  it.each([
    ['AB', 'UK', 'motor'],
    ['12345', 'UK', 'motor'],
    ['ABC-12345-XYZ9', 'UK', 'motor'],
    ['ABCDEFGH', 'DE', 'motor'],
    ['FAIL_123', 'UK', 'motor'],
    ['POLICY#123456', 'FR', 'motor'],
    ['ÄBC12345', 'DE', 'motor'],
    ['', 'UK', 'motor'],
    ['A'.repeat(20) + '1'.repeat(25), 'UK', 'motor'],
    ['1234567890123', 'FR', 'health'],
  ] as const)('refuses %j for %s %s with invalid_policy_number', (number, country, type) => {
    const error = refusal(() => check(number, country, type));
    expect(error.code).toBe('invalid_policy_number');
    expect(error.status).toBe(400);
    expect(error.message).not.toContain(number || '∅'); // never echoes the number
  });

  it('marks insurer-specific forms', () => {
    expect(check('AXK12345678', 'UK', 'motor').matched.map((f) => f.id)).toContain('uk-motor-axa');
    expect(check('ABC12345', 'UK', 'motor').matched.map((f) => f.id)).toEqual(['uk-motor-prefixed']);
    expect(formats.hasInsurerFormats('UK', 'motor', '202312')).toBe(true);
    expect(formats.hasInsurerFormats('UK', 'travel', '202312')).toBe(false);
  });

  it('judges a number with the shape of a KVNR or a NIR by its check digit alone', () => {
    // A123456789 would pass the generic private-policy form, but it is a KVNR with a wrong check digit.
    expect(refusal(() => check('A123456789', 'DE', 'health')).message).toMatch(/KVNR/);
    expect(refusal(() => check('2 55 08 14 168 025 39', 'FR', 'health')).message).toMatch(/NIR/);
    expect(check('A123456789', 'DE', 'motor').matched.length).toBeGreaterThan(0); // motor has no KVNR rule
  });

  it('refuses formats that are not anchored', () => {
    expect(
      () =>
        new PolicyFormats([{ id: 'x', country: 'UK', insurance_type: 'motor', pattern: '[0-9]+', description: '' }]),
    ).toThrow(/anchored/);
  });
});

describe('German health insurance number (KVNR)', () => {
  it.each(['A123456780', 'B987654320', 'Z000000017'])('%s is valid', (number) => {
    expect(isValidKvnr(number)).toBe(true);
  });

  it.each(['A123456781', 'B987654329', 'Z000000010', 'AA23456780', 'A12345678', 'a123456780', '1123456780'])(
    '%s is not',
    (number) => {
      expect(isValidKvnr(number)).toBe(false);
    },
  );

  it('computes the digit from the letter position and alternate weights 1 and 2', () => {
    expect(kvnrCheckDigit('A12345678')).toBe(0);
    expect(kvnrCheckDigit('Z00000001')).toBe(7);
    expect(() => kvnrCheckDigit('A1234567')).toThrow(RangeError);
  });
});

describe('French social security number (NIR)', () => {
  it.each([
    ['255081416802538', 'the published example 2 55 08 14 168 025 38'],
    ['185057800608491', 'born in May 1985'],
    ['180012A00412343', 'born in Corse-du-Sud (2A read as 19)'],
    ['292072B03345671', 'born in Haute-Corse (2B read as 18)'],
  ])('%s is valid (%s)', (number) => {
    expect(isValidNir(number)).toBe(true);
  });

  it.each([
    ['255081416802539', 'wrong key'],
    ['180012A00412344', 'wrong Corsican key'],
    ['180012B00412343', '2B with the key of 2A'],
    ['555081416802582', 'sex digit 5, with the right key'],
    ['255131416802521', 'month 13, with the right key'],
    ['255080016802528', 'département 00, with the right key'],
    ['25508141680253', '14 characters'],
  ])('%s is not (%s)', (number) => {
    expect(isValidNir(number)).toBe(false);
  });

  it('computes the key as 97 minus the number modulo 97', () => {
    expect(nirKey('2550814168025')).toBe(38);
    expect(nirKey('180012A004123')).toBe(97 - (1800119004123 % 97));
    expect(() => nirKey('2550814168')).toThrow(RangeError);
  });
});
