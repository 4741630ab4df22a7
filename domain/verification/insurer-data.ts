// The shapes of the insurer data files (data/verification/*.json and the register), as infra/ reads and checks
// them and the directory (insurers.ts) is built from them.
import type { Country, InsuranceType, RegisterEntry } from './types.js';

/** A brand and the legal entity behind it for each insurance type, by register reference. */
export interface BrandAlias {
  brand: string;
  names: string[];
  motor?: string;
  travel?: string;
  health?: string;
}

/** Keywords (matched against name tokens) that place an insurer in a class, and the classes each type excludes. */
export interface LineRules {
  classes: Record<string, { all?: string[] } & Partial<Record<Country, string[]>>>;
  excluded: Record<InsuranceType, string[]>;
}

/** An insurer a registry or a screening list may name that is not in the regulator register. */
export interface UnregisteredInsurer {
  id: string;
  country: Country;
  name: string;
  aliases?: string[];
  sanctioned: boolean;
}

export interface InsurerData {
  register: readonly RegisterEntry[];
  aliases: Partial<Record<Country, BrandAlias[]>>;
  lines: LineRules;
  unregistered: readonly UnregisteredInsurer[];
}
