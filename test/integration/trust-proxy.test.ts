// TRUST_PROXY (issue 31, item 4): behind a reverse proxy every visitor arrives from the proxy's address, so the
// per-IP limits must key on the client address the proxy forwards, and only when told to believe it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;

beforeAll(async () => {
  // The test connects from loopback: the proxy it plays is on loopback.
  app = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
}, 120_000);

afterAll(() => app?.stop());

const anonymous = (client: string) => fetch(`${app.url}/api/v1/datasets`, { headers: { 'x-forwarded-for': client } });

describe('per-IP limits behind a trusted proxy', () => {
  it('count each forwarded client apart: one exhausting its limit leaves another untouched', async () => {
    let refusedAt = 0;
    for (let n = 1; n <= 60 && refusedAt === 0; n++) if ((await anonymous('203.0.113.7')).status === 429) refusedAt = n;
    // The anonymous limit is per minute and per client; it ran out for this client.
    expect(refusedAt).toBeGreaterThan(1);
    expect((await anonymous('203.0.113.7')).status).toBe(429);
    // Another client behind the same proxy still gets its answer.
    expect((await anonymous('198.51.100.20')).status).toBe(200);
  });
});
