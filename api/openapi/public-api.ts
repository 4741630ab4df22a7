// The verification, jobs, insurers, account and health endpoints in the OpenAPI document, and the webhooks the
// service sends (docs/architecture.md#the-interface). The requests are described by the very zod schemas the routes parse them with
// (api/schemas/verification.ts, api/routes/{jobs,batches,documents-extract,insurers}.ts); the response shapes
// are in public-responses.ts.
import type { OpenAPIRegistry, ResponseConfig, RouteConfig, ZodContentObject } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { OpenApiContribution } from './contribution.js';
import { BatchIdParams } from '../routes/batches.js';
import { ExtractionUploadSchema } from '../routes/documents-extract.js';
import { JobIdParams } from '../routes/jobs.js';
import { InsurerSearchQuery } from '../routes/insurers.js';
import {
  AsyncVerificationRequestSchema,
  BatchRequestSchema,
  MAX_BATCH,
  VerificationRequestSchema,
} from '../schemas/verification.js';
import { ErrorBodySchema } from './error.js';
import { errors, json, keyErrors } from './public-api-parts.js';
import {
  AccountSchema,
  LedgerStatementsSchema,
  BatchAcceptedSchema,
  BatchSchema,
  JobAcceptedSchema,
  JobSchema,
  RATE_LIMIT_HEADERS,
  VerificationResultSchema,
  VerifyMissingFieldsErrorSchema,
  VerifyNoCreditsErrorSchema,
  WebhookEventSchema,
} from './public-responses.js';

