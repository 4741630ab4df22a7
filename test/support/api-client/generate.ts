// The typed client's types, generated from the OpenAPI document with openapi-typescript. scripts/generate-api-client.ts
// writes them to schema.ts; test/integration/api-client.test.ts checks the committed file is up to date.
import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApiDocument } from '../../../api/openapi.js';

export const SCHEMA_FILE = new URL('./schema.ts', import.meta.url);

export async function generateApiTypes(): Promise<string> {
  const ast = await openapiTS(buildOpenApiDocument() as never);
  return `// Generated from /openapi.json by scripts/generate-api-client.ts: do not edit.\n${astToString(ast)}`;
}
