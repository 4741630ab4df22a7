// The zod schemas of the datasets endpoints' query and path parameters: they validate the requests and, through
// datasets-openapi.ts, document them. The response schemas are in datasets-responses.ts.
import { z } from 'zod';
import { dateError, isIsoDate } from '../../domain/datasets/dates.js';
import { AGGREGATION_METHODS, FREQUENCIES } from '../../domain/datasets/frequency.js';
import { SERIES_DIRECTIONS } from '../../domain/datasets/series.js';
import { CADENCES, CATEGORIES, SOURCES } from '../../domain/datasets/types.js';
import { UNITS } from '../../domain/datasets/units.js';
import { isStorableText } from '../../domain/text/storable.js';
import { queryInteger as integer } from '../schemas/query-integer.js';

export const MAX_LIMIT = 1000;

const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T, description: string) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}.` }).meta({ description });

export const DatasetListQuery = z.object({
  q: z
    .string({ error: 'q must be a single string.' })
    .max(200, { error: 'q must be at most 200 characters.' })
    .refine(isStorableText, {
      error: 'q holds a NUL character or an unpaired UTF-16 surrogate, which is not valid text.',
    })
    .optional()
    .meta({
      description:
        'Full-text search over title, description, category and source; words may be prefixes. Best match first.',
    }),
  category: oneOf('category', CATEGORIES, 'Only datasets of this category.').optional(),
  source: oneOf('source', SOURCES, 'Only datasets from this source.').optional(),
  cadence: oneOf('cadence', CADENCES, 'Only datasets published at this cadence.').optional(),
  limit: integer('limit', 1, MAX_LIMIT, 50),
  offset: integer('offset', 0, 1_000_000, 0),
});

/** A calendar date, YYYY-MM-DD, that exists (no 2026-02-30) and that the database can hold (isIsoDate). */
const dateParameter = (name: string, description: string) => {
  const error = dateError(name);
  return z.string({ error }).refine(isIsoDate, { error }).optional().meta({ format: 'date', description });
};

/**
 * What a slug can be: lower-case words of letters and digits joined by single hyphens, at most 100 characters.
 * Anything else names no dataset and is answered 404 not_found before any query (a NUL character, which
 * PostgreSQL cannot compare, or 10 kB of text never reach SQL).
 */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isSlug = (slug: string) => slug.length <= 100 && SLUG.test(slug);

/** The parameters that shape a series, shared by the one-series and the several-series endpoints. */
const seriesShape = {
  limit: integer('limit', 1, MAX_LIMIT, 100),
  direction: oneOf(
    'direction',
    SERIES_DIRECTIONS,
    'latest (default): the most recent `limit` points; earliest: the first. Points are in date order either way.',
  ).default('latest'),
  observation_start: dateParameter(
    'observation_start',
    'The first date of the range, inclusive (FRED’s name). Applied after `frequency` and `units` (to the periods’ start dates when aggregating), then `limit` from the end `direction` names.',
  ),
  observation_end: dateParameter('observation_end', 'The last date of the range, inclusive.'),
  as_of: dateParameter(
    'as_of',
    'The series as it was published at the end of that UTC day (ALFRED’s real-time period): the vintage its refreshes had left by then, before any later addition, revision or removal. The detail lists the revision dates. A date before the first vintage is a 400. Everything else then applies to that vintage.',
  ),
  units: oneOf(
    'units',
    UNITS,
    'lin (default): the level; chg: change; ch1: change from a year ago; pch: percent change; pc1: percent change from a year ago; pca: compounded annual rate of change; log: natural log. A point whose transform needs an earlier point the series lacks is left out. Applied after `frequency` (so pch of a quarterly series compares quarters), before the range and the limit.',
  ).default('lin'),
  frequency: oneOf(
    'frequency',
    FREQUENCIES,
    'Aggregate to this lower cadence: weekly (ISO weeks, Monday to Sunday), monthly, quarterly or annual. Each period is dated at its start (Monday; the 1st of the month; 1 January, April, July, October; 1 January). ' +
      'A cadence finer than the dataset’s own is a 400. The first step: aggregation, then `units`, then the range and `limit`. Periods the data covers only in part are kept and listed in `incomplete_periods`.',
  ).optional(),
  aggregation_method: oneOf(
    'aggregation_method',
    AGGREGATION_METHODS,
    'With `frequency` only (a 400 without it): avg (the default): the mean of the period’s observations; sum: their total; eop: the last observation of the period.',
  ).optional(),
};

type SeriesChecked = {
  observation_start?: string | undefined;
  observation_end?: string | undefined;
  frequency?: string | undefined;
  aggregation_method?: string | undefined;
};

// The checks across series parameters, added to each schema that has them.
const rangeInOrder = (q: SeriesChecked) =>
  !q.observation_start || !q.observation_end || q.observation_start <= q.observation_end;
const RANGE_ERROR = { error: 'observation_start must not be after observation_end.', path: ['observation_start'] };
const methodHasFrequency = (q: SeriesChecked) => !q.aggregation_method || q.frequency !== undefined;
const METHOD_ERROR = { error: 'aggregation_method needs a frequency to aggregate to.', path: ['aggregation_method'] };

export const FORMATS = ['json', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

const format = oneOf(
  'format',
  FORMATS,
  'json or csv (RFC 4180 with a header row, text/csv). Without it the Accept header chooses: text/csv preferred to application/json gives CSV; JSON otherwise.',
).optional();

export const SeriesQuery = z
  .object({ ...seriesShape, format })
  .refine(rangeInOrder, RANGE_ERROR)
  .refine(methodHasFrequency, METHOD_ERROR);

/** At most this many series in one call of GET /api/v1/series. */
export const MAX_SLUGS = 10;

/** The slugs of a comma-separated list (blanks around commas allowed). */
export const splitSlugs = (text: string): string[] => text.split(',').map((part) => part.trim());

const slugList = z
  .string({
    error: `slugs must be one comma-separated list of 1 to ${MAX_SLUGS} dataset slugs, e.g. slugs=uk-cpi-index,uk-bank-rate.`,
  })
  .superRefine((text, ctx) => {
    const slugs = splitSlugs(text);
    const bad = slugs.find((slug) => !isSlug(slug));
    if (bad !== undefined) {
      const shown = JSON.stringify(bad.slice(0, 40));
      ctx.addIssue({
        code: 'custom',
        message: `slugs: ${shown} is not a dataset slug (lower-case letters and digits joined by hyphens).`,
      });
    } else if (slugs.length > MAX_SLUGS) {
      ctx.addIssue({ code: 'custom', message: `slugs names ${slugs.length} datasets; at most ${MAX_SLUGS} at once.` });
    } else if (new Set(slugs).size !== slugs.length) {
      ctx.addIssue({ code: 'custom', message: 'slugs names a dataset twice.' });
    }
  })
  .meta({
    description: `1 to ${MAX_SLUGS} dataset slugs, comma-separated, each at most once.`,
    example: 'uk-cpi-annual-rate,uk-bank-rate',
  });

export const MultiSeriesQuery = z
  .object({ slugs: slugList, ...seriesShape, format })
  .refine(rangeInOrder, RANGE_ERROR)
  .refine(methodHasFrequency, METHOD_ERROR);

export const SlugParam = z.object({
  slug: z
    .string()
    .max(100)
    .regex(SLUG)
    .meta({ description: 'The dataset slug, e.g. uk-cpi-annual-rate.', example: 'uk-cpi-annual-rate' }),
});

export const IfNoneMatch = z.object({
  'if-none-match': z.string().optional().meta({ description: 'An ETag from an earlier response: 304 when unchanged.' }),
});
