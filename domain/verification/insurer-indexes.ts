// The insurers of a country as the directory holds them, built once from the data files: one insurer per LEI
// of the register (its branch codes and SIRENs all naming it), the brand aliases resolved per insurance type,
// the unregistered ones apart, and each name put in the index (name-index.ts) that matching reads.
import { NameIndex, push } from './name-index.js';
import { nameForm, productHints, type NameForm } from './normalise.js';
import type { InsurerData, LineRules } from './insurer-data.js';
import { INSURANCE_TYPES, type Country, type InsuranceType, type InsurerRef, type RegisterEntry } from './types.js';

export interface Insurer {
  country: Country;
  /** The canonical register reference (or the id of an unregistered insurer). */
  reference: string;
  /** Every code that names this insurer (branch codes, SIRENs with and without the leading zero). */
  references: string[];
  name: string;
  registered: boolean;
  authorised: boolean;
  sanctioned: boolean;
  /** Line-of-business classes read from the name (life, health, reinsurance, …). */
  classes: ReadonlySet<string>;
  /** Insurance types the registered name itself points at ("Autoversicherung" -> motor). */
  hints: ReadonlySet<string>;
  /** The docs/architecture.md#verification-results object, shared and frozen. */
  ref: Readonly<InsurerRef>;
}

export interface CountryIndexes {
  registered: NameIndex<Insurer>;
  unregistered: NameIndex<Insurer>;
  byReference: Map<string, Insurer>;
  insurers: Insurer[];
}

export function buildCountryIndexes(country: Country, data: InsurerData): CountryIndexes {
  const classify = classifier(data.lines, country);
  const registered = new NameIndex<Insurer>();
  const unregistered = new NameIndex<Insurer>();
  const byReference = new Map<string, Insurer>();
  const insurers: Insurer[] = [];

  const byLei = new Map<string, RegisterEntry[]>();
  for (const entry of data.register) {
    if (entry.country !== country) continue;
    push(byLei, entry.lei || `${entry.country}:${entry.reference}`, entry);
  }
  for (const rows of byLei.values()) {
    rows.sort(canonicalFirst);
    const main = rows[0]!;
    const form = nameForm(main.registeredName);
    const insurer: Insurer = {
      country,
      reference: main.reference,
      references: rows.map((r) => r.reference),
      name: main.name,
      registered: true,
      authorised: main.authorised,
      sanctioned: false,
      classes: classify(form),
      hints: productHints(form),
      ref: Object.freeze({ name: main.name, reference: main.reference, regulated: 'YES', authorised: main.authorised }),
    };
    insurers.push(insurer);
    for (const row of rows) byReference.set(row.reference, insurer);
    for (const raw of new Set([main.registeredName, main.name])) {
      registered.addLegalName(raw, insurer);
      registered.add(raw, { insurer });
    }
  }

  for (const alias of data.aliases[country] ?? []) {
    const targets: Partial<Record<InsuranceType, Insurer>> = {};
    for (const type of INSURANCE_TYPES) {
      const reference = alias[type];
      if (!reference) continue;
      const insurer = byReference.get(reference);
      if (!insurer)
        throw new Error(`alias ${alias.brand} (${country} ${type}) names ${reference}, which is not in the register`);
      targets[type] = insurer;
    }
    for (const name of new Set([alias.brand, ...alias.names])) registered.add(name, { targets });
  }

  for (const spec of data.unregistered) {
    if (spec.country !== country) continue;
    const insurer = unregisteredInsurer(country, spec.name, spec.id, spec.sanctioned);
    byReference.set(spec.id, insurer);
    unregistered.addLegalName(spec.name, insurer);
    for (const name of [spec.name, ...(spec.aliases ?? [])]) unregistered.add(name, { insurer });
  }

  registered.seal();
  unregistered.seal();
  return { registered, unregistered, byReference, insurers };
}

/** An insurer outside the register: one of the unregistered list (its id the reference), or one only a registry names. */
export function unregisteredInsurer(country: Country, name: string, reference: string, sanctioned: boolean): Insurer {
  return {
    country,
    reference,
    references: reference ? [reference] : [],
    name,
    registered: false,
    authorised: false,
    sanctioned,
    classes: new Set(),
    hints: new Set(),
    ref: Object.freeze({ name, reference, regulated: 'NO', authorised: false }),
  };
}

/** Canonical row of an LEI: a code without a branch suffix, then the longest (SIREN with its leading zero). */
function canonicalFirst(a: RegisterEntry, b: RegisterEntry): number {
  const aPlain = /^[0-9]+$/.test(a.reference) ? 0 : 1;
  const bPlain = /^[0-9]+$/.test(b.reference) ? 0 : 1;
  return aPlain - bPlain || b.reference.length - a.reference.length || a.reference.localeCompare(b.reference);
}

function classifier(lines: LineRules, country: Country): (form: NameForm) => Set<string> {
  const keywords = new Map<string, string[]>();
  for (const [cls, words] of Object.entries(lines.classes)) {
    for (const word of [...(words.all ?? []), ...(words[country] ?? [])]) {
      for (const token of nameForm(word).tokens) push(keywords, token, cls);
    }
  }
  return (form) => {
    const classes = new Set<string>();
    for (const token of form.tokens) for (const cls of keywords.get(token) ?? []) classes.add(cls);
    return classes;
  };
}
