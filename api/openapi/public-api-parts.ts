// The pieces every operation of the public API's document is described with: a JSON body, its error answers with
// their rate-limit headers, and the errors every keyed operation can give.
import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import type { OpenApiShared } from './contribution.js';
import { integerHeader, RATE_LIMIT_HEADERS } from './public-responses.js';

// The examples are recorded from the running service (api/openapi/examples.ts), not written here.
export const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

export function errors(shared: OpenApiShared, codes: Record<number, string>): Record<number, ResponseConfig> {
  const out: Record<number, ResponseConfig> = {};
  for (const [status, description] of Object.entries(codes)) {
    const headers =
      status === '429' || status === '503'
        ? { ...RATE_LIMIT_HEADERS, 'Retry-After': integerHeader('Seconds to wait.') }
        : RATE_LIMIT_HEADERS;
    out[Number(status)] = shared.errorResponse(description, headers);
  }
  return out;
}

export const keyErrors = {
  401: 'No key, or a key that is not valid (error unauthorized or invalid_api_key).',
  403: 'The key lacks the scope this operation needs (error forbidden).',
  429: 'Too many requests (error rate_limit_exceeded).',
};
