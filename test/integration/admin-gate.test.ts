// The operator's doors (issue 31, item 5; issue 39): one limit on failed admin-token attempts for /admin and
// /codec, so a client that fails at one is slowed at the other too, and only that client; and an operator's account for an address wins over a
// portal request for it that nobody confirmed.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../domain/plans.js';
import { findAccountByAddress } from '../../projections/account-rows.js';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);

afterAll(() => app?.stop());

const wrong = { authorization: 'Bearer not-the-admin-token-at-all' };
const codec = () =>
  fetch(`${app.url}/codec/decode`, {
    method: 'POST',
    headers: { ...wrong, 'content-type': 'application/json' },
    body: '{"payloads":[]}',
  });
const admin = (headers: Record<string, string>) => fetch(`${app.url}/admin/ledger/reconcile`, { headers });

describe('an operator creating an account for an address', () => {
  it('wins over a portal request nobody confirmed: that account closes and its link dies', async () => {
    const email = `pending.${Date.now()}@example.com`;
    // What the portal does for a stranger who asks for a key in this address's name.
    const pending = await app.context.accounts.open(
      { contact: { email }, plan: 'free', limits: PLANS.free },
      { actor: 'portal' },
    );
    const requested = await app.context.accounts.requestKey(pending.accountId, 'live', { actor: 'portal' });
    if (requested.position) expect(await app.context.readModelsAt(requested.position, 5000)).toBe(true);

    const created = await app.admin<{ account_id: string }>('POST', '/admin/accounts', { email, plan: 'pro' });
    expect(created.status).toBe(201);
    expect((await app.context.accounts.state(pending.accountId)).closed).toBe(true);
    expect(
      (await findAccountByAddress(app.context.engines.sql, app.context.accounts.addressHash(email)))?.account_id,
    ).toBe(created.body.account_id);
    const link = await fetch(`${app.url}/portal/verify?token=${encodeURIComponent(requested.token)}`);
    expect(link.status).toBe(404);

    // An operator's second account for the address leaves the first alone once it has a key.
    await app.admin('POST', `/admin/accounts/${created.body.account_id}/keys`, { mode: 'live' });
    await app.admin('POST', '/admin/accounts', { email, plan: 'free' });
    expect((await app.context.accounts.state(created.body.account_id)).closed).toBe(false);
  });
});

/** A request from one of this machine's loopback addresses (127.0.0.0/8): each is a client of its own. */
function from(
  address: string,
  path: string,
  authorization: string,
): Promise<{ status: number; retryAfter: number; ms: number }> {
  const started = performance.now();
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, localAddress: address, headers: { authorization } },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            retryAfter: Number(res.headers['retry-after'] ?? 0),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('failed admin-token attempts', () => {
  const right = () => `Bearer ${app.context.secrets.adminToken}`;

  it('count once across /codec and /admin, and slow the client without shutting it out', async () => {
    // Ten failures at the codec server's door...
    for (let n = 0; n < 10; n++) expect((await codec()).status).toBe(401);
    // ...slow the admin API's as well: until the client's next slot every try is refused, the right token's too
    // (a 200 against a 429 would tell a guesser which token is right).
    const refused = await admin(wrong);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'rate_limit_exceeded', code: 429 });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    expect((await admin({ authorization: right() })).status).toBe(429);
    // At its slot the right token passes, and the client is forgiven.
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    expect((await admin({ authorization: right() })).status).toBe(200);
    expect((await admin(wrong)).status).toBe(401);
  });

  it('slow the client that keeps failing, longer each time, and never a correct token from another client', async () => {
    const [guesser, operator] = ['127.0.0.71', '127.0.0.72'];
    const path = '/admin/ledger/reconcile';
    for (let n = 0; n < 10; n++) expect((await from(guesser, path, `Bearer guess-${n}`)).status).toBe(401);
    const slowed = await from(guesser, path, 'Bearer guess-10');
    expect(slowed.status).toBe(429);
    // While the guesser waits for its slot, the operator's token from its own address passes at once, and its
    // own mistake is a plain 401.
    const served = await from(operator, path, right());
    expect(served.status).toBe(200);
    expect(served.ms).toBeLessThan(1000);
    expect((await from(operator, path, 'Bearer typo')).status).toBe(401);
    expect((await from(operator, path, right())).status).toBe(200);
    // The guesser's next wrong guess at its slot doubles the wait for the one after.
    await new Promise((resolve) => setTimeout(resolve, slowed.retryAfter * 1000 + 100));
    expect((await from(guesser, path, 'Bearer guess-11')).status).toBe(401);
    const longer = await from(guesser, path, right());
    expect(longer.status).toBe(429);
    expect(longer.retryAfter).toBe(2);
    expect((await from(operator, path, right())).status).toBe(200);
  });
});
