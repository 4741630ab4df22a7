// General rules of reading insurers' paperwork (issue 41, second pass), each shown on a small case of its own,
// and the development set they were found on (extraction-dev-documents.ts), read as the service reads it: with
// the register's matcher and the policy-number formats.
import { describe, expect, it } from 'vitest';
import { labelContext, rulesOutDate } from '../../domain/extraction/context.js';
import { findScope } from '../../domain/extraction/coverage.js';
import { findDates } from '../../domain/extraction/dates.js';
import { extractFields } from '../../domain/extraction/fields.js';
import { findInsuranceType } from '../../domain/extraction/insurance-type.js';
import { findInsurer } from '../../domain/extraction/insurer.js';
import { datedHeads } from '../../domain/extraction/number-candidates.js';
import { dateMentions } from '../../domain/extraction/period-arithmetic.js';
import { fold, prepare } from '../../domain/extraction/text.js';
import type { InsurerMatcher } from '../../domain/extraction/types.js';
import { registerFormats, registerMatcher } from '../corpus/register.js';
import { DEV_DOCUMENTS } from './extraction-dev-documents.js';

const options = { matchInsurer: registerMatcher(), fitsPolicyFormat: registerFormats() };

describe('the development set', () => {
  it('holds at least 25 documents of the three countries', () => {
    expect(DEV_DOCUMENTS.length).toBeGreaterThanOrEqual(25);
    for (const country of ['uk-', 'de-', 'fr-'])
      expect(DEV_DOCUMENTS.filter((d) => d.id.startsWith(country)).length).toBeGreaterThanOrEqual(8);
  });

  it.each(DEV_DOCUMENTS.map((d) => [d.id, d] as const))('reads %s as a careful reader would', (_, document) => {
    const fields = extractFields(document.text, options);
    const got: Record<string, unknown> = {
      ...fields,
      level: fields.coverage.level,
      excess: fields.coverage.excess,
      sum_insured: fields.coverage.sum_insured,
      scope: fields.coverage.territorial_scope,
    };
    const want = document.want as Record<string, unknown>;
    expect(Object.fromEntries(Object.keys(want).map((k) => [k, got[k] ?? null]))).toEqual(want);
  });
});

describe('which number is the policy’s', () => {
  it('prefers the policy number to the certificate’s own number when both fit a format', () => {
    const text = `Certificate of motor insurance\nCertificate number   CM-0048213\nPolicy number   AV 4718 2093\nRegistration mark   LD21 XKP`;
    expect(extractFields(text, options).policy_number).toBe('AV 4718 2093');
    // A certificate number alone is still the answer.
    expect(
      extractFields(`Certificate of motor insurance\nCertificate number   CM-0048213`, options).policy_number,
    ).toBe('CM-0048213');
  });

  it('does not take a reference beside the date on the first line, under no label it knows, for the contract’s', () => {
    // Labels no rule knows (made-up words, as in the label-blind corpora): the letterhead's reference came first.
    const text = `Raquyflisp GTX-110262 Flogloflix 25. März 2025
KRANKENVOLLVERSICHERUNG
Lea Krause
Vyflutrysp
DKV DEUTSCHE KRANKENVERSICHERUNG AG
Quyflax
PD-414813
Skyskirk
21. April 2025
Bitte bewahren Sie dieses Dokument auf.`;
    expect(extractFields(text, options).policy_number).toBe('PD-414813');
    expect(extractFields(text, { ...options, ranker: null }).policy_number).toBe('PD-414813');
    const doc = prepare(text);
    expect([...datedHeads(doc, new Set(dateMentions(doc).map((d) => d.line)))]).toEqual([0]);
    // Under a policy number's own label it is still the contract's, first line or not.
    const labelled = `Policy number: AV 4718 2093     Date: 12/03/2025\nMotor insurance schedule\nOur ref: CM-0048213`;
    expect(extractFields(labelled, options).policy_number).toBe('AV 4718 2093');
  });
});

