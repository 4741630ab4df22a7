// The building blocks of field extraction: dates, amounts, plates, language.
import { describe, expect, it } from 'vitest';
import { findDates, parseDate } from '../../domain/extraction/dates.js';
import { detectLanguage } from '../../domain/extraction/language.js';
import { findMoney, parseNumber } from '../../domain/extraction/money.js';
import { findPlates } from '../../domain/extraction/plates.js';
import { fold } from '../../domain/extraction/text.js';

describe('dates', () => {
  it.each([
    ['01/03/2024', '2024-03-01'],
    ['1/3/2024', '2024-03-01'],
    ['01-03-2024', '2024-03-01'],
    ['2024-03-01', '2024-03-01'],
    ['1 March 2024', '2024-03-01'],
    ['1st March 2024', '2024-03-01'],
    ['22nd Feb 2025', '2025-02-22'],
    ['March 3, 2024', '2024-03-03'],
    ['01.03.2024', '2024-03-01'],
    ['1.3.24', '2024-03-01'],
    ['1. März 2024', '2024-03-01'],
    ['31. Dezember 2023', '2023-12-31'],
    ['1er mars 2024', '2024-03-01'],
    ['28 février 2025', '2025-02-28'],
    ['15 août 2024', '2024-08-15'],
  ])('reads %s as %s', (printed, iso) => {
    expect(parseDate(printed)).toBe(iso);
  });

  it('reads the "1er" that OCR turns into "ler" or "Ier"', () => {
    expect(parseDate('ler mars 2024')).toBe('2024-03-01');
    expect(parseDate('Ier avril 2024')).toBe('2024-04-01');
  });

  it('puts the day first, as all three countries do', () => {
    expect(parseDate('02/03/2024')).toBe('2024-03-02');
  });

  it('refuses dates that do not exist', () => {
    expect(parseDate('30/02/2024')).toBeNull();
    expect(parseDate('31.04.2024')).toBeNull();
    expect(parseDate('12/13/2024')).toBeNull();
    expect(parseDate('29/02/2023')).toBeNull();
    expect(parseDate('29/02/2024')).toBe('2024-02-29');
  });

  it('finds every date in a line, in order, and ignores times and partial dates', () => {
    const found = findDates(fold('From 00:01 on 1 March 2024 to 23:59 on 28/02/2025; renewal due 03.2025'));
    expect(found.map((d) => d.iso)).toEqual(['2024-03-01', '2025-02-28']);
  });

  it('does not read a long number as a date', () => {
    expect(findDates('12345678901')).toEqual([]);
    expect(findDates('1.234.567.2024')).toEqual([]);
  });
});

describe('amounts', () => {
  it.each([
    ['£350', 350, 'GBP'],
    ['£1,250.50', 1250.5, 'GBP'],
    ['£ 20,000,000', 20_000_000, 'GBP'],
    ['£10m', 10_000_000, 'GBP'],
    ['300 €', 300, 'EUR'],
    ['1.250,00 €', 1250, 'EUR'],
    ['EUR 300', 300, 'EUR'],
    ['100.000.000 €', 100_000_000, 'EUR'],
    ['100 Mio. EUR', 100_000_000, 'EUR'],
    ['1 250,50 €', 1250.5, 'EUR'],
    ['150 000 €', 150_000, 'EUR'],
    ['75 euros', 75, 'EUR'],
  ])('reads %s', (printed, amount, currency) => {
    expect(findMoney(printed).map((m) => m.money)).toEqual([{ amount, currency }]);
  });

  it('needs a currency', () => {
    expect(findMoney('Policy 12345678, 2024')).toEqual([]);
  });

  it('does not take a word starting with m for millions', () => {
    expect(findMoney('£250 max per claim').map((m) => m.money)).toEqual([{ amount: 250, currency: 'GBP' }]);
  });

  it('reads either decimal separator', () => {
    expect(parseNumber('1,000.50')).toBe(1000.5);
    expect(parseNumber('1.000,50')).toBe(1000.5);
    expect(parseNumber('1,000')).toBe(1000);
    expect(parseNumber('12,5')).toBe(12.5);
  });
});

describe('registration plates', () => {
  it('gives each country its usual notation', () => {
    expect(findPlates('AB12CDE', ['UK'])[0]?.value).toBe('AB12 CDE');
    expect(findPlates('M AB 1234', ['DE'])[0]?.value).toBe('M-AB 1234');
    expect(findPlates('HH-X 99E', ['DE'])[0]?.value).toBe('HH-X 99E');
    expect(findPlates('AB 123 CD', ['FR'])[0]?.value).toBe('AB-123-CD');
    expect(findPlates('AB123CD', ['FR'])[0]?.value).toBe('AB-123-CD');
  });

  it('refuses letters a format never issues', () => {
    expect(findPlates('QB12 CDE', ['UK'])).toEqual([]); // Q is not an area letter
    expect(findPlates('AB00 CDE', ['UK'])).toEqual([]); // 00 was never an age identifier
    expect(findPlates('AO-123-CD', ['FR'])).toEqual([]); // no O in the SIV series
  });

  it('repairs look-alike characters only when asked (after a label)', () => {
    expect(findPlates('SK2I KOJ', ['UK'])).toEqual([]);
    expect(findPlates('SK2I KOJ', ['UK'], true)[0]?.value).toBe('SK21 KOJ');
    expect(findPlates('A8-I23-CD', ['FR'], true)[0]?.value).toBe('AB-123-CD');
  });

  it('does not find plates in ordinary words without repair', () => {
    expect(findPlates('BOSTONS COMPREHENSIVE INSURANCE', ['UK', 'FR'])).toEqual([]);
  });
});

describe('language', () => {
  it('tells English, German and French policy wording apart', () => {
    expect(
      detectLanguage(
        fold('Your policy schedule. The cover starts on the date shown and the excess is payable for each claim.'),
      ).language,
    ).toBe('en');
    expect(
      detectLanguage(
        fold(
          'Versicherungsnehmer: Anna Meyer. Der Versicherungsschutz beginnt mit dem Datum und die Selbstbeteiligung gilt je Schaden.',
        ),
      ).language,
    ).toBe('de');
    expect(
      detectLanguage(
        fold(
          'Souscripteur : Camille Dubois. Votre contrat prend effet à la date indiquée et la franchise est due pour chaque sinistre.',
        ),
      ).language,
    ).toBe('fr');
  });

  it('knows a terse certificate by the words of its trade (labels made up, little prose)', () => {
    // Each has too few common short words to tell on its own: the vocabulary of health and membership cover does.
    const fr = "Complémentaire santé – Certificat d'adhésion\nLouis Benali\nHarmonie Mutuelle\nDocument à conserver.";
    expect(detectLanguage(fold(fr)).language).toBe('fr');
    const de = 'Mitgliedsbescheinigung\nPrivate Krankenversicherung\nMitglied seit 2021\nVersicherungsnummer 4821';
    expect(detectLanguage(fold(de)).language).toBe('de');
    const en = 'Membership certificate\nPrivate medical insurance\nMember: Jane Doe';
    expect(detectLanguage(fold(en)).language).toBe('en');
  });

  it('says nothing when there is too little to go on', () => {
    expect(detectLanguage(fold('PC48291033 01/03/2024')).language).toBeNull();
  });
});
