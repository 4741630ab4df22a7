// The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with, at GET /openapi.json.
//
// Each group of endpoints contributes its paths through an OpenApiContribution (api/openapi/contribution.ts; see
// datasetsOpenApi in routes/datasets-openapi.ts): a function that registers paths and schemas on the registry it
// is given. To document more endpoints, export a contribution beside the routes and add it to CONTRIBUTIONS.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import type { OpenApiContribution, OpenApiShared } from './openapi/contribution.js';
import { ErrorBodySchema } from './openapi/error.js';
import { attachRecordedExamples } from './openapi/examples.js';
import { publicApiOpenApi } from './openapi/public-api.js';
import { datasetsOpenApi } from './routes/datasets-openapi.js';

export { ErrorBodySchema };

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