describe('who underwrites it', () => {
  const register: Record<string, string> = {
    'axa insurance uk plc': 'AXA Insurance UK plc',
    'zenith insurance (gibraltar) limited': 'Zenith Insurance (Gibraltar) Limited',
    zenith: 'Zenith Brand Insurer',
    lv: 'Liverpool Victoria Insurance Company Limited',
    travellers: 'Travelers Insurance Company Limited',
  };
  const match: InsurerMatcher = (name) => register[fold(name).trim()] ?? null;
  const insurer = (text: string) => findInsurer({ ...prepare(text), valueSide: 'below' }, 'UK', match).value;

  it('ends a name at the sentence’s full stop and at the address after its legal form', () => {
    // The brand in the letterhead would win over a name found elsewhere, were the underwriter's sentence misread.
    expect(
      insurer(
        'Zenith\nTravel insurance\nThis policy is underwritten by AXA Insurance UK plc. Emergency assistance is provided by others.',
      ),
    ).toBe('AXA Insurance UK plc');
    expect(insurer('Motor insurance\nInsurer: AXA Insurance UK plc, 20 Gracechurch Street, London')).toBe(
      'AXA Insurance UK plc',
    );
  });

  it('keeps a bracketed word that the legal form follows as part of the name', () => {
    expect(insurer('Motor insurance\nInsurer: Zenith Insurance (Gibraltar) Limited, Europort')).toBe(
      'Zenith Insurance (Gibraltar) Limited',
    );
  });

  it('takes the company a green card or certificate is issued by as the insurer', () => {
    expect(
      insurer(
        'International motor insurance card\n9. This card has been issued by\nZenith Insurance (Gibraltar) Limited, Europort',
      ),
    ).toBe('Zenith Insurance (Gibraltar) Limited');
  });

  it('does not take a country code in a list, or a field’s label, for a brand', () => {
    expect(insurer('Green card\n7. Territorial validity: A, B, BG, CY, LV, NL, P\nnothing else here')).toBeNull();
    expect(
      insurer('Travel insurance certificate\nline\nline\nline\nline\nline\nline\nTravellers: 2 adults'),
    ).toBeNull();
    expect(
      insurer('Travel insurance certificate\nline\nline\nline\nline\nline\nline\nTravellers   2 adults\nline'),
    ).toBeNull();
    // A footer's brand before its address is a name.
    expect(
      insurer('Travel insurance certificate\nline\nline\nline\nline\nline\nline\nline\nZenith   Europort, Gibraltar'),
    ).toBe('Zenith Brand Insurer');
  });
});

