// The verification, jobs, insurers, account and health endpoints in the OpenAPI document, and the webhooks the
// service sends (DESIGN §8). The requests are described by the very zod schemas the routes parse them with
// (api/schemas/verification.ts, api/routes/{jobs,batches,documents-extract,insurers}.ts); the response shapes
// are those the routes and projections (projections/jobs.ts jobRecord, projections/batches.ts findBatch) write.
import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { OpenApiContribution, OpenApiShared } from './contribution.js';
import { BatchIdParams } from '../routes/batches.js';
import { ExtractionUploadSchema } from '../routes/documents-extract.js';
import { JobIdParams } from '../routes/jobs.js';
import { InsurerSearchQuery } from '../routes/insurers.js';
import { AsyncVerificationRequestSchema, BatchRequestSchema, MAX_BATCH, VerificationRequestSchema } from '../schemas/verification.js';
import { ErrorBodySchema } from './error.js';

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' as const } });

/** The headers of every response behind the rate limit (api/middleware/rate-limit.ts). */
export const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': integerHeader('Requests allowed in the current window.'),
  'X-RateLimit-Remaining': integerHeader('Requests left in the current window.'),
  'X-RateLimit-Reset': integerHeader('When the window resets, in Unix seconds.'),
};

export const InsurerRefSchema = z
  .object({ name: z.string(), reference: z.string(), regulated: z.enum(['YES', 'NO']), authorised: z.boolean() })
  .meta({ id: 'InsurerRef' });

const Status = z.enum(['verified', 'inconclusive', 'unverified']);

export const VerificationResultSchema = z
  .object({
    status: Status,
    confidence_score: z.number().min(0).max(1),
    verification_sources: z.array(z.string()),
    insurer: InsurerRefSchema.nullable(),
    flags: z.array(z.string()),
    credits_charged: z.number().int(),
    processed_in_ms: z.number().int(),
    sandbox: z.literal(true).optional(),
  })
  .meta({ id: 'VerificationResult', description: 'SPEC §2.2.' });

const Timestamp = z.string().meta({ format: 'date-time' });

const WebhookState = z
  .object({ url: z.string(), status: z.enum(['pending', 'delivered', 'failed']).nullable(), attempts: z.number().int(), last_attempt_at: Timestamp.nullable() })
  .nullable();

const JobError = z.object({ error: z.string(), message: z.string().optional(), code: z.number().int().optional() }).nullable();

const jobBase = {
  job_id: z.string(),
  status: z.enum(['pending', 'complete', 'failed']),
  created_at: Timestamp,
  completed_at: Timestamp.nullable(),
  error: JobError,
  result_erased_at: Timestamp.optional(),
  webhook: WebhookState,
  poll_url: z.string().optional(),
};

export const ExtractionResultSchema = z
  .object({})
  .catchall(z.unknown())
  .meta({ id: 'ExtractionResult', description: 'The SPEC §2.7 fields plus coverage, language, pages, method and field_confidence.' });

export const JobSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('verification'), ...jobBase, result: z.object({}).catchall(z.unknown()).nullable() }),
    z.object({ type: z.literal('extraction'), ...jobBase, result: ExtractionResultSchema.nullable() }),
  ])
  .meta({ id: 'Job', description: 'DESIGN §8: a job record; result is the verification answer or the extraction result.' });

export const JobAcceptedSchema = z
  .object({ job_id: z.string(), status: z.literal('pending'), poll_url: z.string() })
  .meta({ id: 'JobAccepted' });

export const BatchSchema = z
  .object({
    batch_id: z.string(),
    status: z.enum(['pending', 'processing', 'complete']),
    total_count: z.number().int(),
    completed_count: z.number().int(),
    created_at: Timestamp,
    completed_at: Timestamp.nullable(),
    summary: z.unknown().optional(),
    results: z.array(z.object({}).catchall(z.unknown())).nullable().optional(),
    results_erased_at: Timestamp.optional(),
  })
  .meta({ id: 'Batch' });

export const BatchAcceptedSchema = z
  .object({ batch_id: z.string(), status: z.literal('pending'), total_count: z.number().int() })
  .meta({ id: 'BatchAccepted' });

