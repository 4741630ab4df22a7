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
import { monitorsOpenApi } from './openapi/monitors-api.js';
import { publicApiOpenApi } from './openapi/public-api.js';
import { correctionsOpenApi } from './openapi/corrections.js';
import { datasetsOpenApi } from './routes/datasets-openapi.js';
import { loaded, serve, type Asset } from './web/assets.js';

export { ErrorBodySchema };

const CONTRIBUTIONS: readonly OpenApiContribution[] = [
  publicApiOpenApi,
  correctionsOpenApi,
  monitorsOpenApi,
  datasetsOpenApi,
];

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
      description:
        'Insurance policy verification and public economic datasets. Errors share one shape: {error, message, code}.',
    },
    // Relative: the document describes the host that serves it (each deployment's PUBLIC_BASE_URL).
    servers: [{ url: '/', description: 'The service that served this document' }],
  });
  // The examples are answers the service really gave (api/openapi/examples.ts).
  return attachRecordedExamples(generated);
}

let document: Asset | null = null;

/** GET /openapi.json: the document, built once per process and compressed once (about 100 KB, 10 KB as brotli). */
export function openApiRoutes(): Router {
  const router = Router();
  router.get('/openapi.json', (req, res) => {
    document ??= loaded(Buffer.from(JSON.stringify(buildOpenApiDocument())), 'application/json; charset=utf-8');
    return serve(document)(req, res);
  });
  return router;
}
