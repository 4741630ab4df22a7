// Writes the SAMPLE country-registry records under data/verification/registry: a few hundred fictional motor
// policies per country, deterministic for a seed, covering every registry outcome the engine scores.
//
//   node --import tsx scripts/generate-registry-samples.ts          # write the files
//   node --import tsx scripts/generate-registry-samples.ts --check  # fail if the committed files differ
//
// The documented samples (docs/verification.md) are fixed records listed first; the rest are drawn from a
// seeded generator. Dates are chosen so that each record keeps its status for years: policies in force run
// until 2036-2039, future-dated ones start in 2040 or later.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readRegister } from '../domain/verification/register.js';
import type { Country } from '../domain/verification/types.js';
import { Random } from './random.js';
import { readRegisterRows, VERIFICATION_DATA, type RegistrySampleFile, type RegistrySampleRecord } from '../infra/verification/data-files.js';

const SEED = 20261122;
const RECORDS_PER_COUNTRY = 300;

type Case = 'active' | 'expired' | 'cancelled' | 'future' | 'provider_mismatch' | 'sanctioned' | 'unregistered';

/** How many generated records of each case, per country (the fixed records come on top, to RECORDS_PER_COUNTRY). */
const MIX: [Case, number][] = [
  ['expired', 36],
  ['cancelled', 26],
  ['future', 22],
  ['provider_mismatch', 18],
  ['sanctioned', 8],
  ['unregistered', 8],
];

interface CountryPlan {
  country: Country;
  registry: string;
  file: string;
  /** Motor insurers drawn for generated records: register reference, weight, brand a user would type. */
  insurers: { reference: string; weight: number; brand: string; form?: (rnd: Random) => string }[];
  number: (rnd: Random) => string;
  plate: (rnd: Random) => string;
  sanctioned: string;
  unregistered: string;
  fixed: Fixed[];
  unavailable: string[];
}

interface Fixed {
  policy_number: string;
  insurer: string;
  case: Case;
  try_provider?: string;
}

