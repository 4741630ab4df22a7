import { describe, expect, it } from 'vitest';
import { displayName } from '../../../domain/verification/display-name.js';
import { InsurerDirectory } from '../../../domain/verification/insurers.js';
import { readRegister, registerDate, RegisterFormatError } from '../../../domain/verification/register.js';
import { readRegisterRows } from '../../../infra/verification/data-files.js';
import { verificationParts } from './support.js';

const { data, directory } = verificationParts();

describe('regulator register loading', () => {
  it('reads all 1,406 rows: UK 349, DE 385, FR 672', () => {
    expect(data.register).toHaveLength(1406);
    expect(directory.registerRows).toBe(1406);
    const perCountry = { UK: 0, DE: 0, FR: 0 };
    for (const entry of data.register) perCountry[entry.country] += 1;
    expect(perCountry).toEqual({ UK: 349, DE: 385, FR: 672 });
    expect(data.register.filter((e) => e.regulator === 'Gibraltar Financial Services Commission')).toHaveLength(52);
  });

  it.each([
    ['UK', '202312', 'AXA INSURANCE UK PLC', 'AXA Insurance UK plc'],
    ['UK', '202153', 'AVIVA INSURANCE LIMITED', 'Aviva Insurance Limited'],
    ['DE', '5312', 'Allianz Versicherungs-Aktiengesellschaft', 'Allianz Versicherungs-AG'],
    ['FR', '722057460', 'AXA FRANCE IARD', 'AXA France IARD'],
  ] as const)('spot check %s %s: %s shown as %s', (country, reference, registered, shown) => {
    const entry = data.register.find((e) => e.country === country && e.reference === reference)!;
    expect(entry.registeredName).toBe(registered);
    expect(entry.name).toBe(shown);
    expect(directory.byReference(country, reference)!.ref).toEqual({
      name: shown,
      reference,
      regulated: 'YES',
      authorised: true,
    });
  });

  it('reads every insurer as authorised: the snapshot has no registration end', () => {
    expect(data.register.every((e) => e.registrationEnd === null && e.authorised)).toBe(true);
    expect(data.register.find((e) => e.reference === '5312')!.registrationStart).toBe('1988-01-01');
  });

  it('answers every code of an insurer registered more than once, with one canonical reference', () => {
    for (const code of ['5370', '5370AT', '5370FR']) expect(directory.byReference('DE', code)!.reference).toBe('5370');
    expect(directory.byReference('FR', '86380730')!.reference).toBe('086380730');
    expect(directory.insurers('DE').filter((i) => i.name === 'Allianz Global Corporate & Specialty SE')).toHaveLength(
      1,
    );
    expect(directory.byReference('UK', '202312')).toBe(directory.byReference('UK', ' 202312 '));
    expect(directory.byReference('UK', '5312')).toBeUndefined();
  });
});

describe('register rows', () => {
  const row = (over: Record<string, string>) => ({
    country: 'UK',
    nca: 'Prudential Regulation Authority',
    identification_code: '999999',
    lei: 'TESTLEI0000000000001',
    name: 'EXAMPLE MUTUAL INSURANCE COMPANY LIMITED',
    registration_start: '01/01/2003 01:00:00',
    registration_end: '',
    ...over,
  });

  it('takes authorised from the registration end', () => {
    const [ended, ending, open] = readRegister(
      [row({ registration_end: '31/12/2020 01:00:00' }), row({ registration_end: '01/06/2027 00:00:00' }), row({})],
      { today: '2026-11-22' },
    );
    expect(ended!).toMatchObject({ registrationEnd: '2020-12-31', authorised: false });
    expect(ending!).toMatchObject({ registrationEnd: '2027-06-01', authorised: true });
    expect(open!).toMatchObject({
      registrationEnd: null,
      authorised: true,
      name: 'Example Mutual Insurance Company Limited',
    });
  });

  it('refuses rows without a supported country, a code or a name, and unreadable dates', () => {
    expect(() => readRegister([row({ country: 'IT' })], { today: '2026-11-22' })).toThrow(RegisterFormatError);
    expect(() => readRegister([row({ identification_code: ' ' })], { today: '2026-11-22' })).toThrow(/row 2/);
    expect(() => registerDate('2020-12-31')).toThrow(RegisterFormatError);
    expect(registerDate('')).toBeNull();
  });

  it('keeps an unauthorised insurer in the directory and says so in its insurer object', () => {
    const register = readRegister([row({ registration_end: '31/12/2020 01:00:00' })], { today: '2026-11-22' });
    const dir = new InsurerDirectory({
      register,
      aliases: {},
      lines: { classes: {}, excluded: { motor: [], travel: [], health: [] } },
      unregistered: [],
    });
    expect(dir.byReference('UK', '999999')!.ref).toEqual({
      name: 'Example Mutual Insurance Company Limited',
      reference: '999999',
      regulated: 'YES',
      authorised: false,
    });
  });

  it('reads the CSV with its multi-line quoted names intact', () => {
    const rows = readRegisterRows();
    expect(rows).toHaveLength(1406);
    expect(rows.find((r) => r.identification_code === '202751')!.name).toBe(
      'MITSUI SUMITOMO INSURANCE COMPANY (EUROPE), LIMITED',
    );
  });
});

describe('display names', () => {
  it.each([
    ['AXA INSURANCE UK PLC', 'AXA Insurance UK plc'],
    ['U K INSURANCE LIMITED', 'U K Insurance Limited'],
    ['ROYAL & SUN ALLIANCE INSURANCE PLC', 'Royal & Sun Alliance Insurance plc'],
    ['HSBC LIFE (UK) LIMITED', 'HSBC Life (UK) Limited'],
    ['ALLIANZ I.A.R.D.', 'Allianz I.A.R.D.'],
    ["MUTUELLE D'ASSURANCE DES ARMEES", "Mutuelle d'Assurance des Armees"],
    ["L'EQUITE", "L'Equite"],
    ['AXA VERSICHERUNG AKTIENGESELLSCHAFT', 'AXA Versicherung AG'],
    ['GARANTA Versicherungs- Aktiengesellschaft', 'GARANTA Versicherungs-AG'],
    ['Condor Lebensversicherungs-Aktiengesellschaft .', 'Condor Lebensversicherungs-AG'],
    ['HUK-COBURG-Allgemeine Versicherung AG', 'HUK-COBURG-Allgemeine Versicherung AG'],
  ])('%s -> %s', (registered, shown) => {
    expect(displayName(registered)).toBe(shown);
  });

  it('takes curated display names where casing rules cannot produce them', () => {
    expect(directory.byReference('DE', '4028')!.name).toBe(
      'Debeka Krankenversicherungsverein auf Gegenseitigkeit Sitz Koblenz am Rhein',
    );
  });
});
