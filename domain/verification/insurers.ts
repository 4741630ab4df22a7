// The insurers the engine knows, per country: the regulator register (one insurer per LEI), curated brand
// aliases per insurance type, line-of-business rules, and a small list of insurers that are known but not
// registered (sample data). The indexes are built once (insurer-indexes.ts); here a provider, a printed name or a
// search is matched against them, and a look-up is a few map reads.
import type { InsurerData } from './insurer-data.js';
import { buildCountryIndexes, unregisteredInsurer, type CountryIndexes, type Insurer } from './insurer-indexes.js';
import { MATCH_SCORES, round2, scoreKey, toQuery, type NameIndex, type NameKey, type Query } from './name-index.js';
import { editDistance } from './edit-distance.js';
import { hasDistinctiveWord, nameForm } from './normalise.js';
import { COUNTRIES, type Country, type InsuranceType } from './types.js';

export interface InsurerMatch {
  insurer: Insurer;
  /** 0..1, two decimals. */
  score: number;
  via: 'name' | 'alias';
}

/** A provider must reach this score to count as a match (below it: insurer_not_found). */
export const MATCH_THRESHOLD = 0.8;
/** A name printed on a document names a registered insurer from this score (see `printed`). */
export const PRINTED_THRESHOLD = 0.9;
/** The insurer search lists candidates from this score. */
export const SEARCH_THRESHOLD = 0.5;

export interface SearchHit {
  insurer: Insurer;
  score: number;
}

const MEMO_LIMIT = 20_000;

export class InsurerDirectory {
  private readonly countries = new Map<Country, CountryIndexes>();
  private readonly excluded: Record<InsuranceType, ReadonlySet<string>>;
  private readonly memo = new Map<string, InsurerMatch | null>();
  readonly registerRows: number;

  constructor(data: InsurerData) {
    this.registerRows = data.register.length;
    this.excluded = {
      motor: new Set(data.lines.excluded.motor),
      travel: new Set(data.lines.excluded.travel),
      health: new Set(data.lines.excluded.health),
    };
    for (const country of COUNTRIES) this.countries.set(country, buildCountryIndexes(country, data));
  }

  private indexes(country: Country): CountryIndexes {
    return this.countries.get(country)!;
  }

  /** Distinct registered insurers of a country (one per LEI). */
  insurers(country: Country): readonly Insurer[] {
    return this.indexes(country).insurers;
  }

  /** By any code the register (or the unregistered list) gives the insurer. */
  byReference(country: Country, reference: string): Insurer | undefined {
    return this.indexes(country).byReference.get(reference.trim());
  }

  /** Insurers may write a type unless their name places them in a class the type excludes (a life insurer: no motor). */
  writes(insurer: Insurer, type: InsuranceType): boolean {
    for (const c of insurer.classes) if (this.excluded[type].has(c)) return false;
    return true;
  }

  /**
   * The insurer a free-text provider names for a country and type: the registered legal name, a brand alias
   * for the type, or the best fuzzy match from MATCH_THRESHOLD; then the unregistered list. Null: no match.
   */
  match(country: Country, type: InsuranceType, provider: string): InsurerMatch | null {
    const memoKey = `${country}|${type}|${provider}`;
    const cached = this.memo.get(memoKey);
    if (cached !== undefined) return cached;
    const query = toQuery(provider);
    const { registered, unregistered } = this.indexes(country);
    const result =
      query.form.core.length === 0
        ? null
        : (this.best(registered, query, type) ?? this.best(unregistered, query, type));
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    this.memo.set(memoKey, result);
    return result;
  }

  private best(index: NameIndex<Insurer>, query: Query, type: InsuranceType): InsurerMatch | null {
    // A brand written exactly as curated names the insurer for the type, even where a registered name reads the
    // same ("MACIF" for health is Macif-Mutualité; "Allianz France" for motor is Allianz IARD, not the holding).
    for (const key of index.aliasName(query)) {
      const insurer = key.targets?.[type];
      if (insurer) return { insurer, score: MATCH_SCORES.exact, via: 'alias' };
    }
    const legal = index.legalName(query);
    if (legal) return { insurer: legal, score: MATCH_SCORES.legalName, via: 'name' };
    let best: InsurerMatch | null = null;
    // A brand named exactly whose alias lists no insurer for this type does not sell it ("Bupa" for motor):
    // no fuzzy neighbour should stand in for it.
    let brandWithoutType = false;
    for (const key of index.candidates(query, false)) {
      const score = round2(scoreKey(query, key, false));
      if (score < MATCH_THRESHOLD) continue;
      const insurer = key.targets ? key.targets[type] : key.insurer;
      if (!insurer) {
        if (key.targets && score >= MATCH_SCORES.exact) brandWithoutType = true;
        continue;
      }
      if (!key.targets && !this.writes(insurer, type)) continue;
      const candidate: InsurerMatch = { insurer, score, via: key.targets ? 'alias' : 'name' };
      if (!best || better(candidate, best, type)) best = candidate;
    }
    if (brandWithoutType && !(best && best.via === 'alias' && best.score >= MATCH_SCORES.exact)) return null;
    return best;
  }

