import http from 'node:http';
import https from 'node:https';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { classifyStatus, parseRetryAfter } from '../../domain/webhooks/response.js';
import { checkWebhookUrl } from '../../domain/webhooks/url.js';
import { WebhookAddressError, resolvePublicAddress, type LookupFn } from './resolve.js';
import { WebhookSigningError, signatureHeaders, type SignatureHeaders } from './sign.js';

// One callback attempt, safely: the URL and every address it resolves to are checked, the connection goes to
// the address that was checked (no second lookup a rebinding DNS server could answer differently), redirects
// are not followed, the whole attempt has one deadline and the receiver's body is read only up to a cap. The
// caller's signal (the activity's cancellation, a worker's stop among its causes) ends the attempt at once,
// whatever the receiver does: the attempt then rejects with the signal's reason instead of an outcome.

export interface WebhookDelivery {
  url: string;
  /** webhook-id: the same for every attempt of one message, so receivers can drop duplicates. */
  id: string;
  /** webhook-timestamp: the time that is signed (the activity passes the attempt's own time). */
  timestamp: Date;
  /** The exact JSON text; it is signed byte for byte as sent. */
  body: string;
  /** whsec_ secrets, current first, then the previous one during a rotation. */
  secrets: string[];
}

export type DeliveryOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'retryable'; status: number | null; reason: string; retryAfterSeconds: number | null }
  | { kind: 'permanent'; status: number | null; reason: string };

export interface DeliveryOptions {
  allowlist: readonly string[];
  /** Deadline for the whole attempt: DNS, connect, TLS, request and response. */
  timeoutMs?: number;
  lookup?: LookupFn;
  /** Aborts the attempt (the activity's cancellationSignal): it rejects with the signal's reason. */
  signal?: AbortSignal;
}

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 15_000;
/** What we read of a receiver's answer before hanging up; its content is never used. */
export const RESPONSE_BODY_CAP_BYTES = 64 * 1024;
const USER_AGENT = 'policy-verification-webhooks/1';

type PinnedLookup = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/** A lookup for the socket that answers only the vetted address, in whichever form the caller asks for. */
export function pinnedLookup(address: string, family: 4 | 6): PinnedLookup {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

const retryable = (reason: string, status: number | null = null, retryAfterSeconds: number | null = null) =>
  ({ kind: 'retryable', status, reason, retryAfterSeconds }) as const;
const permanent = (reason: string, status: number | null = null) => ({ kind: 'permanent', status, reason }) as const;

function outcomeForStatus(status: number, retryAfter: string | undefined): DeliveryOutcome {
  switch (classifyStatus(status)) {
    case 'delivered':
      return { kind: 'delivered', status };
    case 'retryable':
      return retryable(`receiver answered HTTP ${status}`, status, parseRetryAfter(retryAfter, new Date()));
    case 'permanent':
      return permanent(
        status >= 300 && status <= 399
          ? `receiver answered with a redirect (HTTP ${status}); redirects are not followed`
          : `receiver answered HTTP ${status}`,
        status,
      );
  }
}

// Socket and TLS errors, by code only: their messages can carry addresses and are not for the customer.
function networkReason(error: NodeJS.ErrnoException): string {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection closed by the receiver';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'receiver unreachable';
  if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SELF_SIGNED|VERIFY/.test(code)) {
    return `TLS handshake failed (${code})`;
  }
  return code ? `network error (${code})` : 'network error';
}

class DeadlineExceeded extends Error {}

export async function deliverWebhook(delivery: WebhookDelivery, options: DeliveryOptions): Promise<DeliveryOutcome> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const checked = checkWebhookUrl(delivery.url, options.allowlist);
  if (!checked.ok) return permanent(checked.recorded);
  const url = checked.url;

  let headers;
  try {
    headers = signatureHeaders(delivery.secrets, delivery.id, delivery.timestamp, delivery.body);
  } catch (error) {
    if (error instanceof WebhookSigningError) return permanent(error.message);
    throw error;
  }

  options.signal?.throwIfAborted();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DeadlineExceeded()), timeoutMs);
  const cancel = () => deadline.abort(options.signal!.reason);
  options.signal?.addEventListener('abort', cancel, { once: true });
  const timedOut = () => retryable(`no answer within ${timeoutMs} ms`);
  try {
    let target: { address: string; family: 4 | 6 };
    try {
      target = await Promise.race([
        resolvePublicAddress(url.hostname, { allowlisted: checked.allowlisted, lookup: options.lookup }),
        new Promise<never>((_, reject) =>
          deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason), { once: true }),
        ),
      ]);
    } catch (error) {
      if (error instanceof DeadlineExceeded) return timedOut();
      if (!(error instanceof WebhookAddressError)) throw error;
      // A name that resolves privately now may be an attack or a misconfiguration; neither improves with time.
      // A resolver failure might.
      return error.problem === 'private_address' ? permanent(error.message) : retryable(error.message);
    }
    const outcome = await send(url, target, delivery.body, headers, deadline.signal, timedOut);
    // Cancelled before an answer came: no outcome to report, the attempt did not end on the receiver's side.
    if (options.signal?.aborted && deadline.signal.reason === options.signal.reason && outcome.kind !== 'delivered')
      throw options.signal.reason;
    return outcome;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

function send(
  url: URL,
  target: { address: string; family: 4 | 6 },
  body: string,
  signature: SignatureHeaders,
  signal: AbortSignal,
  timedOut: () => DeliveryOutcome,
): Promise<DeliveryOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: DeliveryOutcome) => {
      if (settled) return;
      settled = true;
      request.destroy();
      resolve(outcome);
    };

    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const isLiteral = hostname === target.address;
    const request = (url.protocol === 'https:' ? https : http).request({
      method: 'POST',
      protocol: url.protocol,
      // The URL's host, not the address: TLS verifies the certificate against it and the pinned lookup
      // below turns it into the vetted address for the socket.
      host: hostname,
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      path: url.pathname + url.search,
      family: target.family,
      lookup: pinnedLookup(target.address, target.family),
      // SNI carries names only; an IP literal host sends none.
      ...(url.protocol === 'https:' && !isLiteral ? { servername: hostname } : {}),
      // A fresh connection per attempt: a pooled socket could have been opened to another address.
      agent: false,
      signal,
      headers: {
        host: url.host,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body, 'utf8'),
        'user-agent': USER_AGENT,
        ...signature,
      },
    });

    // Once a status has arrived it decides, whatever happens to the rest of the exchange.
    let answered: DeliveryOutcome | null = null;
    request.on('response', (response) => {
      const header = response.headers['retry-after'];
      const outcome = outcomeForStatus(response.statusCode ?? 0, Array.isArray(header) ? header[0] : header);
      answered = outcome;
      // The body is drained (up to the cap) only so that the exchange ends cleanly; its content is not used.
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > RESPONSE_BODY_CAP_BYTES) settle(outcome);
      });
      response.on('end', () => settle(outcome));
      response.on('close', () => settle(outcome));
      response.on('error', () => settle(outcome));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      settle(answered ?? (signal.aborted ? timedOut() : retryable(networkReason(error))));
    });
    request.end(body);
  });
}
