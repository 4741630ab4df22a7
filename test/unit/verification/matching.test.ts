import { describe, expect, it } from 'vitest';
import type { Country, InsuranceType } from '../../../domain/verification/types.js';
import { verificationParts } from './support.js';

const { directory } = verificationParts();

/** [provider as a user types it, insurance type, expected register reference]. */
type Row = [string, InsuranceType, string];

const UK: Row[] = [
  ['AXA', 'motor', '202312'],
  ['axa', 'motor', '202312'],
  ['AXA Insurance', 'motor', '202312'],
  ['AXA Insurance UK plc', 'motor', '202312'],
  ['AXA INSURANCE UK PLC', 'motor', '202312'],
  ['Axa Insurance UK Limited', 'motor', '202312'],
  ['AXA UK', 'motor', '202312'],
  ['A.X.A.', 'motor', '202312'],
  ['AXA', 'travel', '202312'],
  ['AXA', 'health', '202947'],
  ['AXA PPP', 'health', '202947'],
  ['AXA Health', 'health', '202947'],
  ['AXA PPP Healthcare Ltd', 'health', '202947'],
  ['Aviva', 'motor', '202153'],
  ['AVIVA', 'motor', '202153'],
  ['Aviva Insurance Ltd', 'motor', '202153'],
  ['Avvia', 'motor', '202153'],
  ['Avivaa', 'motor', '202153'],
  ['Norwich Union', 'motor', '202153'],
  ['Quote Me Happy', 'motor', '202153'],
  ['Aviva', 'travel', '202153'],
  ['Admiral', 'motor', '219824'],
  ['admiral insurance', 'motor', '219824'],
  ['Admiarl', 'motor', '219824'],
  ['Admiral Group plc', 'motor', '219824'],
  ['Elephant', 'motor', '219824'],
  ['Diamond Insurance', 'motor', '219824'],
  ['Admiral', 'travel', '219824'],
  ['Direct Line', 'motor', '202810'],
  ['DIRECT LINE', 'motor', '202810'],
  ['Direct-Line', 'motor', '202810'],
  ['Directline', 'motor', '202810'],
  ['Dierct Line', 'motor', '202810'],
  ['Churchill', 'motor', '202810'],
  ['Churchill Insurance Company Limited', 'motor', '202727'],
  ['Privilege', 'motor', '202810'],
  ['Green Flag', 'motor', '202810'],
  ['U K Insurance Limited', 'motor', '202810'],
  ['LV=', 'motor', '202965'],
  ['LV', 'motor', '202965'],
  ['lv', 'motor', '202965'],
  ['Liverpool Victoria', 'motor', '202965'],
  ['Liverpool Victoria Insurance Company Ltd', 'motor', '202965'],
  ['Liverpol Victoria', 'motor', '202965'],
  ['Allianz', 'motor', '121849'],
  ['Allianz Insurance plc', 'motor', '121849'],
  ['Alianz', 'motor', '121849'],
  ['Hastings Direct', 'motor', '85900'],
  ['Hastings', 'motor', '85900'],
  ['esure', 'motor', '203350'],
  ["Sheilas' Wheels", 'motor', '203350'],
  ['Ageas', 'motor', '202039'],
  ['RSA', 'motor', '202323'],
  ['More Than', 'motor', '202323'],
  ['Royal & Sun Alliance', 'motor', '202323'],
  ['NFU Mutual', 'motor', '117664'],
  ['Tesco Bank', 'motor', '517719'],
  ['Saga', 'motor', '88716'],
  ['The AA', 'motor', '106606'],
  ['RAC', 'motor', '202737'],
  ['Sabre Insurance', 'motor', '202795'],
  ['1st Central', 'motor', '99263'],
  ['Markerstudy', 'motor', '78789'],
  ['Highway Insurance', 'motor', '202972'],
  ['Covea Insurance', 'motor', '202277'],
  ['Covéa', 'motor', '202277'],
  ['Toyota Insurance', 'motor', '816870'],
  ['Zenith Insurance', 'motor', '84085'],
  ['Mulsanne Insurance Company', 'motor', '101673'],
  ['Watford Insurance', 'motor', '112869'],
  ['Bupa', 'health', '203332'],
  ['Vitality', 'health', '400057'],
  ['WPA', 'health', '202608'],
  ['Simplyhealth', 'health', '202183'],
];

