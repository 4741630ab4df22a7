// The portal's accounts and links over their lives (issue 39 item 6): a new link only for an expired one, accounts
// a portal request opened and nobody confirmed closed once their links expire (their address shredded), and an
// account opened by a name signed in at once, so that its owner can close it from the dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../domain/plans.js';
import { findAccount } from '../../projections/account-rows.js';
import { sweepPortal } from '../../bin/service.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { submitForm } from '../support/portal.js';

let app: TestApp;
const run = Date.now().toString(36);
const PORTAL = { actor: 'portal' };
const HOUR_MS = 3600_000;

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(() => app?.stop());

const outboxSize = async () =>
  Number((await app.context.engines.sql.query<{ n: string }>('select count(*)::text as n from mail_outbox'))[0]!.n);

/** What the portal does for an address that asks for a key: an account, and a key link made `hoursAgo`. */
async function signup(email: string, hoursAgo = 0): Promise<{ accountId: string; token: string }> {
  const { accounts } = app.context;
  const { accountId } = await accounts.open({ contact: { email }, plan: 'free', limits: PLANS.free }, PORTAL);
  const requested = await accounts.requestKey(accountId, 'test', PORTAL, new Date(Date.now() - hoursAgo * HOUR_MS));
  expect(await app.context.readModelsAt(requested.position!, 5000)).toBe(true);
  return { accountId, token: requested.token };
}

describe("the expired link page's resend button", () => {
  it('sends a new link for an expired one only: a live one answers its own page, a used one 410', async () => {
    const live = await signup(`live.${run}@example.com`);
    let before = await outboxSize();
    const answered = await submitForm(app.url, '/portal/resend', { token: live.token });
    expect(answered.status).toBe(200);
    // The link's own Confirm page, which uses it: no mail, however often the button is posted.
    expect(answered.page).toContain('action="/portal/verify"');
    expect(answered.page).not.toContain('Check your inbox');
    expect(await outboxSize()).toBe(before);

    const expired = await signup(`expired.${run}@example.com`, 25);
    const resent = await submitForm(app.url, '/portal/resend', { token: expired.token });
    expect(resent.status).toBe(200);
    expect(resent.page).toContain('Check your inbox');
    expect(await outboxSize()).toBe(before + 1);

    const activated = await app.context.accounts.activateRequestedKey(live.accountId, live.token, PORTAL);
    expect(await app.context.readModelsAt(activated.position!, 5000)).toBe(true);
    before = await outboxSize();
    expect((await submitForm(app.url, '/portal/resend', { token: live.token })).status).toBe(410);
    expect(await outboxSize()).toBe(before);
  });
});

describe('accounts a portal request opened and nobody confirmed', () => {
  it('close once their key links have expired, their address gone with their data key; the others stay', async () => {
    const stale = await signup(`stale.${run}@example.com`, 25);
    const fresh = await signup(`fresh.${run}@example.com`, 23);
    const confirmed = await signup(`confirmed.${run}@example.com`, 25);
    // Opened in time, then its link expired: the address is confirmed, and the account has its key.
    const activated = await app.context.accounts.activateRequestedKey(
      confirmed.accountId,
      confirmed.token,
      PORTAL,
      new Date(Date.now() - 24.5 * HOUR_MS),
    );
    expect(await app.context.readModelsAt(activated.position!, 5000)).toBe(true);
    const operator = await app.admin<{ account_id: string }>('POST', '/admin/accounts', {
      email: `operator.${run}@example.com`,
      plan: 'pro',
    });
    await app.admin('POST', `/admin/accounts/${operator.body.account_id}/keys`, { mode: 'live' });

    await sweepPortal(app.context);
    await sweepPortal(app.context); // the second time, nothing to do

    const state = (id: string) => app.context.accounts.state(id);
    expect((await state(stale.accountId)).closed).toBe(true);
    for (const id of [fresh.accountId, confirmed.accountId, operator.body.account_id])
      expect((await state(id)).closed, id).toBe(false);
    expect(
      await app.context.readModelsAt(
        (await app.context.engines.events.readStream(`account-${stale.accountId}`)).at(-1)!.position,
        5000,
      ),
    ).toBe(true);
    expect(await findAccount(app.context.engines.sql, stale.accountId)).toMatchObject({
      email: null,
      status: 'closed',
    });
    // Its data key is shredded: the address in its opening event can no longer be read.
    const [opened] = await app.context.engines.events.readStream(`account-${stale.accountId}`);
    expect(JSON.stringify(opened!.data)).not.toContain(`stale.${run}`);
    // Its link is dead with it.
    expect((await submitForm(app.url, '/portal/resend', { token: stale.token })).status).toBe(404);
  });
});

describe('an account opened by a name', () => {
  it('is signed in where its key is shown, and can be closed from its dashboard', async () => {
    const jar = new Map<string, string>();
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return res;
    };
    const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)![1]!;
    const post = async (path: string, form: Record<string, string>, csrf: string) =>
      keep(
        await fetch(`${app.url}${path}`, {
          method: 'POST',
          headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...form, _csrf: csrf }).toString(),
          redirect: 'manual',
        }),
      );
    const get = async (path: string) => keep(await fetch(`${app.url}${path}`, { headers: { cookie: cookie() } }));

    const portal = await get('/portal');
    const created = await post('/portal', { email: `Ada ${run}`, key_type: 'test' }, csrfOf(await portal.text()));
    expect(created.status).toBe(201);
    const key = /id="api-key"[^>]*>\s*(pk_test_[0-9A-Za-z]+)/.exec(await created.text())?.[1];
    expect(key).toMatch(/^pk_test_/);

    const dashboard = await get('/account/close');
    expect(dashboard.status).toBe(200);
    const closed = await post('/account/close', { confirm: 'yes' }, csrfOf(await dashboard.text()));
    expect(closed.status).toBe(200);
    // The key is revoked with the account.
    const refused = await fetch(`${app.url}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status).toBe(401);
    expect((await get('/account/close')).status).toBe(401);
  });
});
