import { z } from 'zod';

/**
 * An integer query parameter; the message is what a caller sees on a 400. The OpenAPI schema is spelled out
 * because the generator probes the coercing schema with null, which coerces to 0 and would make a minimum of
 * 0 read as "integer or null".
 */
export const queryInteger = (name: string, min: number, max: number, fallback: number) => {
  const error = `${name} must be an integer from ${min} to ${max}.`;
  return z.coerce
    .number({ error })
    .int({ error })
    .min(min, { error })
    .max(max, { error })
    .default(fallback)
    .meta({
      type: 'integer',
      minimum: min,
      maximum: max,
      default: fallback,
      description: `${error.slice(0, -1)}; default ${fallback}.`,
    });
};