const DE: Row[] = [
  ['Allianz', 'motor', '5312'],
  ['ALLIANZ', 'motor', '5312'],
  ['Allianz Versicherungs-AG', 'motor', '5312'],
  ['Allianz Versicherungs-Aktiengesellschaft', 'motor', '5312'],
  ['Allianz Versicherung', 'motor', '5312'],
  ['Alianz', 'motor', '5312'],
  ['Allianz', 'health', '4034'],
  ['Allianz Private Krankenversicherung', 'health', '4034'],
  ['Allianz Direct', 'motor', '5441'],
  ['HUK-COBURG', 'motor', '5375'],
  ['HUK Coburg', 'motor', '5375'],
  ['huk-coburg', 'motor', '5375'],
  ['HUK', 'motor', '5375'],
  ['HUKCOBURG', 'motor', '5375'],
  ['HUK-Cobrug', 'motor', '5375'],
  ['HUK-COBURG', 'health', '4117'],
  ['HUK24', 'motor', '5086'],
  ['HUK 24', 'motor', '5086'],
  ['ERGO', 'motor', '5472'],
  ['Ergo Versicherung AG', 'motor', '5472'],
  ['ERGO', 'travel', '5356'],
  ['ERGO Reiseversicherung', 'travel', '5356'],
  ['ERV', 'travel', '5356'],
  ['DKV', 'health', '4044'],
  ['DEVK', 'motor', '5513'],
  ['Devk Versicherungen', 'motor', '5513'],
  ['DEVK', 'health', '4131'],
  ['R+V', 'motor', '5438'],
  ['R + V', 'motor', '5438'],
  ['R+V Versicherung', 'motor', '5438'],
  ['RV', 'motor', '5438'],
  ['R+V', 'health', '4116'],
  ['AXA', 'motor', '5515'],
  ['AXA Versicherung AG', 'motor', '5515'],
  ['AXA', 'health', '4095'],
  ['Generali', 'motor', '5342'],
  ['Generali Deutschland Versicherung AG', 'motor', '5342'],
  ['CosmosDirekt', 'motor', '5552'],
  ['Cosmos Direkt', 'motor', '5552'],
  ['Gothaer', 'motor', '5858'],
  ['HDI', 'motor', '5085'],
  ['VHV', 'motor', '5862'],
  ['VHV Allgemeine Versicherung AG', 'motor', '5862'],
  ['LVM', 'motor', '5402'],
  ['Württembergische', 'motor', '5783'],
  ['Wuerttembergische', 'motor', '5783'],
  ['Wurttembergische Versicherung', 'motor', '5783'],
  ['WGV', 'motor', '5525'],
  ['Provinzial', 'motor', '5093'],
  ['Signal Iduna', 'motor', '5125'],
  ['SIGNAL IDUNA', 'health', '4002'],
  ['Debeka', 'motor', '5549'],
  ['Debeka', 'health', '4028'],
  ['Barmenia', 'health', '4147'],
  ['Continentale', 'health', '4001'],
  ['Hallesche', 'health', '4043'],
  ['HanseMerkur', 'travel', '5496'],
  ['Hanse Merkur', 'health', '4144'],
  ['ADAC', 'motor', '5135'],
  ['ADAC', 'travel', '5498'],
  ['Verti', 'motor', '5055'],
  ['DA Direkt', 'motor', '5343'],
  ['Itzehoer', 'motor', '5401'],
  ['VKB', 'motor', '5324'],
  ['Nürnberger', 'motor', '5426'],
  ['Nuernberger', 'motor', '5426'],
  ['Volkswagen Versicherung', 'motor', '5169'],
  ['ottonova', 'health', '4146'],
  ['Mecklenburgische', 'motor', '5412'],
  ['Concordia', 'motor', '5338'],
  ['Alte Leipziger', 'motor', '5405'],
  ['Mannheimer', 'motor', '5061'],
];

