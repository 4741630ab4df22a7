import { ADDRESS_KIND_LABEL, classifyAddress } from './address.js';

// The checks a webhook URL must pass before any DNS is involved. Host names are resolved (and their addresses
// checked) later, in infra/webhooks/resolve.ts, at submission and again at every delivery attempt.

export type WebhookUrlProblem =
  'not_a_url' | 'too_long' | 'not_https' | 'credentials_in_url' | 'bad_host' | 'bad_port' | 'private_address';

export type WebhookUrlCheck =
  | { ok: true; url: URL; allowlisted: boolean }
  | {
      ok: false;
      problem: WebhookUrlProblem;
      /** The answer to the caller who sent the URL: it may name the allowlist entry that would let it through. */
      message: string;
      /** The same without the host or an address: what a delivery records as its reason (WebhookAttempted). */
      recorded: string;
    };

export const MAX_WEBHOOK_URL_LENGTH = 2048;

// Names that by definition live on the caller's own machine or network (RFC 6761, RFC 6762, RFC 8375 and
// ICANN's .internal): refusing them here gives a clear message instead of a resolver-dependent one.
const LOCAL_NAME_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa'];

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');

/** `host:port` as WEBHOOK_ALLOWLIST spells it (lower case, IPv6 in brackets, the default port written out). */
export const allowlistKey = (url: URL) => `${url.hostname}:${url.port || defaultPort(url.protocol)}`.toLowerCase();

// A refusal names the problem; only the caller's answer names a host (the allowlist entry that would match), never
// the reason a delivery records.
const fail = (problem: WebhookUrlProblem, message: string, recorded = message): WebhookUrlCheck => ({
  ok: false,
  problem,
  message,
  recorded,
});

// Said wherever the allowlist would let the URL through: a developer's local receiver is refused first as http,
// then as a loopback address, and the only way past both is an entry the operator adds (README, Configuration).
const ALLOWLIST_HINT =
  'For a receiver on your own machine or network (local development, tests), the operator adds its host:port to WEBHOOK_ALLOWLIST.';

// The names of this machine: an entry for one of them is not an entry for another (the allowlist compares
// spellings, and `localhost` may resolve to ::1 where the receiver listens on 127.0.0.1), but the developer who
// wrote one meant the receiver the URL names by the other, and is told which spelling to use.
const LOOPBACK_SPELLINGS = new Set(['localhost', '127.0.0.1', '[::1]']);
const splitEntry = (entry: string) => {
  const colon = entry.lastIndexOf(':');
  return { host: entry.slice(0, colon), port: entry.slice(colon + 1) };
};

/**
 * The hint of a refusal the allowlist would have lifted: the entry that nearly matches when one does (the same
 * port under another spelling of this machine, or the same host on another port), else how to add one. Only
 * loopback names and the operator's own entries are named: the message is also a delivery's recorded reason.
 */
export function allowlistHint(url: URL, allowlist: readonly string[]): string {
  const key = splitEntry(allowlistKey(url));
  const loopback = LOOPBACK_SPELLINGS.has(key.host);
  for (const entry of allowlist.map((value) => value.trim().toLowerCase())) {
    const { host, port } = splitEntry(entry);
    if (loopback && port === key.port && LOOPBACK_SPELLINGS.has(host)) {
      return `WEBHOOK_ALLOWLIST holds ${entry}, another name of this machine: write webhook_url with ${entry} (${url.protocol}//${entry}${url.pathname}), or add ${key.host}:${key.port} to WEBHOOK_ALLOWLIST.`;
    }
    if (host === key.host && port !== key.port) {
      return `WEBHOOK_ALLOWLIST holds ${entry}, another port of this host: the port must match, so the operator adds ${loopback ? `${key.host}:${key.port}` : 'this host:port'} too.`;
    }
  }
  return loopback
    ? `For a receiver on your own machine (local development, tests), the operator adds ${key.host}:${key.port} to WEBHOOK_ALLOWLIST.`
    : ALLOWLIST_HINT;
}

export function checkWebhookUrl(url: string, allowlist: readonly string[]): WebhookUrlCheck {
  if (typeof url !== 'string' || url.trim() === '')
    return fail('not_a_url', 'webhook_url must be an absolute https URL.');
  if (url.length > MAX_WEBHOOK_URL_LENGTH) {
    return fail('too_long', `webhook_url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters.`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail('not_a_url', 'webhook_url must be an absolute https URL.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return fail('not_https', 'webhook_url must use https.');
  }
  // Checked before the allowlist: credentials in a URL end up in logs and proxies whatever the host.
  if (parsed.username !== '' || parsed.password !== '') {
    return fail('credentials_in_url', 'webhook_url must not contain a user name or password.');
  }
  if (parsed.hostname === '') return fail('bad_host', 'webhook_url must name a host.');

  const allowed = new Set(allowlist.map((entry) => entry.trim().toLowerCase()));
  if (allowed.has(allowlistKey(parsed))) return { ok: true, url: parsed, allowlisted: true };

  if (parsed.protocol !== 'https:')
    return fail(
      'not_https',
      `webhook_url must use https. ${allowlistHint(parsed, allowlist)}`,
      `webhook_url must use https. ${ALLOWLIST_HINT}`,
    );
  if (parsed.port !== '') {
    const port = Number(parsed.port);
    // 443 or an unprivileged port: the well-known ports below 1024 belong to other protocols (SMTP, SSH, ...).
    if (port !== 443 && (port < 1024 || port > 65535)) {
      return fail('bad_port', 'webhook_url must use port 443 or a port from 1024 to 65535.');
    }
  }

  const address = classifyAddress(parsed.hostname);
  if (address) {
    if (address.kind === 'public') return { ok: true, url: parsed, allowlisted: false };
    return fail(
      'private_address',
      `webhook_url points to ${ADDRESS_KIND_LABEL[address.kind]}; callbacks go only to public addresses. ${allowlistHint(parsed, allowlist)}`,
      `webhook_url points to ${ADDRESS_KIND_LABEL[address.kind]}; callbacks go only to public addresses. ${ALLOWLIST_HINT}`,
    );
  }

  const name = parsed.hostname.replace(/\.$/, '');
  if (LOCAL_NAME_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))) {
    return fail(
      'private_address',
      `webhook_url names a local host; callbacks go only to public addresses. ${allowlistHint(parsed, allowlist)}`,
      `webhook_url names a local host; callbacks go only to public addresses. ${ALLOWLIST_HINT}`,
    );
  }
  // A single label is completed by the resolver's search list, which points inside the network we run in.
  if (!name.includes('.')) {
    return fail('bad_host', 'webhook_url must use a fully qualified domain name or a public IP address.');
  }
  return { ok: true, url: parsed, allowlisted: false };
}
