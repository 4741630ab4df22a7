import { createHmac } from 'node:crypto';
import { parseWebhookSecret } from '../../domain/webhooks/secret.js';

// Standard Webhooks signing: HMAC-SHA256 over `id.timestamp.body` with the secret's key bytes, sent as
// `v1,<base64>`. During a rotation the same message carries one signature per secret, space-separated, so a
// receiver holding either the new or the old secret accepts it.

export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

// Header-safe and unambiguous inside `id.timestamp.body`: visible ASCII without spaces.
const WEBHOOK_ID = /^[\x21-\x7e]{1,255}$/;

export class WebhookSigningError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSigningError';
  }
}

export function signatureHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: Date,
  body: string,
): SignatureHeaders {
  if (!WEBHOOK_ID.test(id)) throw new WebhookSigningError('webhook id must be 1 to 255 visible ASCII characters');
  const seconds = Math.floor(timestamp.getTime() / 1000);
  if (!Number.isFinite(seconds)) throw new WebhookSigningError('webhook timestamp is not a valid date');
  if (secrets.length === 0) throw new WebhookSigningError('no webhook signing secret');

  const content = `${id}.${seconds}.${body}`;
  const signatures = [...new Set(secrets)].map((secret, index) => {
    const key = parseWebhookSecret(secret);
    // Name the position, never the value.
    if (!key) throw new WebhookSigningError(`webhook signing secret #${index + 1} is not a whsec_ secret`);
    return 'v1,' + createHmac('sha256', key).update(content, 'utf8').digest('base64');
  });
  return { 'webhook-id': id, 'webhook-timestamp': String(seconds), 'webhook-signature': signatures.join(' ') };
}
