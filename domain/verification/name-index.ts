// Insurer names as the engine finds them: a name (or a brand alias) reduced to its distinctive tokens, a score of
// how well a query names it (docs/verification.md explains the figures), and per country an index that finds the
// few candidates worth scoring without scanning every name. What a name stands for (an insurer) is the caller's.
import { deletionVariants, editDistance } from './edit-distance.js';
import { nameForm, type NameForm } from './normalise.js';
import type { InsuranceType } from './types.js';

/** Scores (two decimals) that the docs explain; see docs/verification.md. */
export const MATCH_SCORES = {
  legalName: 1,
  exact: 0.95,
  compact: 0.93,
  typoPenalty: 0.05,
  prefixPenalty: 0.1,
  containsBase: 0.8,
  containedBase: 0.78,
  coverageWeight: 0.15,
} as const;

export const round2 = (x: number) => Math.round(x * 100) / 100;

/** Bounds of the look-up memos: cleared when full, rebuilt from use. */
const TOKEN_CACHE_LIMIT = 50_000;

export interface NameKey<T> {
  id: number;
  core: string[];
  coreKey: string;
  compact: string;
  chars: number;
  /** A registered or unregistered name … */
  insurer?: T;
  /** … or a brand alias, resolved per insurance type. */
  targets?: Partial<Record<InsuranceType, T>>;
}

export interface Query {
  form: NameForm;
  coreKey: string;
  compact: string;
  chars: number;
}

export function toQuery(raw: string): Query {
  const form = nameForm(raw.slice(0, 200));
  return { form, coreKey: form.core.join(' '), compact: form.core.join(''), chars: form.core.join('').length };
}

/**
 * How well a query names a key: every query token must find its own key token (exactly, by a prefix when
 * searching, or within one edit for tokens of five letters or more), or every key token its own query token.
 */
export function scoreKey<T>(query: Query, key: NameKey<T>, allowPrefix: boolean): number {
  if (query.coreKey === key.coreKey) return MATCH_SCORES.exact;
  if (query.compact === key.compact) return MATCH_SCORES.compact;
  const used = new Array<boolean>(key.core.length).fill(false);
  let matched = 0;
  let matchedKeyChars = 0;
  let edits = 0;
  let prefixes = 0;
  for (const token of query.form.core) {
    let best = -1;
    let bestCost = Infinity;
    for (let j = 0; j < key.core.length; j++) {
      if (used[j]) continue;
      const candidate = key.core[j]!;
      let cost = Infinity;
      if (candidate === token) cost = 0;
      else if (allowPrefix && token.length >= 2 && candidate.startsWith(token)) cost = 0.5;
      else if (token.length >= 5 && candidate.length >= 5 && editDistance(token, candidate, 1) <= 1) cost = 1;
      if (cost < bestCost) {
        best = j;
        bestCost = cost;
        if (cost === 0) break;
      }
    }
    if (best < 0) continue;
    used[best] = true;
    matched += 1;
    matchedKeyChars += key.core[best]!.length;
    if (bestCost === 1) edits += 1;
    else if (bestCost === 0.5) prefixes += 1;
  }
  const allQuery = matched === query.form.core.length;
  const allKey = used.every(Boolean);
  const penalty = MATCH_SCORES.typoPenalty * edits + MATCH_SCORES.prefixPenalty * prefixes;
  if (allQuery && allKey) return MATCH_SCORES.exact - penalty;
  if (allQuery)
    return MATCH_SCORES.containsBase + MATCH_SCORES.coverageWeight * (matchedKeyChars / key.chars) - penalty;
  if (allKey) return MATCH_SCORES.containedBase + MATCH_SCORES.coverageWeight * (key.chars / query.chars) - penalty;
  return 0;
}

/** One country's names and aliases with the indexes that find candidates without scanning them all. */
export class NameIndex<T> {
  readonly keys: NameKey<T>[] = [];
  private readonly legalNames = new Map<string, T>();
  /** Alias keys by every token of the alias as written ("MACIF", "Allianz France"). */
  private readonly aliasNames = new Map<string, NameKey<T>[]>();
  private readonly coreKeys = new Map<string, NameKey<T>[]>();
  private readonly compactKeys = new Map<string, NameKey<T>[]>();
  private readonly postings = new Map<string, number[]>();
  private readonly nearTokens = new Map<string, string[]>();
  private vocabulary: string[] = [];
  private readonly relatedCache = new Map<string, readonly string[]>();