describe('a registered name read whole (issue 53: who underwrites)', () => {
  // The register's own names, printed as they are registered: a bracket, an abbreviation's full stop, a word that is
  // also an ordinary one, a broker after "vermittelt durch", a supervisor named in the small print.
  const insurer = (text: string, country: 'UK' | 'DE' | 'FR') =>
    findInsurer({ ...prepare(text), valueSide: 'below' }, country, registerMatcher()).value;

  it('ends a name at the full stop after a two-letter legal form ("Versicherungs-AG. Vermittelt durch …")', () => {
    const text =
      'Bluebell Direct\nVersicherungsnachweis\nRisikoträger: ARAG Allgemeine Versicherungs-AG. Vermittelt durch Bluebell Direct.';
    expect(insurer(text, 'DE')).toBe('ARAG Allgemeine Versicherungs-AG');
  });

  it("reads no insurer in the last word of a broker's name, nor in a product's name as a heading", () => {
    // "Direct" of "Bluebell Direct" is a word of the broker's name; "Mutuelle santé" is what is sold.
    expect(insurer('Bluebell Direct\nHauptstraße 5, 80331 München\nJahres-Reiseschutz', 'DE')).toBe(null);
    expect(
      insurer(
        "Attestation d'assurance\nMutuelle santé\nN° de contrat     P4723209\nAXA France IARD, entreprise régie par le Code des assurances.",
        'FR',
      ),
    ).toBe('AXA France IARD');
  });

  it("takes the small print's guarantor, not the insurer of the old contract it replaces", () => {
    const text = `AG2R Prevoyance
12 rue Victor Hugo, 69002 Lyon

Votre ancien contrat
Contrat remplacé n°     73896615349
Année précédente     1 octobre 2025 - 30/09/2026
Allianz IARD

Certificat
Mutuelle santé
Numéro de contrat     5474 098498
Date d'effet     1 octobre 2026

Garanti par AG2R Prevoyance, capital social 367662269 euros.`;
    expect(extractFields(text, options).insurer).toBe('AG2R Prevoyance');
    // Without its label, a name printed only in the old contract's section is less sure than the letterhead's.
    const unlabelled = text.replace('Garanti par AG2R Prevoyance, capital social 367662269 euros.', '');
    expect(extractFields(unlabelled, options).insurer).toBe('AG2R Prevoyance');
  });

  it('keeps a bracket inside a name instead of reading the bracket as a name of its own', () => {
    expect(
      insurer(
        'Arch Insurance (UK) Limited\nCertificate of Insurance\nArch Insurance (UK) Limited is authorised by the Prudential Regulation Authority.',
        'UK',
      ),
    ).toBe('Arch Insurance (UK) Limited');
    expect(
      insurer(
        'Certificate of Insurance\nUnderwritten by China Taiping Insurance (UK) Co Ltd. Registered in England.',
        'UK',
      ),
    ).toBe('China Taiping Insurance (UK) Co Ltd');
    expect(insurer('Versicherungsnachweis\nRisikoträger: Badischer Gemeinde-Versicherungs-Verband (BGV).', 'DE')).toBe(
      'Badischer Gemeinde-Versicherungs-Verband (BGV)',
    );
  });

  it('reads past an abbreviation’s full stop', () => {
    expect(
      insurer(
        "Assurance séjour\nGaranti par Ass. Mutuelle Centrale d'Assurances M.C.A., capital social 220532848 euros.",
        'FR',
      ),
    ).toBe("Ass. Mutuelle Centrale d'Assurances M.C.A.");
    // "Crédit Agricole" alone is the bank that sells cover; "Ass.Mut." says this one insures.
    expect(insurer('Assurance automobile\nContrat assuré par Caisse Ass.Mut.Credit Agricole (CAMCA).', 'FR')).toBe(
      'Caisse Ass.Mut.Credit Agricole (CAMCA)',
    );
  });

  it('takes no word of a broker’s name, nor an ordinary word that opens a clause, nor a supervisor', () => {
    const broker = 'Versicherungsschein\nRisikoträger: ADAC Versicherung AG. Vermittelt durch Bluebell Direct.';
    expect(insurer(broker, 'DE')).toBe('ADAC Versicherung AG');
    const premium =
      'Certificate of Insurance\nPremium from 01.08.2024: £569,00\nUnderwritten by China Taiping Insurance (UK) Co Ltd. Registered in England.';
    expect(insurer(premium, 'UK')).toBe('China Taiping Insurance (UK) Co Ltd');
    // With no underwriter named, neither the clause's first word nor the supervisor's name is one.
    expect(insurer('Certificate of Insurance\nPremium from 01.08.2024: £569,00', 'UK')).toBeNull();
    expect(
      insurer('Certificate of Insurance\nWe are regulated by the Prudential Regulation Authority.', 'UK'),
    ).toBeNull();
  });
});

describe('an insurer no register holds', () => {
  it('names a statutory health fund from its letterhead, the register knowing none', () => {
    const text =
      'Techniker Krankenkasse\nMitgliedsbescheinigung\nFrau Mara Schulte ist seit dem 01.02.2021 Mitglied.\nKrankenversichertennummer: M482910733';
    const fields = extractFields(text, options);
    expect(fields.insurer).toBe('Techniker Krankenkasse');
    expect(fields.field_confidence.insurer).toBeLessThan(0.5);
  });

  it('takes "a.G." at the end of a letterhead for a mutual’s legal form', () => {
    const found = findInsurer(
      { ...prepare('Beispielhafte Krankenversicherung a.G.\nVersicherungsschein'), valueSide: 'below' },
      'DE',
    );
    expect(found.value).toBe('Beispielhafte Krankenversicherung a.G.');
  });
});

