// The corrections of an extraction as the job record shows them (issue 56, domain/jobs/corrections.ts): each field's
// value now, whether it was corrected and what the service read, and every correction in order.
import { z } from 'zod';
import { FIELD_KEYS } from '../../domain/extraction/types.js';

const FieldState = z
  .object({
    value: z.unknown().meta({ description: 'The value now: the reading, or the last correction’s.' }),
    corrected: z.boolean().meta({ description: 'true once a correction changed this field.' }),
    read: z.unknown().meta({ description: 'The value the service read from the document.' }),
  })
  .meta({ id: 'CorrectedField' });

const Corrector = z
  .union([
    z.object({ via: z.literal('api'), key_id: z.string() }),
    z.object({ via: z.literal('dashboard'), person: z.string().nullable() }),
  ])
  .meta({ description: 'Who corrected: a key of the account (its id), or the person signed in to the dashboard.' });

export const CorrectionSchema = z
  .object({
    field: z.enum(FIELD_KEYS),
    from: z.unknown(),
    to: z.unknown(),
    by: Corrector,
    at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'Correction' });

export const CorrectionsViewSchema = z
  .object({
    fields: z.object(Object.fromEntries(FIELD_KEYS.map((key) => [key, FieldState]))),
    history: z.array(CorrectionSchema),
  })
  .meta({
    id: 'ExtractionCorrections',
    description:
      'A completed extraction’s corrections: per field its value now (result holds the same), whether it was corrected and what was read; every correction, oldest first. Absent on other jobs and once the result is erased.',
  });