  addLegalName(raw: string, insurer: T): void {
    const key = nameForm(raw).tokens.join(' ');
    if (!this.legalNames.has(key)) this.legalNames.set(key, insurer);
  }

  add(raw: string, target: Pick<NameKey<T>, 'insurer' | 'targets'>): void {
    const form = nameForm(raw);
    if (form.core.length === 0) return; // nothing to tell it apart by: reachable by its legal name only
    const key: NameKey<T> = {
      id: this.keys.length,
      core: form.core,
      coreKey: form.core.join(' '),
      compact: form.core.join(''),
      chars: form.core.join('').length,
      ...target,
    };
    this.keys.push(key);
    if (target.targets) push(this.aliasNames, form.tokens.join(' '), key);
    push(this.coreKeys, key.coreKey, key);
    push(this.compactKeys, key.compact, key);
    for (const token of new Set(form.core)) push(this.postings, token, key.id);
  }

  /** Call once all keys are added. */
  seal(): void {
    this.vocabulary = [...this.postings.keys()].sort();
    for (const token of this.vocabulary) {
      if (token.length < 5) continue;
      for (const variant of deletionVariants(token)) push(this.nearTokens, variant, token);
    }
  }

  /**
   * Vocabulary words a query token may stand for: itself, words one edit away (tokens of five letters or more)
   * and, when searching, words it starts. Remembered per token: the same words recur across providers.
   */
  private related(token: string, allowPrefix: boolean): readonly string[] {
    const cacheKey = allowPrefix ? `${token}*` : token;
    const cached = this.relatedCache.get(cacheKey);
    if (cached) return cached;
    const related = new Set<string>();
    if (this.postings.has(token)) related.add(token);
    if (token.length >= 5) {
      for (const variant of deletionVariants(token))
        for (const near of this.nearTokens.get(variant) ?? []) related.add(near);
    }
    if (allowPrefix && token.length >= 2) {
      for (
        let i = lowerBound(this.vocabulary, token);
        i < this.vocabulary.length && this.vocabulary[i]!.startsWith(token);
        i++
      ) {
        related.add(this.vocabulary[i]!);
      }
    }
    const out = [...related];
    if (this.relatedCache.size >= TOKEN_CACHE_LIMIT) this.relatedCache.clear();
    this.relatedCache.set(cacheKey, out);
    return out;
  }

  legalName(query: Query): T | undefined {
    return this.legalNames.get(query.form.tokens.join(' '));
  }

  /** Brand aliases written exactly as the query. */
  aliasName(query: Query): NameKey<T>[] {
    return this.aliasNames.get(query.form.tokens.join(' ')) ?? [];
  }

  /** Keys worth scoring: those sharing a token (or a near token, or a prefix) with the query. */
  candidates(query: Query, allowPrefix: boolean): NameKey<T>[] {
    const exact = [...(this.coreKeys.get(query.coreKey) ?? []), ...(this.compactKeys.get(query.compact) ?? [])];
    const hits = new Map<number, number>();
    query.form.core.forEach((token, position) => {
      const bit = 1 << Math.min(position, 30);
      for (const word of this.related(token, allowPrefix)) {
        for (const id of this.postings.get(word)!) hits.set(id, (hits.get(id) ?? 0) | bit);
      }
    });
    const out = exact;
    const queryLength = query.form.core.length;
    for (const [id, mask] of hits) {
      const key = this.keys[id]!;
      const covered = popcount(mask);
      // Viable only if every query token or every key token can be accounted for.
      if (covered >= queryLength || covered >= key.core.length) out.push(key);
    }
    return out;
  }
}

export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function popcount(mask: number): number {
  let count = 0;
  for (let m = mask; m; m &= m - 1) count += 1;
  return count;
}