export const AccountSchema = z
  .object({
    account_id: z.string(),
    key_id: z.string(),
    mode: z.enum(['live', 'test']),
    plan: z.string(),
    credits: z.object({ available: z.number().int(), reserved: z.number().int(), monthly_allowance: z.number().int(), period_end: Timestamp }),
    requests: z.object({ this_month: z.number().int(), monthly_limit: z.number().int(), this_minute: z.number().int(), per_minute_limit: z.number().int() }),
  })
  .meta({ id: 'Account' });

/** The SPEC §7.3 variant of POST /api/v1/verify: error and detail, no code. */
export const VerifyDetailErrorSchema = z
  .object({ error: z.enum(['missing_required_fields', 'insufficient_credits']), detail: z.string() })
  .meta({ id: 'VerifyDetailError' });

const WebhookEventSchema = z
  .object({
    type: z.enum(['verification.completed', 'verification.failed', 'extraction.completed', 'extraction.failed']),
    timestamp: Timestamp,
    data: JobSchema,
  })
  .meta({ id: 'WebhookEvent' });

// The examples are recorded from the running service (api/openapi/examples.ts), not written here.
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

function errors(shared: OpenApiShared, codes: Record<number, string>): Record<number, ResponseConfig> {
  const out: Record<number, ResponseConfig> = {};
  for (const [status, description] of Object.entries(codes)) {
    const headers = status === '429' || status === '503' ? { ...RATE_LIMIT_HEADERS, 'Retry-After': integerHeader('Seconds to wait.') } : RATE_LIMIT_HEADERS;
    out[Number(status)] = shared.errorResponse(description, headers);
  }
  return out;
}

const keyErrors = {
  401: 'No key, or a key that is not valid (error unauthorized or invalid_api_key).',
  403: 'The key lacks the scope this operation needs (error forbidden).',
  429: 'Too many requests (error rate_limit_exceeded).',
};