describe('what type of insurance it is', () => {
  it.each([
    'Krankenversicherung für Auslandsreisen\nArzt, Krankenhaus, Medikamente, ambulante und stationäre Behandlung, Zahnbehandlung',
    'Travel medical insurance\nEmergency medical expenses, hospital, doctor, dental treatment, medical repatriation',
    "Assurance frais médicaux à l'étranger\nFrais médicaux, hospitalisation, soins dentaires, médecin, rapatriement",
    'Long stay insurance\nWorking holiday visa, 12 months abroad, medical expenses, hospital, repatriation',
    "Assurance étudiant à l'étranger\nSéjour d'études de 10 mois, frais médicaux, hospitalisation, rapatriement",
    'Langzeit-Auslandsreiseversicherung für Work and Travel\nAufenthalt 12 Monate, ärztliche Behandlung, Krankenhaus',
  ])('types a stay abroad as travel, however medical its words (%s)', (text) => {
    expect(findInsuranceType(fold(text)).value).toBe('travel');
  });

  it("types a statutory fund's certificate as health by the fund's name alone", () => {
    for (const text of [
      'Techniker Krankenkasse\nVersicherungsbescheinigung\nHerr Max Muster ist seit dem 01.01.2020 bei uns versichert.',
      "Caisse Primaire d'Assurance Maladie de Paris\nAttestation d'affiliation\nM. Luc Bernard est affilié depuis le 01/01/2019.",
    ]) {
      const fields = extractFields(text, options);
      expect([fields.insurer === null, fields.insurance_type], text).toEqual([false, 'health']);
    }
  });

  it("keeps health cover taken out abroad, and a statutory fund's certificate, as health", () => {
    for (const text of [
      'Bestätigung Auslandskrankenversicherung für Studierende\nVersicherungsschutz weltweit',
      'Certificat d’adhésion – santé internationale\nZone de couverture : monde entier',
      'Bescheinigung über die Mitgliedschaft in der gesetzlichen Krankenversicherung\nAOK Bayern',
    ])
      expect(findInsuranceType(fold(text)).value, text).toBe('health');
  });

  it('types German and French health products by their names', () => {
    for (const text of [
      'Tarif Krankentagegeld ab dem 43. Tag',
      'Zahnzusatzversicherung Tarif ZE',
      'Certificat d’adhésion – santé internationale',
      'Your private medical cover and hospital list',
    ]) {
      expect(findInsuranceType(fold(text)).value, text).toBe('health');
    }
  });

  it.each([
    ['Certificate of insurance. Road Traffic Act 1988 Part VI. Persons entitled to drive.', 'motor'],
    ['Versicherungsbestätigung nach § 1 PflVG (Pflichtversicherungsgesetz). Fahrzeughalter.', 'motor'],
    ['Attestation d’assurance – article R. 211-15 du Code des assurances. Conducteur.', 'motor'],
    ['Motorbike insurance. Rider. Helmet and leathers.', 'motor'],
    ['Assurance moto. Deux-roues. Casque.', 'motor'],
    ['Schengen visa insurance certificate. Medical expenses up to EUR 30,000.', 'travel'],
    ['Dental plan. Check-ups, fillings and crowns. Optical cover.', 'health'],
    ['Surcomplémentaire santé. Dépassements d’honoraires. Optique.', 'health'],
  ])('knows a line by its statute or its product: %s', (text, type) => {
    expect(findInsuranceType(fold(text)).value).toBe(type);
  });

  it('does not take a mutual insurer’s legal form for health cover', () => {
    const text =
      'Avis d’échéance automobile. Société d’assurance mutuelle à cotisations variables. Mutuelle assurance des artisans. Véhicule, conducteur.';
    expect(findInsuranceType(fold(text)).value).toBe('motor');
  });

  it('leaves home, contents and life cover untyped rather than guess one of the three', () => {
    for (const text of [
      'Home insurance schedule. Buildings sum insured £400,000. Contents sum insured £50,000. Personal belongings away from home: baggage and luggage while you travel.',
      'Versicherungsschein Hausratversicherung. Versicherungsort: Wohnung im Gebäude. Reisegepäck auf der Reise ist mitversichert.',
      'Avis d’échéance – multirisque habitation. Logement assuré. Soins vétérinaires des animaux exclus. Hospitalisation non comprise.',
    ]) {
      expect(findInsuranceType(fold(text)).value, text).toBeNull();
    }
    // A motor policy that mentions home insurance in passing is still motor.
    expect(
      findInsuranceType(
        fold('Motor insurance certificate. Car insurance schedule. Vehicle, driver. Ask us about home insurance.'),
      ).value,
    ).toBe('motor');
  });
});

