// What a group of endpoints gives the OpenAPI document (api/openapi.ts collects them), apart from that module so
// that the contributions, which it imports, can name the type without importing it back.
import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';

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
