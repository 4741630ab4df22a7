// Renders every page for people with sample data, serves them beside /assets/*, and (with --shots) takes
// screenshots at desktop and phone width and runs axe-core in each, to look at the pages without the service.
//   node --import tsx scripts/render-pages.tsx            serve on http://localhost:4173 until Ctrl-C
//   node --import tsx scripts/render-pages.tsx --shots    write PNGs and an axe report under /tmp/page-shots
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { assetRoutes } from '../api/web/assets.js';
import * as pages from '../api/web/pages.js';
import type { PageContext } from '../api/web/pages.js';

const OUT = process.env.PAGE_SHOTS_DIR ?? '/tmp/page-shots';
const now = new Date();
const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000);
const signedOut = (path: string): PageContext => ({ csrfToken: 'csrf-sample-token', signedIn: false, path });
const signedIn = (path: string): PageContext => ({ csrfToken: 'csrf-sample-token', signedIn: true, path });
const liveKey = 'pk_live_4fQ9sK2mX7rT1vB8nL3pZ6wY0cH5jD9aE2kGfR7uQx';
const keys: pages.KeyRow[] = [
  {
    key_id: 'key_01',
    name: 'billing server',
    prefix: 'pk_live_',
    last4: 'R7uQ',
    mode: 'live',
    status: 'active',
    created_at: day(40),
    last_used_at: day(0),
  },
  {
    key_id: 'key_02',
    name: 'local tests',
    prefix: 'pk_test_',
    last4: 'a9Zc',
    mode: 'test',
    status: 'active',
    created_at: day(12),
    last_used_at: null,
  },
  {
    key_id: 'key_03',
    name: null,
    prefix: 'pk_live_',
    last4: 'x0Pm',
    mode: 'live',
    status: 'revoked',
    created_at: day(90),
    last_used_at: day(60),
  },
  {
    key_id: 'key_04',
    name: null,
    prefix: 'pk_test_',
    last4: 'Lk2e',
    mode: 'test',
    status: 'deactivated',
    created_at: day(30),
    last_used_at: null,
  },
];
const calls = Array.from({ length: 30 }, (_, i) => ({
  date: day(29 - i)
    .toISOString()
    .slice(0, 10),
  requests: [0, 3, 5, 2, 0, 0, 8, 12, 4, 1][i % 10]! + (i > 20 ? i - 18 : 0),
}));