const FR: Row[] = [
  ['AXA', 'motor', '722057460'],
  ['AXA France', 'motor', '722057460'],
  ['AXA France IARD', 'motor', '722057460'],
  ['axa france iard', 'motor', '722057460'],
  ['AXA Assurances', 'motor', '722057460'],
  ['AXA', 'health', '310499959'],
  ['AXA', 'travel', '451392724'],
  ['MAIF', 'motor', '775709702'],
  ['maif', 'motor', '775709702'],
  ['Maïf', 'motor', '775709702'],
  ['M.A.I.F.', 'motor', '775709702'],
  ['Mutuelle Assurance des Instituteurs de France', 'motor', '775709702'],
  ['MACIF', 'motor', '781452511'],
  ['Macif', 'health', '779558501'],
  ['MAAF', 'motor', '542073580'],
  ['MAAF Assurances', 'motor', '781423280'],
  ['MMA', 'motor', '440048882'],
  ['MMA IARD', 'motor', '440048882'],
  ['GMF', 'motor', '398972901'],
  ['Garantie Mutuelle des Fonctionnaires', 'motor', '398972901'],
  ['Matmut', 'motor', '775701477'],
  ['Matmutt', 'motor', '775701477'],
  ['MATMUT', 'health', '775701485'],
  ['Groupama', 'motor', '343115135'],
  ['Groupamma', 'motor', '343115135'],
  ['Groupama Méditerranée', 'motor', '379834906'],
  ['Groupama Mediterranee', 'motor', '379834906'],
  ['Gan', 'motor', '542063797'],
  ['Gan Assurances', 'motor', '542063797'],
  ['Allianz', 'motor', '542110291'],
  ['Allianz IARD', 'motor', '542110291'],
  ['Allianz France', 'motor', '542110291'],
  ['Allianz', 'travel', '519490080'],
  ['Mondial Assistance', 'travel', '519490080'],
  ['Europ Assistance', 'travel', '451366405'],
  ['Generali', 'motor', '552062663'],
  ['Generalli', 'motor', '552062663'],
  ['Generali', 'health', '602062481'],
  ['Pacifica', 'motor', '352358865'],
  ['Crédit Agricole Assurances', 'motor', '352358865'],
  ['Credit Mutuel', 'motor', '352406748'],
  ['ACM', 'motor', '352406748'],
  ['Crédit Mutuel', 'travel', '352406748'],
  ["Caisse d'Epargne", 'motor', '401380472'],
  ['Banque Postale', 'motor', '493253652'],
  ['Aviva', 'motor', '306522665'],
  ['Abeille Assurances', 'motor', '306522665'],
  ['Thélem', 'motor', '085580488'],
  ['Thelem assurances', 'motor', '085580488'],
  ['Swiss Life', 'motor', '391277878'],
  ['SwissLife', 'health', '322215021'],
  ['Mutuelle des Motards', 'motor', '328538335'],
  ['Sogessur', 'motor', '379846637'],
  ['MGEN', 'health', '775685399'],
  ['Harmonie Mutuelle', 'health', '538518473'],
  ['Malakoff Humanis', 'health', '784718256'],
  ['Alan', 'health', '818353070'],
  ['AG2R', 'health', '333232270'],
  ['Wakam', 'motor', '562117085'],
  ['Chubb', 'travel', '450327374'],
  ['La Mutuelle Générale', 'health', '775685340'],
  ['Mutuelle de Poitiers', 'motor', '775715683'],
  ['Areas', 'motor', '775670466'],
  ['SMACL', 'motor', '301309605'],
];

const TABLES: [Country, Row[]][] = [
  ['UK', UK],
  ['DE', DE],
  ['FR', FR],
];

describe('provider matching', () => {
  it.each(TABLES)('has at least 60 provider strings for %s', (_country, rows) => {
    expect(rows.length).toBeGreaterThanOrEqual(60);
  });

  for (const [country, rows] of TABLES) {
    it.each(rows)(`${country}: %s (%s) -> %s`, (provider, type, reference) => {
      const match = directory.match(country, type, provider);
      expect(match?.insurer.reference).toBe(reference);
      expect(match!.score).toBeGreaterThanOrEqual(0.8);
      expect(match!.score).toBeLessThanOrEqual(1);
    });
  }

  const none: [Country, InsuranceType, string, string][] = [
    ['UK', 'motor', 'Zurich', 'the register holds only Zurich Assurance Ltd, a life company'],
    ['DE', 'motor', 'Zurich', 'only Zurich Deutscher Herold Lebensversicherung AG is registered'],
    ['UK', 'motor', 'Bupa', 'the Bupa brand lists no motor insurer'],
    ['UK', 'motor', 'AXA PPP', 'a health insurer cannot stand in for motor'],
    ['UK', 'motor', 'Acme Insurance', 'no such insurer'],
    ['UK', 'motor', 'Insurance Company Limited', 'only generic words'],
    ['FR', 'motor', 'Direct Assurance', 'the brand of an undertaking the register does not hold'],
    ['DE', 'motor', 'ABC', 'short strings get no fuzzy matches'],
  ];
  it.each(none)('%s %s: %s matches nothing (%s)', (country, type, provider) => {
    expect(directory.match(country, type, provider)).toBeNull();
  });

  it('answers a life insurer for motor only when the provider gives its full registered name', () => {
    expect(directory.match('DE', 'motor', 'Allianz Lebensversicherungs-AG')?.insurer.reference).toBe('1006'); // named in full
    expect(directory.match('DE', 'motor', 'Allianz Leben')?.insurer.reference).toBe('5312');
    expect(directory.match('DE', 'health', 'Allianz Leben')?.insurer.reference).toBe('1006');
  });

  it('gives the full legal name 1.0, a brand 0.95 and a typo less', () => {
    expect(directory.match('UK', 'motor', 'AXA Insurance UK plc')).toMatchObject({ score: 1, via: 'name' });
    expect(directory.match('UK', 'motor', 'AXA')).toMatchObject({ score: 0.95, via: 'alias' });
    expect(directory.match('UK', 'motor', 'Admiarl')!.score).toBe(0.9);
  });

  it('tells whether a provider names a given insurer, whatever the type its alias is for', () => {
    const axaHealth = directory.byReference('UK', '202947')!;
    expect(directory.scoreAgainst('AXA', axaHealth)).toBeGreaterThanOrEqual(0.8);
    expect(directory.scoreAgainst('Aviva', directory.byReference('UK', '219824')!)).toBe(0);
  });
});

