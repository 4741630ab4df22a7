// Issue 21's input rules, without the app: where text PostgreSQL cannot store hides in a JSON body; the one rule
// for unknown fields of a verification request (sync, async, batch item) and its place in the order of refusals;
// GB pointed to UK.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import { readVerificationRequest, unsupportedCountry } from '../../api/schemas/verification.js';
import { isStorableText, unstorablePath } from '../../domain/text/storable.js';

const valid = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor' };

function refusal(body: unknown, options: Parameters<typeof readVerificationRequest>[1]): ApiError {
  try {
    readVerificationRequest(body, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the body was accepted');
}

describe('unstorablePath', () => {
  it('finds a NUL or an unpaired surrogate in strings and keys, anywhere in the value, by its path', () => {
    expect(unstorablePath({ name: 'ok', plan: 'free' })).toBeNull();
    expect(unstorablePath({ name: 'a\u0000b' })).toBe('name');
    expect(unstorablePath({ policies: [{ provider: 'AXA' }, { provider: 'AXA\ud800' }] })).toBe('policies[1].provider');
    expect(unstorablePath({ ['bad\udc00key']: 1 })).toBe('bad\udc00key');
    expect(unstorablePath('\u0000')).toBe('');
    expect(unstorablePath([1, true, null, { a: ['x', '\ud83d\ude00'] }])).toBeNull();
  });

  it('walks a value nested deeper than the call stack', () => {
    let deep: unknown = 'leaf\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(unstorablePath(deep)).toMatch(/^(\[0\]){200000}$/);
  });

  it('agrees with isStorableText on paired and unpaired surrogates', () => {
    expect(isStorableText('\ud83d\ude00')).toBe(true);
    expect(isStorableText('\ude00\ud83d')).toBe(false);
  });
});

describe('unknown fields: refused alike on every endpoint', () => {
  it('refuses an unknown field on the synchronous endpoint, naming it and the accepted ones', () => {
    expect(refusal({ ...valid, provder: 'AXA' }, { missing: 'detail' }).body).toEqual({
      error: 'invalid_request',
      message:
        'Unknown field "provder". Accepted: policy_number, country, insurance_type, provider, type (type is the deprecated name of insurance_type).',
      code: 400,
    });
  });

  it('accepts document and webhook_url on the async endpoint only', () => {
    expect(
      readVerificationRequest(
        { ...valid, document: 'JVBERi0=', webhook_url: 'https://example.com/' },
        { missing: 'catalogue' },
      ),
    ).toEqual(valid);
    const item = refusal(
      { ...valid, webhook_url: 'https://example.com/' },
      { missing: 'catalogue', where: 'policies[2]' },
    );
    expect(item.body.message).toMatch(
      /^policies\[2\]: Unknown field "webhook_url"\. Accepted: policy_number, country, insurance_type, provider, type /,
    );
    expect(refusal({ ...valid, document: 'x' }, { missing: 'catalogue', endpoint: 'sync' }).body.error).toBe(
      'invalid_request',
    );
  });

  it('names at most five, and how many more', () => {
    const body = { ...valid, ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}`, i])) };
    expect(refusal(body, { missing: 'detail' }).body.message).toMatch(
      /^Unknown fields "f0", "f1", "f2", "f3", "f4" and 3 more\./,
    );
  });

  it('reports missing fields first, then unknown fields, then the other problems', () => {
    expect(refusal({ policy_number: 'X', country: 'UK', colour: 'red' }, { missing: 'detail' }).body).toEqual({
      error: 'missing_required_fields',
      detail: 'Required fields missing: insurance_type',
    });
    // Unless the missing field was sent under another spelling: then that spelling is what to fix (issue 57).
    expect(
      refusal({ policy_number: 'X', country: 'UK', insurancetype: 'motor' }, { missing: 'detail' }).body.message,
    ).toMatch(/^Unknown field "insurancetype" \(did you mean insurance_type\?\)/);
    expect(refusal({ ...valid, country: 'ES', colour: 'red' }, { missing: 'detail' }).body.message).toMatch(
      /^Unknown field "colour"/,
    );
    expect(refusal({ ...valid, provider: 'AXA\u0000', colour: 'red' }, { missing: 'detail' }).body.message).toMatch(
      /^provider holds a NUL/,
    );
  });
});

describe('GB', () => {
  it('is pointed to UK, in any case and with GBR', () => {
    for (const code of ['GB', 'gb', ' GBR '])
      expect(unsupportedCountry(code).body.message).toMatch(/ For the United Kingdom use UK\.$/);
    expect(unsupportedCountry('ES').body.message).toBe('Country "ES" is not supported. Supported: UK, DE, FR.');
    expect(refusal({ ...valid, country: 'gb' }, { missing: 'detail' }).body).toMatchObject({
      error: 'unsupported_country',
      code: 400,
    });
  });

  it('quotes at most 64 characters of what was sent', () => {
    expect(unsupportedCountry('X'.repeat(10_000)).body.message!.length).toBeLessThan(200);
  });
});
