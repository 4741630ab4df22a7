import { z } from 'zod';
import { isStorableText } from '../../domain/text/storable.js';
import { COUNTRIES, INSURANCE_TYPES, type VerificationRequest } from '../../domain/verification/types.js';
import { ApiError } from '../errors.js';
import { unstorableField } from '../validation.js';

const REQUIRED = ['policy_number', 'country', 'insurance_type'] as const;
const FIELDS = [...REQUIRED, 'provider'] as const;
type Field = (typeof FIELDS)[number];

const absent = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const policyNumber = z.string().trim().max(64);

/** One of `values` as the API reads it: `text` folds the case and trims, so case and surrounding blanks do not matter. */
const caseless = <T extends readonly [string, ...string[]]>(
  text: z.ZodString,
  values: T,
  listed: string,
  example: T[number],
) =>
  text
    .pipe(z.enum(values))
    // The generator describes a pipe by its input (a string); the values it leads to are these.
    .meta({ enum: [...values], description: `${listed}; case and surrounding blanks do not matter.`, example });

/** A country as the API reads it. Also the insurers search's. */
export const CountryField = caseless(z.string().trim().toUpperCase(), COUNTRIES, 'UK, DE or FR', 'UK');

/** An insurance type as the API reads it. */
export const InsuranceTypeField = caseless(
  z.string().trim().toLowerCase(),
  INSURANCE_TYPES,
  'motor, travel or health',
  'motor',
);

const fields = {
  country: CountryField,
  insurance_type: InsuranceTypeField,
  provider: z
    .string()
    .trim()
    .max(200)
    .optional()
    .meta({ description: 'The insurer as the policy names it; a match raises the confidence.', example: 'AXA' }),
};

/** The number the schemas of docs/architecture.md#requests share. */
const number = (description: string) => policyNumber.meta({ description, example: 'AXK12345678' });

/** Documented beside insurance_type; given() reads it into insurance_type, so the schema never sees it. */
const deprecatedType = InsuranceTypeField.optional().meta({
  deprecated: true,
  description: 'The deprecated name of insurance_type, read when insurance_type is not given.',
});

/**
 * docs/architecture.md#requests: the body of POST /api/v1/verify and each policy of POST /api/v1/verify/batch. readVerificationRequest
 * parses with it after given(); its keys are the fields those endpoints accept. Null or blank counts as not given.
 */
export const VerificationRequestSchema = z
  .object({
    policy_number: number('The policy number as printed on the policy.'),
    ...fields,
    type: deprecatedType,
  })
  .strict()
  .meta({
    id: 'VerificationRequest',
    description:
      'A policy to verify. A field given as null or blank counts as not given; a field not listed here is refused (400 invalid_request).',
  });

/**
 * The body of POST /api/v1/verify/async: the same fields, the number optional when a document is given, and the
 * document and callback URL, which the route checks itself (api/documents.ts decodeDocument; the webhook URL's
 * 422 invalid_webhook_url), after this schema.
 */
export const AsyncVerificationRequestSchema = VerificationRequestSchema.extend({
  policy_number: number('Required unless document is given.').optional(),
  document: z
    .string()
    .optional()
    .meta({ description: 'A PDF, base64-encoded (a data: URL prefix and the URL-safe alphabet are accepted).' }),
  webhook_url: z.string().optional().meta({
    format: 'uri',
    description: 'An https URL that receives the result as a signed callback (the webhook jobResult).',
  }),
}).meta({ id: 'AsyncVerificationRequest' });

/** At most this many policies in one POST /api/v1/verify/batch. */
export const MAX_BATCH = 100;

/**
 * The body of POST /api/v1/verify/batch. readBatchRequest parses the list with it, then reads each policy with
 * readVerificationRequest so that an item's problem is named as on the other endpoints.
 */
export const BatchRequestSchema = z
  .object({
    policies: z
      .array(VerificationRequestSchema)
      .min(1)
      .max(MAX_BATCH)
      .meta({ description: `1 to ${MAX_BATCH} policies; a problem with one is a 400 naming it (policies[i]).` }),
  })
  .meta({ id: 'BatchRequest' });

