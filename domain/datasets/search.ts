// Free text from a search box, made safe and forgiving for PostgreSQL full-text search.

const MAX_WORDS = 16;

/**
 * The words of `q` as a tsquery where every word must match and each may be the start of a longer word, so
 * "infl" finds inflation and "house germ" finds German house prices. Only letters and digits survive, so the
 * result is always valid tsquery syntax whatever the caller typed. Null when no word is left.
 */
export function prefixTsQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_WORDS);
  return unique.length === 0 ? null : unique.map((word) => `${word}:*`).join(' & ');
}
