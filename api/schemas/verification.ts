import { COUNTRIES, INSURANCE_TYPES, isCountry, isInsuranceType, type VerificationRequest } from '../../domain/verification/types.js';
import { ApiError } from '../errors.js';

const REQUIRED = ['policy_number', 'country', 'insurance_type'] as const;

const absent = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a verification request (SPEC §2.1) from a JSON body. `type` is a deprecated alias of insurance_type.
 * Missing fields: the SPEC §7.3 variant on the synchronous endpoint ('detail'), the catalogue error elsewhere.
 * `allowMissingPolicyNumber`: async requests that carry a document take the number from it.
 */
export function readVerificationRequest(
  body: unknown,
  options: { missing: 'detail' | 'catalogue'; allowMissingPolicyNumber?: boolean; where?: string },
): VerificationRequest {
  const where = options.where ? `${options.where}: ` : '';
  if (!isPlainObject(body)) throw ApiError.of('invalid_request', `${where}The request body must be a JSON object.`);
  const fields: Record<string, unknown> = { ...body, insurance_type: absent(body.insurance_type) ? body.type : body.insurance_type };
  const missing = REQUIRED.filter(
    (name) => absent(fields[name]) && !(name === 'policy_number' && options.allowMissingPolicyNumber),
  );
  if (missing.length > 0) {
    const text = `Required fields missing: ${missing.join(', ')}`;
    throw options.missing === 'detail'
      ? ApiError.detail('missing_required_fields', text)
      : ApiError.of('missing_required_field', `${where}${text}`);
  }
  for (const name of [...REQUIRED, 'provider'] as const) {
    const value = fields[name];
    if (!absent(value) && typeof value !== 'string') {
      throw ApiError.of('invalid_request', `${where}${name} must be a string.`);
    }
  }
  const policyNumber = absent(fields.policy_number) ? '' : (fields.policy_number as string).trim();
  if (policyNumber.length > 64) {
    throw ApiError.of('invalid_policy_number', `${where}policy_number is longer than any recognised format.`);
  }
  const country = (fields.country as string).trim().toUpperCase();
  if (!isCountry(country)) {
    throw ApiError.of('unsupported_country', `${where}Country ${JSON.stringify(fields.country)} is not supported. Supported: ${COUNTRIES.join(', ')}.`);
  }
  const insuranceType = (fields.insurance_type as string).trim().toLowerCase();
  if (!isInsuranceType(insuranceType)) {
    throw ApiError.of(
      'unsupported_insurance_type',
      `${where}Insurance type ${JSON.stringify(fields.insurance_type)} is not supported. Supported: ${INSURANCE_TYPES.join(', ')}.`,
    );
  }
  const provider = absent(fields.provider) ? undefined : (fields.provider as string).trim();
  if (provider !== undefined && provider.length > 200) {
    throw ApiError.of('invalid_request', `${where}provider is longer than 200 characters.`);
  }
  return { policy_number: policyNumber, country, insurance_type: insuranceType, ...(provider !== undefined ? { provider } : {}) };
}
