// The zod schemas of what the datasets endpoints answer, documented through datasets-openapi.ts.
import { z } from 'zod';
import { AGGREGATION_METHODS, FREQUENCIES } from '../../domain/datasets/frequency.js';
import { PREVIEW_POINTS, SERIES_DIRECTIONS } from '../../domain/datasets/series.js';
import { CADENCES, CATEGORIES, SOURCES } from '../../domain/datasets/types.js';
import { UNITS } from '../../domain/datasets/units.js';

const isoDate = z.iso.date();

export const PointSchema = z.object({ date: isoDate, value: z.number() }).meta({ id: 'SeriesPoint' });

const nullablePoint = z.union([PointSchema, z.null()]);

export const FreshnessSchema = z
  .object({
    last_observation_date: isoDate.nullable(),
    last_refreshed_at: z.iso.datetime().nullable(),
    next_expected_date: isoDate
      .nullable()
      .meta({ description: 'When the observation after the last one should be published.' }),
    age_days: z.number().int().nullable().meta({ description: 'Days since the last observation’s date.' }),
    status: z.enum(['fresh', 'due', 'overdue', 'stale']).meta({
      description:
        'fresh: nothing newer is expected yet; due: the next observation is being published about now; ' +
        'overdue: it should be out; stale: several periods behind.',
    }),
  })
  .meta({ id: 'Freshness' });

export const FreshnessDetailSchema = FreshnessSchema.extend({
  data_updated_at: z.iso.datetime().nullable().meta({
    description:
      'When a point of the series last changed: added, revised or removed. A refresh that finds the same points leaves it.',
  }),
  metadata_updated_at: z.iso.datetime().nullable().meta({
    description: 'When the description of the dataset (title, unit, publisher, methodology, …) last changed.',
  }),
  next_release: z
    .union([
      z.object({
        date: isoDate.meta({ description: 'The publisher’s next release on or after today.' }),
        estimated: z.boolean().meta({ description: 'True unless the date is from the publisher’s release calendar.' }),
        basis: z.enum(['calendar', 'cadence']).meta({
          description:
            'calendar: the publisher’s announced date; cadence: estimated as an observation date after the last one plus the publisher’s usual delay, the first not in the past.',
        }),
      }),
      z.null(),
    ])
    .meta({ description: 'Null when the series has no observations and no release calendar is known.' }),
  reason: z.string().nullable().meta({
    description:
      'Why the dataset is overdue or stale, when the service can tell: only the bundled snapshot is loaded (DATASET_SOURCES=bundled), or the publisher’s source is failing. Null otherwise.',
  }),
  source: z
    .object({
      mode: z.enum(['live', 'bundled']).meta({
        description:
          'live: the last refresh read the publisher’s own download (DATASET_SOURCES=live); bundled: the file shipped with the service.',
      }),
      url: z
        .string()
        .nullable()
        .meta({ description: 'The publisher URL the last refresh read or tried; null for the bundled file.' }),
      last_error: z
        .string()
        .nullable()
        .meta({
          description:
            'Why the source last failed (unreachable, an HTTP error, a response in another format), until a refresh reads it cleanly again. ' +
            'The data served is then the last good data (or the bundled file, for a dataset that never loaded from its source).',
        }),
      last_error_at: z.iso.datetime().nullable(),
    })
    .optional()
    .meta({ description: 'Where the data comes from and whether its source is failing.' }),
}).meta({
  id: 'FreshnessDetail',
  description: 'The freshness of a list item, and when data and metadata last changed and the next release.',
});

const summaryShape = {
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  source: z.enum(SOURCES),
  cadence: z.enum(CADENCES),
  unit: z.string(),
  latest: nullablePoint,
  freshness: FreshnessSchema,
};

export const DatasetSummarySchema = z.object(summaryShape).meta({ id: 'DatasetSummary' });

