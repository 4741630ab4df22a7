// The public insurer look-up (GET /api/v1/insurers) over the same indexes the engine matches providers with.
import type { InsurerMatcher } from '../extraction/types.js';
import type { InsurerDirectory } from './insurers.js';
import { COUNTRIES, isCountry, type InsurerSearch } from './types.js';

export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 50;

export function createInsurerSearch(directory: InsurerDirectory): InsurerSearch {
  return {
    search({ country, q, insurance_type, limit = DEFAULT_SEARCH_LIMIT }) {
      const { hits, count } = directory.search(country, q, insurance_type, Math.min(limit, MAX_SEARCH_LIMIT));
      return { insurers: hits.map(({ insurer, score }) => ({ ...insurer.ref, score })), count };
    },
  };
}

/**
 * Extraction's insurer matcher: the register's display name for a name printed on a document, in the
 * document's country when known, else the best of all three.
 */
export function createDocumentInsurerMatcher(directory: InsurerDirectory): InsurerMatcher {
  return (name, country, type) => {
    const countries = isCountry(country) ? [country] : COUNTRIES;
    let best: ReturnType<InsurerDirectory['printed']> = null;
    for (const c of countries) {
      const hit = directory.printed(c, name, type);
      if (hit && (!best || hit.score > best.score)) best = hit;
    }
    return best ? best.insurer.name : null;
  };
}
