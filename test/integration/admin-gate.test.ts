// The operator's doors (issue 31, item 5): one limit on failed admin-token attempts for /admin and /codec, so a
// client that fails at one finds the other closed too; and an operator's account for an address wins over a
// portal request for it that nobody confirmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../domain/plans.js';
import { findAccountByAddress } from '../../projections/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);

afterAll(() => app?.stop());

const wrong = { authorization: 'Bearer not-the-admin-token-at-all' };
const codec = () => fetch(`${app.url}/codec/decode`, { method: 'POST', headers: { ...wrong, 'content-type': 'application/json' }, body: '{"payloads":[]}' });
const admin = (headers: Record<string, string>) => fetch(`${app.url}/admin/accounts?limit=1`, { headers });

describe('an operator creating an account for an address', () => {
  it('wins over a portal request nobody confirmed: that account closes and its link dies', async () => {
    const email = `pending.${Date.now()}@example.com`;
    // What the portal does for a stranger who asks for a key in this address's name.
    const pending = await app.context.accounts.open({ contact: { email }, plan: 'free', limits: PLANS.free }, { actor: 'portal' });
    const requested = await app.context.accounts.requestKey(pending.accountId, 'live', { actor: 'portal' });
    if (requested.position) await app.context.readModelsAt(requested.position, 5000);

    const created = await app.admin<{ account_id: string }>('POST', '/admin/accounts', { email, plan: 'pro' });
    expect(created.status).toBe(201);
    expect((await app.context.accounts.state(pending.accountId)).closed).toBe(true);
    expect((await findAccountByAddress(app.context.engines.sql, app.context.accounts.addressHash(email)))?.account_id).toBe(created.body.account_id);
    const link = await fetch(`${app.url}/portal/verify?token=${encodeURIComponent(requested.token)}`);
    expect(link.status).toBe(404);

    // An operator's second account for the address leaves the first alone once it has a key.
    await app.admin('POST', `/admin/accounts/${created.body.account_id}/keys`, { mode: 'live' });
    await app.admin('POST', '/admin/accounts', { email, plan: 'free' });
    expect((await app.context.accounts.state(created.body.account_id)).closed).toBe(false);
  });
});

// Last: it locks this client out of the admin API for the rest of the minute.
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
