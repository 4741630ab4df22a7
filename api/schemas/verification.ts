import { z } from 'zod';
import { COUNTRIES, INSURANCE_TYPES, type VerificationRequest } from '../../domain/verification/types.js';
import { ApiError } from '../errors.js';

const REQUIRED = ['policy_number', 'country', 'insurance_type'] as const;
const FIELDS = [...REQUIRED, 'provider'] as const;
type Field = (typeof FIELDS)[number];

const absent = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Null and blank count as not given (SPEC §7.3), so a blank required field is reported as missing.
const given = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (absent(value) ? undefined : value), schema);

const policyNumber = z.string().trim().max(64);
const fields = {
  country: given(z.string().trim().toUpperCase().pipe(z.enum(COUNTRIES))),
  insurance_type: given(z.string().trim().toLowerCase().pipe(z.enum(INSURANCE_TYPES))),
  provider: given(z.string().trim().max(200).optional()),
};

/** SPEC §2.1; `type` is the deprecated name of insurance_type. Unknown fields are ignored. */
const VerificationRequestSchema = z.object({ policy_number: given(policyNumber), ...fields });
// Async requests that carry a document may leave the number to it.
const WithoutPolicyNumber = z.object({ policy_number: given(policyNumber.optional()), ...fields });

const withAlias = (body: Record<string, unknown>) =>
  absent(body.insurance_type) && body.type !== undefined ? { ...body, insurance_type: body.type } : body;

/**
 * Reads a verification request from a JSON body. Missing fields are reported all together, in the SPEC §7.3
 * variant on the synchronous endpoint ('detail') and as the catalogue error elsewhere; then the first other
 * problem, in the order: a field that is not a string, a policy number too long, country, type, provider.
 * `where` names the batch item.
 */
export function readVerificationRequest(
  body: unknown,
  options: { missing: 'detail' | 'catalogue'; allowMissingPolicyNumber?: boolean; where?: string },
): VerificationRequest {
  const where = options.where ? `${options.where}: ` : '';
  if (!isPlainObject(body)) throw ApiError.of('invalid_request', `${where}The request body must be a JSON object.`);
  const input = withAlias(body);
  const parsed = (options.allowMissingPolicyNumber ? WithoutPolicyNumber : VerificationRequestSchema).safeParse(input);
  if (parsed.success) {
    const { policy_number, country, insurance_type, provider } = parsed.data;
    return { policy_number: policy_number ?? '', country, insurance_type, ...(provider !== undefined ? { provider } : {}) };
  }
  throw refusal(parsed.error.issues, input, options.missing, where);
}

function refusal(issues: z.core.$ZodIssue[], input: Record<string, unknown>, shape: 'detail' | 'catalogue', where: string): ApiError {
  const at = (issue: z.core.$ZodIssue) => issue.path[0] as Field;
  const missing = REQUIRED.filter((name) => issues.some((issue) => at(issue) === name && absent(input[name])));
  if (missing.length > 0) {
    const text = `Required fields missing: ${missing.join(', ')}`;
    return shape === 'detail' ? ApiError.detail('missing_required_fields', text) : ApiError.of('missing_required_field', `${where}${text}`);
  }
  const notString = FIELDS.find((name) => issues.some((issue) => at(issue) === name && issue.code === 'invalid_type'));
  if (notString) return ApiError.of('invalid_request', `${where}${notString} must be a string.`);
  const failed = new Set(issues.map(at));
  if (failed.has('policy_number')) return ApiError.of('invalid_policy_number', `${where}policy_number is longer than any recognised format.`);
  if (failed.has('country')) {
    return ApiError.of('unsupported_country', `${where}Country ${JSON.stringify(input.country)} is not supported. Supported: ${COUNTRIES.join(', ')}.`);
  }
  if (failed.has('insurance_type')) {
    return ApiError.of(
      'unsupported_insurance_type',
      `${where}Insurance type ${JSON.stringify(input.insurance_type)} is not supported. Supported: ${INSURANCE_TYPES.join(', ')}.`,
    );
  }
  return ApiError.of('invalid_request', `${where}provider is longer than 200 characters.`);
}