export const DatasetDetailSchema = z
  .object({
    ...summaryShape,
    freshness: FreshnessDetailSchema,
    metadata: z.object({
      publisher: z.string(),
      licence: z.string(),
      source_url: z.url(),
      methodology: z.string(),
      coverage: z.object({ start: isoDate.nullable(), end: isoDate.nullable() }),
      observation_count: z.number().int(),
    }),
    links: z.object({ self: z.string(), series: z.string(), preview: z.string(), source: z.url() }),
    revisions: z
      .array(
        z.object({
          date: isoDate.meta({ description: 'The UTC day it was published: as_of from this date on answers it.' }),
          published_at: z.iso.datetime(),
          added: z.number().int(),
          revised: z.number().int(),
          removed: z.number().int(),
        }),
      )
      .meta({
        description:
          'Every vintage, oldest first: the first load, then each refresh that changed a published point, with how many points it added, revised and removed.',
      }),
  })
  .meta({ id: 'DatasetDetail' });

export const DatasetListSchema = z
  .object({
    datasets: z.array(DatasetSummarySchema),
    count: z.number().int().meta({ description: 'How many datasets match in all (not only on this page).' }),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'DatasetList' });

/** The series parameters a response echoes; each is present only when it was asked for. */
const echoedShape = {
  observation_start: isoDate.optional().meta({ description: 'The range asked for, when one was.' }),
  observation_end: isoDate.optional().meta({ description: 'The range asked for, when one was.' }),
  as_of: isoDate.optional().meta({ description: 'The vintage asked for, when one was.' }),
  units: z
    .enum(UNITS)
    .meta({ description: 'The units the points carry (the `units` parameter; lin, the level, by default).' }),
  frequency: z
    .enum(FREQUENCIES)
    .optional()
    .meta({ description: 'The frequency aggregated to, when one was asked for.' }),
  aggregation_method: z
    .enum(AGGREGATION_METHODS)
    .optional()
    .meta({ description: 'How periods were aggregated; present with `frequency`.' }),
};

const incompletePeriods = z.array(isoDate).meta({
  description:
    'Present with `frequency`: the start dates of the periods shown that the data covers only in part (the first, when the series begins after it did; the last, when it is still running or the source has not caught up). ' +
    'Their values come from the observations there are. Empty when every period shown is whole.',
});

export const SeriesSchema = z
  .object({
    slug: z.string(),
    direction: z.enum(SERIES_DIRECTIONS),
    limit: z.number().int(),
    ...echoedShape,
    count: z.number().int().meta({
      description:
        'How many points this series has as asked for (after `frequency`, `units` and the range), before `limit`: counted as `points` is, quarters beside quarters. `points` holds at most `limit` of them.',
    }),
    observation_count: z.number().int().meta({
      description:
        'How many observations the dataset has at its own cadence (in the vintage, with `as_of`), whatever was asked.',
    }),
    points: z.array(PointSchema).meta({ description: 'In date order, oldest first.' }),
    incomplete_periods: incompletePeriods.optional(),
  })
  .meta({ id: 'Series' });

export const PreviewSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    unit: z.string(),
    cadence: z.enum(CADENCES),
    points: z.array(PointSchema).meta({ description: `The last ${PREVIEW_POINTS} points, oldest first.` }),
    min: z.number().nullable(),
    max: z.number().nullable(),
    latest: nullablePoint,
    change: z
      .union([
        z.object({
          absolute: z.number(),
          percent: z.number().nullable().meta({ description: 'Null when the first value is zero.' }),
        }),
        z.null(),
      ])
      .meta({ description: 'From the first to the last point shown.' }),
  })
  .meta({ id: 'Preview' });

export const MultiSeriesSchema = z
  .object({
    slugs: z
      .array(z.string())
      .meta({ description: 'The datasets, in the order asked for: the order of `values` and of the CSV columns.' }),
    direction: z.enum(SERIES_DIRECTIONS),
    limit: z.number().int(),
    ...echoedShape,
    dates: z.array(isoDate).meta({
      description:
        'Every date on which any of the series has a point, in date order: at most `limit` of them, from the end `direction` names. ' +
        'Series dated differently (month starts and month ends) share dates only once `frequency` dates both at period starts.',
    }),
    values: z.record(z.string(), z.array(z.number().nullable())).meta({
      description: 'Per slug, one value for each of `dates`: null where that series has no point on that date.',
    }),
    incomplete_periods: z.record(z.string(), z.array(isoDate)).optional().meta({
      description: 'Present with `frequency`: per slug, the periods among `dates` its data covers only in part.',
    }),
  })
  .meta({ id: 'MultiSeries' });
