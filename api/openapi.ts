// The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with, at GET /openapi.json.
//
// Each group of endpoints contributes its paths through an OpenApiContribution (see datasetsOpenApi in
// routes/datasets.ts): a function that registers paths and schemas on the registry it is given. To document
// more endpoints, export a contribution beside the routes and add it to CONTRIBUTIONS.
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorBodySchema } from './openapi/error.js';
import { attachRecordedExamples } from './openapi/examples.js';
import { publicApiOpenApi } from './openapi/public-api.js';
import { datasetsOpenApi } from './routes/datasets.js';

export { ErrorBodySchema };

/** Pieces every contribution shares, so errors and auth read the same across the document. */
export interface OpenApiShared {
  /** A response whose body is the shared Error schema. */
  errorResponse(description: string, headers?: ResponseConfig['headers'], example?: object): ResponseConfig;
  /** `security` for endpoints where a key is optional: anonymous, or a bearer key. */
  optionalKey: Record<string, string[]>[];
  /** `security` for endpoints that need a key. */
  requiredKey: Record<string, string[]>[];
}

export type OpenApiContribution = (registry: OpenAPIRegistry, shared: OpenApiShared) => void;

const CONTRIBUTIONS: readonly OpenApiContribution[] = [publicApiOpenApi, datasetsOpenApi];

export function buildOpenApiDocument(contributions: readonly OpenApiContribution[] = CONTRIBUTIONS) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearerKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key, pk_live_… or pk_test_…, as "Authorization: Bearer <key>".',
  });
  const shared: OpenApiShared = {
    errorResponse: (description, headers, example) => ({
      description,
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: ErrorBodySchema, ...(example ? { example } : {}) } },
    }),
    optionalKey: [{}, { [bearer.name]: [] }],
    requiredKey: [{ [bearer.name]: [] }],
  };
  for (const contribute of contributions) contribute(registry, shared);
  const generated = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Policy Verification and Public Datasets Service',
      version: '1.0.0',
      description: 'Insurance policy verification and public economic datasets. Errors share one shape: {error, message, code}.',
    },
  });
  // The examples are answers the service really gave (api/openapi/examples.ts).
  return attachRecordedExamples(generated);
}

let document: { json: Buffer } | null = null;

/** GET /openapi.json: the document, built once per process. */
export function openApiRoutes(): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    document ??= { json: Buffer.from(JSON.stringify(buildOpenApiDocument())) };
    res.type('application/json').set('Cache-Control', 'public, max-age=300').send(document.json);
  });
  return router;
}
