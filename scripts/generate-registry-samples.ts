// Writes the SAMPLE country-registry records under data/verification/registry: a few hundred fictional motor
// policies per country, deterministic for a seed, covering every registry outcome the engine scores.
//
//   node --import tsx scripts/generate-registry-samples.ts          # write the files
//   node --import tsx scripts/generate-registry-samples.ts --check  # fail if the committed files differ
//
// The registries, the insurers drawn from and the documented samples (docs/verification.md) are in
// scripts/registry-sample-plans.json; the documented samples are fixed records listed first, the rest are drawn
// from a seeded generator. Dates are chosen so that each record keeps its status for years: policies in force run
// until 2036-2039, future-dated ones start in 2040 or later.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readRegister } from '../domain/verification/register.js';
import type { Country } from '../domain/verification/types.js';
import { Random } from './random.js';
import {
  readRegisterRows,
  VERIFICATION_DATA,
  type RegistrySampleFile,
  type RegistrySampleRecord,
} from '../infra/verification/data-files.js';

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

/** A registry as scripts/registry-sample-plans.json describes it. */
interface CountryPlan {
  country: Country;
  registry: string;
  file: string;
  /** Motor insurers drawn for generated records: register reference, weight, brand a user would type. */
  insurers: { reference: string; weight: number; brand: string }[];
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

// ---- the three registries: their data in registry-sample-plans.json, here what JSON cannot hold -------------

const PLANS = JSON.parse(
  readFileSync(new URL('./registry-sample-plans.json', import.meta.url), 'utf8'),
) as CountryPlan[];

type Draw = (rnd: Random) => string;

/** How a country's policy numbers and plates are drawn; `forms`: by register reference, the insurers whose numbers have a form of their own. */
const FORMATS: Record<Country, { number: Draw; plate: Draw; forms: Record<string, Draw> }> = {
  UK: {
    number: (r) => `${r.letters(3)}${r.digits(8)}`,
    plate: (r) => `${r.letters(2)}${String(r.int(51, 75)).padStart(2, '0')} ${r.letters(3)}`,
    forms: { '202312': (r) => `AX${r.letters(1)}${r.digits(8)}`, '202153': (r) => `AV${r.digits(8)}` },
  },
  DE: {
    number: (r) => (r.next() < 0.5 ? `${r.letters(r.int(2, 4))}${r.digits(r.int(8, 10))}` : r.digits(r.int(9, 12))),
    plate: (r) => `${r.letters(r.int(1, 3))}-${r.letters(2)} ${r.int(1, 9999)}`,
    forms: { '5375': (r) => `HC${r.digits(9)}` },
  },
  FR: {
    number: (r) => (r.next() < 0.6 ? `${r.letters(r.int(2, 4))}${r.digits(r.int(8, 10))}` : r.digits(r.int(10, 12))),
    plate: (r) => `${r.letters(2)}-${String(r.int(1, 999)).padStart(3, '0')}-${r.letters(2)}`,
    forms: { '775709702': (r) => `MF${r.digits(9)}` },
  },
};

// ---- generation ------------------------------------------------------------------------------------------------

function main() {
  const check = process.argv.includes('--check');
  const aliases = JSON.parse(readFileSync(VERIFICATION_DATA.aliases, 'utf8')) as {
    display_names: Record<string, string>;
  };
  const unregistered = (
    JSON.parse(readFileSync(VERIFICATION_DATA.unregistered, 'utf8')) as { insurers: { id: string; name: string }[] }
  ).insurers;
  const register = readRegister(readRegisterRows(), { today: '2000-01-01', displayNames: aliases.display_names });
  let stale = false;

  for (const plan of PLANS) {
    const rnd = new Random(SEED + plan.country.charCodeAt(0) * 31 + plan.country.charCodeAt(1));
    const formats = FORMATS[plan.country];
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
        vehicle_registration: formats.plate(rnd),
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

    for (const fixed of plan.fixed)
      records.push(make(fixed.policy_number, fixed.insurer, fixed.case, fixed.try_provider));

    const freshNumber = (insurer: CountryPlan['insurers'][number] | null): string => {
      const form = insurer ? formats.forms[insurer.reference] : undefined;
      for (;;) {
        const candidate = form ? form(rnd) : formats.number(rnd);
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
