import { createHmac, randomBytes } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { formatWebhookSecret, isWebhookSecret, parseWebhookSecret } from '../../domain/webhooks/secret.js';
import { newWebhookSecret } from '../../infra/webhooks/secret.js';
import { WebhookSigningError, signatureHeaders } from '../../infra/webhooks/sign.js';

describe('webhook secret format', () => {
  it.each([24, 28, 32])('writes %i random bytes as whsec_ + base64 and reads them back', (length) => {
    const key = randomBytes(length);
    const secret = formatWebhookSecret(key);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(parseWebhookSecret(secret)!)).toEqual(key);
    expect(isWebhookSecret(secret)).toBe(true);
  });

  it.each([0, 16, 23, 33, 64])('refuses %i bytes', (length) => {
    expect(() => formatWebhookSecret(randomBytes(length))).toThrow(RangeError);
  });

  it.each([
    '',
    'whsec_',
    'sk_' + Buffer.alloc(24).toString('base64'),
    'whsec_' + Buffer.alloc(16).toString('base64'), // too short
    'whsec_' + Buffer.alloc(40).toString('base64'), // too long
    'whsec_' + Buffer.alloc(24).toString('base64url').replace(/A/g, '-'), // url alphabet
    'whsec_' + Buffer.alloc(32).toString('base64').replace(/=$/, ''), // padding dropped
    'whsec_' + Buffer.alloc(32).toString('base64').replace(/A=$/, 'B='), // non-canonical last character
    'whsec_ ' + Buffer.alloc(24).toString('base64'),
  ])('does not accept %j', (secret) => {
    expect(parseWebhookSecret(secret)).toBeNull();
  });

  it('generates distinct 32-byte secrets', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(parseWebhookSecret(a)).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it('is read by the standardwebhooks library as the same key', () => {
    const secret = formatWebhookSecret(randomBytes(32));
    const at = new Date();
    const ours = signatureHeaders([secret], 'msg_1', at, '{"a":1}');
    expect(ours['webhook-signature']).toBe(new Webhook(secret).sign('msg_1', at, '{"a":1}'));
  });
});

describe('webhook signature headers', () => {
  const secret = formatWebhookSecret(randomBytes(24));
  const body = JSON.stringify({ type: 'verification.completed', data: { job_id: 'j1', note: 'ünïcode ✓' } });

  it('signs id.timestamp.body with HMAC-SHA256 and verifies with standardwebhooks', () => {
    const at = new Date();
    const headers = signatureHeaders([secret], 'verification-j1', at, body);
    expect(headers['webhook-id']).toBe('verification-j1');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    const key = parseWebhookSecret(secret)!;
    const expected = createHmac('sha256', key)
      .update(`verification-j1.${headers['webhook-timestamp']}.${body}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('fails verification when the body changes by one byte', () => {
    const headers = signatureHeaders([secret], 'verification-j1', new Date(), body);
    expect(() => new Webhook(secret).verify(body.replace('j1', 'j2'), { ...headers })).toThrow(
      WebhookVerificationError,
    );
  });

  it('signs with every secret during a rotation, and each verifies on its own', () => {
    const previous = formatWebhookSecret(randomBytes(32));
    const headers = signatureHeaders([secret, previous], 'verification-j2', new Date(), body);
    const signatures = headers['webhook-signature'].split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((signature) => signature.startsWith('v1,'))).toBe(true);
    expect(new Webhook(secret).verify(body, { ...headers })).toBeTruthy();
    expect(new Webhook(previous).verify(body, { ...headers })).toBeTruthy();
    const stranger = formatWebhookSecret(randomBytes(32));
    expect(() => new Webhook(stranger).verify(body, { ...headers })).toThrow(WebhookVerificationError);
  });

  it('signs once when the same secret is given twice', () => {
    const headers = signatureHeaders([secret, secret], 'id-1', new Date(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(1);
  });

  it('refuses to sign without a usable secret, naming its position and never its value', () => {
    expect(() => signatureHeaders([], 'id-1', new Date(), body)).toThrow(WebhookSigningError);
    const bad = 'whsec_not-base64!!';
    let message = '';
    try {
      signatureHeaders([secret, bad], 'id-1', new Date(), body);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('#2');
    expect(message).not.toContain(bad);
    expect(message).not.toContain(secret);
  });

  it.each(['', 'has space', 'line\nbreak', 'x'.repeat(256)])('refuses the webhook id %j', (id) => {
    expect(() => signatureHeaders([secret], id, new Date(), body)).toThrow(WebhookSigningError);
  });
});