export const publicApiOpenApi: OpenApiContribution = (registry: OpenAPIRegistry, shared) => {
  const ok = (description: string, schema: z.ZodType): ResponseConfig => ({ description, headers: RATE_LIMIT_HEADERS, content: json(schema) });

  registry.registerPath({
    method: 'post',
    path: '/api/v1/verify',
    operationId: 'verifyPolicy',
    summary: 'Verify a policy synchronously',
    tags: ['Verification'],
    security: shared.requiredKey,
    request: { body: { content: json(VerificationRequestSchema) } },
    responses: {
      200: ok('The verification answer (SPEC §2.2).', VerificationResultSchema),
      400: {
        description: 'Invalid input: missing fields in the SPEC §7.3 variant {error, detail}, any other problem as {error, message, code}.',
        headers: RATE_LIMIT_HEADERS,
        content: json(z.union([VerifyDetailErrorSchema, ErrorBodySchema])),
      },
      402: { description: 'No credits left (SPEC §7.3 variant).', headers: RATE_LIMIT_HEADERS, content: json(VerifyDetailErrorSchema) },
      ...errors(shared, { ...keyErrors, 404: 'policy_not_found or insurer_not_found.', 413: 'Body over 16 kB (payload_too_large).' }),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/v1/verify/async',
    operationId: 'verifyPolicyAsync',
    summary: 'Verify a policy as a job, optionally from a document',
    tags: ['Verification'],
    security: shared.requiredKey,
    request: { body: { content: json(AsyncVerificationRequestSchema) } },
    responses: {
      200: ok('An idempotent retry of a submitted job: the job as it stands.', JobSchema),
      202: ok('The job was accepted.', JobAcceptedSchema),
      ...errors(shared, {
        400: 'Invalid input.',
        ...keyErrors,
        402: 'No credits left (insufficient_credits).',
        413: 'Body over the limit (payload_too_large).',
        422: 'invalid_webhook_url, invalid_document or idempotency_conflict.',
        503: 'The job engine is unreachable, or the document could not be inspected now (service_unavailable, with Retry-After); nothing was charged.',
      }),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/v1/verify/batch',
    operationId: 'verifyBatch',
    summary: `Verify up to ${MAX_BATCH} policies as a batch`,
    tags: ['Verification'],
    security: shared.requiredKey,
    request: { body: { content: json(BatchRequestSchema) } },
    responses: {
      200: ok('An idempotent retry of a submitted batch.', BatchSchema),
      202: ok('The batch was accepted.', BatchAcceptedSchema),
      ...errors(shared, {
        400: 'Invalid input, naming the item.',
        ...keyErrors,
        402: 'Not enough credits.',
        413: 'Body over 1 MB.',
        422: 'batch_too_large or idempotency_conflict.',
        503: 'The job engine is unreachable (service_unavailable, with Retry-After); nothing was charged.',
      }),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/api/v1/documents/extract',
    operationId: 'extractDocument',
    summary: 'Extract the fields of an insurance document',
    tags: ['Documents'],
    security: shared.requiredKey,
    request: {
      body: {
        content: { 'multipart/form-data': { schema: ExtractionUploadSchema } },
      },
    },
    responses: {
      200: ok('An idempotent retry: the job as it stands.', JobSchema),
      202: ok('The extraction job was accepted.', JobAcceptedSchema),
      ...errors(shared, { 400: 'No file (missing_required_field).', ...keyErrors, 402: 'No credits left.', 413: 'File too large.', 422: 'invalid_document or invalid_webhook_url.', 503: 'The job engine is unreachable, or the document could not be inspected now (service_unavailable, with Retry-After); nothing was charged.' }),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/v1/jobs/{job_id}',
    operationId: 'getJob',
    summary: 'A job record',
    tags: ['Jobs'],
    security: shared.requiredKey,
    request: { params: JobIdParams },
    responses: { 200: ok('The job (DESIGN §8).', JobSchema), ...errors(shared, { ...keyErrors, 404: 'No such job for this key (not_found).' }) },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/v1/batches/{batch_id}',
    operationId: 'getBatch',
    summary: 'A batch and, once complete, its results',
    tags: ['Jobs'],
    security: shared.requiredKey,
    request: { params: BatchIdParams },
    responses: { 200: ok('The batch (DESIGN §8).', BatchSchema), ...errors(shared, { ...keyErrors, 404: 'No such batch for this key (not_found).' }) },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/v1/insurers',
    operationId: 'searchInsurers',
    summary: 'Search the regulator register',
    tags: ['Insurers'],
    security: shared.optionalKey,
    request: { query: InsurerSearchQuery },
    responses: {
      200: ok('Matches, best first.', z.object({ insurers: z.array(z.object({}).catchall(z.unknown())), count: z.number().int() })),
      ...errors(shared, { 400: 'Missing or invalid parameter.', 401: 'A key was sent that is not valid.', 429: keyErrors[429] }),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/v1/account',
    operationId: 'getAccount',
    summary: "The key holder's plan, credits and usage",
    tags: ['Account'],
    security: shared.requiredKey,
    responses: { 200: ok('The account as seen by this key.', AccountSchema), ...errors(shared, { 401: keyErrors[401], 429: keyErrors[429] }) },
  });

  registry.registerPath({
    method: 'get',
    path: '/healthz',
    operationId: 'health',
    summary: 'The process answers',
    tags: ['Health'],
    responses: { 200: { description: 'Alive.', content: json(z.object({ status: z.literal('ok') })) } },
  });

  const Readiness = z.object({ status: z.enum(['ready', 'not_ready']), checks: z.record(z.string(), z.enum(['ok', 'unavailable'])) });
  registry.registerPath({
    method: 'get',
    path: '/readyz',
    operationId: 'readiness',
    summary: 'Every engine the service needs answers',
    tags: ['Health'],
    responses: {
      200: { description: 'Ready.', content: json(Readiness) },
      503: { description: 'An engine does not answer.', content: json(Readiness) },
    },
  });

  const signature = { description: 'Standard Webhooks header.', schema: { type: 'string' as const } };
  registry.registerWebhook({
    method: 'post',
    path: 'jobResult',
    operationId: 'jobResultWebhook',
    summary: 'The result callback of an async verification or an extraction (Standard Webhooks signed)',
    request: {
      headers: z.object({ 'webhook-id': z.string(), 'webhook-timestamp': z.string(), 'webhook-signature': z.string() }),
      body: { content: json(WebhookEventSchema) },
    },
    responses: { 200: { description: 'Any 2xx acknowledges the delivery.', headers: { 'webhook-id': signature } } },
  });
};