export const samples: Record<string, string> = {
  home: pages.homePage(signedOut('/')),
  portal: pages.portalPage(signedOut('/portal'), {}),
  'portal-error': pages.portalPage(signedOut('/portal'), {
    email: 'jane@',
    keyType: 'test',
    error: 'Enter an e-mail address or a name.',
  }),
  'check-inbox': pages.checkInboxPage(signedOut('/portal'), { purpose: 'key' }),
  'key-shown-live': pages.keyShownPage(signedOut('/portal/verify'), {
    key: liveKey,
    mode: 'live',
    webhookSecret: 'whsec_MfKQ9DqpF2Xm8Gv6zRk3Yb1Lw7T4uNcs',
    baseUrl: 'http://localhost:3000',
    newAccount: true,
  }),
  'key-shown-test': pages.keyShownPage(signedOut('/portal'), {
    key: 'pk_test_8HqW2nZr5KcT0bY3mV6xJ1pL9sFd4GaE7uRt',
    mode: 'test',
    webhookSecret: null,
    baseUrl: 'https://api.example.com',
    newAccount: false,
  }),
  'key-shown-live-asked-by-name': pages.keyShownPage(signedOut('/portal'), {
    key: 'pk_test_8HqW2nZr5KcT0bY3mV6xJ1pL9sFd4GaE7uRt',
    mode: 'test',
    webhookSecret: 'whsec_MfKQ9DqpF2Xm8Gv6zRk3Yb1Lw7T4uNcs',
    baseUrl: 'http://localhost:3000',
    newAccount: true,
    liveAskedByName: true,
  }),
  'link-used': pages.linkUsedPage(signedOut('/portal/verify'), { purpose: 'key' }),
  'link-expired': pages.linkExpiredPage(signedOut('/portal/verify'), { token: 'tok_abc', purpose: 'key' }),
  'link-invalid': pages.linkInvalidPage(signedOut('/portal/verify')),
  'too-many': pages.tooManyRequestsPage(signedOut('/portal'), {
    retryAfterSeconds: 2220,
    retryAt: new Date(now.getTime() + 2_220_000),
  }),
  'sign-in': pages.signInPage(signedOut('/account'), {}),
  'sign-in-error': pages.signInPage(signedOut('/account'), { error: 'Enter a valid e-mail address.' }),
  dashboard: pages.dashboardPage(signedIn('/account'), {
    plan: 'free',
    credits: {
      available: 7,
      allowance: 10,
      resetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
    },
    requests: { thisMonth: 412, monthlyLimit: 2000, perMinuteLimit: 10 },
    callsPerDay: calls,
    email: 'jane@example.com',
    statements: [{ period: '2026-10', closed: true, editions: 1 }],
  }),
  keys: pages.keysPage(signedIn('/account/keys'), { keys }),
  'keys-created': pages.keysPage(signedIn('/account/keys'), { keys, created: { key: liveKey, mode: 'live' } }),
  'keys-empty': pages.keysPage(signedIn('/account/keys'), { keys: [] }),
  revoke: pages.revokeKeyPage(signedIn('/account/keys/key_01/revoke'), { key: keys[0]! }),
  webhooks: pages.webhooksPage(signedIn('/account/webhooks'), {
    hasSecret: true,
    resent: 'job_7Hk2',
    rotatedSecret: 'whsec_Xb7Rk2Qm9Lp4Tn6Vc1Zs8Dw3Fh5Jg0Ya',
    deliveries: [
      {
        job_id: 'job_7Hk2',
        delivery_id: 'r1',
        event_type: 'verification.completed',
        status: 'delivered',
        attempts: 1,
        response_code: 200,
        last_attempt_at: day(0),
        attempt_log: [{ attempt: 1, status: 200, at: day(0) }],
        url: 'https://hooks.example.com/policy-results',
        resendable: true,
        started_at: day(0),
      },
      {
        job_id: 'job_7Hk2',
        delivery_id: null,
        event_type: 'verification.completed',
        status: 'failed',
        attempts: 3,
        response_code: 500,
        last_attempt_at: day(1),
        attempt_log: [
          { attempt: 1, status: 500, at: day(1) },
          { attempt: 2, status: null, at: day(1) },
          { attempt: 3, status: 500, at: day(1) },
        ],
        url: 'https://hooks.example.com/policy-results',
        resendable: false,
        started_at: day(1),
      },
      {
        job_id: 'job_3Pq9',
        delivery_id: null,
        event_type: 'extraction.completed',
        status: 'failed',
        attempts: 8,
        response_code: 500,
        last_attempt_at: day(1),
        attempt_log: [],
        url: 'https://hooks.example.com/a/very/long/path/that/keeps/going/on/and/on',
        resendable: true,
        started_at: day(2),
      },
      {
        job_id: 'job_1Ab4',
        delivery_id: null,
        event_type: 'verification.pending',
        status: 'pending',
        attempts: 0,
        response_code: null,
        last_attempt_at: null,
        attempt_log: [],
        url: 'https://hooks.example.com/policy-results',
        resendable: false,
        started_at: day(0),
      },
    ],
  }),
  'rotate-secret': pages.rotateSecretPage(signedIn('/account/webhooks/rotate')),
  requests: pages.requestsPage(signedIn('/account/requests'), {
    keys,
    filter: {},
    requests: [
      {
        at: day(0),
        key_id: 'key_01',
        method: 'POST',
        route: '/api/v1/verify',
        status: 200,
        error: null,
        ms: 42,
        request_id: '5f0c2a9e-1b7d-4c3e-9a41-000000000031',
      },
      {
        at: day(0),
        key_id: 'key_02',
        method: 'GET',
        route: '/api/v1/jobs/:job_id',
        status: 404,
        error: 'not_found',
        ms: 3,
        request_id: '5f0c2a9e-1b7d-4c3e-9a41-000000000030',
      },
      {
        at: day(1),
        key_id: 'key_01',
        method: 'POST',
        route: '/api/v1/verify/batch',
        status: 402,
        error: 'insufficient_credits',
        ms: 12,
        request_id: '5f0c2a9e-1b7d-4c3e-9a41-00000000002f',
      },
      {
        at: day(1),
        key_id: 'key_01',
        method: 'GET',
        route: '/api/v1/account',
        status: 429,
        error: 'rate_limit_exceeded',
        ms: 1,
        request_id: '5f0c2a9e-1b7d-4c3e-9a41-00000000002e',
      },
    ],
  }),
  'requests-empty': pages.requestsPage(signedIn('/account/requests'), {
    keys,
    filter: { status: '5xx' },
    requests: [],
  }),
  'webhooks-empty': pages.webhooksPage(signedIn('/account/webhooks'), { hasSecret: false, deliveries: [] }),
  close: pages.closeAccountPage(signedIn('/account/close'), { email: 'jane@example.com' }),
  closed: pages.accountClosedPage(signedOut('/account')),
  'error-403': pages.errorPage(signedOut('/portal'), {
    status: 403,
    title: 'This form has expired',
    message: 'Reload the page and send the form again.',
  }),
  'error-404': pages.errorPage(signedOut('/nope'), {
    status: 404,
    title: 'Page not found',
    message: 'There is no page at this address.',
  }),
};

