// Values checked before they are taken (issue 20, item 3): a policy number must fit a format of its country and
// type (docs/verification.md), which tells it from a decoy beside it and undoes OCR's letter-for-digit slips.
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../domain/extraction/fields.js';
import { choosePolicyNumber, repairReference } from '../../domain/extraction/policy-number.js';
import { registerFormats, registerMatcher } from '../corpus/register.js';

const options = { matchInsurer: registerMatcher(), fitsPolicyFormat: registerFormats() };

// A page header carries the document's own reference under a policy-like label, before the policy number.
const WITH_DECOY = `Certificate No. 2024/11-A   Page 1 of 2
Aviva Insurance Limited
Motor Insurance Schedule
Policy number: AV48291033
Period of insurance: 01/03/2024 to 28/02/2025
Registration mark: AB12 CDE
Aviva Insurance Limited is authorised by the Prudential Regulation Authority.`;

describe('policy number validation', () => {
  it('takes the number that fits the format over a decoy under an equally telling label', () => {
    // Without the check, the rules' first of equals (the header's reference) would win; the ranking model, which
    // weighs where each is printed and its shape, does not need the check for this one.
    expect(extractFields(WITH_DECOY, { ranker: null }).policy_number).toBe('2024/11-A');
    expect(extractFields(WITH_DECOY).policy_number).toBe('AV48291033');
    const fields = extractFields(WITH_DECOY, options);
    expect(fields.policy_number).toBe('AV48291033');
    expect(fields.field_confidence.policy_number).toBeGreaterThanOrEqual(0.95);
  });

  it('undoes an OCR slip inside the digits when that makes the number fit', () => {
    const scanned = WITH_DECOY.replace('AV48291033', 'AV482910B3').replace('Certificate No. 2024/11-A   ', '');
    const fields = extractFields(scanned, { ...options, ocr: true });
    expect(fields.policy_number).toBe('AV48291083');
    // A repaired reading is less sure than one read as printed.
    expect(fields.field_confidence.policy_number).toBeLessThan(0.95);
  });

  it('leaves a text layer’s value as printed: its characters are not OCR’s guesses', () => {
    // The same number in a PDF's text layer: a "B" there is a B, whatever format the number would fit without it.
    const printed = WITH_DECOY.replace('AV48291033', 'AV482910B3').replace('Certificate No. 2024/11-A   ', '');
    expect(extractFields(printed, options).policy_number).toBe('AV482910B3');
    // And a correct number is never "repaired" into another one.
    const plain = WITH_DECOY.replace('AV48291033', 'AVS8291033');
    expect(extractFields(plain, options).policy_number).toBe('AVS8291033');
  });

  it('repairs letters read as digits in the prefix and digits read as letters after it, keeping separators', () => {
    const fitsUkMotor = (n: string) => /^[A-Z]{1,5}[0-9]{5,12}[A-Z]{0,2}$/.test(n.replace(/[\s/.-]/g, ''));
    expect(repairReference('8X 4829 1O33', fitsUkMotor)).toBe('BX 4829 1033');
    // Fewest changes first: "P0…" reads as the prefix P and digits, with only the O inside them undone.
    expect(repairReference('P0 4829 1O33', fitsUkMotor)).toBe('P0 4829 1033');
    expect(repairReference('AB12345', fitsUkMotor)).toBe('AB12345'); // fits as printed: nothing to undo
    expect(repairReference('ZZZZZZZ', fitsUkMotor)).toBeNull(); // more than two changes is another number
  });

  it('keeps a number that fits nothing only when nothing fits, and less surely', () => {
    const fits = () => false;
    const chosen = choosePolicyNumber([{ value: 'XYZ', confidence: 0.95 }], fits);
    expect(chosen.value).toBe('XYZ');
    expect(chosen.confidence).toBeLessThan(0.6);
  });
});

describe('period validation', () => {
  const MOTOR = (extra: string) => `Aviva Insurance Limited
Motor Insurance Schedule
Policy number: AV48291033
Start date: 01/03/2024
${extra}
Registration mark: AB12 CDE`;

  it('rejects an implausible motor period: an expiry years away is another date', () => {
    const fields = extractFields(MOTOR('Expiry date: 14/07/2031 (driving licence)\nExpires on 28/02/2025'), options);
    expect(fields.start_date).toBe('2024-03-01');
    expect(fields.end_date).toBe('2025-02-28');
  });

  it('leaves the end empty rather than take the only, implausible one', () => {
    const fields = extractFields(MOTOR('Expiry date: 14/07/2031'), options);
    expect(fields.start_date).toBe('2024-03-01');
    expect(fields.end_date).toBeNull();
  });

  it('accepts a multi-year period for health but not an end before the start', () => {
    const health = (end: string) =>
      `AXA PPP Healthcare Limited\nPrivate medical insurance\nMembership number: AXP1234567\nStart date: 01/03/2024\nEnd date: ${end}`;
    expect(extractFields(health('28/02/2027'), options).end_date).toBe('2027-02-28');
    expect(extractFields(health('28/02/2023'), options).end_date).toBeNull();
  });

  it('takes the renewal date as the end when no end is printed', () => {
    expect(extractFields(MOTOR('Renewal date: 01/03/2025'), options).end_date).toBe('2025-03-01');
    expect(extractFields(MOTOR('Renewal date: 01/03/2025\nEnd date: 28/02/2025'), options).end_date).toBe('2025-02-28');
  });
});

describe('captions under their values', () => {
  // A form: each value on a rule, its caption printed under it. Read downward, every label would take the next
  // field's value.
  const FORM = `Private medical insurance
Bupa Insurance Limited
Insurer
KBM44810273
Membership number
12/05/1979
Date of birth
01/09/2025
Start date
31/08/2026
End date`;

  it('reads each caption with the value above it', () => {
    const fields = extractFields(FORM, options);
    expect(fields).toMatchObject({ policy_number: 'KBM44810273', start_date: '2025-09-01', end_date: '2026-08-31' });
  });

  it('keeps reading labels above values where the dates say so', () => {
    const stacked = `Private medical insurance\nINSURER\nBupa Insurance Limited\nMEMBERSHIP NUMBER\nKBM44810273\nSTART DATE\n01/09/2025\nEND DATE\n31/08/2026`;
    expect(extractFields(stacked, options)).toMatchObject({
      policy_number: 'KBM44810273',
      start_date: '2025-09-01',
      end_date: '2026-08-31',
    });
  });
});

describe('table columns', () => {
  it('takes each value from its label’s column in the row below', () => {
    const table = `Motor Insurance Schedule
Aviva Insurance Limited
Policy number   Start date   Expiry date   Registration mark
AV48291033   01/03/2024   28/02/2025   AB12 CDE`;
    expect(extractFields(table, options)).toMatchObject({
      policy_number: 'AV48291033',
      start_date: '2024-03-01',
      end_date: '2025-02-28',
      vehicle_registration: 'AB12 CDE',
    });
  });
});
