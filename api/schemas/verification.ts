import { z } from 'zod';
import { isStorableText } from '../../domain/text/storable.js';
import { COUNTRIES, INSURANCE_TYPES, type VerificationRequest } from '../../domain/verification/types.js';
import { ApiError } from '../errors.js';
import { unstorableField } from '../validation.js';

const REQUIRED = ['policy_number', 'country', 'insurance_type'] as const;
const FIELDS = [...REQUIRED, 'provider'] as const;
type Field = (typeof FIELDS)[number];

const absent = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const policyNumber = z.string().trim().max(64);
const fields = {
  country: z.string().trim().toUpperCase().pipe(z.enum(COUNTRIES)),
  insurance_type: z.string().trim().toLowerCase().pipe(z.enum(INSURANCE_TYPES)),
  provider: z.string().trim().max(200).optional(),
};

/** SPEC §2.1. The schemas see only given fields (see given()). */
const VerificationRequestSchema = z.object({ policy_number: policyNumber, ...fields });
// Async requests that carry a document may leave the number to it.
const WithoutPolicyNumber = z.object({ policy_number: policyNumber.optional(), ...fields });

/**
 * The request's fields that were given: null and blank count as not given (SPEC §7.3), so a blank required field
 * is reported as missing; `type` is the deprecated name of insurance_type; unknown fields are refused (see
 * unknownFields). Done
 * before the schema rather than as a zod preprocess on each field: four fewer pipes on every request.
 */
function given(body: Record<string, unknown>): Partial<Record<Field, unknown>> {
  const input: Partial<Record<Field, unknown>> = {};
  for (const name of FIELDS) if (!absent(body[name])) input[name] = body[name];
  if (input.insurance_type === undefined && !absent(body.type)) input.insurance_type = body.type;
  return input;
}

/** Where a verification request is read: each accepts the fields of SPEC §2.1 it uses, and no others. */
export type VerificationEndpoint = 'sync' | 'async' | 'batch_item';

const ACCEPTED: Record<VerificationEndpoint, ReadonlySet<string>> = {
  sync: new Set([...FIELDS, 'type']),
  async: new Set([...FIELDS, 'type', 'document', 'webhook_url']),
  batch_item: new Set([...FIELDS, 'type']),
};

/**
 * The one rule for unknown fields, on POST /api/v1/verify, /verify/async and every policy of /verify/batch: a field
 * the endpoint does not accept is refused with 400 invalid_request naming it (a misspelt `provder` would
 * otherwise be dropped without a word and cost the answer its confidence). Reported after missing fields, before
 * every other problem.
 */
function unknownFields(body: Record<string, unknown>, endpoint: VerificationEndpoint, where: string): ApiError | null {
  const accepted = ACCEPTED[endpoint];
  let unknown: string[] | null = null;
  for (const name in body) if (!accepted.has(name)) (unknown ??= []).push(name);
  if (unknown === null) return null;
  const named = unknown.slice(0, 5).map((name) => JSON.stringify(name.slice(0, 64)));
  const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
  return ApiError.of(
    'invalid_request',
    `${where}Unknown field${unknown.length > 1 ? 's' : ''} ${named.join(', ')}${more}. Accepted: ${[...accepted].join(', ')} (type is the deprecated name of insurance_type).`,
  );
}

/**
 * Reads a verification request from a JSON body. Missing fields are reported all together, in the SPEC §7.3
 * variant on the synchronous endpoint ('detail') and as the catalogue error elsewhere; then unknown fields; then
 * the first other problem, in the order: a field that is not a string, a policy number too long, country, type,
 * provider. Text PostgreSQL cannot store comes before all of these. `where` names the batch item. `endpoint`
 * decides which fields are accepted; when absent it is read from the other options: a `where` is a batch item,
 * the 'detail' shape the synchronous endpoint, else the async one.
 */
export function readVerificationRequest(
  body: unknown,
  options: { missing: 'detail' | 'catalogue'; allowMissingPolicyNumber?: boolean; where?: string; endpoint?: VerificationEndpoint },
): VerificationRequest {
  const where = options.where ? `${options.where}: ` : '';
  if (!isPlainObject(body)) throw ApiError.of('invalid_request', `${where}The request body must be a JSON object.`);
  const input = given(body);
  const unstorable = FIELDS.find((name) => typeof input[name] === 'string' && !isStorableText(input[name]));
  if (unstorable) throw unstorableField(`${where}${unstorable}`);
  const endpoint = options.endpoint ?? (options.where ? 'batch_item' : options.missing === 'detail' ? 'sync' : 'async');
  const unknown = unknownFields(body, endpoint, where);
  const parsed = (options.allowMissingPolicyNumber ? WithoutPolicyNumber : VerificationRequestSchema).safeParse(input);
  if (parsed.success) {
    if (unknown) throw unknown;
    const { policy_number, country, insurance_type, provider } = parsed.data;
    return { policy_number: policy_number ?? '', country, insurance_type, ...(provider !== undefined ? { provider } : {}) };
  }
  const error = refusal(parsed.error.issues, input, options.missing, where);
  throw unknown && !error.body.error.startsWith('missing_required') ? unknown : error;
}

/** Text PostgreSQL cannot hold (domain/text/storable.ts), named by its field. */
export { unstorableField };

/** The unsupported_country answer; GB, the ISO code of the United Kingdom, is pointed to UK. */
export function unsupportedCountry(country: unknown, where = ''): ApiError {
  const hint = typeof country === 'string' && ['GB', 'GBR'].includes(country.trim().toUpperCase()) ? ' For the United Kingdom use UK.' : '';
  return ApiError.of(
    'unsupported_country',
    `${where}Country ${JSON.stringify(typeof country === 'string' ? country.slice(0, 64) : country)} is not supported. Supported: ${COUNTRIES.join(', ')}.${hint}`,
  );
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
  if (failed.has('country')) return unsupportedCountry(input.country, where);
  if (failed.has('insurance_type')) {
    return ApiError.of(
      'unsupported_insurance_type',
      `${where}Insurance type ${JSON.stringify(input.insurance_type)} is not supported. Supported: ${INSURANCE_TYPES.join(', ')}.`,
    );
  }
  return ApiError.of('invalid_request', `${where}provider is longer than 200 characters.`);
}
