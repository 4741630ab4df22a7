// One limit on failed admin-token attempts (issue 31, item 5): /admin and /codec both take the token, and a client
// that fails at one door finds the other closed too, instead of twice the guesses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);

afterAll(() => app?.stop());

const wrong = { authorization: 'Bearer not-the-admin-token-at-all' };
const codec = () => fetch(`${app.url}/codec/decode`, { method: 'POST', headers: { ...wrong, 'content-type': 'application/json' }, body: '{"payloads":[]}' });
const admin = (headers: Record<string, string>) => fetch(`${app.url}/admin/accounts?limit=1`, { headers });

describe('failed admin-token attempts', () => {
  it('count once across /codec and /admin', async () => {
    // Ten failures at the codec server's door...
    for (let n = 0; n < 10; n++) expect((await codec()).status).toBe(401);
    // ...close the admin API's as well, even to the right token, until the minute ends.
    const refused = await admin(wrong);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'rate_limit_exceeded', code: 429 });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await admin({ authorization: `Bearer ${app.context.secrets.adminToken}` })).status).toBe(429);
  });
});
