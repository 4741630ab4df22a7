// How a verification request is read (docs/architecture.md#requests, #errors): which error each bad body gets, and in which order
// problems are reported; the same reader serves /verify, /verify/async and every policy of a batch.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import { readVerificationRequest } from '../../api/schemas/verification.js';

const sync = { missing: 'detail' } as const;
const async = { missing: 'catalogue' } as const;
const valid = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor' };

function refusal(body: unknown, options: Parameters<typeof readVerificationRequest>[1] = sync): ApiError {
  try {
    readVerificationRequest(body, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the body was accepted');
}

describe('accepted requests', () => {
  it('trims every field, upper-cases the country and lower-cases the type', () => {
    expect(
      readVerificationRequest(
        { policy_number: ' AXK12345678 ', country: 'uk ', insurance_type: ' Motor', provider: ' AXA ' },
        sync,
      ),
    ).toEqual({
      policy_number: 'AXK12345678',
      country: 'UK',
      insurance_type: 'motor',
      provider: 'AXA',
    });
  });

  it('takes the deprecated `type` for insurance_type', () => {
    expect(readVerificationRequest({ policy_number: 'X1', country: 'DE', type: 'health' }, sync)).toEqual({
      policy_number: 'X1',
      country: 'DE',
      insurance_type: 'health',
    });
  });

  it('reads the deprecated type when insurance_type is blank, and a blank type as no type', () => {
    expect(readVerificationRequest({ ...valid, insurance_type: ' ', type: 'travel' }, sync).insurance_type).toBe(
      'travel',
    );
    expect(refusal({ policy_number: 'X1', country: 'UK', insurance_type: null, type: '' }).body).toEqual({
      error: 'missing_required_fields',
      detail: 'Required fields missing: insurance_type',
    });
  });

  it('leaves out a blank or null provider', () => {
    expect(readVerificationRequest({ ...valid, provider: '  ' }, sync)).toEqual(valid);
    expect(readVerificationRequest({ ...valid, provider: null }, sync)).toEqual(valid);
  });

  it('takes a request without policy number when a document will supply it', () => {
    expect(
      readVerificationRequest(
        { country: 'FR', insurance_type: 'travel' },
        { ...async, allowMissingPolicyNumber: true },
      ),
    ).toEqual({
      policy_number: '',
      country: 'FR',
      insurance_type: 'travel',
    });
  });
});

describe('refusals', () => {
  it('refuses a body that is not a JSON object', () => {
    for (const body of [null, [valid], 'text', 42]) {
      expect(refusal(body).body).toEqual({
        error: 'invalid_request',
        message: 'The request body must be a JSON object.',
        code: 400,
      });
    }
  });

  it('lists every missing field, blank and null counting as missing, in the docs/architecture.md#errors shape on /verify', () => {
    const error = refusal({ policy_number: '  ', insurance_type: null });
    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      error: 'missing_required_fields',
      detail: 'Required fields missing: policy_number, country, insurance_type',
    });
  });

  it('uses the catalogue shape elsewhere, naming the batch item', () => {
    const error = refusal({ ...valid, country: '' }, { ...async, where: 'policies[3]' });
    expect(error.body).toEqual({
      error: 'missing_required_field',
      message: 'policies[3]: Required fields missing: country',
      code: 400,
    });
  });

  it('reports missing fields before fields of the wrong type', () => {
    expect(refusal({ policy_number: 12345, country: 'UK' }).body).toEqual({
      error: 'missing_required_fields',
      detail: 'Required fields missing: insurance_type',
    });
  });

  it('refuses a field that is not a string', () => {
    expect(refusal({ ...valid, country: ['UK'] }).body).toEqual({
      error: 'invalid_request',
      message: 'country must be a string.',
      code: 400,
    });
    expect(refusal({ ...valid, provider: 7 }, async).body.message).toBe('provider must be a string.');
  });

  it('refuses a policy number longer than any format', () => {
    expect(refusal({ ...valid, policy_number: 'A'.repeat(65) }).body).toEqual({
      error: 'invalid_policy_number',
      message: 'policy_number is longer than any recognised format.',
      code: 400,
    });
    expect(readVerificationRequest({ ...valid, policy_number: 'A'.repeat(64) }, sync).policy_number).toHaveLength(64);
  });

  it('refuses a country or type the service does not cover, quoting what was sent', () => {
    expect(refusal({ ...valid, country: 'es' }).body).toEqual({
      error: 'unsupported_country',
      message: 'Country "es" is not supported. Supported: UK, DE, FR.',
      code: 400,
    });
    expect(refusal({ ...valid, insurance_type: 'Boat' }).body).toEqual({
      error: 'unsupported_insurance_type',
      message: 'Insurance type "Boat" is not supported. Supported: motor, travel, health.',
      code: 400,
    });
  });

  it('refuses a provider over 200 characters', () => {
    expect(refusal({ ...valid, provider: 'x'.repeat(201) }).body).toEqual({
      error: 'invalid_request',
      message: 'provider is longer than 200 characters.',
      code: 400,
    });
  });

  it('reports a too-long policy number before an unsupported country', () => {
    expect(refusal({ ...valid, policy_number: 'A'.repeat(65), country: 'ES' }).body.error).toBe(
      'invalid_policy_number',
    );
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL or an unpaired surrogate with a 400 naming the field, on every reader', () => {
    for (const [field, value] of [
      ['policy_number', 'AXK1234\u00005678'],
      ['provider', 'AXA\ud800'],
      ['provider', '\udc00AXA'],
    ] as const) {
      for (const options of [sync, async, { missing: 'catalogue', where: 'policies[3]' } as const]) {
        const error = refusal({ ...valid, [field]: value }, options);
        expect(error.body).toMatchObject({ error: 'invalid_request', code: 400 });
        expect(error.body.message).toContain(`${'where' in options ? 'policies[3]: ' : ''}${field}`);
      }
    }
  });

  it('accepts paired surrogates and right-to-left text, which are ordinary text', () => {
    expect(readVerificationRequest({ ...valid, provider: 'AXA 😀 \u202eشركة' }, sync).provider).toBe(
      'AXA 😀 \u202eشركة',
    );
  });
});
