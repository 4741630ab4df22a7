import { Router, type Request } from 'express';
import { z } from 'zod';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from '../../domain/verification/search.js';
import { INSURANCE_TYPES, type InsurerSearch } from '../../domain/verification/types.js';
import { isStorableText } from '../../domain/text/storable.js';
import { ApiError } from '../errors.js';
import { CountryField, InsuranceTypeField, unsupportedCountry } from '../schemas/verification.js';
import { unstorableField } from '../validation.js';

/**
 * The query of GET /api/v1/insurers, which the route parses with it once each parameter has been read as one
 * trimmed string (blank counts as not given); a problem is answered as searchInsurers() below words it.
 */
export const InsurerSearchQuery = z.object({
  country: CountryField,
  q: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .meta({ description: 'A name or brand, or part of one; at most 100 characters.', example: 'AXA' }),
  insurance_type: InsuranceTypeField.optional().meta({
    description: 'Only insurers authorised for this type: motor, travel or health.',
  }),
  limit: z
    .string()
    .refine((text) => /^[0-9]{1,3}$/.test(text))
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_SEARCH_LIMIT))
    .optional()
    // The generator describes a pipe by its input (a string); what the parameter holds is this.
    .meta({
      type: 'integer',
      minimum: 1,
      maximum: MAX_SEARCH_LIMIT,
      default: DEFAULT_SEARCH_LIMIT,
      description: `How many matches at most, 1 to ${MAX_SEARCH_LIMIT}; default ${DEFAULT_SEARCH_LIMIT}.`,
    }),
});

type Parameter = keyof z.input<typeof InsurerSearchQuery>;

/** One query parameter as a string; repeated parameters are refused rather than guessed at. */
function single(req: Request, name: Parameter): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw ApiError.of('invalid_parameter', `Give ${name} once, as text.`);
  if (!isStorableText(value)) throw unstorableField(name, 'invalid_parameter');
  return value.trim();
}

/** The query as InsurerSearchQuery reads it, or the first problem, in the order the parameters are checked. */
function searchQuery(req: Request): z.output<typeof InsurerSearchQuery> {
  const country = single(req, 'country')?.toUpperCase();
  const q = single(req, 'q');
  const type = single(req, 'insurance_type')?.toLowerCase();
  const limit = single(req, 'limit');
  const parsed = InsurerSearchQuery.safeParse({
    country: country || undefined,
    q: q || undefined,
    insurance_type: type || undefined,
    limit: limit || undefined,
  });
  if (parsed.success) return parsed.data;
  const failed = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  const missing = [!country && 'country', !q && 'q'].filter(Boolean);
  if (missing.length > 0) {
    throw ApiError.of('missing_required_field', `Required query parameters missing: ${missing.join(', ')}`);
  }
  if (failed.has('country')) throw unsupportedCountry(country);
  if (failed.has('q')) throw ApiError.of('invalid_parameter', 'q is longer than 100 characters.');
  if (failed.has('insurance_type')) {
    throw ApiError.of(
      'unsupported_insurance_type',
      `Insurance type ${JSON.stringify(type!.slice(0, 64))} is not supported. Supported: ${INSURANCE_TYPES.join(', ')}.`,
    );
  }
  throw ApiError.of('invalid_parameter', `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}.`);
}

/**
 * GET /api/v1/insurers?country=UK&q=AXA&insurance_type=motor: the regulator register, searched by name or brand,
 * best match first. Free; the app puts the optional-key rate limit in front of it.
 */
export function insurerRoutes(insurers: InsurerSearch): Router {
  const router = Router();
  router.get('/api/v1/insurers', (req, res) => {
    const { country, q, insurance_type, limit = DEFAULT_SEARCH_LIMIT } = searchQuery(req);
    const result = insurers.search({ country, q, ...(insurance_type ? { insurance_type } : {}), limit });
    // The register changes only with a deployment.
    res.set('Cache-Control', 'public, max-age=3600').json({ insurers: result.insurers, count: result.count });
  });
  return router;
}
