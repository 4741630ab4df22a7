// The error shape of every endpoint, apart from api/openapi.ts so that contributions can use it without a cycle.
import { z } from 'zod';

export const ErrorBodySchema = z
  .object({
    error: z
      .string()
      .meta({ description: 'Machine-readable code, e.g. invalid_parameter, not_found, rate_limit_exceeded.' }),
    message: z.string().meta({ description: 'Human-readable explanation.' }),
    code: z.number().int().meta({ description: 'The HTTP status.' }),
    retry_after: z.number().int().optional().meta({ description: 'Seconds to wait; present on 429.' }),
    credits_needed: z.number().int().optional().meta({ description: 'Credits the request needs; present on 402.' }),
    credits_available: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Credits the account can spend now; present on 402.' }),
  })
  .meta({
    id: 'Error',
    description:
      'The error shape of every endpoint: a machine-readable code, a sentence and the HTTP status, plus retry_after (seconds) on 429.',
  });
