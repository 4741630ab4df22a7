// What insurers' real paperwork does (issue 41): trips on travel documents, periods only in prose, numbers that
// are not policy numbers, who underwrites a branded policy, health attestations, endorsements, plates without a
// label and OCR's look-alikes. Each case is general knowledge of such documents, not one document's wording.
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../domain/extraction/fields.js';
import { findInsuranceType } from '../../domain/extraction/insurance-type.js';
import { isIban, otherNumber } from '../../domain/extraction/number-kinds.js';
import { repairReference } from '../../domain/extraction/policy-number.js';
import { fold } from '../../domain/extraction/text.js';
import type { InsurerMatcher, PolicyFormatCheck } from '../../domain/extraction/types.js';
import { isValidNir } from '../../domain/verification/check-digits.js';
import { registerFormats } from '../corpus/register.js';

// Formats that any long run of digits fits: a decoy must then be refused by what it is, not by its format.
const anyDigits: PolicyFormatCheck = (printed) => /^(?:[A-Z]{0,3}\d{6,12})$/.test(printed.replace(/[\s./-]/g, ''));

describe('a trip is the travel policy’s period', () => {
  it('takes departure and return, not the date the cover was bought', () => {
    const fields = extractFields(
      `Travel Insurance Certificate
Date of purchase: 02/03/2025
Policy number: TRV48291033
Departure date: 10/06/2025
Return date: 24/06/2025`,
    );
    expect(fields.insurance_type).toBe('travel');
    expect([fields.start_date, fields.end_date]).toEqual(['2025-06-10', '2025-06-24']);
  });

  it('reads "Dates du séjour" and "Reisezeitraum", past a booking date, and a sentence’s "from … until …"', () => {
    const fr = extractFields(`Assurance voyage – certificat
Date d'achat : 14/01/2025
Dates du séjour : du 03/04/2025 au 17/04/2025`);
    expect([fr.start_date, fr.end_date]).toEqual(['2025-04-03', '2025-04-17']);
    const de = extractFields(`Reiseversicherung – Bestätigung
Buchungsdatum: 20.02.2025
Reisezeitraum: 01.05.2025 – 15.05.2025`);
    expect([de.start_date, de.end_date]).toEqual(['2025-05-01', '2025-05-15']);
    const mail = extractFields(`From: bookings@example.com
Sent: 2 March 2025 09:14
Subject: Your travel insurance
You are covered from 4 April 2025 until 18 April 2025 for your trip to Spain.`);
    expect([mail.start_date, mail.end_date]).toEqual(['2025-04-04', '2025-04-18']);
  });
});

describe('a period only in prose', () => {
  it.each([
    [
      'en',
      'Dear customer, your motor insurance will renew on 14 May 2026 and run until 13 May 2027. No action is needed.',
    ],
    ['de', 'Sehr geehrte Kundin, Ihre Kfz-Versicherung verlängert sich am 14.05.2026 und läuft bis zum 13.05.2027.'],
    [
      'fr',
      'Madame, votre contrat d’assurance automobile sera renouvelé le 14 mai 2026 et courra jusqu’au 13 mai 2027.',
    ],
  ])('reads both dates of a renewal letter (%s)', (_, letter) => {
    const fields = extractFields(letter);
    expect([fields.start_date, fields.end_date]).toEqual(['2026-05-14', '2027-05-13']);
  });
});

describe('numbers that are not policy numbers', () => {
  it('knows telephone numbers of the three countries, national and international', () => {
    for (const line of [
      'Service client +33 1 40 20 50 50',
      'Service client 01 53 75 22 00',
      'Freephone 0800 051 6000',
      'Rufen Sie uns an: 089 / 1234567',
      'Help +44 (0)20 7946 0958',
    ]) {
      const at = line.search(/\d/);
      const printed = line
        .slice(at)
        .replace(/[^\d\s]/g, ' ')
        .trim()
        .split(/\s+/)
        .join(' ');
      expect(otherNumber(line, fold(line), at, printed), line).toBe('telephone');
    }
    expect(otherNumber('Policy number 4829103377', fold('Policy number 4829103377'), 14, '4829103377')).toBeNull();
  });

  it('refuses a telephone number, a broker’s register number and a booking reference that fit a format', () => {
    const fields = extractFields(
      `Assurance voyage
Pour toute question : 01 53 75 22 00
Votre courtier, immatriculé à l'ORIAS sous le n° 07012345
Référence de réservation 4839201756
Contrat n° 555 123 987`,
      { fitsPolicyFormat: anyDigits },
    );
    expect(fields.policy_number).toBe('555 123 987');
    // Alone, with nothing else fitting, each is still refused: no policy number rather than a wrong one.
    for (const decoy of [
      'Tel. +33 1 40 20 50 50',
      "Immatriculé à l'ORIAS sous le n° 07012345",
      'FCA Firm Reference Number 309612',
      'Vermittlerregister D-F3K1-ZP2M7-45',
      'Booking reference 4839201756',
    ]) {
      const alone = extractFields(`Travel insurance\n${decoy}`, { fitsPolicyFormat: anyDigits });
      expect(alone.policy_number, decoy).toBeNull();
    }
  });

  it('knows an IBAN by its check digits and a passport number by its word', () => {
    expect(isIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isIban('DE88 3704 0044 0532 0130 00')).toBe(false);
    const line = 'Passport number 123456789';
    expect(otherNumber(line, fold(line), 16, '123456789')).toBe('passport');
  });
});

