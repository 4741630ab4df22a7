// Field extraction from document text: label-anchored rules in English, German and French, the distractors
// real documents carry, and the injected insurer matcher.
import { describe, expect, it, vi } from 'vitest';
import { extractFields } from '../../domain/extraction/fields.js';
import { FIELD_KEYS } from '../../domain/extraction/types.js';
import { registerMatcher } from '../corpus/register.js';

const match = registerMatcher();

const UK_SCHEDULE = `AXA Insurance UK plc
20 Gracechurch Street, London EC3V 0BG
Motor Insurance Schedule
Policyholder   Oliver Smith
Date of birth   14/07/1985
Customer number   C00482917
Previous policy number   AXK11112222
Policy number   AXK48291033
Period of insurance   From 00:01 on 1st March 2024 to 23:59 on 28th February 2025
Date of issue   12 February 2024
Registration mark   AB12CDE
Date first registered   05/06/2019
Cover   Third Party, Fire and Theft
Compulsory excess   £250
Voluntary excess   £100
Total excess   £350
Windscreen excess   £75
Limit of indemnity (third party property)   £20,000,000
Territorial limits   Great Britain, Northern Ireland, the Isle of Man and the Channel Islands
Annual premium   £456.78
AXA Insurance UK plc is authorised by the Prudential Regulation Authority (Firm Reference Number 202312).`;

const DE_SCHEDULE = `Versicherungsmakler Brandt GmbH
Lindenstraße 12, 80331 München
Kfz-Versicherung – Versicherungsschein
Versicherungsnehmer: Anna Müller   Versicherungsschein-Nr.: KH-4711-0815
Geburtsdatum: 03.04.1979   Versicherungsbeginn: 01.03.2024, 00:00 Uhr
Kundennummer: 77341123   Ablauf: 01.03.2025, 00:00 Uhr
Risikoträger: Allianz Versicherungs-AG
Amtliches Kennzeichen: M AB 1234
FIN: WVWZZZ1KZAW000123
Erstzulassung: 14.05.2019
Deckungsumfang: Vollkasko (inkl. Teilkasko)
Selbstbeteiligung   500 €
Selbstbeteiligung Teilkasko   150 €
Deckungssumme   100 Mio. EUR pauschal
Geltungsbereich   Europa und die außereuropäischen Gebiete der Europäischen Union
Jahresbeitrag   612,40 €`;

const FR_LETTER = `Cabinet Laurent Courtage SARL
92 terrasse Bellini, 69003 Lyon
Fait à Paris, le 7 février 2025
Votre assurance automobile – contrat n° AU 2024 0012345
Madame, Monsieur,
Votre contrat prend effet le 1er mars 2025 et prend fin le 28 février 2026. Ce contrat est assuré par MACIF.
Assuré : Camille Dubois
Date de naissance : 18/06/1960
N° de sociétaire : 1234567 X
N° d'immatriculation : CQ 371 JC
Formule : Tiers plus (vol et incendie)
Franchise : 300 €
Franchise bris de glace : 50 €
Étendue territoriale : France métropolitaine et pays de la carte verte
Prime annuelle TTC : 487,20 €`;

