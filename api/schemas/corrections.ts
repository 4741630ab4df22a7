// The body of POST /api/v1/jobs/{job_id}/corrections (issue 56): the corrected value of each field to change, in
// the shape the extraction result gives it; null says the document has no such value. A field the result does not
// have is refused by name.
import { z } from 'zod';
import { DOCUMENT_LANGUAGES, FIELD_KEYS, TERRITORIAL_SCOPES, type FieldKey } from '../../domain/extraction/types.js';
import { INSURANCE_TYPES } from '../../domain/verification/types.js';
import { ApiError } from '../errors.js';
import { parse } from '../validation.js';

const Text = (description: string, max = 200) => z.string().trim().min(1).max(max).nullable().meta({ description });

const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'is not a date of the calendar')
  .nullable()
  .meta({ format: 'date' });

const Money = z
  .strictObject({
    amount: z.number().finite().min(0).max(1e12),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as GBP or EUR'),
  })
  .nullable();

/** Each correctable field's value, as the extraction result (ExtractionResult) gives it. */
export const FIELD_VALUES = {
  policy_number: Text('The policy number as printed.', 64),
  insurer: Text('The insurer, as its registered name.'),
  insurance_type: z.enum(INSURANCE_TYPES).nullable(),
  start_date: IsoDate,
  end_date: IsoDate,
  vehicle_registration: Text('In the country’s usual notation.', 32),
  'coverage.level': Text('A code: comprehensive, third_party_fire_theft, third_party, single_trip, …', 64),
  'coverage.excess': Money,
  'coverage.sum_insured': Money,
  'coverage.territorial_scope': z.enum(TERRITORIAL_SCOPES).nullable(),
  language: z.enum(DOCUMENT_LANGUAGES).nullable(),
} satisfies Record<FieldKey, z.ZodType>;

export const CorrectionsRequestSchema = z
  .object({
    corrections: z.object(Object.fromEntries(FIELD_KEYS.map((key) => [key, FIELD_VALUES[key].optional()]))).meta({
      description:
        'The corrected value of each field to change, keyed like field_confidence ("coverage.excess"); null: the document has no such value.',
      example: { policy_number: 'AXK12345678', 'coverage.excess': { amount: 250, currency: 'GBP' } },
    }),
  })
  .meta({ id: 'CorrectionsRequest' });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The corrections of a request body, or a 400 naming the first thing wrong (an unknown field by its name). */
export function readCorrections(body: unknown): Partial<Record<FieldKey, unknown>> {
  if (!isRecord(body)) throw ApiError.of('invalid_request', 'The request body must be a JSON object.');
  const extra = Object.keys(body).filter((key) => key !== 'corrections');
  if (extra.length > 0)
    throw ApiError.of(
      'invalid_request',
      `Unknown property ${JSON.stringify(extra[0]!.slice(0, 100))}: send { "corrections": { … } }.`,
    );
  const corrections = body.corrections;
  if (corrections === undefined || corrections === null)
    throw ApiError.of('missing_required_field', 'Required fields missing: corrections');
  if (!isRecord(corrections))
    throw ApiError.of('invalid_request', 'corrections must be an object of fields and values.');
  const unknown = Object.keys(corrections).find((key) => !(FIELD_KEYS as readonly string[]).includes(key));
  if (unknown !== undefined) {
    throw ApiError.of(
      'invalid_request',
      `Unknown field ${JSON.stringify(unknown.slice(0, 100))}: the fields that can be corrected are ${FIELD_KEYS.join(', ')}.`,
    );
  }
  if (Object.keys(corrections).length === 0)
    throw ApiError.of('invalid_request', 'corrections must name at least one field.');
  return parse(CorrectionsRequestSchema, body).corrections as Partial<Record<FieldKey, unknown>>;
}
