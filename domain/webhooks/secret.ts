// The account's signing secret as Standard Webhooks writes it: `whsec_` and the key bytes in base64.
// The bytes come from the caller (a CSPRNG in infra), so this module stays free of randomness.

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_MIN_BYTES = 24;
export const WEBHOOK_SECRET_MAX_BYTES = 32;

const inRange = (length: number) => length >= WEBHOOK_SECRET_MIN_BYTES && length <= WEBHOOK_SECRET_MAX_BYTES;

export function formatWebhookSecret(key: Uint8Array): string {
  if (!inRange(key.length)) {
    throw new RangeError(
      `a webhook secret needs ${WEBHOOK_SECRET_MIN_BYTES} to ${WEBHOOK_SECRET_MAX_BYTES} random bytes, got ${key.length}`,
    );
  }
  return WEBHOOK_SECRET_PREFIX + Buffer.from(key).toString('base64');
}

/** The key bytes of a well-formed secret, or null. Only the canonical padded base64 we issue is accepted. */
export function parseWebhookSecret(secret: string): Uint8Array | null {
  if (typeof secret !== 'string' || !secret.startsWith(WEBHOOK_SECRET_PREFIX)) return null;
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  const key = Buffer.from(encoded, 'base64');
  // Buffer's decoder forgives stray bits in the last character; the round trip does not.
  if (!inRange(key.length) || key.toString('base64') !== encoded) return null;
  return new Uint8Array(key);
}

export const isWebhookSecret = (value: string): boolean => parseWebhookSecret(value) !== null;
