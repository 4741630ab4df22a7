// Issue 17, item 1: the OpenAPI document describes the requests by the very zod schemas the routes parse them
// with, and the routes' answers to bad input are worded as before those schemas were shared.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import { buildOpenApiDocument } from '../../api/openapi.js';
import { InsurerSearchQuery } from '../../api/routes/insurers.js';
import { BatchIdParams } from '../../api/routes/batches.js';
import { ExtractionUploadSchema } from '../../api/routes/documents-extract.js';
import { JobIdParams } from '../../api/routes/jobs.js';
import {
  AsyncVerificationRequestSchema,
  BatchRequestSchema,
  readBatchRequest,
  readVerificationRequest,
  VerificationRequestSchema,
} from '../../api/schemas/verification.js';

const doc: any = buildOpenApiDocument();
const valid = { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor' };

function refusal(read: () => unknown): ApiError['body'] {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).body;
  }
  throw new Error('the input was accepted');
}

const requestSchema = (path: string, type = 'application/json') => {
  const schema = doc.paths[path].post.requestBody.content[type].schema;
  return schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
};

/** The fields an endpoint's unknown-field refusal lists as accepted. */
const accepted = (read: () => unknown) => /Accepted: (.*) \(type is/.exec(refusal(read).message!)![1]!.split(', ');

describe('the document takes its request schemas from the routes', () => {
  it('names the routes’ schemas as components', () => {
    expect(VerificationRequestSchema.meta()?.id).toBe('VerificationRequest');
    expect(AsyncVerificationRequestSchema.meta()?.id).toBe('AsyncVerificationRequest');
    expect(BatchRequestSchema.meta()?.id).toBe('BatchRequest');
    expect(ExtractionUploadSchema.meta()?.id).toBe('ExtractionUpload');
    expect(doc.paths['/api/v1/verify'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/VerificationRequest',
    });
    expect(doc.paths['/api/v1/verify/async'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/AsyncVerificationRequest',
    });
    expect(doc.paths['/api/v1/verify/batch'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/BatchRequest',
    });
    expect(doc.paths['/api/v1/documents/extract'].post.requestBody.content['multipart/form-data'].schema).toEqual({
      $ref: '#/components/schemas/ExtractionUpload',
    });
    expect(doc.components.schemas.BatchRequest.properties.policies.items).toEqual({
      $ref: '#/components/schemas/VerificationRequest',
    });
  });

  it('lists as a body’s properties exactly the fields its route accepts', () => {
    const sync = requestSchema('/api/v1/verify');
    const async = requestSchema('/api/v1/verify/async');
    expect(Object.keys(sync.properties)).toEqual(
      accepted(() => readVerificationRequest({ ...valid, x: 1 }, { missing: 'detail' })),
    );
    expect(Object.keys(async.properties)).toEqual(
      accepted(() => readVerificationRequest({ ...valid, x: 1 }, { missing: 'catalogue' })),
    );
    expect(Object.keys(sync.properties)).toEqual(accepted(() => readBatchRequest({ policies: [{ ...valid, x: 1 }] })));
    expect(sync.additionalProperties).toBe(false);
    expect(async.additionalProperties).toBe(false);
    expect(sync.required).toEqual(['policy_number', 'country', 'insurance_type']);
    expect(async.required).toEqual(['country', 'insurance_type']);
    expect(sync.properties.country.enum).toEqual(['UK', 'DE', 'FR']);
    expect(sync.properties.type.deprecated).toBe(true);
  });

  it('documents the parameters the routes read', () => {
    const names = (path: string, method = 'get') =>
      doc.paths[path][method].parameters.map(
        (p: { name: string; in: string; required: boolean }) => `${p.in}:${p.name}${p.required ? '' : '?'}`,
      );
    expect(names('/api/v1/insurers')).toEqual(['query:country', 'query:q', 'query:insurance_type?', 'query:limit?']);
    expect(Object.keys(InsurerSearchQuery.shape)).toEqual(['country', 'q', 'insurance_type', 'limit']);
    const limit = doc.paths['/api/v1/insurers'].get.parameters.find((p: { name: string }) => p.name === 'limit').schema;
    expect(limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 10 });
    expect(names('/api/v1/jobs/{job_id}')).toEqual(['path:job_id']);
    expect(names('/api/v1/batches/{batch_id}')).toEqual(['path:batch_id']);
    expect(JobIdParams.safeParse({ job_id: '0B6F8F8E-3C55-4A6E-9D51-6F2F7C1E5A10' }).success).toBe(true);
    expect(BatchIdParams.safeParse({ batch_id: 'no-such-batch' }).success).toBe(false);
  });
});

describe('POST /api/v1/verify/batch reads its body as before', () => {
  const policy = (i: number) => ({ ...valid, policy_number: `AXK1234567${i % 10}` });

  it('names what is wrong with the list, in order', () => {
    expect(refusal(() => readBatchRequest([]))).toEqual({
      error: 'invalid_request',
      message: 'The request body must be a JSON object.',
      code: 400,
    });
    expect(refusal(() => readBatchRequest({}))).toEqual({
      error: 'missing_required_field',
      message: 'Required fields missing: policies',
      code: 400,
    });
    expect(refusal(() => readBatchRequest({ policies: null }))).toMatchObject({ error: 'missing_required_field' });
    expect(refusal(() => readBatchRequest({ policies: 'AXK12345678' }))).toEqual({
      error: 'invalid_request',
      message: 'policies must be an array.',
      code: 400,
    });
    expect(refusal(() => readBatchRequest({ policies: { 0: valid } }))).toMatchObject({
      message: 'policies must be an array.',
    });
    expect(refusal(() => readBatchRequest({ policies: [] }))).toEqual({
      error: 'invalid_request',
      message: 'policies must hold at least one policy.',
      code: 400,
    });
    expect(refusal(() => readBatchRequest({ policies: Array.from({ length: 101 }, (_, i) => policy(i)) }))).toEqual({
      error: 'batch_too_large',
      message: 'A batch holds at most 100 policies; this one has 101.',
      code: 422,
    });
    // Too many is said before any policy's own problem.
    expect(refusal(() => readBatchRequest({ policies: Array.from({ length: 150 }, () => 'x') }))).toMatchObject({
      error: 'batch_too_large',
    });
  });

  it('reads each policy as the other endpoints do, the first problem named by its index', () => {
    expect(
      readBatchRequest({
        policies: [{ policy_number: ' AXK12345678 ', country: 'uk', type: 'Motor', provider: '' }],
        extra: 1,
      }),
    ).toEqual([{ policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor' }]);
    expect(refusal(() => readBatchRequest({ policies: [valid, 'x'] }))).toMatchObject({
      message: 'policies[1]: The request body must be a JSON object.',
    });
    expect(
      refusal(() => readBatchRequest({ policies: [{ ...valid, provder: 'AXA' }, { country: 'UK' }] })),
    ).toMatchObject({
      error: 'invalid_request',
      message: expect.stringMatching(/^policies\[0\]: Unknown field "provder"\./),
    });
    expect(refusal(() => readBatchRequest({ policies: [valid, { country: 'UK' }] }))).toEqual({
      error: 'missing_required_field',
      message: 'policies[1]: Required fields missing: policy_number, insurance_type',
      code: 400,
    });
    expect(refusal(() => readBatchRequest({ policies: [valid, { ...valid, country: 'gb' }] }))).toMatchObject({
      error: 'unsupported_country',
      message: 'policies[1]: Country "gb" is not supported. Supported: UK, DE, FR. For the United Kingdom use UK.',
    });
  });
});