describe('extractFields', () => {
  it('reads a UK motor schedule, passing over the previous number, the date of birth and partial excesses', () => {
    const fields = extractFields(UK_SCHEDULE, { matchInsurer: match });
    expect(fields).toMatchObject({
      policy_number: 'AXK48291033',
      insurer: 'AXA Insurance UK plc',
      insurance_type: 'motor',
      start_date: '2024-03-01',
      end_date: '2025-02-28',
      vehicle_registration: 'AB12 CDE',
      coverage: {
        level: 'third_party_fire_theft',
        excess: { amount: 350, currency: 'GBP' },
        sum_insured: { amount: 20_000_000, currency: 'GBP' },
        territorial_scope: 'united_kingdom',
      },
      language: 'en',
    });
  });

  it('reads a German schedule with two columns on one line and a broker letterhead', () => {
    const fields = extractFields(DE_SCHEDULE, { matchInsurer: match });
    expect(fields).toMatchObject({
      policy_number: 'KH-4711-0815',
      insurer: 'Allianz Versicherungs-AG',
      insurance_type: 'motor',
      start_date: '2024-03-01',
      end_date: '2025-03-01',
      vehicle_registration: 'M-AB 1234',
      coverage: {
        level: 'comprehensive',
        excess: { amount: 500, currency: 'EUR' },
        sum_insured: { amount: 100_000_000, currency: 'EUR' },
        territorial_scope: 'europe',
      },
      language: 'de',
    });
  });

  it('reads a French letter: number in the subject, period and insurer in sentences, "Assuré" not taken for the insurer', () => {
    const fields = extractFields(FR_LETTER, { matchInsurer: match });
    expect(fields).toMatchObject({
      policy_number: 'AU 2024 0012345',
      insurer: 'MACIF',
      insurance_type: 'motor',
      start_date: '2025-03-01',
      end_date: '2026-02-28',
      vehicle_registration: 'CQ-371-JC',
      coverage: {
        level: 'third_party_fire_theft',
        excess: { amount: 300, currency: 'EUR' },
        sum_insured: null,
        territorial_scope: 'france',
      },
      language: 'fr',
    });
  });

  it('leaves the end date empty for a German health policy that runs until cancelled', () => {
    const text = `DKV Deutsche Krankenversicherung AG
Versicherungsschein Krankenversicherung
Versicherungsscheinnummer: KV 0123456789
Versicherungsbeginn: 01.01.2024
Vertragsdauer: unbefristet
Tarif: Krankheitskostenvollversicherung
Selbstbehalt: 600 € je Kalenderjahr
Geltungsbereich: weltweit`;
    const fields = extractFields(text, { matchInsurer: match });
    expect(fields.insurance_type).toBe('health');
    expect(fields.start_date).toBe('2024-01-01');
    expect(fields.end_date).toBeNull();
    expect(fields.vehicle_registration).toBeNull();
    expect(fields.coverage).toEqual({
      level: 'comprehensive',
      excess: { amount: 600, currency: 'EUR' },
      sum_insured: null,
      territorial_scope: 'worldwide',
    });
  });

  it('finds a value on the line under its label (form layouts, OCR of a table)', () => {
    // With the specks OCR reads between a label and its value: a colon, a lone digit.
    const text = `TRAVEL INSURANCE CERTIFICATE\nPOLICY NUMBER\n:\nTRV 4829 1033\nSTART DATE\n10/07/2024\nEND DATE\n24/07/2024\nPLAN\nSingle Trip\nAREA OF COVER\n3\nWorldwide excluding USA, Canada and the Caribbean`;
    const fields = extractFields(text);
    expect(fields).toMatchObject({
      policy_number: 'TRV 4829 1033',
      insurance_type: 'travel',
      start_date: '2024-07-10',
      end_date: '2024-07-24',
      coverage: { level: 'single_trip', territorial_scope: 'worldwide_excluding_usa_canada' },
    });
  });

  it('asks the matcher with the country the language suggests, and keeps the printed name (less sure) when it knows none', () => {
    const matcher = vi.fn((name: string, country?: string) =>
      name === 'Acme Cover plc' && country === 'UK' ? 'ACME COVER PLC' : null,
    );
    const text =
      'Travel insurance schedule\nInsurer: Acme Cover plc\nPolicy number: AC12345678\nThe cover is provided for the trip shown.';
    expect(extractFields(text, { matchInsurer: matcher }).insurer).toBe('ACME COVER PLC');
    expect(matcher).toHaveBeenCalledWith('Acme Cover plc', 'UK');

    const unknown = extractFields(text.replace('Acme', 'Zenon'), { matchInsurer: () => null });
    expect(unknown.insurer).toBe('Zenon Cover plc');
    const known = extractFields(text, { matchInsurer: matcher });
    expect(unknown.field_confidence.insurer).toBeLessThan(known.field_confidence.insurer!);
  });

  it('reports a confidence for every field, zero for fields not found', () => {
    const fields = extractFields('Policy number: PC48291033');
    expect(Object.keys(fields.field_confidence).sort()).toEqual([...FIELD_KEYS].sort());
    expect(fields.field_confidence.policy_number).toBeGreaterThan(0.9);
    expect(fields.field_confidence.vehicle_registration).toBe(0);
    expect(fields.vehicle_registration).toBeNull();
  });

  it('finds nothing in text that is not a policy', () => {
    const fields = extractFields('Lorem ipsum dolor sit amet, consectetur adipiscing elit. 12345 67890.');
    expect(fields).toMatchObject({
      policy_number: null,
      insurer: null,
      insurance_type: null,
      start_date: null,
      end_date: null,
      vehicle_registration: null,
    });
    expect(fields.coverage).toEqual({ level: null, excess: null, sum_insured: null, territorial_scope: null });
  });

  it('takes "Nil" and "néant" as no excess rather than the next amount', () => {
    expect(extractFields('Health insurance\nExcess   Nil\nMonthly premium   £45.20').coverage.excess).toBeNull();
    expect(
      extractFields('Assurance santé\nFranchise : néant\nCotisation mensuelle : 45,20 €').coverage.excess,
    ).toBeNull();
  });
});