/**
 * The request's fields that were given: null and blank count as not given (docs/architecture.md#errors), so a blank required field
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

/** Where a verification request is read: each accepts the fields of docs/architecture.md#requests it uses, and no others. */
export type VerificationEndpoint = 'sync' | 'async' | 'batch_item';

// The fields each endpoint accepts are the keys of its schema.
const ACCEPTED: Record<VerificationEndpoint, ReadonlySet<string>> = {
  sync: new Set(Object.keys(VerificationRequestSchema.shape)),
  async: new Set(Object.keys(AsyncVerificationRequestSchema.shape)),
  batch_item: new Set(Object.keys(VerificationRequestSchema.shape)),
};

/**
 * The one rule for unknown fields, on POST /api/v1/verify, /verify/async and every policy of /verify/batch: a field
 * the endpoint does not accept is refused with 400 invalid_request naming it (a misspelt `provder` would
 * otherwise be dropped without a word and cost the answer its confidence), and the accepted field it spells
 * otherwise when there is one (`policyNumber`: policy_number). Reported after missing fields, unless it is one of
 * them spelt otherwise, and before every other problem.
 */
function unknownFields(
  body: Record<string, unknown>,
  endpoint: VerificationEndpoint,
  where: string,
  also: readonly string[] = [],
): { error: ApiError; misspelt: boolean } | null {
  const accepted = also.length > 0 ? new Set([...ACCEPTED[endpoint], ...also]) : ACCEPTED[endpoint];
  let unknown: string[] | null = null;
  for (const name in body) if (!accepted.has(name)) (unknown ??= []).push(name);
  if (unknown === null) return null;
  let misspelt = false;
  const named = unknown.slice(0, 5).map((name) => {
    const meant = meantField(name, accepted);
    if (meant) misspelt = true;
    return `${JSON.stringify(name.slice(0, 64))}${meant ? ` (did you mean ${meant}?)` : ''}`;
  });
  const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
  return {
    misspelt,
    error: ApiError.of(
      'invalid_request',
      `${where}Unknown field${unknown.length > 1 ? 's' : ''} ${named.join(', ')}${more}. Accepted: ${[...accepted].join(', ')} (type is the deprecated name of insurance_type).`,
    ),
  };
}

// policyNumber, PolicyNumber, policy-number: the accepted field spelt another way (case and separators aside).
const spelling = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const meantField = (name: string, accepted: ReadonlySet<string>) =>
  [...accepted].find((field) => spelling(field) === spelling(name));

/**
 * Reads a verification request from a JSON body. Missing fields are reported all together, in the docs/architecture.md#errors
 * variant on the synchronous endpoint ('detail') and as the catalogue error elsewhere; then unknown fields; then
 * the first other problem, in the order: a field that is not a string, a policy number too long, country, type,
 * provider. Text PostgreSQL cannot store comes before all of these. `where` names the batch item. `endpoint`
 * decides which fields are accepted; when absent it is read from the other options: a `where` is a batch item,
 * the 'detail' shape the synchronous endpoint, else the async one.
 */
export function readVerificationRequest(
  body: unknown,
  options: {
    missing: 'detail' | 'catalogue';
    allowMissingPolicyNumber?: boolean;
    where?: string;
    endpoint?: VerificationEndpoint;
    /** Fields of a body that carries a request and more (POST /api/v1/monitors), read by its route. */
    alsoAccepted?: readonly string[];
  },
): VerificationRequest {
  const where = options.where ? `${options.where}: ` : '';
  if (!isPlainObject(body)) throw ApiError.of('invalid_request', `${where}The request body must be a JSON object.`);
  const input = given(body);
  const unstorable = FIELDS.find((name) => typeof input[name] === 'string' && !isStorableText(input[name]));
  if (unstorable) throw unstorableField(`${where}${unstorable}`);
  const endpoint = options.endpoint ?? (options.where ? 'batch_item' : options.missing === 'detail' ? 'sync' : 'async');
  const unknown = unknownFields(body, endpoint, where, options.alsoAccepted);
  const parsed = (
    options.allowMissingPolicyNumber ? AsyncVerificationRequestSchema : VerificationRequestSchema
  ).safeParse(input);
  if (parsed.success) {
    if (unknown) throw unknown.error;
    const { policy_number, country, insurance_type, provider } = parsed.data;
    return {
      policy_number: policy_number ?? '',
      country,
      insurance_type,
      ...(provider !== undefined ? { provider } : {}),
    };
  }
  const error = refusal(parsed.error.issues, input, options.missing, where);
  // A field missing because it was sent under another spelling is named by that spelling: the fix is the name.
  throw unknown && (unknown.misspelt || !error.body.error.startsWith('missing_required')) ? unknown.error : error;
}