describe('which dates are the cover’s', () => {
  it("leaves a birth's words to the birth date, not to a later date on its line", () => {
    const doc = prepare('Herr Tobias Meier, geb. 21.04.1983, ist bei uns seit dem 01.01.2018 versichert.');
    expect(dateMentions(doc).map((m) => [m.iso, m.ruledOut])).toEqual([
      ['1983-04-21', true],
      ['2018-01-01', false],
    ]);
  });

  it('does not take a waiting period’s end for the cover’s', () => {
    expect(rulesOutDate('zahnzusatz (wartezeit bis ')).toBe(true);
    expect(rulesOutDate('waiting period ends on ')).toBe(true);
    expect(rulesOutDate("delai de carence jusqu'au ")).toBe(true);
    const fields = extractFields(
      `Krankenversicherung – Versicherungsschein\nVersicherungsbeginn: 01.01.2026\nTarif ZahnPlus ab 01.01.2026 (Wartezeit bis 31.12.2026)`,
    );
    expect([fields.start_date, fields.end_date]).toEqual(['2026-01-01', null]);
  });

  it('does not take a waiting period’s or a payment’s start and end verbs for the cover’s', () => {
    const fields = extractFields(
      'Zahnzusatzversicherung\nIhre Versicherung beginnt am 01.01.2026.\nDie Wartezeit endet am 31.03.2026.',
    );
    expect([fields.start_date, fields.end_date]).toEqual(['2026-01-01', null]);
    const payments = extractFields(
      'Health insurance\nYour direct debit payments start on 15 January 2026.\nYour cover starts on 1 January 2026.',
    );
    expect(payments.start_date).toBe('2026-01-01');
  });

  it('reads a weekday before a date as part of the date, not as a letter’s place', () => {
    const doc = { ...prepare('Trip start   Saturday, 1st March 2025'), valueSide: 'below' as const };
    const line = doc.lines[0]!;
    expect(labelContext(doc, line, line.folded.indexOf('1st'))).toBe('trip start');
    expect(rulesOutDate(labelContext(doc, line, line.folded.indexOf('1st')))).toBe(false);
    const fields = extractFields(
      'Travel insurance schedule\nDate issued   Friday, 17th January 2025\nTrip start   Saturday, 1st March 2025\nTrip end   Sunday, 16th March 2025',
    );
    expect([fields.start_date, fields.end_date]).toEqual(['2025-03-01', '2025-03-16']);
  });

  it.each([
    ['fr', 'Assurance santé. Vos garanties prendront effet le 1er janvier 2026.', '2026-01-01', null],
    ['fr', 'Le contrat entrera en vigueur le 01/02/2026 et cessera le 31/01/2027.', '2026-02-01', '2027-01-31'],
    [
      'en',
      'Your health cover will take effect on 1 May 2026 and will end on 30 April 2027.',
      '2026-05-01',
      '2027-04-30',
    ],
    ['en', 'Your travel policy lapsed on 12 June 2025.', null, '2025-06-12'],
    ['de', 'Ihre Krankenversicherung endete am 31.03.2025.', null, '2025-03-31'],
  ])('reads start and end verbs in any tense (%s): %s', (_, text, start, end) => {
    const fields = extractFields(text);
    expect([fields.start_date, fields.end_date]).toEqual([start, end]);
  });

  it.each([
    ['Assurance auto. Le contrat est conclu pour une durée d’un an à compter du 1er mars 2026.', '2026-03-01', null],
    ['Health insurance. Your cover is in force with effect from 1 June 2025.', '2025-06-01', null],
    ['Krankenversicherung. Der Vertrag gilt mit Wirkung ab 01.06.2025.', '2025-06-01', null],
    ['Assurance santé. Adhésion avec effet au 1er juin 2025.', '2025-06-01', null],
    ['Motor insurance. We have changed your policy with effect from 12 June 2025.', null, null],
    ['Health insurance. Your cover will continue until 31 December 2026 unless cancelled.', null, '2026-12-31'],
    ['Krankenversicherung. Der Versicherungsschutz endet mit Ablauf des 31.12.2026.', null, '2026-12-31'],
    ['Assurance santé. Vos droits sont ouverts jusqu’au 31/12/2026.', null, '2026-12-31'],
  ])('reads "with effect from" and "continues until" in the three languages: %s', (text, start, end) => {
    const fields = extractFields(text);
    expect([fields.start_date, fields.end_date]).toEqual([start, end]);
  });

  it('takes the one date left of an open-ended contract for its start, and guesses nothing when two are left', () => {
    const text =
      'Krankenversicherung – Versicherungsschein\nGeburtsdatum   19.01.1959\nZypisp   26.04.2025\nPuquym   unbefristet\nAusstellungsdatum   19.04.2025';
    expect([extractFields(text).start_date, extractFields(text).end_date]).toEqual(['2025-04-26', null]);
    expect(extractFields(text.replace('unbefristet', 'siehe Bedingungen')).start_date).toBeNull();
    expect(extractFields(`${text}\nFlomp   01.05.2025`).start_date).toBeNull();
  });

  it('takes "insured since" as a start, a customer’s "since" not', () => {
    const insured = extractFields(
      'Mitgliedsbescheinigung\nFrau Jana Becker ist seit dem 01.04.2022 bei uns krankenversichert.',
    );
    expect(insured.start_date).toBe('2022-04-01');
    const customer = extractFields('Krankenversicherung\nSie sind Kunde seit dem 01.04.2012 und haben drei Verträge.');
    expect(customer.start_date).toBeNull();
  });
});