describe('who underwrites it', () => {
  // A register that knows the brand (a seller's), the assistance partner and the underwriter.
  const register: Record<string, string> = {
    'sunbird travel': 'Sunbird Insurance Services Ltd',
    'globe assistance': 'Globe Assistance SA',
    'great lakes insurance se': 'Great Lakes Insurance SE',
    'northway bank': 'Northway Bank Life Ltd',
  };
  const match: InsurerMatcher = (name) => register[fold(name).trim()] ?? null;

  it('names the insurer from "… is underwritten by Y", over the brand and the assistance partner', () => {
    const fields = extractFields(
      `Sunbird Travel
Your travel insurance policy schedule
Emergency assistance provided by Globe Assistance
Sunbird Travel insurance is underwritten by Great Lakes Insurance SE, which is authorised by BaFin.`,
      { matchInsurer: match },
    );
    expect(fields.insurer).toBe('Great Lakes Insurance SE');
  });

  it('does not take a bank’s name for its insurance brand’s insurer', () => {
    const fields = extractFields(
      `Northway Bank
Travel insurance certificate
Assistance provided by Globe Assistance`,
      { matchInsurer: match },
    );
    expect(fields.insurer).not.toBe('Northway Bank Life Ltd');
    expect(fields.insurer).not.toBe('Globe Assistance SA');
  });
});

describe('health attestations', () => {
  const nir = '2 90 04 2A 123 456 13';

  it('types a mutuelle’s attestation de droits as health, its rights as the period, a Corsican NIR as its number', () => {
    expect(isValidNir(nir.replace(/\s/g, ''))).toBe(true);
    const fields = extractFields(
      `ATTESTATION DE DROITS
Organisme complémentaire : Mutuelle des Îles
Tiers payant : pharmacie, laboratoire, hospitalisation
Bénéficiaire : Marie Santoni
N° de sécurité sociale : ${nir}
Droits ouverts du 01/01/2025 au 31/12/2025`,
      { fitsPolicyFormat: registerFormats() },
    );
    expect(fields.insurance_type).toBe('health');
    expect([fields.start_date, fields.end_date]).toEqual(['2025-01-01', '2025-12-31']);
    expect(fields.policy_number?.replace(/\s/g, '')).toBe(nir.replace(/\s/g, ''));
  });

  it('reads "valable jusqu’au" as the end, and types a Mitgliedsbescheinigung as health', () => {
    const fields = extractFields(`Attestation de tiers payant
Complémentaire santé
Valable jusqu'au 31/03/2026`);
    expect(fields.insurance_type).toBe('health');
    expect(fields.end_date).toBe('2026-03-31');
    expect(findInsuranceType(fold('Mitgliedsbescheinigung der Krankenkasse zur Vorlage beim Arbeitgeber')).value).toBe(
      'health',
    );
  });
});

describe('endorsements', () => {
  it.each([
    [
      'UK',
      'Motor insurance – endorsement\nChange of vehicle\nOld registration: AB12 CDE\nNew registration: XY63 FGH',
      'XY63 FGH',
    ],
    [
      'DE',
      'Kfz-Versicherung – Nachtrag zum Versicherungsschein\nFahrzeugwechsel\nNeues Kennzeichen: M-CD 456\nBisheriges Kennzeichen: M-AB 123',
      'M-CD 456',
    ],
    [
      'FR',
      'Assurance automobile – avenant\nAncien véhicule : Renault Clio immatriculé AB-123-CD\nNouveau véhicule : Peugeot 208 immatriculé EF-456-GH',
      'EF-456-GH',
    ],
    [
      'UK',
      'Certificate of motor insurance\nThe replacement vehicle YR19 KLM replaces vehicle AB12 CDE from today.',
      'YR19 KLM',
    ],
  ])('answers the current plate of a %s endorsement', (_, text, plate) => {
    expect(extractFields(text).vehicle_registration).toBe(plate);
  });
});

describe('plates without a label and OCR’s look-alikes', () => {
  it('finds a French and a UK plate printed with no label on a motor document', () => {
    expect(
      extractFields('Assurance automobile\nVéhicule : Renault Clio IV, AB-123-CD, mise en circulation 2019')
        .vehicle_registration,
    ).toBe('AB-123-CD');
    expect(extractFields('Motor insurance schedule\nYour car: Ford Fiesta 1.0 (BD51 SMR)').vehicle_registration).toBe(
      'BD51 SMR',
    );
  });

  it('undoes a 7/J or 5/S confusion where the format decides which was printed', () => {
    const fits = (p: string) => /^AXJ\d{8}$/.test(p);
    expect(repairReference('AX712345678', fits)).toBe('AXJ12345678');
    expect(repairReference('AXJ1234S678', fits)).toBe('AXJ12345678');
    expect(repairReference('AXJJ2345678', fits)).toBe('AXJ72345678');
  });
});