function serve(): Promise<{ url: string; close: () => void }> {
  const app = express();
  app.use(assetRoutes());
  app.get('/:name', (req, res) => {
    const html = samples[req.params.name];
    if (html === undefined) res.status(404).send('no such sample');
    else res.type('html').send(html);
  });
  app.get('/', (_req, res) => {
    res.type('html').send(
      Object.keys(samples)
        .map((name) => `<p><a href="/${name}">${name}</a></p>`)
        .join(''),
    );
  });
  return new Promise((resolve) => {
    const server = app.listen(Number(process.env.PORT ?? 0), () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://localhost:${port}`, close: () => server.close() });
    });
  });
}

/** The part of axe-core's result this script reads. */
interface AxeResult {
  violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }>;
}

async function shots(base: string) {
  const { chromium } = await import('playwright-core');
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const report: Record<string, unknown[]> = {};
  const only = process.argv.slice(3);
  try {
    for (const [width, label] of [
      [1280, 'desktop'],
      [390, 'phone'],
      [360, 'narrow'],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const name of Object.keys(samples).filter((n) => only.length === 0 || only.includes(n))) {
        await page.goto(`${base}/${name}`);
        await page.screenshot({ path: `${OUT}/${name}-${label}.png`, fullPage: true });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) console.log(`${name} @${width}: horizontal overflow ${overflow}px`);
        if (label === 'desktop') {
          await page.addScriptTag({ path: axePath });
          const violations = await page.evaluate(
            async () =>
              ((await (globalThis as unknown as { axe: { run(): Promise<AxeResult> } }).axe.run()) as AxeResult)
                .violations,
          );
          const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          const rest = violations.filter((v) => !bad.includes(v)).map((v) => `${v.id} (${v.impact})`);
          report[name] = bad.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target) }));
          console.log(`${name}: ${bad.length} serious/critical${rest.length ? `; other: ${rest.join(', ')}` : ''}`);
        }
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  writeFileSync(`${OUT}/axe.json`, JSON.stringify(report, null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(OUT, { recursive: true });
  const server = await serve();
  if (process.argv[2] === '--shots') {
    await shots(server.url);
    server.close();
  } else {
    console.log(`Sample pages on ${server.url}`);
  }
}