describe('a range that prints its year once', () => {
  it.each([
    ['du lundi 7 juillet au dimanche 20 juillet 2025', ['2025-07-07', '2025-07-20']],
    ['du 7 au 20 juillet 2025', ['2025-07-07', '2025-07-20']],
    ['from 7 July to 20 July 2025', ['2025-07-07', '2025-07-20']],
    ['vom 7. bis 20. Juli 2025', ['2025-07-07', '2025-07-20']],
    ['between 3 and 17 September 2025', ['2025-09-03', '2025-09-17']],
    ['01.06. – 30.06.2025', ['2025-06-01', '2025-06-30']],
    ['du 01/06 au 30/06/2025', ['2025-06-01', '2025-06-30']],
    ['from 28 December to 4 January 2026', ['2025-12-28', '2026-01-04']],
    ['du 15/12 au 05/01/2026', ['2025-12-15', '2026-01-05']],
  ])('dates the first day of "%s" with the end’s month and year', (printed, dates) => {
    expect(findDates(fold(printed)).map((d) => d.iso)).toEqual(dates);
  });

  it('leaves full dates and a lone number alone', () => {
    expect(findDates(fold('Period: 01/03/2025 to 28/02/2026')).map((d) => d.iso)).toEqual(['2025-03-01', '2026-02-28']);
    expect(findDates(fold('Krankentagegeld ab 43. Tag   01.01.2026')).map((d) => d.iso)).toEqual(['2026-01-01']);
    expect(findDates(fold('Section 4 - see page 2')).map((d) => d.iso)).toEqual([]);
  });

  it('reads a trip printed so as the period', () => {
    const fields = extractFields(
      'Assurance voyage\nVotre voyage : du 7 au 20 juillet 2025, Grèce\nAchat le 2 mars 2025',
    );
    expect([fields.start_date, fields.end_date]).toEqual(['2025-07-07', '2025-07-20']);
  });
});

describe('where the cover applies', () => {
  it('reads a form’s bare "Area", "Zone" or "Gebiet" field, not the word in a sentence', () => {
    const scope = (text: string) => findScope({ ...prepare(text), valueSide: 'below' }).value;
    expect(scope('Area: Europe')).toBe('europe');
    expect(scope('Zone : monde entier')).toBe('worldwide');
    expect(scope('Gebiet: weltweit')).toBe('worldwide');
    expect(scope('Our service area covers Europe and more')).toBeNull();
  });
});

describe('dates as systems and letters print them', () => {
  it.each([
    ['01-Mar-2026', '2026-03-01'],
    ['1-Mar-26', '2026-03-01'],
    ['1. Mrz. 2026', '2026-03-01'],
    ['the 1st day of March 2026', '2026-03-01'],
    ['2026/03/01', '2026-03-01'],
  ])('reads %s', (printed, iso) => {
    expect(findDates(fold(printed)).map((d) => d.iso)).toEqual([iso]);
  });
});

