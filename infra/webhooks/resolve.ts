import { lookup as dnsLookup } from 'node:dns/promises';
import { ADDRESS_KIND_LABEL, classifyAddress } from '../../domain/webhooks/address.js';
import { checkWebhookUrl } from '../../domain/webhooks/url.js';
import { DomainError } from '../../domain/errors.js';

/** Every address a host name resolves to, as `dns.lookup(host, { all: true })` gives them. */
export type LookupFn = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export const systemLookup: LookupFn = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export type AddressProblem = 'private_address' | 'unresolvable' | 'dns_unavailable';

/**
 * Its message names the failure, never the host: delivery reasons are recorded in the job's events in clear
 * (WebhookAttempted, WebhookAbandoned) and outlive the job's data key.
 */
export class WebhookAddressError extends Error {
  constructor(
    readonly problem: AddressProblem,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookAddressError';
  }
}

// Answers that mean "this name has no address" rather than "the resolver could not answer right now".
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'EAI_NONAME', 'EAI_NODATA']);

const unbracket = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/**
 * The one address a callback to `host` will connect to. Every address the name resolves to must be public
 * unicast (unless the URL is allowlisted): checking only the one we pick would let a name that mixes public
 * and private answers through on a resolver that orders them differently next time.
 */
export async function resolvePublicAddress(
  host: string,
  options: { allowlisted: boolean; lookup?: LookupFn },
): Promise<{ address: string; family: 4 | 6 }> {
  const literal = classifyAddress(unbracket(host));
  if (literal) {
    if (literal.kind !== 'public' && !options.allowlisted) {
      throw new WebhookAddressError('private_address', `the webhook host is ${ADDRESS_KIND_LABEL[literal.kind]}`);
    }
    return { address: unbracket(host), family: literal.family };
  }

  let answers: readonly { address: string; family: number }[];
  try {
    answers = await (options.lookup ?? systemLookup)(host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (NO_SUCH_NAME.has(code)) throw new WebhookAddressError('unresolvable', 'the webhook host does not resolve');
    throw new WebhookAddressError('dns_unavailable', `the webhook host could not be resolved (${code || 'error'})`);
  }
  if (answers.length === 0) throw new WebhookAddressError('unresolvable', 'the webhook host does not resolve');

  const vetted = answers.map(({ address }) => ({ address, class: classifyAddress(address) }));
  if (!options.allowlisted && vetted.some((answer) => answer.class?.kind !== 'public')) {
    // The address itself stays out of the message: it would tell a caller how our resolver sees internal names.
    throw new WebhookAddressError(
      'private_address',
      'the webhook host resolves to a private or otherwise non-public address',
    );
  }
  const chosen = vetted.find((answer) => answer.class !== null);
  if (!chosen) throw new WebhookAddressError('unresolvable', 'the webhook host does not resolve to an IP address');
  return { address: chosen.address, family: chosen.class!.family };
}

/**
 * The submission-time check behind 422 invalid_webhook_url. A resolver that cannot answer right now is not
 * the customer's fault, so that case is accepted: every delivery attempt checks the address again.
 */
export async function validateWebhookUrl(url: string, allowlist: readonly string[], lookup?: LookupFn): Promise<void> {
  const checked = checkWebhookUrl(url, allowlist);
  if (!checked.ok) throw new DomainError('invalid_webhook_url', checked.message);
  if (checked.allowlisted) return;
  try {
    await resolvePublicAddress(checked.url.hostname, { allowlisted: false, lookup });
  } catch (error) {
    if (!(error instanceof WebhookAddressError)) throw error;
    if (error.problem === 'dns_unavailable') return;
    const message =
      error.problem === 'private_address'
        ? 'webhook_url resolves to a private or otherwise non-public address; callbacks go only to public addresses.'
        : `webhook_url host ${checked.url.hostname} does not resolve.`;
    throw new DomainError('invalid_webhook_url', message);
  }
}
