import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { insurerRoutes } from '../../api/routes/insurers.js';
import { createLogger } from '../../infra/logger.js';
import { loadVerificationEngine } from '../../infra/verification/load.js';
import { listenOnLoopback } from '../support/net.js';

let base: string;
let close = async () => {};

beforeAll(async () => {
  const { insurers } = await loadVerificationEngine();
  ({ base, close } = await listenOnLoopback(
    createApp({ logger: createLogger('silent'), readiness: {}, routers: [insurerRoutes(insurers)] }),
  ));
});

afterAll(() => close());

async function get(path: string) {
  const response = await fetch(`${base}${path}`);
  const body: any = await response.json();
  return { status: response.status, headers: response.headers, body };
}

describe('GET /api/v1/insurers', () => {
  it('finds the insurer behind a brand for the type, best match first', async () => {
    const { status, body, headers } = await get('/api/v1/insurers?country=UK&q=AXA&insurance_type=motor');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/application\/json/);
    expect(body).toEqual({
      insurers: [
        { name: 'AXA Insurance UK plc', reference: '202312', regulated: 'YES', authorised: true, score: 0.95 },
      ],
      count: 1,
    });
  });

  it('lists every line of a brand without a type, and the health insurer for health', async () => {
    const all = await get('/api/v1/insurers?country=UK&q=axa');
    expect(all.body.insurers.map((i: { reference: string }) => i.reference).sort()).toEqual(['202312', '202947']);
    const health = await get('/api/v1/insurers?country=uk&q=AXA&insurance_type=HEALTH');
    expect(health.body.insurers[0]).toMatchObject({ name: 'AXA PPP Healthcare Limited', reference: '202947' });
  });

  it('pages with limit while count keeps the total, in descending score', async () => {
    const { body } = await get('/api/v1/insurers?country=FR&q=mutuelle&limit=5');
    expect(body.insurers).toHaveLength(5);
    expect(body.count).toBeGreaterThan(5);
    const scores = body.insurers.map((i: { score: number }) => i.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('searches German names with their accents or without', async () => {
    const { body } = await get(
      `/api/v1/insurers?country=DE&q=${encodeURIComponent('Württembergische')}&insurance_type=motor`,
    );
    expect(body.insurers[0]).toMatchObject({ reference: '5783', name: 'Württembergische Versicherung AG' });
    const plain = await get('/api/v1/insurers?country=DE&q=Wurttembergische&insurance_type=motor');
    expect(plain.body.insurers[0].reference).toBe('5783');
  });

  it('answers an empty list for a name nobody has', async () => {
    expect((await get('/api/v1/insurers?country=DE&q=Nirgendwo')).body).toEqual({ insurers: [], count: 0 });
  });

  it.each([
    ['/api/v1/insurers?q=AXA', 400, 'missing_required_field', /country/],
    ['/api/v1/insurers?country=UK', 400, 'missing_required_field', /q/],
    ['/api/v1/insurers', 400, 'missing_required_field', /country, q/],
    ['/api/v1/insurers?country=IT&q=AXA', 400, 'unsupported_country', /IT/],
    ['/api/v1/insurers?country=UK&q=AXA&insurance_type=home', 400, 'unsupported_insurance_type', /home/],
    ['/api/v1/insurers?country=UK&q=AXA&limit=0', 400, 'invalid_parameter', /limit/],
    ['/api/v1/insurers?country=UK&q=AXA&limit=51', 400, 'invalid_parameter', /limit/],
    ['/api/v1/insurers?country=UK&q=AXA&limit=ten', 400, 'invalid_parameter', /limit/],
    ['/api/v1/insurers?country=UK&q=AXA&limit=1e1', 400, 'invalid_parameter', /limit/],
    ['/api/v1/insurers?country=UK&country=DE&q=AXA', 400, 'invalid_parameter', /country/],
    ['/api/v1/insurers?country[x]=UK&q=AXA', 400, 'missing_required_field', /country/],
    [`/api/v1/insurers?country=UK&q=${'a'.repeat(101)}`, 400, 'invalid_parameter', /100/],
  ])('%s -> %s %s', async (path, status, error, message) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error, message: expect.stringMatching(message), code: status });
  });
});
