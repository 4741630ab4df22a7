// Reads the verification data under data/ (register CSV, formats, aliases, line rules, sample insurers and
// sample registry records) and checks each file's shape, so a bad edit fails at start-up with the file's name.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { PolicyFormatSpec } from '../../domain/verification/formats.js';
import type { BrandAlias, LineRules, UnregisteredInsurer } from '../../domain/verification/insurer-data.js';
import { readRegister, type RegisterRow } from '../../domain/verification/register.js';
import { COUNTRIES, INSURANCE_TYPES, type RegisterEntry } from '../../domain/verification/types.js';
import { DATA } from '../paths.js';

export const VERIFICATION_DATA = {
  register: path.join(DATA, 'registers', 'eiopa_uk_de_fr.csv'),
  formats: path.join(DATA, 'verification', 'policy-formats.json'),
  aliases: path.join(DATA, 'verification', 'insurer-aliases.json'),
  lines: path.join(DATA, 'verification', 'lines-of-business.json'),
  unregistered: path.join(DATA, 'verification', 'unregistered-insurers.json'),
  registryDir: path.join(DATA, 'verification', 'registry'),
  registryHistory: path.join(DATA, 'verification', 'registry-history.json'),
};

const country = z.enum(COUNTRIES);
const insuranceType = z.enum(INSURANCE_TYPES);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const formatsFile = z.object({
  formats: z.array(
    z.object({
      id: z.string().min(1),
      country,
      insurance_type: insuranceType,
      pattern: z.string().min(2),
      description: z.string(),
      check: z.enum(['kvnr', 'nir']).optional(),
      insurer: z.string().min(1).optional(),
    }),
  ),
});

const brand = z.object({
  brand: z.string().min(1),
  names: z.array(z.string().min(1)),
  motor: z.string().optional(),
  travel: z.string().optional(),
  health: z.string().optional(),
});
const aliasesFile = z.object({
  display_names: z.record(z.string(), z.string()).default({}),
  brands: z.object({ UK: z.array(brand), DE: z.array(brand), FR: z.array(brand) }).partial(),
});

const keywordLists = z.object({ all: z.array(z.string()).optional() }).catchall(z.array(z.string()));
const linesFile = z.object({
  classes: z.record(z.string(), keywordLists),
  excluded: z.object({ motor: z.array(z.string()), travel: z.array(z.string()), health: z.array(z.string()) }),
});

const unregisteredFile = z.object({
  sample: z.literal(true),
  insurers: z.array(
    z.object({
      id: z.string().min(1),
      country,
      name: z.string().min(1),
      aliases: z.array(z.string()).optional(),
      sanctioned: z.boolean(),
    }),
  ),
});

export const registryRecord = z.object({
  policy_number: z.string().min(1),
  insurer_reference: z.string().min(1).optional(),
  insurer_name: z.string().min(1),
  status: z.enum(['active', 'cancelled']),
  start_date: isoDate,
  end_date: isoDate,
  cancelled_on: isoDate.optional(),
  vehicle_registration: z.string().optional(),
  /** What the sample demonstrates; the engine ignores it. */
  case: z.string().optional(),
  /** For provider-mismatch samples: a provider that contradicts the record. */
  try_provider: z.string().optional(),
});

export const registrySampleFile = z.object({
  sample: z.literal(true),
  notice: z.string(),
  registry: z.string(),
  country,
  insurance_type: insuranceType,
  generated_by: z.string(),
  seed: z.number().int(),
  /** Numbers for which the sample registry simulates an outage (answers unavailable). */
  unavailable: z.array(z.string()).default([]),
  records: z.array(registryRecord),
});
export type RegistrySampleFile = z.infer<typeof registrySampleFile>;

/** data/verification/registry-history.json: the sample records' changes from a date (domain/verification/registry-history.ts). */
export const registryHistoryFile = z.object({
  sample: z.literal(true),
  notice: z.string(),
  histories: z.array(
    z.object({
      country,
      insurance_type: insuranceType,
      policy_number: z.string().min(1),
      changes: z.array(
        z.object({
          from: isoDate,
          status: z.enum(['active', 'cancelled']).optional(),
          cancelled_on: isoDate.optional(),
          insurer_name: z.string().min(1).optional(),
          insurer_reference: z.string().min(1).optional(),
          start_date: isoDate.optional(),
          end_date: isoDate.optional(),
        }),
      ),
    }),
  ),
});
export type RegistryHistoryFile = z.infer<typeof registryHistoryFile>;
export type RegistrySampleRecord = z.infer<typeof registryRecord>;

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${path.relative(DATA, file)}: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`${path.relative(DATA, file)}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function readRegisterRows(file = VERIFICATION_DATA.register): RegisterRow[] {
  return parse(readFileSync(file), { columns: true, skip_empty_lines: true, bom: true }) as RegisterRow[];
}

export interface VerificationData {
  register: RegisterEntry[];
  formats: PolicyFormatSpec[];
  aliases: Partial<Record<(typeof COUNTRIES)[number], BrandAlias[]>>;
  lines: LineRules;
  unregistered: UnregisteredInsurer[];
  registrySamples: RegistrySampleFile[];
  registryHistory: RegistryHistoryFile['histories'];
}

export function readVerificationData(today: string): VerificationData {
  const aliases = readJson(VERIFICATION_DATA.aliases, aliasesFile);
  const registrySamples = readdirSync(VERIFICATION_DATA.registryDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => readJson(path.join(VERIFICATION_DATA.registryDir, name), registrySampleFile));
  return {
    register: readRegister(readRegisterRows(), { today, displayNames: aliases.display_names }),
    formats: readJson(VERIFICATION_DATA.formats, formatsFile).formats,
    aliases: aliases.brands,
    lines: readJson(VERIFICATION_DATA.lines, linesFile) as LineRules,
    unregistered: readJson(VERIFICATION_DATA.unregistered, unregisteredFile).insurers,
    registrySamples,
    registryHistory: readJson(VERIFICATION_DATA.registryHistory, registryHistoryFile).histories,
  };
}
