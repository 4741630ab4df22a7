// The fuzz suite (issue 21): at least 10,000 seeded requests against the real service (API, worker and projector
// on the run's Temporal dev server; PostgreSQL when DATABASE_URL is set, Redis when REDIS_URL is), every endpoint
// with wrong types, odd and huge strings, deep JSON, wrong content types, bad parameters and Authorization
// headers, broken multipart and PDFs (see cases.ts). Every answer is 2xx or a 4xx in the error shape, never a 5xx
// or a stall, and the process is healthy afterwards.
//
//   FUZZ_SEED=<n>      the run's seed (default below); printed with every failing case
//   FUZZ_REQUESTS=<n>  how many cases (default 10,000)
//   FUZZ_CASE=<i>      replay only case i of the seed (several: 3,17,250)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, startTestApp, type TestApp } from '../support/app.js';
import { loadDatasets } from '../support/datasets.js';
import { damaged, encrypted, makePdf, manyPages, notAPdf, truncated } from '../support/extraction/bad-pdfs.js';
import { fuzzCase, type FuzzCase, type PdfName } from './cases.js';
import { describeCase, headSize, judge, send, type Identities } from './send.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_210_021);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const ONLY = process.env.FUZZ_CASE ? process.env.FUZZ_CASE.split(',').map(Number) : null;
const CONCURRENCY = 12;
/** A request unanswered this long is a stall (a refusal never takes long; an admitted job waits for admission). */
const STALL_MS = 60_000;

let app: TestApp;
let who: Identities;
let pdfs: Record<PdfName, Buffer>;

beforeAll(async () => {
  console.log(`fuzz: FUZZ_SEED=${SEED}, ${ONLY ? `cases ${ONLY.join(',')}` : `${REQUESTS} requests`}`);
  app = await startTestApp({ worker: true, env: { OCR_WORKERS: '1' } });
  const [text, cut, many] = await Promise.all([makePdf(), truncated(), manyPages(25)]);
  pdfs = {
    text,
    truncated: cut,
    damaged: damaged(),
    encrypted: await encrypted(),
    notAPdf: notAPdf(),
    manyPages: many,
    empty: Buffer.alloc(0),
    headerOnly: Buffer.from('%PDF-1.7\n%%EOF\n'),
    png: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  };
  const fast = { plan: 'enterprise', requestsPerMinute: 1_000_000 } as const;
  const live = await accountWithKey(app, fast);
  const test = await app.admin<{ key: string }>('POST', `/admin/accounts/${live.accountId}/keys`, { mode: 'test' });
  const [narrow, broke] = await Promise.all([
    accountWithKey(app, { ...fast, scopes: ['verify'] }),
    accountWithKey(app, { ...fast, credits: 0 }),
  ]);
  who = {
    live: live.key,
    test: test.body.key,
    narrow: narrow.key,
    broke: broke.key,
    admin: app.context.secrets.adminToken,
    account: live.accountId,
    csrf: await portalVisitor(app.url),
  };
  await loadDatasets(app.context.engines.sql);
}, 300_000);

afterAll(async () => app?.stop());

/** A visitor of /portal: its cookies (visitor id, CSRF) and the token its forms carry. */
async function portalVisitor(url: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${url}/portal`);
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const token = /name="_csrf" value="([^"]+)"/.exec(await res.text())?.[1];
  if (!token || !cookie) throw new Error('no CSRF token on /portal');
  return { cookie, token };
}

describe('the fuzz suite', () => {
  it(`answers every request with 2xx or a 4xx in the error shape, never a 5xx (seed ${SEED})`, async () => {
    const base = new URL(app.url);
    const indexes = ONLY ?? Array.from({ length: REQUESTS }, (_, i) => i);
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    let next = 0;
    const started = Date.now();

    async function run(c: FuzzCase) {
      try {
        const answer = await send(base, c, who, pdfs, STALL_MS);
        const key = `${c.family} ${answer.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        const wrong = judge(c, answer, headSize(c, who));
        if (wrong) failures.push(describeCase(SEED, c, pdfs, wrong, answer));
      } catch (error) {
        failures.push(describeCase(SEED, c, pdfs, `no answer: ${(error as Error).message}`));
      }
    }
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < indexes.length) {
          const index = indexes[next++]!;
          let c: FuzzCase;
          try {
            c = fuzzCase(SEED, index);
          } catch (error) {
            failures.push(`FUZZ_SEED=${SEED} FUZZ_CASE=${index}: the generator failed: ${(error as Error).message}`);
            continue;
          }
          await run(c);
        }
      }),
    );

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary = [...statuses].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, n]) => `${key}: ${n}`);
    console.log(`fuzz: ${indexes.length} requests in ${seconds} s (seed ${SEED})\n  ${summary.join('\n  ')}`);
    if (failures.length > 0)
      console.error(`fuzz: ${failures.length} failing cases\n${failures.slice(0, 200).join('\n')}`);
    expect(failures.length, failures.slice(0, 10).join('\n')).toBe(0);
  }, 900_000);

  it('leaves the service healthy and ready', async () => {
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    // Readiness asks every engine; give a projector busy with the run's events a moment.
    let ready = await fetch(`${app.url}/readyz`);
    for (let i = 0; i < 20 && ready.status !== 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      ready = await fetch(`${app.url}/readyz`);
    }
    expect(ready.status, await ready.text()).toBe(200);
  });
});
