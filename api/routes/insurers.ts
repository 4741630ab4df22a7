import { Router, type Request } from 'express';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from '../../domain/verification/search.js';
import { INSURANCE_TYPES, isCountry, isInsuranceType, type InsurerSearch } from '../../domain/verification/types.js';
import { isStorableText } from '../../domain/text/storable.js';
import { ApiError } from '../errors.js';
import { unsupportedCountry } from '../schemas/verification.js';
import { unstorableField } from '../validation.js';

/** One query parameter as a string; repeated parameters are refused rather than guessed at. */
function single(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw ApiError.of('invalid_parameter', `Give ${name} once, as text.`);
  if (!isStorableText(value)) throw unstorableField(name, 'invalid_parameter');
  return value.trim();
}

/**
 * GET /api/v1/insurers?country=UK&q=AXA&insurance_type=motor: the regulator register, searched by name or brand,
 * best match first. Free; the app puts the optional-key rate limit in front of it.
 */
export function insurerRoutes(insurers: InsurerSearch): Router {
  const router = Router();
  router.get('/api/v1/insurers', (req, res) => {
    const country = single(req, 'country')?.toUpperCase();
    const q = single(req, 'q');
    const type = single(req, 'insurance_type')?.toLowerCase();
    const limitText = single(req, 'limit');

    const missing = [!country && 'country', !q && 'q'].filter(Boolean);
    if (missing.length > 0) {
      throw ApiError.of('missing_required_field', `Required query parameters missing: ${missing.join(', ')}`);
    }
    if (!isCountry(country)) throw unsupportedCountry(country);
    if (q!.length > 100) throw ApiError.of('invalid_parameter', 'q is longer than 100 characters.');
    const insuranceType = type ? type : undefined;
    if (insuranceType !== undefined && !isInsuranceType(insuranceType)) {
      throw ApiError.of(
        'unsupported_insurance_type',
        `Insurance type ${JSON.stringify(type!.slice(0, 64))} is not supported. Supported: ${INSURANCE_TYPES.join(', ')}.`,
      );
    }
    let limit = DEFAULT_SEARCH_LIMIT;
    if (limitText !== undefined && limitText !== '') {
      limit = /^[0-9]{1,3}$/.test(limitText) ? Number(limitText) : NaN;
      if (!(limit >= 1 && limit <= MAX_SEARCH_LIMIT)) {
        throw ApiError.of('invalid_parameter', `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}.`);
      }
    }

    const result = insurers.search({ country, q: q!, ...(insuranceType ? { insurance_type: insuranceType } : {}), limit });
    // The register changes only with a deployment.
    res.set('Cache-Control', 'public, max-age=3600').json({ insurers: result.insurers, count: result.count });
  });
  return router;
}
