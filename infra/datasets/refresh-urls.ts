// How source URLs are shown in refresh records, logs and freshness.

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
