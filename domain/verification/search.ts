// The public insurer look-up (GET /api/v1/insurers) over the same indexes the engine matches providers with.
import type { InsurerDirectory } from './insurers.js';
import type { InsurerSearch } from './types.js';

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
