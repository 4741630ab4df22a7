// The OpenAPI document: valid OpenAPI 3.1, true to what the dataset endpoints really answer, and usable by a
// client generated from it at run time.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OpenAPIClientAxios, type AxiosResponse } from 'openapi-client-axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiRoutes } from '../../api/openapi.js';
import { datasetRoutes } from '../../api/routes/datasets.js';
import type { Sql } from '../../infra/sql/sql.js';
import { loadDatasets, serve, type Served } from '../support/datasets.js';
import { primaryTestDatabase } from '../support/sql.js';

let db: { sql: Sql; close(): Promise<void> };
let api: Served;
let doc: any;
let ajv: Ajv2020;
const DOC_ID = 'https://service.invalid/openapi.json';

beforeAll(async () => {
  db = await primaryTestDatabase().open();
  await loadDatasets(db.sql, ['gbp-per-usd', 'eur-per-usd', 'uk-cpi-annual-rate', 'de-road-deaths']);
  api = await serve([datasetRoutes({ sql: db.sql }), openApiRoutes()]);
  doc = await (await fetch(`${api.url}/openapi.json`)).json();
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; the document's own keywords (paths, responses) are not schema
  // keywords, hence strict: false.
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
});

afterAll(async () => {
  await api?.close();
  await db?.close();
});

const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** Validates a body against the document's schema for this path, method and status; returns the errors. */
function check(path: string, status: number, body: unknown) {
  const validate = ajv.getSchema(
    `${DOC_ID}#/${pointer('paths', path, 'get', 'responses', String(status), 'content', 'application/json', 'schema')}`,
  );
  if (!validate) throw new Error(`no schema for GET ${path} ${status}`);
  validate(body);
  return validate.errors ?? [];
}

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents the four dataset endpoints with the parameters the routes validate', () => {
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/datasets',
        '/api/v1/datasets/{slug}',
        '/api/v1/datasets/{slug}/series',
        '/data/{slug}/preview',
      ]),
    );
    const list = Object.fromEntries(
      doc.paths['/api/v1/datasets'].get.parameters.map((p: { name: string; schema: object }) => [p.name, p.schema]),
    );
    expect(list.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000, default: 50 });
    expect(list.offset).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
    expect(list.cadence.enum).toEqual(['daily', 'weekly', 'monthly', 'quarterly', 'annual']);
    const series = Object.fromEntries(
      doc.paths['/api/v1/datasets/{slug}/series'].get.parameters.map((p: { name: string; schema: object }) => [
        p.name,
        p.schema,
      ]),
    );
    expect(series.limit).toMatchObject({ type: 'integer', default: 100 });
    expect(series.direction).toMatchObject({ enum: ['latest', 'earliest'], default: 'latest' });
    expect(doc.paths['/data/{slug}/preview'].get.responses['304']).toBeDefined();
  });
});

describe('real responses match the document', () => {
  it.each([
    ['/api/v1/datasets', '/api/v1/datasets', 200],
    ['/api/v1/datasets', '/api/v1/datasets?q=inflation&limit=2&offset=1', 200],
    ['/api/v1/datasets', '/api/v1/datasets?limit=5000', 400],
    ['/api/v1/datasets/{slug}', '/api/v1/datasets/gbp-per-usd', 200],
    ['/api/v1/datasets/{slug}', '/api/v1/datasets/no-such-thing', 404],
    ['/api/v1/datasets/{slug}/series', '/api/v1/datasets/uk-cpi-annual-rate/series', 200],
    ['/api/v1/datasets/{slug}/series', '/api/v1/datasets/de-road-deaths/series?direction=earliest&limit=3', 200],
    ['/api/v1/datasets/{slug}/series', '/api/v1/datasets/de-road-deaths/series?direction=up', 400],
    ['/data/{slug}/preview', '/data/eur-per-usd/preview', 200],
    ['/data/{slug}/preview', '/data/no-such-thing/preview', 404],
  ])('%s: GET %s answers %i as documented', async (path, url, status) => {
    const response = await fetch(`${api.url}${url}`);
    expect(response.status).toBe(status);
    expect(check(path, status, await response.json())).toEqual([]);
  });

  it('would catch a response that strays from the document', async () => {
    const body = (await (await fetch(`${api.url}/api/v1/datasets/gbp-per-usd`)).json()) as Record<string, unknown>;
    expect(check('/api/v1/datasets/{slug}', 200, { ...body, cadence: 'hourly' })).not.toEqual([]);
    const { freshness: _dropped, ...withoutFreshness } = body;
    expect(check('/api/v1/datasets/{slug}', 200, withoutFreshness)).not.toEqual([]);
    expect(check('/data/{slug}/preview', 200, { ...body, points: [{ date: '2020-13-45', value: 1 }] })).not.toEqual([]);
  });
});

/** The operations the client is expected to have generated, by operationId. */
interface DatasetCalls {
  listDatasets(params: object): Promise<AxiosResponse<{ datasets: { slug: string }[] }>>;
  getDataset(slug: string): Promise<AxiosResponse<Record<string, unknown>>>;
  getDatasetSeries(params: object): Promise<AxiosResponse<{ points: unknown[] }>>;
  getDatasetPreview(slug: string): Promise<AxiosResponse<{ points: unknown[]; latest: unknown }>>;
}

describe('a client generated from /openapi.json', () => {
  it('calls all four endpoints', async () => {
    const generator = new OpenAPIClientAxios({
      definition: `${api.url}/openapi.json`,
      axiosConfigDefaults: { baseURL: api.url },
    });
    const client = await generator.init<DatasetCalls>();

    const list = await client.listDatasets({ category: 'fx', limit: 10 });
    expect(list.status).toBe(200);
    expect(list.data.datasets.map((d) => d.slug).sort()).toEqual(['eur-per-usd', 'gbp-per-usd']);

    const detail = await client.getDataset('gbp-per-usd');
    expect(detail.data).toMatchObject({
      slug: 'gbp-per-usd',
      unit: 'GBP per USD',
      links: { series: '/api/v1/datasets/gbp-per-usd/series' },
    });

    const series = await client.getDatasetSeries({ slug: 'gbp-per-usd', limit: 2, direction: 'earliest' });
    expect(series.data.points).toEqual([
      { date: '1971-01-01', value: 0.4157 },
      { date: '1971-02-01', value: 0.4136 },
    ]);

    const preview = await client.getDatasetPreview('gbp-per-usd');
    expect(preview.data.points).toHaveLength(24);
    expect(preview.data.latest).toEqual({ date: '2026-06-01', value: 0.7497 });

    await expect(client.getDataset('no-such-thing')).rejects.toMatchObject({
      response: { status: 404, data: { error: 'not_found' } },
    });
  });
});