export const publicApiOpenApi: OpenApiContribution = (registry: OpenAPIRegistry, shared) => {
  const ok = (description: string, schema: z.ZodType): ResponseConfig => ({
    description,
    headers: RATE_LIMIT_HEADERS,
    content: json(schema),
  });

  registry.registerPath({
    method: 'post',
    path: '/api/v1/verify',
    operationId: 'verifyPolicy',
    summary: 'Verify a policy synchronously',
    tags: ['Verification'],
    security: shared.requiredKey,
    request: { body: { content: json(VerificationRequestSchema) } },
    responses: {
      200: ok('The verification answer.', VerificationResultSchema),
      400: {
        description:
          'Invalid input: missing fields as {error: missing_required_fields, detail} (the older form of this endpoint), any other problem as {error, message, code}.',
        headers: RATE_LIMIT_HEADERS,
        content: json(z.union([VerifyMissingFieldsErrorSchema, ErrorBodySchema])),
      },
      402: {
        description: 'No credits left, as {error: insufficient_credits, detail} (the older form of this endpoint).',
        headers: RATE_LIMIT_HEADERS,
        content: json(VerifyNoCreditsErrorSchema),
      },
      ...errors(shared, {
        ...keyErrors,
        404: 'policy_not_found or insurer_not_found.',
        413: 'Body over 16 kB (payload_too_large).',
      }),
    },
  });

  /** A submission answers 202 with what it accepted, and 200 with it as it stands when retried with the same Idempotency-Key. */
  const submission = (
    operation: Pick<RouteConfig, 'path' | 'operationId' | 'summary' | 'tags'> & { content: ZodContentObject },
    retried: ResponseConfig,
    accepted: ResponseConfig,
    codes: Record<number, string>,
  ) => {
    const { content, ...named } = operation;
    registry.registerPath({
      method: 'post',
      ...named,
      security: shared.requiredKey,
      request: { body: { content } },
      responses: { 200: retried, 202: accepted, ...errors(shared, { ...keyErrors, ...codes }) },
    });
  };
  const documentUnreachable =
    'The job engine is unreachable, or the document could not be inspected now (service_unavailable, with Retry-After); nothing was charged.';

  submission(
    {
      path: '/api/v1/verify/async',
      operationId: 'verifyPolicyAsync',
      summary: 'Verify a policy as a job, optionally from a document',
      tags: ['Verification'],
      content: json(AsyncVerificationRequestSchema),
    },
    ok('An idempotent retry of a submitted job: the job as it stands.', JobSchema),
    ok('The job was accepted.', JobAcceptedSchema),
    {
      400: 'Invalid input.',
      402: 'No credits left (insufficient_credits).',
      413: 'Body over the limit (payload_too_large).',
      422: 'invalid_webhook_url, invalid_document or idempotency_conflict.',
      503: documentUnreachable,
    },
  );

  submission(
    {
      path: '/api/v1/verify/batch',
      operationId: 'verifyBatch',
      summary: `Verify up to ${MAX_BATCH} policies as a batch`,
      tags: ['Verification'],
      content: json(BatchRequestSchema),
    },
    ok('An idempotent retry of a submitted batch.', BatchSchema),
    ok('The batch was accepted.', BatchAcceptedSchema),
    {
      400: 'Invalid input, naming the item.',
      402: 'Not enough credits.',
      413: 'Body over 1 MB.',
      422: 'batch_too_large or idempotency_conflict.',
      503: 'The job engine is unreachable (service_unavailable, with Retry-After); nothing was charged.',
    },
  );

  submission(
    {
      path: '/api/v1/documents/extract',
      operationId: 'extractDocument',
      summary: 'Extract the fields of an insurance document',
      tags: ['Documents'],
      content: { 'multipart/form-data': { schema: ExtractionUploadSchema } },
    },
    ok('An idempotent retry: the job as it stands.', JobSchema),
    ok('The extraction job was accepted.', JobAcceptedSchema),
    {
      400: 'No file (missing_required_fields, as on POST /api/v1/verify).',
      402: 'No credits left.',
      413: 'File too large.',
      422: 'invalid_document or invalid_webhook_url.',
      503: documentUnreachable,
    },
  );

  // A job and a batch are read alike: by their id, under the key that submitted them.
  const readById = (
    what: 'job' | 'batch',
    path: string,
    operationId: string,
    summary: string,
    params: z.ZodObject,
    schema: z.ZodType,
  ) =>
    registry.registerPath({
      method: 'get',
      path,
      operationId,
      summary,
      tags: ['Jobs'],
      security: shared.requiredKey,
      request: { params },
      responses: {
        200: ok(`The ${what}.`, schema),
        ...errors(shared, { ...keyErrors, 404: `No such ${what} for this key (not_found).` }),
      },
    });
  readById('job', '/api/v1/jobs/{job_id}', 'getJob', 'A job record', JobIdParams, JobSchema);
  readById(
    'batch',
    '/api/v1/batches/{batch_id}',
    'getBatch',
    'A batch and, once complete, its results',
    BatchIdParams,
    BatchSchema,
  );

  registry.registerPath({
    method: 'get',
    path: '/api/v1/insurers',
    operationId: 'searchInsurers',
    summary: 'Search the regulator register',
    tags: ['Insurers'],
    security: shared.optionalKey,
    request: { query: InsurerSearchQuery },
    responses: {
      200: ok(
        'Matches, best first.',
        z.object({ insurers: z.array(z.object({}).catchall(z.unknown())), count: z.number().int() }),
      ),
      ...errors(shared, {
        400: 'Missing or invalid parameter.',
        401: 'A key was sent that is not valid.',
        429: keyErrors[429],
      }),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/v1/account',
    operationId: 'getAccount',
    summary: "The key holder's plan, credits and usage",
    tags: ['Account'],
    security: shared.requiredKey,
    responses: {
      200: ok('The account as seen by this key.', AccountSchema),
      ...errors(shared, { 401: keyErrors[401], 429: keyErrors[429] }),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/v1/account/statements',
    operationId: 'listLedgerStatements',
    summary: "The account's signed monthly credit statements",
    description:
      'Newest month first, each signed with Ed25519 by a key published at /.well-known/pvs-ledger-keys.json; `npx pvs-verify-ledger` checks them against the ledger export (docs/ledger-verification.md).',
    tags: ['Account'],
    security: shared.requiredKey,
    responses: {
      200: ok('The statements.', LedgerStatementsSchema),
      ...errors(shared, { 401: keyErrors[401], 429: keyErrors[429] }),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/v1/account/ledger',
    operationId: 'exportLedger',
    summary: "The account's own credit ledger, as the verifier reads it",
    description:
      'Every credits event of the account, oldest first, one JSON line each: `{"stream", "revision", "type", "data", "chain": {"prev", "hash", "version"}, "recorded_at"}`. With the statements and /.well-known/pvs-ledger-keys.json, `npx pvs-verify-ledger` checks it (docs/ledger-verification.md).',
    tags: ['Account'],
    security: shared.requiredKey,
    responses: {
      200: {
        description: 'The export (JSON Lines), written as it is read.',
        content: { 'application/x-ndjson': { schema: z.string() } },
      },
      ...errors(shared, { 401: keyErrors[401], 429: keyErrors[429] }),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/healthz',
    operationId: 'health',
    summary: 'The process answers',
    tags: ['Health'],
    security: [],
    responses: { 200: { description: 'Alive.', content: json(z.object({ status: z.literal('ok') })) } },
  });

  const Readiness = z.object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.record(z.string(), z.enum(['ok', 'degraded', 'unavailable'])),
    degraded: z
      .record(z.string(), z.enum(['degraded', 'stopped']))
      .optional()
      .describe(
        'Read models behind a parked event: `stopped` at it, `degraded` going on past it (an operator replays it).',
      ),
  });
  registry.registerPath({
    method: 'get',
    path: '/readyz',
    operationId: 'readiness',
    summary: 'Every engine the service needs answers',
    tags: ['Health'],
    security: [],
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
    // The service calls the subscriber: no key of ours is sent; the signature is the proof (webhook-signature).
    security: [],
    request: {
      headers: z.object({ 'webhook-id': z.string(), 'webhook-timestamp': z.string(), 'webhook-signature': z.string() }),
      body: { content: json(WebhookEventSchema) },
    },
    responses: { 200: { description: 'Any 2xx acknowledges the delivery.', headers: { 'webhook-id': signature } } },
  });
};
