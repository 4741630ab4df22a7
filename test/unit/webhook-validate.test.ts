import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.js';
import {
  WebhookAddressError,
  resolvePublicAddress,
  validateWebhookUrl,
  type LookupFn,
} from '../../infra/webhooks/resolve.js';

// Public DNS is a third party we cannot run, so the resolver is injected here; the delivery tests use real
// sockets.

const answers =
  (...list: [string, number][]): LookupFn =>
  async () =>
    list.map(([address, family]) => ({ address, family }));
const failing =
  (code: string): LookupFn =>
  async () => {
    throw Object.assign(new Error(`lookup ${code}`), { code });
  };

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('resolvePublicAddress', () => {
  it('returns the first answer when every answer is public', async () => {
    const lookup = answers(['2606:4700::6810:84e5', 6], ['104.16.132.229', 4]);
    expect(await resolvePublicAddress('hooks.example.com', { allowlisted: false, lookup })).toEqual({
      address: '2606:4700::6810:84e5',
      family: 6,
    });
  });

  it('takes IP literals as they are, brackets removed, without a lookup', async () => {
    const lookup: LookupFn = async () => {
      throw new Error('must not be called');
    };
    expect(await resolvePublicAddress('[2606:4700::1]', { allowlisted: false, lookup })).toEqual({
      address: '2606:4700::1',
      family: 6,
    });
    expect(await resolvePublicAddress('127.0.0.1', { allowlisted: true, lookup })).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });

  it.each([
    ['private', answers(['10.0.0.8', 4]), 'private_address'],
    ['mixed', answers(['8.8.8.8', 4], ['192.168.0.1', 4]), 'private_address'],
    ['not an address', answers(['not-an-ip', 4]), 'private_address'],
    ['no answers', answers(), 'unresolvable'],
    ['NXDOMAIN', failing('ENOTFOUND'), 'unresolvable'],
    ['resolver down', failing('EAI_AGAIN'), 'dns_unavailable'],
  ])('throws a typed error for %s', async (_name, lookup, problem) => {
    const error = await resolvePublicAddress('hooks.example.com', { allowlisted: false, lookup }).catch((e) => e);
    expect(error).toBeInstanceOf(WebhookAddressError);
    expect(error.problem).toBe(problem);
  });

  it('accepts any address for an allowlisted host', async () => {
    expect(
      await resolvePublicAddress('dev.example.com', { allowlisted: true, lookup: answers(['127.0.0.1', 4]) }),
    ).toEqual({ address: '127.0.0.1', family: 4 });
  });
});

describe('validateWebhookUrl (submission time)', () => {
  it('accepts an https URL whose host resolves to public addresses', async () => {
    await expect(
      validateWebhookUrl('https://hooks.example.com/cb', [], answers(['93.184.215.14', 4])),
    ).resolves.toBeUndefined();
  });

  it('accepts an allowlisted loopback http URL without resolving it', async () => {
    await expect(
      validateWebhookUrl('http://localhost:4000/cb', ['localhost:4000'], failing('ENOTFOUND')),
    ).resolves.toBeUndefined();
  });

  it('accepts the URL when the resolver cannot answer right now (each delivery checks again)', async () => {
    await expect(validateWebhookUrl('https://hooks.example.com/cb', [], failing('EAI_AGAIN'))).resolves.toBeUndefined();
  });

  it.each([
    ['http://hooks.example.com/cb', answers(['8.8.8.8', 4]), /https/],
    ['https://127.0.0.1/cb', answers(), /loopback/],
    ['https://[::1]/cb', answers(), /loopback/],
    ['https://169.254.169.254/latest', answers(), /link-local/],
    ['https://localhost/cb', answers(), /local host/],
    ['https://hooks.example.com/cb', answers(['10.1.1.1', 4]), /non-public/],
    ['https://hooks.example.com/cb', answers(['::ffff:192.168.1.1', 6]), /non-public/],
    ['https://hooks.example.com/cb', failing('ENOTFOUND'), /does not resolve/],
    ['not a url', answers(), /absolute https URL/],
  ])('refuses %s with 422 invalid_webhook_url', async (url, lookup, message) => {
    const error = await rejection(validateWebhookUrl(url, [], lookup));
    expect(error.code).toBe('invalid_webhook_url');
    expect(error.status).toBe(422);
    expect(error.message).toMatch(message);
  });

  it('does not reveal the private address a name resolved to', async () => {
    const error = await rejection(validateWebhookUrl('https://hooks.example.com/cb', [], answers(['10.9.8.7', 4])));
    expect(error.message).not.toContain('10.9.8.7');
  });
});
