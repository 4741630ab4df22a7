// Wording of real documents (issue 20, item 2): the statutory text of a UK certificate of motor insurance, a
// French attestation and carte verte, a German health card's member number. Layouts here are plain: what is
// under test is that the labels are known.
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../domain/extraction/fields.js';
import { registerFormats, registerMatcher } from '../corpus/register.js';

const options = { matchInsurer: registerMatcher(), fitsPolicyFormat: registerFormats() };

describe('document wording', () => {
  it('reads the statutory wording of a UK certificate of motor insurance', () => {
    const fields = extractFields(
      `CERTIFICATE OF MOTOR INSURANCE
Certificate number: AV48291033
1. Registration mark of vehicle: AB12 CDE
2. Name of policyholder: Oliver Smith
3. Effective date of the commencement of insurance for the purposes of the relevant law: 01/03/2024
4. Date of expiry of insurance: 28/02/2025
5. Persons or classes of persons entitled to drive: the policyholder
Aviva Insurance Limited`,
      options,
    );
    expect(fields).toMatchObject({
      policy_number: 'AV48291033',
      start_date: '2024-03-01',
      end_date: '2025-02-28',
      vehicle_registration: 'AB12 CDE',
    });
  });

  it('reads a French attestation with its validity as "valable du … au …"', () => {
    const fields = extractFields(
      `ATTESTATION D'ASSURANCE
Contrat d'assurance n° MF123456789
Véhicule immatriculé AB-123-CD
Valable du 01/03/2024 au 28/02/2025
MAIF – Mutuelle assurance des instituteurs de France`,
      options,
    );
    expect(fields).toMatchObject({
      policy_number: 'MF123456789',
      start_date: '2024-03-01',
      end_date: '2025-02-28',
      vehicle_registration: 'AB-123-CD',
    });
  });

  it('reads the end of cover from a French "date de fin de validité"', () => {
    const fields = extractFields(
      `Numéro de contrat : 4471081522\nDate de début de validité : 01/03/2024\nDate de fin de validité : 28/02/2025`,
      options,
    );
    expect(fields).toMatchObject({ start_date: '2024-03-01', end_date: '2025-02-28' });
  });

  it('takes a German health card member number as the policy number', () => {
    const fields = extractFields(
      `Krankenversicherung\nKrankenversichertennummer: A123456780\nVersicherungsbeginn: 01.01.2024\nTechniker Krankenkasse`,
      options,
    );
    expect(fields.policy_number).toBe('A123456780');
    expect(fields.start_date).toBe('2024-01-01');
  });
});