  /**
   * The registered insurer a document prints: its legal name, or a registered name or brand close to it. Stricter
   * than `match`, since a document's letterhead may be a broker's that must not pass for the insurer: a name
   * needs PRINTED_THRESHOLD, a word of its own and every word of the registered name, and a brand names one
   * insurer for the type (or, with the type unknown, for every type).
   */
  printed(country: Country, name: string, type?: InsuranceType): InsurerMatch | null {
    const query = toQuery(name);
    if (query.form.core.length === 0) return null;
    const index = this.indexes(country).registered;
    const legal = index.legalName(query);
    if (legal) return { insurer: legal, score: MATCH_SCORES.legalName, via: 'name' };
    if (!hasDistinctiveWord(query.form)) return null;
    let best: InsurerMatch | null = null;
    for (const key of index.candidates(query, false)) {
      const score = round2(scoreKey(query, key, false));
      if (score < PRINTED_THRESHOLD) continue;
      // The whole registered name must be there: "Krankenversicherung AG" is part of many names, none of them.
      // One OCR slip in one word of five letters or more is forgiven ("MAClF", "Avlva").
      if (key.compact !== query.compact && !wholeNameIn(key.core, query.form.tokens)) continue;
      let insurer: Insurer | undefined;
      if (key.targets) {
        const named = new Set(Object.values(key.targets));
        insurer = type ? key.targets[type] : named.size === 1 ? [...named][0] : undefined;
      } else if (!type || this.writes(key.insurer!, type)) {
        insurer = key.insurer;
      }
      if (!insurer) continue;
      const candidate: InsurerMatch = { insurer, score, via: key.targets ? 'alias' : 'name' };
      if (!best || better(candidate, best, type)) best = candidate;
    }
    return best;
  }

  /** An insurer that a registry names but neither the register nor the unregistered list knows. */
  unknown(country: Country, name: string, reference?: string): Insurer {
    return unregisteredInsurer(country, name.trim() || 'Unknown insurer', reference ?? '', false);
  }

  /** How well a provider names this particular insurer (its names and every alias of it, whatever the type). */
  scoreAgainst(provider: string, insurer: Insurer): number {
    const query = toQuery(provider);
    if (query.form.core.length === 0) return 0;
    if (this.byReference(insurer.country, insurer.reference) !== insurer) {
      const form = nameForm(insurer.name);
      const key: NameKey<Insurer> = {
        id: -1,
        core: form.core,
        coreKey: form.core.join(' '),
        compact: form.core.join(''),
        chars: form.core.join('').length,
      };
      return round2(scoreKey(query, key, false));
    }
    const { registered, unregistered } = this.indexes(insurer.country);
    const index = insurer.registered ? registered : unregistered;
    if (index.legalName(query) === insurer) return MATCH_SCORES.legalName;
    let best = 0;
    for (const key of index.candidates(query, false)) {
      const names = key.insurer === insurer || (key.targets && Object.values(key.targets).includes(insurer));
      if (names) best = Math.max(best, round2(scoreKey(query, key, false)));
    }
    return best;
  }

  /** The public look-up: registered insurers only, best first; prefixes count ("Avi" finds Aviva). */
  search(
    country: Country,
    q: string,
    type: InsuranceType | undefined,
    limit: number,
  ): { hits: SearchHit[]; count: number } {
    const query = toQuery(q);
    if (query.form.core.length === 0) return { hits: [], count: 0 };
    const index = this.indexes(country).registered;
    const scores = new Map<Insurer, number>();
    const note = (insurer: Insurer, score: number) => {
      if (score >= SEARCH_THRESHOLD && score > (scores.get(insurer) ?? 0)) scores.set(insurer, score);
    };
    const legal = index.legalName(query);
    if (legal && (!type || this.writes(legal, type))) note(legal, MATCH_SCORES.legalName);
    for (const key of index.candidates(query, true)) {
      const score = round2(scoreKey(query, key, true));
      if (key.targets) {
        const targets = type ? [key.targets[type]] : Object.values(key.targets);
        for (const insurer of targets) if (insurer) note(insurer, score);
      } else if (key.insurer && (!type || this.writes(key.insurer, type))) {
        note(key.insurer, score);
      }
    }
    const hits = [...scores].map(([insurer, score]) => ({ insurer, score }));
    hits.sort((a, b) => b.score - a.score || tieBreak(a.insurer, b.insurer, type));
    return { hits: hits.slice(0, limit), count: hits.length };
  }
}

/** Every word of the name among the query's words, one of them (five letters or more) within one edit. */
function wholeNameIn(name: readonly string[], words: readonly string[]): boolean {
  let slips = 0;
  for (const token of name) {
    if (words.includes(token)) continue;
    if (token.length < 5 || ++slips > 1 || !words.some((w) => w.length >= 5 && editDistance(w, token, 1) <= 1))
      return false;
  }
  return true;
}

function better(a: InsurerMatch, b: InsurerMatch, type: InsuranceType | undefined): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.via !== b.via) return a.via === 'alias';
  return tieBreak(a.insurer, b.insurer, type) < 0;
}

/** Equal scores: the insurer whose name points at the type, then the shorter name, then the lower reference. */
function tieBreak(a: Insurer, b: Insurer, type: InsuranceType | undefined): number {
  if (type) {
    const hint = Number(b.hints.has(type)) - Number(a.hints.has(type));
    if (hint) return hint;
  }
  return a.name.length - b.name.length || a.reference.localeCompare(b.reference);
}