describe('insurer search', () => {
  const { insurers } = verificationParts();

  it('finds the brand for the type first and counts every hit', () => {
    const result = insurers.search({ country: 'UK', q: 'AXA', insurance_type: 'motor' });
    expect(result.insurers[0]).toEqual({
      name: 'AXA Insurance UK plc',
      reference: '202312',
      regulated: 'YES',
      authorised: true,
      score: 0.95,
    });
    const all = insurers.search({ country: 'UK', q: 'AXA' });
    expect(all.insurers.map((i) => i.reference).sort()).toEqual(['202312', '202947']);
    expect(all.count).toBe(2);
  });

  it('matches prefixes and orders by score', () => {
    const result = insurers.search({ country: 'UK', q: 'Avi', limit: 3 });
    expect(result.insurers[0]!.reference).toBe('202153');
    expect(result.insurers).toHaveLength(3);
    expect(result.count).toBeGreaterThan(3);
    const scores = result.insurers.map((i) => i.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('leaves out insurers that cannot write the type and sample insurers that are not registered', () => {
    const motor = insurers.search({ country: 'DE', q: 'Allianz', insurance_type: 'motor', limit: 50 });
    expect(motor.insurers.map((i) => i.reference)).not.toContain('1006'); // Allianz Lebensversicherungs-AG
    expect(insurers.search({ country: 'UK', q: 'Sample Sanctioned Motor' }).count).toBe(0);
  });

  it('shows one insurer per LEI', () => {
    const hits = insurers.search({ country: 'DE', q: 'HDI Global', limit: 50 }).insurers;
    expect(hits.filter((h) => h.name === 'HDI Global SE')).toHaveLength(1);
    expect(hits.find((h) => h.name === 'HDI Global SE')!.reference).toBe('5096');
  });
});

describe('insurer names printed on documents (extraction)', () => {
  const { matchInsurer } = verificationParts();

  it('gives the register display name for a legal name however printed, in the country given or any', () => {
    expect(matchInsurer('AXA INSURANCE UK PLC', 'UK')).toBe('AXA Insurance UK plc');
    expect(matchInsurer('Allianz Versicherungs-Aktiengesellschaft', 'DE')).toBe('Allianz Versicherungs-AG');
    expect(matchInsurer('Allianz Versicherungs-Aktiengesellschaft')).toBe('Allianz Versicherungs-AG');
    expect(matchInsurer('AXAKrankenversicherung AG', 'DE')).toBe('AXA Krankenversicherung AG');
  });

  it('takes a brand to the entity that writes the type, and only with the type when the brand has several', () => {
    expect(matchInsurer('AXA', 'UK', 'motor')).toBe('AXA Insurance UK plc');
    expect(matchInsurer('AXA', 'UK', 'health')).toBe('AXA PPP Healthcare Limited');
    expect(matchInsurer('Direct Line', 'UK', 'motor')).toBe('U K Insurance Limited');
    expect(matchInsurer('HUK-COBURG', 'DE', 'motor')).toMatch(/^HUK-COBURG Haftpflicht-Unterstützungs-Kasse/);
    expect(matchInsurer('HUK-COBURG', 'DE')).toBeNull();
  });

  it('passes over brokers, generic words and part of a registered name rather than guess', () => {
    expect(matchInsurer('Smith Insurance Brokers Ltd', 'UK')).toBeNull();
    expect(matchInsurer('Versicherungsmakler Brandt GmbH', 'DE')).toBeNull();
    expect(matchInsurer('Krankenversicherung AG', 'DE')).toBeNull();
    expect(matchInsurer('Kranken versicherung AG', 'DE', 'health')).toBeNull();
    expect(matchInsurer('Insurance Company Limited', 'UK')).toBeNull();
  });

  it('forgives one OCR slip in one word of a name, not two', () => {
    expect(matchInsurer('Avlva Insurance Limited', 'UK')).toBe('Aviva Insurance Limited');
    expect(matchInsurer('MAClF', 'FR')).toBe('MACIF');
    expect(matchInsurer('Genera1i IARD', 'FR')).toBe('Generali IARD');
    expect(matchInsurer('Avlva lnsurance Limitcd', 'UK')).toBeNull();
  });
});
