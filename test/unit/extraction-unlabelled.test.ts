// Fields found without a label the parser knows (issue 30): candidates from the whole document, scored on
// evidence. Each case below has its fields' labels replaced by words no table holds.
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../domain/extraction/fields.js';
import { coverSpan } from '../../domain/extraction/period-arithmetic.js';
import { registerFormats, registerMatcher } from '../corpus/register.js';

const options = { matchInsurer: registerMatcher(), fitsPolicyFormat: registerFormats() };

const UK_MOTOR = `Aviva Insurance Limited
Motor Insurance Schedule
Name   Oliver Smith
Date of birth   14/07/1985
Customer number   C00482917
Date of issue   12 February 2024
Blorvat   AV48291033
Quindle   1 March 2024
Frosk   28 February 2025
Zapwell   AB12 CDE
Make and model   Ford Fiesta`;

describe('extraction without known labels', () => {
  it('takes two unlabelled dates a year less a day apart as the period, earlier first', () => {
    const fields = extractFields(UK_MOTOR, options);
    expect(fields.start_date).toBe('2024-03-01');
    expect(fields.end_date).toBe('2025-02-28');
  });

  it('never takes a date of birth or a date of issue for the period', () => {
    // Issue to start is 18 days: a trip's length, had the issue date's own words not ruled it out.
    const travel = `Travel Insurance Certificate
Date of birth   01/03/1990
Issued on   12/02/2024
Morbit   01/03/2024
Skelp   19/03/2024`;
    const fields = extractFields(travel, options);
    expect(fields.insurance_type).toBe('travel');
    expect(fields.start_date).toBe('2024-03-01');
    expect(fields.end_date).toBe('2024-03-19');
    // Without the two period dates nothing is left that is not ruled out: no period, not a decoy.
    const decoysOnly = extractFields(
      `Travel Insurance Certificate\nDate of birth   01/03/1990\nIssued on   12/02/2024`,
      options,
    );
    expect(decoysOnly.start_date).toBeNull();
    expect(decoysOnly.end_date).toBeNull();
  });

  it('never guesses a single unlabelled date as the start', () => {
    const fields = extractFields(
      `Aviva Insurance Limited\nMotor Insurance Schedule\nBlorvat   AV48291033\nQuindle   1 March 2024`,
      options,
    );
    expect(fields.start_date).toBeNull();
    expect(fields.end_date).toBeNull();
  });

  it('pairs a labelled end with an unlabelled start a year earlier', () => {
    const fields = extractFields(`Motor Insurance Schedule\nQuindle   01/03/2024\nExpiry date   28/02/2025`, options);
    expect(fields.start_date).toBe('2024-03-01');
    expect(fields.end_date).toBe('2025-02-28');
  });

  it('recognises the policy number by its format, passing over a customer number and a document reference', () => {
    const fields = extractFields(`Document ref. KLM-482913   Printed 12/02/2024\n${UK_MOTOR}`, options);
    expect(fields.policy_number).toBe('AV48291033');
    expect(fields.field_confidence.policy_number).toBeGreaterThan(0);
  });

  it('finds the insurer standing alone on the header line, in the register’s name', () => {
    const fields = extractFields(
      `ALLIANZ\nTravel Insurance Certificate\nMorbit   01/03/2024\nSkelp   19/03/2024`,
      options,
    );
    expect(fields.insurer).toBe('Allianz Insurance plc');
    // A register entity in the header outranks a label's value the register does not know.
    const broker = extractFields(
      `Aviva Insurance Limited\nMotor Insurance Schedule\nInsurer   Smith & Jones Brokers\nBlorvat   AV48291033`,
      options,
    );
    expect(broker.insurer).toBe('Aviva Insurance Limited');
  });

  it('finds a plate of the country’s format with no label, and none on a travel policy', () => {
    expect(extractFields(UK_MOTOR, options).vehicle_registration).toBe('AB12 CDE');
    const fr = extractFields(
      `Attestation d'assurance automobile\nLe contrat est souscrit pour le véhicule et la durée de la garantie.\nAssureur : MACIF\nTruvak   GH-417-KP\nQuindle   01/03/2024\nFrosk   28/02/2025`,
      options,
    );
    expect(fr.vehicle_registration).toBe('GH-417-KP');
    const de = extractFields(
      `Kfz-Versicherung Versicherungsschein\nDer Vertrag gilt für das Fahrzeug und die Dauer der Versicherung.\nPlavik: M-AB 1234\nQuindle   01.03.2024\nFrosk   01.03.2025`,
      options,
    );
    expect(de.vehicle_registration).toBe('M-AB 1234');
    const travel = extractFields(`Travel Insurance Certificate\nZapwell   AB12 CDE`, options);
    expect(travel.vehicle_registration).toBeNull();
  });

  it('lowers the confidence of a winner whose runner-up is close', () => {
    // Two numbers that fit, neither labelled nor ruled out: whichever wins, it is not a sure answer.
    const head =
      'Aviva Insurance Limited\nMotor Insurance Schedule\nThis is the schedule of your policy and it is issued by the insurer for the cover you chose.';
    const twins = extractFields(`${head}\nBlorvat   AV48291033\nKrimble   AV99887766`, options);
    const single = extractFields(`${head}\nBlorvat   AV48291033`, options);
    expect(single.policy_number).toBe('AV48291033');
    expect(twins.field_confidence.policy_number).toBeLessThan(single.field_confidence.policy_number!);
    // Two unlabelled one-year pairs: the period is no surer than a coin toss between them allows.
    const onePair = extractFields(`${head}\nQuindle   01/03/2024\nFrosk   28/02/2025`, options);
    const twoPairs = extractFields(
      `${head}\nQuindle   01/03/2024\nFrosk   28/02/2025\nSlib   01/06/2024\nTrov   31/05/2025`,
      options,
    );
    expect(twoPairs.field_confidence.start_date).toBeLessThan(onePair.field_confidence.start_date!);
  });
});

describe('cover spans', () => {
  it('scores a year, a year less a day and whole months above a trip, and rules out the implausible', () => {
    expect(coverSpan('2024-03-01', '2025-02-28', 'motor')).toBe(1);
    expect(coverSpan('2024-03-01', '2025-03-01', 'motor')).toBe(1);
    expect(coverSpan('2024-01-31', '2024-07-31', 'health')).toBeGreaterThan(
      coverSpan('2024-03-01', '2024-03-19', null),
    );
    expect(coverSpan('2024-03-01', '2024-03-19', 'travel')).toBeGreaterThan(0);
    expect(coverSpan('2024-03-01', '2024-03-19', 'motor')).toBe(0);
    expect(coverSpan('2024-03-01', '2027-03-01', 'motor')).toBe(0);
    expect(coverSpan('2024-03-01', '2024-02-01', 'travel')).toBe(0);
  });
});
