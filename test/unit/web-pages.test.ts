import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetRoutes, ifNoneMatchHits } from '../../api/web/assets.js';
import * as pages from '../../api/web/pages.js';
import type { DeliveryRow, KeyRow, PageContext } from '../../api/web/pages.js';
import { formatWait } from '../../api/web/pages/format.js';

// ---- a small reader for the rendered HTML: the renderer's output is regular (double-quoted attributes, no
// nested forms), so regular expressions are enough to look at tags, forms and text.

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

type Attrs = Record<string, string | true>;

/** A start or end tag; attribute values may hold ">", which the renderer leaves unescaped. */
const TAG = /<\/?[a-zA-Z][^>"]*(?:"[^"]*"[^>"]*)*>/g;

function parseAttrs(source: string): Attrs {
  const attrs: Attrs = {};
  for (const m of source.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g))
    attrs[m[1]!] = m[2] === undefined ? true : decode(m[2]);
  return attrs;
}

/** Every start tag of one element, as attribute maps. */
const tags = (html: string, name: string): Attrs[] =>
  [...html.matchAll(new RegExp(`<${name}\\b([^>"]*(?:"[^"]*"[^>"]*)*)>`, 'g'))].map((m) => parseAttrs(m[1]!));

/** Visible-ish text: tags dropped, entities decoded, whitespace collapsed. */
const text = (html: string) => decode(html.replace(TAG, ' ')).replace(/\s+/g, ' ').trim();

/** The text of a heading, where inline tags join words rather than separate them. */
const headingText = (html: string) => decode(html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)![1]!.replace(TAG, ''));

const forms = (html: string) =>
  [...html.matchAll(/<form\b([^>"]*(?:"[^"]*"[^>"]*)*)>([\s\S]*?)<\/form>/g)].map((m) => ({
    attrs: parseAttrs(m[1]!),
    body: m[2]!,
  }));

const formAt = (html: string, action: string) => {
  const form = forms(html).find((f) => f.attrs.action === action);
  if (!form) throw new Error(`no form with action ${action}`);
  return form;
};

const hidden = (formBody: string, name: string) =>
  tags(formBody, 'input').find((i) => i.type === 'hidden' && i.name === name)?.value;

/** The text of the <label for=id>. */
const labelFor = (html: string, id: string) => {
  const m = [...html.matchAll(/<label\b([^>]*)>([\s\S]*?)<\/label>/g)].find((l) => parseAttrs(l[1]!).for === id);
  return m ? text(m[2]!) : undefined;
};

const elementText = (html: string, name: string, id: string) => {
  const m = html.match(new RegExp(`<${name}\\b[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</${name}>`));
  return m ? decode(m[1]!.replace(TAG, '')) : undefined;
};

// ---- sample props -------------------------------------------------------------------------------------------

const TOKEN = 'csrf"<tok>&en';
const ctx = (path: string, signedIn = false): PageContext => ({ csrfToken: TOKEN, signedIn, path });
const EVIL = '<script>alert("x")</script>';

const keyRows: KeyRow[] = [
  {
    key_id: 'key_a',
    name: 'billing',
    prefix: 'pk_live_',
    last4: 'abcd',
    mode: 'live',
    status: 'active',
    created_at: new Date('2026-11-01T09:00:00Z'),
    last_used_at: new Date('2026-11-24T14:05:00Z'),
  },
  {
    key_id: 'key_b',
    name: null,
    prefix: 'pk_test_',
    last4: 'wxyz',
    mode: 'test',
    status: 'revoked',
    created_at: new Date('2026-10-02T09:00:00Z'),
    last_used_at: null,
  },
  {
    key_id: 'key_c',
    name: null,
    prefix: 'pk_test_',
    last4: 'qrst',
    mode: 'test',
    status: 'deactivated',
    created_at: new Date('2026-10-03T09:00:00Z'),
    last_used_at: null,
  },
];

const deliveries: DeliveryRow[] = [
  {
    job_id: 'job_1',
    delivery_id: null,
    event_type: 'verification.completed',
    status: 'delivered',
    attempts: 1,
    response_code: 200,
    last_attempt_at: new Date('2026-11-24T14:05:00Z'),
    attempt_log: [{ attempt: 1, status: 200, at: new Date('2026-11-24T14:05:00Z') }],
    url: 'https://hooks.example.com/a',
    resendable: true,
    started_at: new Date('2026-11-24T14:04:00Z'),
  },
  {
    job_id: 'job_<2>',
    delivery_id: null,
    event_type: 'extraction.completed',
    status: 'pending',
    attempts: 0,
    response_code: null,
    last_attempt_at: null,
    attempt_log: [],
    url: 'https://hooks.example.com/b',
    resendable: true,
    started_at: new Date('2026-11-24T14:04:00Z'),
  },
];

const thirtyDays = Array.from({ length: 30 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10),
  requests: i === 3 ? 7 : i === 20 ? 4 : i === 29 ? 1 : 0,
}));

const dashboard = (email = 'jane@example.com') =>
  pages.dashboardPage(ctx('/account', true), {
    plan: 'free',
    credits: { available: 7, allowance: 10, resetsAt: new Date('2026-12-01T00:00:00Z') },
    requests: { thisMonth: 412, monthlyLimit: 2000, perMinuteLimit: 10 },
    callsPerDay: thirtyDays,
    email,
    statements: [{ period: '2026-10', closed: true, editions: 1 }],
  });

/** Every page with sample props: the checks that hold for all of them run over this list. */
const everyPage: Record<string, string> = {
  home: pages.homePage(ctx('/')),
  portal: pages.portalPage(ctx('/portal'), { error: 'Oops' }),
  checkInbox: pages.checkInboxPage(ctx('/portal'), { purpose: 'key' }),
  keyShown: pages.keyShownPage(ctx('/portal/verify'), {
    key: 'pk_live_K',
    mode: 'live',
    webhookSecret: 'whsec_S',
    baseUrl: 'http://localhost:3000',
    newAccount: true,
  }),
  keyShownLiveAskedByName: pages.keyShownPage(ctx('/portal'), {
    key: 'pk_test_K',
    mode: 'test',
    webhookSecret: 'whsec_S',
    baseUrl: 'http://localhost:3000',
    newAccount: true,
    liveAskedByName: true,
  }),
  linkConfirm: pages.confirmLinkPage(ctx('/portal/verify'), { token: 't', purpose: 'key', action: '/portal/verify' }),
  linkUsed: pages.linkUsedPage(ctx('/portal/verify'), { purpose: 'key' }),
  linkExpired: pages.linkExpiredPage(ctx('/portal/verify'), { token: 't', purpose: 'key' }),
  linkInvalid: pages.linkInvalidPage(ctx('/portal/verify')),
  tooMany: pages.tooManyRequestsPage(ctx('/portal'), { retryAfterSeconds: 60, retryAt: new Date() }),
  signIn: pages.signInPage(ctx('/account'), { error: 'x', notice: 'y' }),
  dashboard: dashboard(),
  keys: pages.keysPage(ctx('/account/keys', true), { keys: keyRows, created: { key: 'pk_test_NEW', mode: 'test' } }),
  revoke: pages.revokeKeyPage(ctx('/account/keys/key_a/revoke', true), { key: keyRows[0]! }),
  webhooks: pages.webhooksPage(ctx('/account/webhooks', true), {
    deliveries,
    rotatedSecret: 'whsec_R',
    resent: 'job_1',
    hasSecret: true,
  }),
  close: pages.closeAccountPage(ctx('/account/close', true), { email: 'jane@example.com' }),
  closed: pages.accountClosedPage(ctx('/account')),
  error: pages.errorPage(ctx('/x'), { status: 404, title: 'Not found', message: 'Nothing here.' }),
};

describe('every page', () => {
  it.each(Object.entries(everyPage))('%s is a complete document in the shared layout', (_name, html) => {
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(tags(html, 'meta').some((m) => m.name === 'viewport')).toBe(true);
    expect(html).toMatch(/<title>[^<]+ · Policy Verification<\/title>/);
    expect(tags(html, 'link')).toContainEqual({ rel: 'stylesheet', href: '/assets/site.css' });
    expect(tags(html, 'script')).toEqual([{ src: '/assets/site.js', defer: true }]);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    for (const landmark of ['header', 'nav', 'main', 'footer']) expect(html).toContain(`<${landmark} `);
    expect(tags(html, 'main')[0]?.id).toBe('main');
    expect(tags(html, 'a')[0]).toMatchObject({ class: 'skip-link', href: '#main' });
  });

  it.each(Object.entries(everyPage))(
    '%s has no inline script, style or event handler (the CSP forbids them)',
    (_name, html) => {
      expect(html).not.toMatch(/\sstyle="/);
      expect(html).not.toMatch(/\son[a-z]+="/);
      expect(html).not.toMatch(/<script>/);
      expect(html).not.toMatch(/<style/);
    },
  );

  it.each(Object.entries(everyPage))('%s puts the CSRF field in every POST form', (_name, html) => {
    for (const form of forms(html)) {
      expect(form.attrs.method).toBe('post');
      expect(hidden(form.body, '_csrf')).toBe(TOKEN);
    }
  });

  it.each(Object.entries(everyPage))('%s binds a label to every visible field', (_name, html) => {
    const fields = [...tags(html, 'input').filter((i) => i.type !== 'hidden'), ...tags(html, 'select')];
    for (const field of fields) {
      expect(typeof field.id).toBe('string');
      expect(labelFor(html, field.id as string)).toBeTruthy();
    }
    const ids = tags(html, '[a-z0-9]+').flatMap((t) => (typeof t.id === 'string' ? [t.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(Object.entries(everyPage))(
    '%s renders copy buttons hidden, each aimed at an element that exists',
    (_name, html) => {
      for (const button of tags(html, 'button').filter((b) => b['data-copy'] !== undefined)) {
        expect(button.hidden).toBe(true);
        expect(button.type).toBe('button');
        const id = (button['data-copy'] as string).replace(/^#/, '');
        expect(html).toContain(`id="${id}"`);
      }
    },
  );
});

describe('layout', () => {
  it('marks the current page in the nav, and the section of a deeper page', () => {
    const portal = pages.portalPage(ctx('/portal'), {});
    expect(tags(portal, 'a').find((a) => a.href === '/portal')?.['aria-current']).toBe('page');
    expect(tags(portal, 'a').find((a) => a.href === '/')?.['aria-current']).toBeUndefined();
    const keys = everyPage.keys!;
    expect(tags(keys, 'a').find((a) => a.href === '/account' && a['aria-current'] === 'true')).toBeDefined();
    expect(tags(keys, 'a').find((a) => a.href === '/account/keys')?.['aria-current']).toBe('page');
  });

  it('lists the five sections in the main nav', () => {
    const nav = everyPage.home!.match(/<nav class="site-nav"[\s\S]*?<\/nav>/)![0];
    expect(tags(nav, 'a').map((a) => a.href)).toEqual(['/', '/docs', '/datasets', '/portal', '/account']);
    expect(text(nav)).toBe('Home Docs Datasets Get a key Account');
  });

  it('shows Sign out, as a POST form with the CSRF field, only when signed in', () => {
    expect(forms(pages.homePage(ctx('/'))).some((f) => f.attrs.action === '/account/sign-out')).toBe(false);
    const form = formAt(pages.homePage(ctx('/', true)), '/account/sign-out');
    expect(hidden(form.body, '_csrf')).toBe(TOKEN);
    expect(text(form.body)).toBe('Sign out');
  });
});

describe('portalPage', () => {
  it('has one form posting email and key_type with labels', () => {
    const html = pages.portalPage(ctx('/portal'), {});
    expect(forms(html)).toHaveLength(1);
    const form = formAt(html, '/portal');
    const email = tags(form.body, 'input').find((i) => i.name === 'email')!;
    expect(email).toMatchObject({ type: 'text', autocomplete: 'email', required: true, maxlength: '254' });
    expect(labelFor(html, email.id as string)).toBe('E-mail address or name');
    const select = tags(form.body, 'select')[0]!;
    expect(select.name).toBe('key_type');
    expect(labelFor(html, select.id as string)).toBeTruthy();
    const options = [...form.body.matchAll(/<option\b([^>]*)>([^<]*)<\/option>/g)].map((m) => [
      parseAttrs(m[1]!).value,
      m[2],
    ]);
    expect(options).toEqual([
      ['live', 'Live key (pk_live_)'],
      ['test', 'Test key (pk_test_)'],
    ]);
    expect(text(form.body)).toContain('Get a key');
    expect(tags(html, 'a').some((a) => a.href === '/account')).toBe(true);
    expect(text(html)).toContain('Already have an account? Sign in');
  });

  it('preselects the key type and refills the address', () => {
    const html = pages.portalPage(ctx('/portal'), { keyType: 'test', email: 'jane@example.com' });
    expect(tags(html, 'option').find((o) => o.selected)?.value).toBe('test');
    expect(tags(html, 'input').find((i) => i.name === 'email')?.value).toBe('jane@example.com');
    expect(tags(pages.portalPage(ctx('/portal'), {}), 'option').find((o) => o.selected)?.value).toBe('live');
  });

  it('escapes what the user typed and shows the error in an alert above the form', () => {
    const html = pages.portalPage(ctx('/portal'), { email: EVIL, error: `Bad ${EVIL}` });
    expect(html).not.toContain('<script>alert');
    expect(tags(html, 'input').find((i) => i.name === 'email')?.value).toBe(EVIL);
    const alert = html.match(/<div class="alert alert-error" role="alert">([\s\S]*?)<\/div>/);
    expect(alert && decode(alert[1]!)).toBe(`Bad ${EVIL}`);
    expect(html.indexOf('role="alert"')).toBeLessThan(html.indexOf('<form class="form"'));
  });

  it('explains the free plan and what a name gets', () => {
    const words = text(pages.portalPage(ctx('/portal'), {}));
    expect(words).toContain('10 credits');
    expect(words).toContain('10 requests a minute');
    expect(words).toContain('2,000 requests a month');
    expect(words).toContain('gets a test key at once');
  });
});

describe('portal link pages', () => {
  it('check inbox gives the validity of the link and nothing about accounts', () => {
    const key = text(pages.checkInboxPage(ctx('/portal'), { purpose: 'key' }));
    const signIn = text(pages.checkInboxPage(ctx('/account'), { purpose: 'sign_in' }));
    expect(key).toContain(
      'If the address can receive mail, a link is on its way. It works once and is valid for 24 hours.',
    );
    expect(signIn).toContain('valid for 15 minutes.');
    for (const words of [key, signIn])
      expect(words).not.toMatch(/no account|not registered|already (has|have) an account/i);
  });

  it('the expired page resends with the token and the CSRF field', () => {
    const html = pages.linkExpiredPage(ctx('/portal/verify'), { token: 'tok"<x>', purpose: 'sign_in' });
    const form = formAt(html, '/portal/resend');
    expect(hidden(form.body, 'token')).toBe('tok"<x>');
    expect(text(form.body)).toBe('Send a new link');
    expect(text(html)).toContain('This link has expired');
    expect(text(html)).toContain('15 minutes');
  });

  it('the used page says the key cannot be shown again and where to go', () => {
    const html = pages.linkUsedPage(ctx('/portal/verify'), { purpose: 'key' });
    expect(text(html)).toContain('This link was already used');
    expect(text(html)).toContain('cannot be shown again');
    expect(tags(html, 'a').map((a) => a.href)).toEqual(expect.arrayContaining(['/portal', '/account']));
  });

  it('the invalid page links to the portal', () => {
    const html = pages.linkInvalidPage(ctx('/portal/verify'));
    expect(text(html)).toContain('This link is not valid');
    expect(html).toContain('<a class="button button-primary" href="/portal">');
  });

  it('a live key asked for by a name: the test key, and a notice saying why, with the way to a live key', () => {
    const html = pages.keyShownPage(ctx('/portal'), {
      key: 'pk_test_K',
      mode: 'test',
      webhookSecret: null,
      baseUrl: 'http://localhost:3000',
      newAccount: true,
      liveAskedByName: true,
    });
    expect(text(html)).toContain('Your test key');
    expect(text(html)).toContain('Live keys spend credits, so they belong to a verified e-mail address');
    expect(html).toContain('href="/portal?key_type=live"');
    const plain = pages.keyShownPage(ctx('/portal'), {
      key: 'pk_test_K',
      mode: 'test',
      webhookSecret: null,
      baseUrl: 'http://localhost:3000',
      newAccount: true,
    });
    expect(text(plain)).not.toContain('verified e-mail address');
  });

  it('429 says when to come back', () => {
    const retryAt = new Date(Date.now() + 37 * 60_000);
    retryAt.setUTCHours(14, 5);
    const html = pages.tooManyRequestsPage(ctx('/portal'), { retryAfterSeconds: 37 * 60 - 10, retryAt });
    expect(text(html)).toContain('Try again in 37 minutes, after 14:05 UTC');
    expect(text(html)).toContain('Too many requests');
  });
});

describe('keyShownPage', () => {
  const props = {
    key: 'pk_live_abc123',
    mode: 'live' as const,
    webhookSecret: 'whsec_s3cr3t',
    baseUrl: 'https://api.example.com/',
    newAccount: true,
  };

  it('shows the key, the secret and a first curl, each with a copy button', () => {
    const html = pages.keyShownPage(ctx('/portal/verify'), props);
    expect(headingText(html)).toBe('Your live key');
    expect(elementText(html, 'code', 'api-key')).toBe('pk_live_abc123');
    expect(elementText(html, 'code', 'webhook-secret')).toBe('whsec_s3cr3t');
    expect(elementText(html, 'code', 'first-curl')).toBe(
      `curl -s https://api.example.com/api/v1/verify -H "Authorization: Bearer pk_live_abc123" -H 'content-type: application/json' -d '{"policy_number":"AXK12345678","country":"UK","insurance_type":"motor","provider":"AXA"}'`,
    );
    expect(html).toMatch(/<pre><code id="first-curl">/);
    const targets = tags(html, 'button').map((b) => b['data-copy']);
    expect(targets).toEqual(['#api-key', '#webhook-secret', '#first-curl']);
    expect(text(html)).toContain('will not be shown again');
    expect(tags(html, 'a').map((a) => a.href)).toEqual(expect.arrayContaining(['/account', '/docs']));
  });

  it('a test key without a secret: no secret box, and the sandbox prefixes explained', () => {
    const html = pages.keyShownPage(ctx('/portal/verify'), {
      ...props,
      key: 'pk_test_x',
      mode: 'test',
      webhookSecret: null,
    });
    expect(headingText(html)).toBe('Your test key');
    expect(html).not.toContain('id="webhook-secret"');
    expect(text(html)).toContain('FAIL_');
    expect(text(html)).toContain('INCONCLUSIVE_');
    expect(text(pages.keyShownPage(ctx('/'), props))).not.toContain('FAIL_');
  });
});

describe('signInPage', () => {
  it('posts an e-mail address to /account/sign-in', () => {
    const html = pages.signInPage(ctx('/account'), { notice: `Hello ${EVIL}` });
    const form = formAt(html, '/account/sign-in');
    const email = tags(form.body, 'input').find((i) => i.name === 'email')!;
    expect(email.type).toBe('email');
    expect(labelFor(html, email.id as string)).toBe('E-mail address');
    expect(text(form.body)).toContain('Send me a sign-in link');
    expect(html).toContain('role="status"');
    expect(html).not.toContain('<script>alert');
    expect(tags(html, 'a').some((a) => a.href === '/portal')).toBe(true);
  });
});

describe('dashboardPage', () => {
  it('states the totals as text', () => {
    const words = text(dashboard());
    expect(words).toContain('12 calls in the last 30 days');
    expect(words).toContain('Today: 1 call');
    expect(words).not.toContain('Today: 1 calls');
  });

  it('shows plan, credits with their reset date, and the monthly quota with an accessible gauge', () => {
    const html = dashboard();
    const words = text(html);
    expect(words).toContain('7 of 10 left');
    expect(words).toContain('Resets on 1 Dec 2026');
    expect(words).toContain('412 of 2,000');
    expect(tags(html, 'progress')[0]).toMatchObject({
      max: '2000',
      value: '412',
      'aria-label': 'Requests this month: 412 of 2,000',
    });
  });

  it('draws one bar a day in an svg image with a summary, and gives the same numbers as a table', () => {
    const html = dashboard();
    const svg = tags(html, 'svg')[0]!;
    expect(svg.role).toBe('img');
    expect(svg['aria-label']).toContain('12 calls in total');
    expect(svg['aria-label']).toContain('at most 7 on 29 Oct 2026');
    expect(html).toMatch(/<svg[^>]*><title>/);
    expect(tags(html, 'rect')).toHaveLength(30);
    const heights = tags(html, 'rect').map((r) => Number(r.height));
    expect(heights[3]).toBeGreaterThan(heights[20]!);
    expect(html).toContain('<summary>Show as table</summary>');
    const rows = [...html.matchAll(/<tr><td>([^<]*)<\/td><td class="numeric">([^<]*)<\/td><\/tr>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(rows).toHaveLength(30);
    expect(rows[3]).toEqual(['29 Oct 2026', '7']);
  });

  it('has the account sub-navigation with Overview current, and ends with the way to close the account', () => {
    const html = dashboard();
    const nav = html.match(/<nav class="subnav"[\s\S]*?<\/nav>/)![0];
    // Five tabs (one line on a phone, test/e2e/page-widths); closing is not a tab named like the top menu's Account.
    expect(tags(nav, 'a').map((a) => a.href)).toEqual([
      '/account',
      '/account/keys',
      '/account/webhooks',
      '/account/monitors',
      '/account/requests',
    ]);
    expect(tags(nav, 'a').find((a) => a['aria-current'] === 'page')?.href).toBe('/account');
    expect(html).toContain('<a class="button button-secondary" href="/account/close">Close account…</a>');
  });

  it('escapes the e-mail address', () => {
    expect(dashboard(`a${EVIL}@x`)).not.toContain('<script>alert');
  });
});

describe('keysPage', () => {
  const html = pages.keysPage(ctx('/account/keys', true), { keys: keyRows });

  it('lists keys masked, with "never" for unused ones and a revoke link only for active keys', () => {
    const words = text(html);
    expect(words).toContain('pk_live_…abcd');
    expect(words).toContain('pk_test_…wxyz');
    expect(words).toContain('never');
    expect(words).toContain('24 Nov 2026 14:05 UTC');
    const revokes = tags(html, 'a').filter((a) => typeof a.href === 'string' && a.href.endsWith('/revoke'));
    expect(revokes.map((a) => a.href)).toEqual(['/account/keys/key_a/revoke']);
  });

  it('creates keys through a labelled select named mode', () => {
    const form = formAt(html, '/account/keys');
    const select = tags(form.body, 'select')[0]!;
    expect(select.name).toBe('mode');
    expect(labelFor(html, select.id as string)).toBeTruthy();
    expect(tags(form.body, 'option').map((o) => o.value)).toEqual(['live', 'test']);
    expect(text(form.body)).toContain('Create key');
  });

  it('shows a created key once, at the top, with its warning', () => {
    const created = pages.keysPage(ctx('/account/keys', true), {
      keys: keyRows,
      created: { key: 'pk_test_NEW', mode: 'test' },
    });
    expect(elementText(created, 'code', 'api-key')).toBe('pk_test_NEW');
    expect(created.indexOf('id="api-key"')).toBeLessThan(created.indexOf('<table'));
    expect(text(created)).toContain('will not be shown again');
    expect(html).not.toContain('id="api-key"');
  });

  it('has an empty state', () => {
    const empty = pages.keysPage(ctx('/account/keys', true), { keys: [] });
    expect(empty).not.toContain('<table');
    expect(text(empty)).toContain('You have no keys yet');
  });
});

describe('revokeKeyPage', () => {
  it('asks for confirmation with a danger button and a way back', () => {
    const html = pages.revokeKeyPage(ctx('/account/keys/key_a/revoke', true), {
      key: { ...keyRows[0]!, key_id: 'key/a b' },
    });
    expect(headingText(html)).toBe('Revoke pk_live_…abcd?');
    expect(text(html)).toContain('Calls with it will fail with 401 at once.');
    const form = formAt(html, '/account/keys/key%2Fa%20b/revoke');
    expect(form.body).toContain('<button type="submit" class="button button-danger">Revoke key</button>');
    expect(tags(html, 'a').find((a) => a.href === '/account/keys' && text(String(a.class)) !== '')).toBeDefined();
    expect(text(html)).toContain('Cancel');
  });
});

describe('webhooksPage', () => {
  const html = pages.webhooksPage(ctx('/account/webhooks', true), { deliveries, hasSecret: true });

  it('rotates the secret after a confirm page, whose POST form does it', () => {
    expect(tags(html, 'a').find((a) => a.href === '/account/webhooks/rotate')).toBeDefined();
    expect(forms(html).some((f) => f.attrs.action === '/account/webhooks/rotate')).toBe(false);
    expect(text(html)).toContain('24 hours');
    expect(html).not.toContain('id="webhook-secret"');
    const confirm = pages.rotateSecretPage(ctx('/account/webhooks/rotate', true));
    expect(text(formAt(confirm, '/account/webhooks/rotate').body)).toContain('Rotate secret');
    expect(tags(confirm, 'a').find((a) => a.href === '/account/webhooks')).toBeDefined();
  });

  it('has a resend form per delivery, named after its job, and dashes for missing values', () => {
    expect(
      forms(html)
        .filter((f) => /\/resend$/.test(String(f.attrs.action)))
        .map((f) => f.attrs.action),
    ).toEqual(['/account/webhooks/job_1/resend', '/account/webhooks/job_%3C2%3E/resend']);
    const labels = tags(html, 'button').flatMap((b) => (b['aria-label'] ? [b['aria-label']] : []));
    expect(labels).toEqual(['Resend job_1', 'Resend job_<2>']);
    const pendingRow = html.match(/<tr>(?:(?!<\/tr>)[\s\S])*job_&lt;2>[\s\S]*?<\/tr>/)![0];
    expect(text(pendingRow)).toMatch(/pending 0 — —/i);
    expect(text(html)).toContain('200');
  });

  it('shows a rotated secret once and a resent notice', () => {
    const after = pages.webhooksPage(ctx('/account/webhooks', true), {
      deliveries,
      hasSecret: true,
      rotatedSecret: 'whsec_new',
      resent: 'job_<2>',
    });
    expect(elementText(after, 'code', 'webhook-secret')).toBe('whsec_new');
    expect(text(after)).toContain('A new delivery of job_<2> is on its way.');
    expect(after).not.toContain('job_<2>');
  });

  it('links the trace of the request that submitted a job, shows its id without a viewer, and nothing untraced', () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const traces = new Map([['job_1', traceId]]);
    const rowOf = (page: string, jobId: string) =>
      page.match(new RegExp(`<tr>(?:(?!</tr>)[\\s\\S])*${jobId}[\\s\\S]*?</tr>`))![0];
    const linked = pages.webhooksPage(ctx('/account/webhooks', true), {
      deliveries,
      hasSecret: true,
      traces,
      traceUi: 'https://jaeger.example.com/trace/{trace_id}',
    });
    expect(tags(rowOf(linked, 'job_1'), 'a').map((a) => a.href)).toEqual([
      `https://jaeger.example.com/trace/${traceId}`,
    ]);
    expect(tags(rowOf(linked, 'job_&lt;2>'), 'a')).toEqual([]);
    expect(rowOf(linked, 'job_&lt;2>')).not.toContain('trace');

    const unlinked = pages.webhooksPage(ctx('/account/webhooks', true), { deliveries, hasSecret: true, traces });
    expect(tags(unlinked, 'a').some((a) => String(a.href).includes(traceId))).toBe(false);
    expect(tags(rowOf(unlinked, 'job_1'), 'code').find((c) => c.class === 'small trace-id')?.title).toBe(
      `Trace ${traceId}`,
    );
    expect(text(rowOf(unlinked, 'job_1'))).toContain(traceId.slice(0, 8));
    expect(html).not.toContain('trace');
  });

  it('has an empty state', () => {
    const empty = pages.webhooksPage(ctx('/account/webhooks', true), { deliveries: [], hasSecret: false });
    expect(empty).not.toContain('<table');
    expect(text(empty)).toContain('No deliveries yet');
  });
});

describe('closeAccountPage', () => {
  it('needs a ticked confirmation and says what closing does', () => {
    const html = pages.closeAccountPage(ctx('/account/close', true), { email: `jane${EVIL}` });
    const form = formAt(html, '/account/close');
    const box = tags(form.body, 'input').find((i) => i.type === 'checkbox')!;
    expect(box).toMatchObject({ name: 'confirm', value: 'yes', required: true });
    expect(labelFor(html, box.id as string)).toBe('I understand this cannot be undone');
    expect(form.body).toContain('button-danger">Close account</button>');
    expect(text(html)).toContain('revoked');
    expect(text(html)).toContain('erased');
    expect(html).not.toContain('<script>alert');
  });
});

describe('errorPage and homePage', () => {
  it('error page shows status, title and message, escaped', () => {
    const html = pages.errorPage(ctx('/x'), {
      status: 403,
      title: `Expired ${EVIL}`,
      message: 'This form has expired; reload the page.',
    });
    expect(text(html)).toContain('Error 403');
    expect(text(html)).toContain('This form has expired; reload the page.');
    expect(html).not.toContain('<script>alert');
  });

  it('home page calls to action', () => {
    const html = pages.homePage(ctx('/'));
    const hero = html.match(/<section class="hero"[\s\S]*?<\/section>/)![0];
    expect(tags(hero, 'a').map((a) => a.href)).toEqual(['/portal', '/docs', '/datasets']);
    expect(text(hero)).toContain('Get a key Read the docs Browse datasets');
  });
});

describe('formatWait', () => {
  it('rounds up to a unit people read', () => {
    expect(formatWait(45)).toBe('45 seconds');
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(61)).toBe('2 minutes');
    expect(formatWait(2220)).toBe('37 minutes');
    expect(formatWait(3600)).toBe('1 hour');
    expect(formatWait(3900)).toBe('1 hour and 5 minutes');
  });
});

describe('assetRoutes', () => {
  let base = '';
  let close = () => {};
  beforeAll(async () => {
    const app = express().use(assetRoutes());
    await new Promise<void>((resolve) => {
      const server = app.listen(0, () => {
        base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        close = () => server.close();
        resolve();
      });
    });
  });
  afterAll(() => close());

  it.each([
    ['/assets/site.css', 'text/css; charset=utf-8', ':root'],
    ['/assets/site.js', 'text/javascript; charset=utf-8', 'data-copy'],
  ])('%s is served with its type, caching and an ETag honoured with 304', async (path, type, marker) => {
    const first = await fetch(base + path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe(type);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await first.text()).toContain(marker);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await fetch(base + path, { headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await fetch(base + path, { headers: { 'if-none-match': '"other"' } });
    expect(stale.status).toBe(200);
  });

  it('matches If-None-Match lists', () => {
    expect(ifNoneMatchHits(undefined, '"a"')).toBe(false);
    expect(ifNoneMatchHits('*', '"a"')).toBe(true);
    expect(ifNoneMatchHits('"b", "a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('"b"', '"a"')).toBe(false);
  });
});