describe('a policy number linked to its label by a verb or under a bare "Contrat"', () => {
  it.each([
    ['Kfz-Versicherung\nIhre Vertragsnummer lautet 447712209.', '447712209'],
    ['Assurance automobile\nContrat : 447712209', '447712209'],
    ['Motor insurance\nContract:   MTR44712209', 'MTR44712209'],
  ])('reads %j', (text, number) => {
    expect(extractFields(text).policy_number).toBe(number);
  });

  it('ends a reference at a word of capitals after its digits', () => {
    expect(extractFields('Motor insurance\nPolicy No. 4471 2209 REG AB12 CDE').policy_number).toBe('4471 2209');
    expect(extractFields('Health insurance\nPolicy No. PMI 483 920 17').policy_number).toBe('PMI 483 920 17');
  });

  it('does not read a contract’s kind or a previous contract as its number', () => {
    expect(
      extractFields('Assurance automobile\nContrat : Auto Confort\nAncien contrat : 4477 1220').policy_number,
    ).toBeNull();
    expect(extractFields('Assurance automobile\nAncien numéro de contrat : 4477 1220').policy_number).toBeNull();
  });
});

describe('numbers that are something else, by what they are', () => {
  // Formats that any long run of digits fits: a decoy must be refused by what it is.
  const anyDigits = (printed: string) => /^(?:[A-Z]{0,3}\d{6,12})$/.test(printed.replace(/[\s./-]/g, ''));
  const alone = (line: string) =>
    extractFields(`Travel insurance certificate for your trip and your travel\n${line}`, {
      fitsPolicyFormat: anyDigits,
    }).policy_number;

  it.each(['Call us on 0800 3 301 301', 'Contact 0 800 05 05 05', 'Contact 0 825 012 345'])(
    'knows a service number grouped its country’s way: %s',
    (line) => {
      expect(alone(line)).toBeNull();
    },
  );

  it.each([
    'FCA FRN 305112',
    'ORIAS 07 012 345',
    'HRB 12345',
    'SIREN 542 110 291',
    'IBAN DE89 3704 0044 0532 0130 00',
    'Code APE 6512Z',
  ])('reads capitals before the digits as the number’s label when they name a register: %s', (line) => {
    expect(alone(line)).toBeNull();
  });

  it.each([
    'USt-IdNr. DE123456789',
    'Mandatsreferenz 4477122001',
    'Gläubiger-ID DE98ZZZ09999999999',
    'Direct Debit reference 44771220',
    'Licence number MORGA753116SM9IJ',
    'Numéro fiscal 1234567890123',
  ])('refuses a VAT number, a direct debit’s mandate or creditor, a licence or a tax number: %s', (line) => {
    expect(alone(line)).toBeNull();
  });

  it('does not take an amount after its currency’s code for a prefixed reference', () => {
    expect(alone('Selbstbehalt   EUR 1.200')).toBeNull();
    expect(alone('Excess   GBP 250')).toBeNull();
  });

  it('does not take a round sum in thousands for a reference', () => {
    expect(alone('Limit   10 000 000')).toBeNull();
    expect(alone('Deckungssumme   50.000.000')).toBeNull();
    expect(alone('Contract   555 123 987')).toBe('555 123 987');
  });

  it('still takes a prefixed policy number printed alone', () => {
    expect(alone('PMI 483 920 17')).toBe('PMI 483 920 17');
    expect(alone('Your cover: TRV 4829 1033')).toBe('TRV 4829 1033');
  });
});

describe('a previous and a current period', () => {
  it.each([
    [
      'Renewal notice – car insurance\nCurrent period of insurance: 14/05/2025 to 13/05/2026\nRenewal period of insurance: 14/05/2026 to 13/05/2027',
      '2026-05-14',
      '2027-05-13',
    ],
    [
      'Kfz-Versicherung – Beitragsanpassung\nIhr Vertrag verlängert sich am 01.01.2026 um ein Jahr bis zum 31.12.2026.\nBisherige Laufzeit: 01.01.2025 – 31.12.2025',
      '2026-01-01',
      '2026-12-31',
    ],
    [
      'Assurance auto – avis de renouvellement\nAncienne période : du 01/03/2025 au 28/02/2026\nNouvelle période : du 01/03/2026 au 28/02/2027',
      '2026-03-01',
      '2027-02-28',
    ],
    [
      'Travel insurance\nYour previous trip: 01/02/2025 to 10/02/2025\nYour trip: 03/05/2025 to 17/05/2025',
      '2025-05-03',
      '2025-05-17',
    ],
  ])('takes the renewed or current one, not the one before: %j', (text, start, end) => {
    const fields = extractFields(text, options);
    expect([fields.start_date, fields.end_date]).toEqual([start, end]);
  });

  it('still reads a period said to be past when it is the only one (an expired policy)', () => {
    const fields = extractFields(
      'Health insurance – confirmation of previous cover\nPrevious period of cover: 01/01/2023 to 31/12/2024',
      options,
    );
    expect([fields.start_date, fields.end_date]).toEqual(['2023-01-01', '2024-12-31']);
  });
});