/**
 * Reads the body of POST /api/v1/verify/batch: the list by BatchRequestSchema (missing, not a list, too long,
 * empty, in that order), then each policy in turn by readVerificationRequest, the first problem named by its
 * index.
 */
export function readBatchRequest(body: unknown): VerificationRequest[] {
  if (!isPlainObject(body)) throw ApiError.of('invalid_request', 'The request body must be a JSON object.');
  if (body.webhook_url !== undefined) {
    throw ApiError.of(
      'invalid_request',
      'A batch sends no callback (webhook_url is taken by POST /api/v1/verify/async and /api/v1/documents/extract): poll GET /api/v1/batches/{batch_id} for its results.',
    );
  }
  const policies = body.policies;
  if (policies === undefined || policies === null)
    throw ApiError.of('missing_required_field', 'Required fields missing: policies');
  const parsed = BatchRequestSchema.safeParse({ policies });
  const listIssue = (code: string) =>
    !parsed.success && parsed.error.issues.some((issue) => issue.path.length === 1 && issue.code === code);
  if (!Array.isArray(policies) || listIssue('invalid_type'))
    throw ApiError.of('invalid_request', 'policies must be an array.');
  if (listIssue('too_big')) {
    throw ApiError.of(
      'batch_too_large',
      `A batch holds at most ${MAX_BATCH} policies; this one has ${policies.length}.`,
    );
  }
  if (listIssue('too_small')) throw ApiError.of('invalid_request', 'policies must hold at least one policy.');
  return policies.map((item, index) =>
    readVerificationRequest(item, { missing: 'catalogue', where: `policies[${index}]` }),
  );
}

/** Text PostgreSQL cannot hold (domain/text/storable.ts), named by its field. */
export { unstorableField };

/** The unsupported_country answer; GB, the ISO code of the United Kingdom, is pointed to UK. */
export function unsupportedCountry(country: unknown, where = ''): ApiError {
  const hint =
    typeof country === 'string' && ['GB', 'GBR'].includes(country.trim().toUpperCase())
      ? ' For the United Kingdom use UK.'
      : '';
  return ApiError.of(
    'unsupported_country',
    `${where}Country ${JSON.stringify(typeof country === 'string' ? country.slice(0, 64) : country)} is not supported. Supported: ${COUNTRIES.join(', ')}.${hint}`,
  );
}

function refusal(
  issues: z.core.$ZodIssue[],
  input: Record<string, unknown>,
  shape: 'detail' | 'catalogue',
  where: string,
): ApiError {
  const at = (issue: z.core.$ZodIssue) => issue.path[0] as Field;
  const missing = REQUIRED.filter((name) => issues.some((issue) => at(issue) === name && absent(input[name])));
  if (missing.length > 0) {
    const text = `Required fields missing: ${missing.join(', ')}`;
    return shape === 'detail'
      ? ApiError.detail('missing_required_fields', text)
      : ApiError.of('missing_required_field', `${where}${text}`);
  }
  const notString = FIELDS.find((name) => issues.some((issue) => at(issue) === name && issue.code === 'invalid_type'));
  if (notString) return ApiError.of('invalid_request', `${where}${notString} must be a string.`);
  const failed = new Set(issues.map(at));
  if (failed.has('policy_number'))
    return ApiError.of('invalid_policy_number', `${where}policy_number is longer than any recognised format.`);
  if (failed.has('country')) return unsupportedCountry(input.country, where);
  if (failed.has('insurance_type')) {
    return ApiError.of(
      'unsupported_insurance_type',
      `${where}Insurance type ${JSON.stringify(input.insurance_type)} is not supported. Supported: ${INSURANCE_TYPES.join(', ')}.`,
    );
  }
  return ApiError.of('invalid_request', `${where}provider is longer than 200 characters.`);
}
