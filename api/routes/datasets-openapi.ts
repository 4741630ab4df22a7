// The datasets endpoints in the OpenAPI document (api/openapi.ts collects the contributions).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { PREVIEW_POINTS } from '../../domain/datasets/series.js';
import type { OpenApiContribution } from '../openapi/contribution.js';
import {
  DatasetDetailSchema,
  DatasetListSchema,
  MultiSeriesSchema,
  PreviewSchema,
  SeriesSchema,
} from './datasets-responses.js';
import {
  DatasetListQuery,
  IfNoneMatch,
  MAX_SLUGS,
  MultiSeriesQuery,
  SeriesQuery,
  SlugParam,
} from './datasets-schemas.js';

export const datasetsOpenApi: OpenApiContribution = (registry: OpenAPIRegistry, shared) => {
  const common = {
    400: shared.errorResponse('A query parameter is invalid (error invalid_parameter).'),
    401: shared.errorResponse('An Authorization header was sent with a key that is not valid. Keys are optional here.'),
    429: shared.errorResponse('Too many requests (error rate_limit_exceeded).', {
      'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
    }),
  };
  const notFoundResponse = shared.errorResponse('No dataset has this slug (error not_found).');
  const cacheHeaders = {
    ETag: {
      description: 'Strong validator of the body; send it back as If-None-Match.',
      schema: { type: 'string' as const },
    },
    'Cache-Control': { description: 'public, max-age=300', schema: { type: 'string' as const } },
  };
  const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
  const csv = (description: string, example: string) => ({
    'text/csv': { schema: { type: 'string' as const, description }, example },
  });
  const seriesCsv = csv(
    'A header row `date,value`, then one row per point in date order, each ended by a newline (\\n). Chosen by format=csv or an Accept header preferring text/csv.',
    'date,value\n2025-12-01,138.9\n2026-01-01,138.4\n2026-02-01,139.1\n',
  );
  const multiCsv = csv(
    'A header row `date,<slug>,<slug>…` in the order asked for, then one row per date; an empty field where a series has no point on that date.',
    'date,uk-cpi-annual-rate,uk-bank-rate\n2025-04-01,3.5,4.5\n2025-05-01,3.4,4.25\n',
  );
  const varyHeader = {
    Vary: {
      description: 'Accept: without `format`, the Accept header chooses JSON or CSV.',
      schema: { type: 'string' as const },
    },
  };

  registry.registerPath({
    method: 'get',
    path: '/api/v1/datasets',
    operationId: 'listDatasets',
    summary: 'List and search datasets',
    tags: ['Datasets'],
    security: shared.optionalKey,
    request: { query: DatasetListQuery },
    responses: { 200: { description: 'One page of matching datasets.', content: json(DatasetListSchema) }, ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/datasets/{slug}',
    operationId: 'getDataset',
    summary: 'A dataset with metadata, links and freshness',
    tags: ['Datasets'],
    security: shared.optionalKey,
    request: { params: SlugParam },
    responses: {
      200: { description: 'The dataset.', content: json(DatasetDetailSchema) },
      404: notFoundResponse,
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/datasets/{slug}/series',
    operationId: 'getDatasetSeries',
    summary: 'Points of a dataset',
    description:
      'The parameters apply in a fixed order: `frequency` (aggregation), then `units`, then the range ' +
      '(`observation_start`, `observation_end`), then `limit` points from the end `direction` names.',
    tags: ['Datasets'],
    security: shared.optionalKey,
    request: { params: SlugParam, query: SeriesQuery, headers: IfNoneMatch },
    responses: {
      200: {
        description: 'The points.',
        headers: { ...cacheHeaders, ...varyHeader },
        content: { ...json(SeriesSchema), ...seriesCsv },
      },
      304: { description: 'Unchanged since the ETag given in If-None-Match.', headers: cacheHeaders },
      404: notFoundResponse,
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/series',
    operationId: 'getSeveralSeries',
    summary: `Up to ${MAX_SLUGS} series at once, aligned on dates`,
    description:
      'Each series is shaped as on /api/v1/datasets/{slug}/series, with the same parameters in the same order ' +
      '(`frequency`, then `units`, then the range); then the series are aligned on the dates any of them has, and ' +
      '`limit` dates are kept from the end `direction` names. A frequency finer than any one dataset’s cadence is a 400.',
    tags: ['Datasets'],
    security: shared.optionalKey,
    request: { query: MultiSeriesQuery, headers: IfNoneMatch },
    responses: {
      200: {
        description: 'The series side by side.',
        headers: { ...cacheHeaders, ...varyHeader },
        content: { ...json(MultiSeriesSchema), ...multiCsv },
      },
      304: { description: 'Unchanged since the ETag given in If-None-Match.', headers: cacheHeaders },
      404: shared.errorResponse('One of the slugs names no dataset (error not_found, naming it).'),
      ...common,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/data/{slug}/preview',
    operationId: 'getDatasetPreview',
    summary: 'Sparkline data for a dataset (no key needed)',
    tags: ['Datasets'],
    security: shared.optionalKey,
    request: { params: SlugParam, headers: IfNoneMatch },
    responses: {
      200: {
        description: `The last ${PREVIEW_POINTS} points with their range and change.`,
        headers: cacheHeaders,
        content: json(PreviewSchema),
      },
      304: { description: 'Unchanged since the ETag given in If-None-Match.', headers: cacheHeaders },
      404: notFoundResponse,
      429: common[429],
    },
  });
};