describe('a plate under an abbreviated or plain-word label', () => {
  it.each([
    ['Motor insurance schedule\nReg: AB12 CDE', 'AB12 CDE'],
    ['Motor insurance schedule\nVRN   AB12 CDE', 'AB12 CDE'],
    ['Kfz-Versicherung\nKennz.: M-AB 1234', 'M-AB 1234'],
    ['Kfz-Versicherung\namtl. Kennz. M AB 1234', 'M-AB 1234'],
    ['Assurance auto\nImmat. : AB-123-CD', 'AB-123-CD'],
    ['Assurance auto\nN° immat AB 123 CD', 'AB-123-CD'],
    ['Assurance auto\nPlaque : AB123CD', 'AB-123-CD'],
  ])('reads %j', (text, plate) => {
    expect(extractFields(text).vehicle_registration).toBe(plate);
  });

  it('does not take "reg" inside a word or a sentence for a label', () => {
    expect(
      extractFields('Travel insurance\nRegistered office: 1 High Street AB12 CDE').vehicle_registration,
    ).toBeNull();
  });
});

describe('the level of cover in its plain words', () => {
  it.each([
    ['Kfz-Versicherung für Ihr Fahrzeug\nDeckung: nur Kfz-Haftpflicht', 'third_party'],
    ['Reiseversicherung für Ihre Reise\nTarif: Einmalschutz', 'single_trip'],
  ])('reads %j', (text, level) => {
    expect(extractFields(text).coverage.level).toBe(level);
  });
});

describe('a date a column wrapped', () => {
  // Two columns of made-up labels; the right one too narrow for its period, so the end's day closes one line and its
  // month and year open the same column on the next.
  const wrapped = (start: string, day: string, rest: string) =>
    [
      'Zyskasp: Lea Yilmaz   Glaglyrk: ERGO Versicherung AG',
      'Biquikam: 9. Juni 1996   Kyzy: 36317407176',
      `Vobam: FX11288790   Pyskimond: Rivovand ${start} Kaglaqual ${day}`,
      `Kaquil: 7. September 2025   ${rest}`,
    ].join('\n');

  it('is read whole: the period has its end', () => {
    const fields = extractFields(wrapped('20. September 2025', '19.', 'September 2026'), options);
    expect([fields.start_date, fields.end_date]).toEqual(['2025-09-20', '2026-09-19']);
  });

  it('is read whole in English and French too', () => {
    const english = extractFields(
      wrapped('20 September 2025', '19', 'September 2026').replace('ERGO Versicherung AG', 'Aviva Insurance Limited'),
      options,
    );
    expect([english.start_date, english.end_date]).toEqual(['2025-09-20', '2026-09-19']);
    const french = extractFields(
      wrapped('20 septembre 2025', '19', 'septembre 2026').replace('ERGO Versicherung AG', 'MAAF Assurances'),
      options,
    );
    expect([french.start_date, french.end_date]).toEqual(['2025-09-20', '2026-09-19']);
  });

  it('is not made from a day that ends a date of its own, nor from another column', () => {
    const dates = (text: string) => dateMentions({ ...prepare(text), valueSide: 'below' }).map((m) => m.iso);
    expect(dates(wrapped('20. September 2025', '19.', 'September 2026'))).toContain('2026-09-19');
    // "… 20.09.2019" is whole: its "19" begins nothing.
    expect(dates(wrapped('20.09.2019', '', 'September 2026').replace('Kaglaqual ', ''))).not.toContain('2026-09-19');
    // The month and year open the left column of the next line, not the right: no continuation of the right one.
    const otherColumn = [
      'Vobam: FX11288790   Pyskimond: 20. September 2025 bis 19.',
      'September 2026   Kaquil: 7. Mai',
    ];
    expect(dates(otherColumn.join('\n'))).not.toContain('2026-09-19');
  });
});
