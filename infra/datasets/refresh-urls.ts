import { datasetBySlug } from '../../domain/datasets/catalogue.js';

/**
 * Operator overrides of the catalogue's refresh URLs, written `slug=url,slug=url` (an environment variable such
 * as DATASET_REFRESH_URLS). A fetched file must be in the same format as the bundled one. Unknown slugs and
 * anything but http(s) URLs are refused, so a typo stops start-up instead of silently never refreshing.
 */
export function parseRefreshUrls(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of (value ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const at = entry.indexOf('=');
    const slug = entry.slice(0, at).trim();
    const url = entry.slice(at + 1).trim();
    if (at <= 0 || !datasetBySlug(slug)) throw new Error(`refresh URL entry "${entry}" does not start with a dataset slug and "="`);
    let protocol: string;
    try {
      protocol = new URL(url).protocol;
    } catch {
      throw new Error(`refresh URL for ${slug} is not a URL`);
    }
    if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`refresh URL for ${slug} must be http or https`);
    out[slug] = url;
  }
  return out;
}

/** The URL without credentials, query or fragment (they may hold a token): for logs and refresh records. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/**
 * A publisher URL as refresh records and freshness show it: whole (the query names the series), but for an API
 * key, which is left out.
 */
export function liveDisplayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.searchParams.delete('api_key');
    return decodeURIComponent(parsed.toString());
  } catch {
    return '(invalid URL)';
  }
}