const addYears = (date: string, years: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

// ---- the three registries --------------------------------------------------------------------------------------

const PLANS: CountryPlan[] = [
  {
    country: 'UK',
    registry: 'Motor Insurance Database (MID), sample',
    file: 'uk-motor.json',
    insurers: [
      { reference: '202312', weight: 10, brand: 'AXA', form: (r) => `AX${r.letters(1)}${r.digits(8)}` },
      { reference: '202153', weight: 10, brand: 'Aviva', form: (r) => `AV${r.digits(8)}` },
      { reference: '219824', weight: 9, brand: 'Admiral' },
      { reference: '202810', weight: 9, brand: 'Direct Line' },
      { reference: '202965', weight: 6, brand: 'LV=' },
      { reference: '85900', weight: 6, brand: 'Hastings Direct' },
      { reference: '203350', weight: 4, brand: 'esure' },
      { reference: '202039', weight: 4, brand: 'Ageas' },
      { reference: '202323', weight: 4, brand: 'RSA' },
      { reference: '121849', weight: 3, brand: 'Allianz' },
      { reference: '117664', weight: 3, brand: 'NFU Mutual' },
      { reference: '517719', weight: 3, brand: 'Tesco Bank' },
      { reference: '88716', weight: 2, brand: 'Saga' },
      { reference: '106606', weight: 2, brand: 'AA' },
      { reference: '202737', weight: 2, brand: 'RAC' },
      { reference: '202795', weight: 2, brand: 'Sabre' },
      { reference: '99263', weight: 2, brand: '1st Central' },
      { reference: '78789', weight: 2, brand: 'Markerstudy' },
      { reference: '202972', weight: 1, brand: 'Highway Insurance' },
      { reference: '202277', weight: 1, brand: 'Covea' },
      { reference: '435022', weight: 1, brand: 'Co-op Insurance' },
    ],
    number: (r) => `${r.letters(3)}${r.digits(8)}`,
    plate: (r) => `${r.letters(2)}${String(r.int(51, 75)).padStart(2, '0')} ${r.letters(3)}`,
    sanctioned: 'SAMPLE-UK-SANCTIONED-1',
    unregistered: 'SAMPLE-UK-UNREGISTERED-1',
    fixed: [
      { policy_number: 'AXK12345678', insurer: '202312', case: 'active' },
      { policy_number: 'ABC12345', insurer: '219824', case: 'active' },
      { policy_number: 'DEF67890', insurer: '202810', case: 'active' },
      { policy_number: 'AV12345678', insurer: '202153', case: 'active' },
      { policy_number: 'EXP10000001', insurer: '202965', case: 'expired' },
      { policy_number: 'CAN10000001', insurer: '202039', case: 'cancelled' },
      { policy_number: 'FUT10000001', insurer: '203350', case: 'future' },
      { policy_number: 'MIS10000001', insurer: '219824', case: 'provider_mismatch', try_provider: 'Aviva' },
      { policy_number: 'SAN10000001', insurer: 'SAMPLE-UK-SANCTIONED-1', case: 'sanctioned' },
      { policy_number: 'UNR10000001', insurer: 'SAMPLE-UK-UNREGISTERED-1', case: 'unregistered' },
    ],
    unavailable: ['OUT10000001'],
  },
  {
    country: 'DE',
    registry: 'GDV Zentralruf der Autoversicherer, sample',
    file: 'de-motor.json',
    insurers: [
      { reference: '5375', weight: 12, brand: 'HUK-COBURG', form: (r) => `HC${r.digits(9)}` },
      { reference: '5312', weight: 10, brand: 'Allianz' },
      { reference: '5086', weight: 4, brand: 'HUK24' },
      { reference: '5513', weight: 6, brand: 'DEVK' },
      { reference: '5438', weight: 6, brand: 'R+V' },
      { reference: '5472', weight: 5, brand: 'ERGO' },
      { reference: '5515', weight: 5, brand: 'AXA' },
      { reference: '5342', weight: 4, brand: 'Generali' },
      { reference: '5862', weight: 4, brand: 'VHV' },
      { reference: '5402', weight: 4, brand: 'LVM' },
      { reference: '5085', weight: 3, brand: 'HDI' },
      { reference: '5858', weight: 3, brand: 'Gothaer' },
      { reference: '5783', weight: 3, brand: 'Württembergische' },
      { reference: '5525', weight: 3, brand: 'WGV' },
      { reference: '5093', weight: 3, brand: 'Provinzial' },
      { reference: '5552', weight: 2, brand: 'CosmosDirekt' },
      { reference: '5441', weight: 2, brand: 'Allianz Direct' },
      { reference: '5135', weight: 2, brand: 'ADAC Autoversicherung' },
      { reference: '5055', weight: 2, brand: 'Verti' },
      { reference: '5343', weight: 2, brand: 'DA Direkt' },
      { reference: '5549', weight: 2, brand: 'Debeka' },
      { reference: '5125', weight: 2, brand: 'SIGNAL IDUNA' },
      { reference: '5324', weight: 2, brand: 'Versicherungskammer Bayern' },
      { reference: '5169', weight: 1, brand: 'Volkswagen Versicherung' },
    ],
    number: (r) => (r.next() < 0.5 ? `${r.letters(r.int(2, 4))}${r.digits(r.int(8, 10))}` : r.digits(r.int(9, 12))),
    plate: (r) => `${r.letters(r.int(1, 3))}-${r.letters(2)} ${r.int(1, 9999)}`,
    sanctioned: 'SAMPLE-DE-SANCTIONED-1',
    unregistered: 'SAMPLE-DE-UNREGISTERED-1',
    fixed: [
      { policy_number: 'DE-KFZ-88821', insurer: '5312', case: 'active' },
      { policy_number: 'HC123456789', insurer: '5375', case: 'active' },
      { policy_number: 'DE-KFZ-90001', insurer: '5086', case: 'expired' },
      { policy_number: 'DE-KFZ-90002', insurer: '5513', case: 'cancelled' },
      { policy_number: 'DE-KFZ-90003', insurer: '5438', case: 'future' },
      { policy_number: 'DE-KFZ-90004', insurer: '5472', case: 'provider_mismatch', try_provider: 'HUK-COBURG' },
      { policy_number: 'DE-KFZ-90005', insurer: 'SAMPLE-DE-SANCTIONED-1', case: 'sanctioned' },
      { policy_number: 'DE-KFZ-90006', insurer: 'SAMPLE-DE-UNREGISTERED-1', case: 'unregistered' },
    ],
    unavailable: ['DE-KFZ-90007'],
  },
  {
    country: 'FR',
    registry: 'AGIRA Fichier des Véhicules Assurés (FVA), sample',
    file: 'fr-motor.json',
    insurers: [
      { reference: '722057460', weight: 10, brand: 'AXA' },
      { reference: '775709702', weight: 8, brand: 'MAIF', form: (r) => `MF${r.digits(9)}` },
      { reference: '781452511', weight: 8, brand: 'MACIF' },
      { reference: '542073580', weight: 6, brand: 'MAAF' },
      { reference: '440048882', weight: 6, brand: 'MMA' },
      { reference: '398972901', weight: 5, brand: 'GMF' },
      { reference: '775701477', weight: 5, brand: 'Matmut' },
      { reference: '343115135', weight: 5, brand: 'Groupama' },
      { reference: '542110291', weight: 5, brand: 'Allianz' },
      { reference: '552062663', weight: 4, brand: 'Generali' },
      { reference: '352358865', weight: 4, brand: 'Pacifica' },
      { reference: '352406748', weight: 3, brand: 'Crédit Mutuel' },
      { reference: '401380472', weight: 3, brand: 'BPCE IARD' },
      { reference: '493253652', weight: 2, brand: 'La Banque Postale' },
      { reference: '306522665', weight: 2, brand: 'Aviva' },
      { reference: '085580488', weight: 2, brand: 'Thélem' },
      { reference: '542063797', weight: 2, brand: 'Gan' },
      { reference: '328538335', weight: 1, brand: 'Mutuelle des Motards' },
      { reference: '379846637', weight: 1, brand: 'Sogessur' },
    ],
    number: (r) => (r.next() < 0.6 ? `${r.letters(r.int(2, 4))}${r.digits(r.int(8, 10))}` : r.digits(r.int(10, 12))),
    plate: (r) => `${r.letters(2)}-${String(r.int(1, 999)).padStart(3, '0')}-${r.letters(2)}`,
    sanctioned: 'SAMPLE-FR-SANCTIONED-1',
    unregistered: 'SAMPLE-FR-UNREGISTERED-1',
    fixed: [
      { policy_number: 'FR-AUTO-10001', insurer: '722057460', case: 'active' },
      { policy_number: 'MF123456789', insurer: '775709702', case: 'active' },
      { policy_number: 'FR-AUTO-90001', insurer: '781452511', case: 'expired' },
      { policy_number: 'FR-AUTO-90002', insurer: '542073580', case: 'cancelled' },
      { policy_number: 'FR-AUTO-90003', insurer: '775701477', case: 'future' },
      { policy_number: 'FR-AUTO-90004', insurer: '398972901', case: 'provider_mismatch', try_provider: 'MAIF' },
      { policy_number: 'FR-AUTO-90005', insurer: 'SAMPLE-FR-SANCTIONED-1', case: 'sanctioned' },
      { policy_number: 'FR-AUTO-90006', insurer: 'SAMPLE-FR-UNREGISTERED-1', case: 'unregistered' },
    ],
    unavailable: ['FR-AUTO-90007'],
  },
];

// ---- generation ------------------------------------------------------------------------------------------------

function main() {
  const check = process.argv.includes('--check');
  const aliases = JSON.parse(readFileSync(VERIFICATION_DATA.aliases, 'utf8')) as { display_names: Record<string, string> };
  const unregistered = (
    JSON.parse(readFileSync(VERIFICATION_DATA.unregistered, 'utf8')) as { insurers: { id: string; name: string }[] }
  ).insurers;
  const register = readRegister(readRegisterRows(), { today: '2000-01-01', displayNames: aliases.display_names });
  let stale = false;

  for (const plan of PLANS) {
    const rnd = new Random(SEED + plan.country.charCodeAt(0) * 31 + plan.country.charCodeAt(1));
    const nameOf = (reference: string): string => {
      const entry = register.find((e) => e.country === plan.country && e.reference === reference);
      const other = unregistered.find((u) => u.id === reference);
      const name = entry?.name ?? other?.name;
      if (!name) throw new Error(`${plan.country}: unknown insurer ${reference}`);
      return name;
    };
    const used = new Set([...plan.fixed.map((f) => f.policy_number), ...plan.unavailable].map(normal));
    const records: RegistrySampleRecord[] = [];

    const make = (policyNumber: string, insurer: string, kase: Case, tryProvider?: string): RegistrySampleRecord => {
      const record: RegistrySampleRecord = {
        policy_number: policyNumber,
        insurer_reference: insurer,
        insurer_name: nameOf(insurer),
        status: kase === 'cancelled' ? 'cancelled' : 'active',
        start_date: '',
        end_date: '',
        vehicle_registration: plan.plate(rnd),
        case: kase,
      };
      if (kase === 'expired') {
        record.start_date = rnd.date('2018-01-01', '2024-06-30');
        record.end_date = addYears(record.start_date, 1);
      } else if (kase === 'future') {
        record.start_date = rnd.date('2040-01-01', '2041-12-31');
        record.end_date = addYears(record.start_date, 1);
      } else {
        record.start_date = rnd.date('2024-01-01', '2026-10-31');
        record.end_date = rnd.date('2036-01-01', '2039-12-31');
      }
      if (kase === 'cancelled') record.cancelled_on = rnd.date('2025-01-01', '2026-06-30');
      if (tryProvider) record.try_provider = tryProvider;
      return record;
    };

    for (const fixed of plan.fixed) records.push(make(fixed.policy_number, fixed.insurer, fixed.case, fixed.try_provider));

    const freshNumber = (insurer: CountryPlan['insurers'][number] | null): string => {
      for (;;) {
        const candidate = insurer?.form ? insurer.form(rnd) : plan.number(rnd);
        if (!used.has(normal(candidate))) {
          used.add(normal(candidate));
          return candidate;
        }
      }
    };

    const cases: Case[] = [];
    for (const [kase, count] of MIX) for (let i = 0; i < count; i++) cases.push(kase);
    while (cases.length + records.length < RECORDS_PER_COUNTRY) cases.push('active');
    // Interleave the cases so the file does not read as blocks.
    for (let i = cases.length - 1; i > 0; i--) {
      const j = rnd.int(0, i);
      [cases[i], cases[j]] = [cases[j]!, cases[i]!];
    }

    for (const kase of cases) {
      if (kase === 'sanctioned' || kase === 'unregistered') {
        const id = kase === 'sanctioned' ? plan.sanctioned : plan.unregistered;
        records.push(make(freshNumber(null), id, kase));
        continue;
      }
      const insurer = rnd.weighted(plan.insurers);
      let tryProvider: string | undefined;
      if (kase === 'provider_mismatch') {
        let other = rnd.weighted(plan.insurers);
        while (other.reference === insurer.reference) other = rnd.weighted(plan.insurers);
        tryProvider = other.brand;
      }
      records.push(make(freshNumber(insurer), insurer.reference, kase, tryProvider));
    }

    const file: RegistrySampleFile = {
      sample: true,
      notice:
        'SAMPLE DATA. Fictional motor policies for demonstrations and tests, generated by the script named below. ' +
        'They are not real policies; the insurers are real registered undertakings (or clearly named sample ones) ' +
        'chosen at random.',
      registry: plan.registry,
      country: plan.country,
      insurance_type: 'motor',
      generated_by: 'scripts/generate-registry-samples.ts',
      seed: SEED,
      unavailable: plan.unavailable,
      records,
    };
    const target = path.join(VERIFICATION_DATA.registryDir, plan.file);
    const text = serialise(file);
    if (check) {
      let current = '';
      try {
        current = readFileSync(target, 'utf8');
      } catch {
        // missing counts as stale
      }
      if (current !== text) {
        console.error(`${path.relative(process.cwd(), target)} differs from what the generator writes`);
        stale = true;
      }
    } else {
      writeFileSync(target, text);
      console.log(`${path.relative(process.cwd(), target)}: ${records.length} records`);
    }
  }
  if (stale) process.exit(1);
}

function normal(number: string): string {
  return number.replace(/[\s\-./]+/g, '').toUpperCase();
}

/** One record a line: readable diffs when the generator changes. */
function serialise(file: RegistrySampleFile): string {
  const { records, ...head } = file;
  const lines = Object.entries(head).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  lines.push(`  "records": [\n${records.map((r) => `    ${JSON.stringify(r)}`).join(',\n')}\n  ]`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

main();
