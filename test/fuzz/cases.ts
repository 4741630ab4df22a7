// The fuzz cases: one request per case, drawn from the case's own seeded stream (random.ts). Each family aims at
// one part of the service (the paying endpoints, job and batch views, datasets, insurers, pages, the admin API,
// wrong methods) with the inputs an attacker or a careless client sends: wrong types, huge and odd strings (NUL,
// unpaired surrogates, right-to-left marks, 10 kB), deep JSON, wrong content types and encodings, bad query and
// path parameters, bad Authorization headers, broken multipart and broken PDFs. Keys, the admin token and PDFs
// are named here and filled in when the request is sent, so that a printed case reads the same in every run.
import { formatKey } from '../../domain/accounts/keys.js';
import { Random } from './random.js';

/** Who the request claims to be. */
export type Auth =
  | 'none'
  | 'live' // enterprise plan, live key, all scopes, a high rate limit
  | 'test' // the same account's test key
  | 'narrow' // a live key with the verify scope only
  | 'broke' // a live key of an account with no credits
  | 'admin' // the admin token
  | { header: string }; // a literal Authorization header

/** PDFs made once per run (see the test's beforeAll); named in cases. */
export const PDF_NAMES = [
  'text',
  'truncated',
  'damaged',
  'encrypted',
  'notAPdf',
  'manyPages',
  'empty',
  'headerOnly',
  'png',
] as const;
export type PdfName = (typeof PDF_NAMES)[number];

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: string | { pdf: PdfName };
}

export type Body =
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; base64: string }
  | { kind: 'multipart'; boundary: string; declaredBoundary: string | null; parts: Part[]; cut: number | null };

export interface FuzzCase {
  index: number;
  family: string;
  method: string;
  /** Raw request target, percent-encoded as sent. */
  path: string;
  auth: Auth;
  headers: Record<string, string>;
  body?: Body;
}

// ---- values ----------------------------------------------------------------------------------------------------

const TEN_KB = 'x'.repeat(10 * 1024);

/** Text that has broken services before: control characters, surrogates, direction marks, injections, size. */
const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'AXK1234\u00005678',
  '\ud800',
  'AXA\udfff',
  '\udc00\ud800',
  '\ud83d\ude00',
  '\u202eAXA\u202c',
  '\u200f\u0627\u0643\u0633\u0627',
  'שלום',
  '\ufeff',
  '\u0085\u2028\u2029',
  '\t\r\n',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '"; drop table accounts; --',
  '%00',
  '%',
  '../../../etc/passwd',
  '\\x00',
  '{"a":1}',
  'Ü'.repeat(300),
  TEN_KB,
  'A'.repeat(65),
  'GB',
  'gb',
  'uk ',
  'MOTOR',
  'home',
  'AXK12345678',
  'https://example.com/hook',
  'http://127.0.0.1:1/hook',
  'https://169.254.169.254/latest',
  'file:///etc/passwd',
];

function randomText(r: Random): string {
  const length = r.weighted([
    [6, r.int(0, 12)],
    [2, r.int(13, 300)],
    [1, r.int(301, 10_240)],
  ]);
  const alphabet = r.pick(['ascii', 'unicode', 'surrogates', 'controls'] as const);
  let out = '';
  for (let i = 0; i < length; i += 1) {
    if (alphabet === 'ascii') out += String.fromCharCode(r.int(0x20, 0x7e));
    else if (alphabet === 'controls') out += String.fromCharCode(r.int(0, 0x20));
    else if (alphabet === 'surrogates')
      out += String.fromCharCode(r.chance(0.3) ? r.int(0xd800, 0xdfff) : r.int(0x20, 0x2fff));
    else out += String.fromCodePoint(r.chance(0.1) ? r.int(0x10000, 0x1ffff) : r.int(0xa0, 0xffef));
  }
  return out;
}

export const oddString = (r: Random): string => (r.chance(0.7) ? r.pick(ODD_STRINGS) : randomText(r));

/** Nested arrays or objects `depth` deep, around a leaf. */
function deep(depth: number, leaf: unknown, objects: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = objects ? { a: value } : [value];
  return value;
}

export function oddValue(r: Random, depth = 0): unknown {
  return r.weighted<() => unknown>([
    [8, () => oddString(r)],
    [1, () => r.pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 7])],
    [1, () => r.pick([true, false, null])],
    [1, () => (depth > 2 ? [] : Array.from({ length: r.int(0, 3) }, () => oddValue(r, depth + 1)))],
    [1, () => (depth > 2 ? {} : { [oddString(r).slice(0, 40)]: oddValue(r, depth + 1) })],
    [0.3, () => deep(r.int(10, 100), oddString(r), r.chance(0.5))],
  ])();
}

// ---- URLs --------------------------------------------------------------------------------------------------------

/** Percent-encodes every byte but unreserved ones; an unpaired surrogate becomes U+FFFD's bytes, as a browser sends it. */
export function encode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Raw bits of a request target that are not what encode() makes: bad escapes, invalid UTF-8, CESU surrogates. */
const RAW_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%80',
  '%FF%FE',
  '%00',
  '%2500',
  '..',
  '.',
  '%2e%2e%2f',
  '%2F',
  '%5C',
  ';',
  '%3B',
  '*',
];

function segment(r: Random): string {
  return r.weighted<() => string>([
    [6, () => encode(oddString(r))],
    [2, () => r.pick(RAW_SEGMENTS)],
    [1, () => `${encode(oddString(r).slice(0, 20))}${r.pick(RAW_SEGMENTS)}`],
  ])();
}

const VALID_SLUGS = [
  'uk-cpi-annual-rate',
  'uk-bank-rate',
  'euribor-3m',
  'de-gdp',
  'brent-crude-daily',
  'fr-inflation-annual',
];

function slug(r: Random): string {
  return r.weighted<() => string>([
    [3, () => r.pick(VALID_SLUGS)],
    [1, () => r.pick(VALID_SLUGS).toUpperCase()],
    [1, () => `${r.pick(VALID_SLUGS)}-${r.int(0, 9)}`],
    [6, () => segment(r)],
  ])();
}

const uuid = (r: Random) =>
  [8, 4, 4, 4, 12].map((n) => Array.from({ length: n }, () => r.int(0, 15).toString(16)).join('')).join('-');

function id(r: Random): string {
  return r.weighted<() => string>([
    [3, () => uuid(r)],
    [1, () => uuid(r).toUpperCase()],
    [1, () => `acct_${r.int(0, 1e9)}`],
    [1, () => `key_${uuid(r)}`],
    [5, () => segment(r)],
  ])();
}

/** A query string of odd parameters among the names the endpoint reads. */
function query(r: Random, names: readonly string[], valid: Record<string, readonly string[]> = {}): string {
  const count = r.int(0, 4);
  const pairs: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = r.chance(0.85) ? r.pick(names) : oddString(r).slice(0, 30);
    const good = valid[name];
    const value = good && r.chance(0.5) ? r.pick(good) : oddString(r);
    const raw = r.chance(0.1);
    pairs.push(
      raw
        ? `${encode(name)}=${r.pick(RAW_SEGMENTS)}`
        : r.chance(0.05)
          ? encode(name)
          : `${encode(name)}=${encode(value)}`,
    );
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

// ---- headers and bodies ------------------------------------------------------------------------------------------

function auth(r: Random, usual: Auth): Auth {
  return r.weighted<() => Auth>([
    [12, () => usual],
    [1, () => 'none'],
    [1, () => 'test'],
    [1, () => 'narrow'],
    [1, () => 'broke'],
    [
      2,
      () => ({
        header: r.pick([
          '',
          'Bearer',
          'Bearer ',
          'Bearer  ',
          'Basic dXNlcjpwYXNz',
          'bearer pk_live_',
          'Bearer pk_test_',
          `Bearer ${formatKey(
            'live',
            Uint8Array.from({ length: 64 }, () => r.int(0, 247)),
          )}`,
          `Bearer ${formatKey(
            'test',
            Uint8Array.from({ length: 64 }, () => r.int(0, 247)),
          )}`,
          `Bearer pk_live_${'a'.repeat(r.int(1, 3000))}`,
          `Bearer ${encode(oddString(r)).slice(0, 2000)}`,
          'Bearer pk_live_abc, Bearer pk_live_def',
          'Bearer test-admin-token-0123456789',
          `Token ${'z'.repeat(40)}`,
          '\u00ff\u00fe',
        ]),
      }),
    ],
  ])();
}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nope',
  'application/vnd.api+json',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  '*/*',
  'application/json;;;',
  'garbage',
];

/** Serialises a JSON value, sometimes broken in a way a parser must refuse. */
function jsonText(r: Random, value: unknown): Body {
  const text = JSON.stringify(value) ?? 'null';
  return r.weighted<() => Body>([
    [12, () => ({ kind: 'text', text })],
    [1, () => ({ kind: 'text', text: text.slice(0, r.int(0, text.length)) })],
    [1, () => ({ kind: 'text', text: `${text}${r.pick(['}', ',', ' trailing', '\u0000', ']'])}` })],
    [1, () => ({ kind: 'text', text: `\ufeff${text}` })],
    [
      1,
      () => ({
        kind: 'text',
        text: r.pick(['', ' ', 'null', '"text"', '42', '[]', '{', '{"a":', 'NaN', "{'a':1}", '{"a":1,"a":2}']),
      }),
    ],
    [1, () => ({ kind: 'text', text: text.replace(/"(\w+)":/, '"__proto__":{"polluted":1},"$1":') })],
    [1, () => ({ kind: 'text', text: r.pick(['[', '{"a":']).repeat(r.int(100, 5000)) })],
    [1, () => ({ kind: 'text', text: `${'['.repeat(3000)}${']'.repeat(3000)}` })],
    [
      1,
      () => ({
        kind: 'bytes',
        base64: Buffer.concat([
          Buffer.from(text.slice(0, 20)),
          Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]),
          Buffer.from(text.slice(20)),
        ]).toString('base64'),
      }),
    ],
    [
      1,
      () => ({
        kind: 'text',
        text: text.replace(
          /"([^"\\]{1,12})"/,
          r.pick(['"\\u0000"', '"\\ud800"', '"\\udfff x"', '"\\uDBFF\\uDBFF"', '"a\\u0000b"']),
        ),
      }),
    ],
  ])();
}

function jsonHeaders(r: Random): Record<string, string> {
  const headers: Record<string, string> = {};
  if (r.chance(0.85)) headers['content-type'] = 'application/json';
  else if (r.chance(0.9)) headers['content-type'] = r.pick(JSON_TYPES);
  if (r.chance(0.03))
    headers['content-encoding'] = r.pick(['gzip', 'deflate', 'br', 'compress', 'identity', 'x-unknown']);
  if (r.chance(0.03)) headers['idempotency-key'] = r.pick(['', 'k', 'x'.repeat(300), 'ünïcode', 'a b', 'valid-key-1']);
  if (r.chance(0.02)) headers['x-request-id'] = r.pick(['short', 'a'.repeat(200), '../../x', 'fuzz-request-id-1234']);
  if (r.chance(0.02)) headers['if-none-match'] = r.pick(['*', '"abc"', 'W/"x"', ',,,']);
  return headers;
}

// ---- verification bodies -----------------------------------------------------------------------------------------

const VALID_POLICIES: readonly Record<string, string>[] = [
  { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor', provider: 'AXA' },
  { policy_number: 'AXK12345678', country: 'UK', insurance_type: 'motor' },
  { policy_number: 'TRV10000001', country: 'UK', insurance_type: 'travel', provider: 'Aviva' },
  { policy_number: 'A123456780', country: 'DE', insurance_type: 'health' },
  { policy_number: '2 55 08 14 168 025 38', country: 'FR', insurance_type: 'health' },
  { policy_number: 'PC48291033', country: 'DE', insurance_type: 'motor', provider: 'Allianz' },
];

const FIELD_NAMES = ['policy_number', 'country', 'insurance_type', 'type', 'provider', 'document', 'webhook_url'];

/** A valid request bent by one to three mutations (usually enough to make it invalid). */
function policyBody(r: Random): unknown {
  const body: Record<string, unknown> = { ...r.pick(VALID_POLICIES) };
  const mutations = r.int(1, 3);
  for (let i = 0; i < mutations; i += 1) {
    r.weighted<() => void>([
      [6, () => void (body[r.pick(FIELD_NAMES)] = oddValue(r))],
      [2, () => void delete body[r.pick(FIELD_NAMES)]],
      [1, () => void (body[oddString(r).slice(0, 40)] = oddValue(r))],
      [1, () => void (body.country = r.pick(['GB', 'gb', 'United Kingdom', 'ES', 'uk', ' DE ']))],
      [1, () => void (body.insurance_type = r.pick(['MOTOR', 'home', 'life', ' travel ', '']))],
      [1, () => void (body.provder = 'AXA')],
    ])();
  }
  return body;
}

function wholeBody(r: Random, make: () => unknown): unknown {
  return r.weighted<() => unknown>([
    [10, make],
    [1, () => oddValue(r)],
    [1, () => [make()]],
    // Deeper nesting is written as text (jsonText): JSON.stringify recurses, and pdf.js replaces it with core-js's.
    [0.5, () => deep(r.int(50, 250), make(), r.chance(0.5))],
  ])();
}

// ---- PDFs and multipart ------------------------------------------------------------------------------------------

function multipart(r: Random): Body {
  const boundary = `----fuzz${r.int(0, 1e9)}`;
  const parts: Part[] = [];
  const file = (): Part => ({
    name: r.chance(0.85) ? 'file' : r.pick(['document', 'files', 'file[]', '', oddString(r).slice(0, 30)]),
    filename: r.chance(0.8)
      ? r.pick(['policy.pdf', 'a.txt', '', '../../etc/passwd', '\u202efdp.exe', 'x'.repeat(300)])
      : oddString(r).slice(0, 60),
    contentType: r.pick(['application/pdf', 'application/octet-stream', 'text/plain', '', 'image/png']),
    content: r.chance(0.9)
      ? { pdf: r.weighted(PDF_NAMES.map((name) => [name === 'text' ? 0.3 : 1, name] as const)) }
      : oddString(r),
  });
  const field = (): Part => ({
    name: r.pick(['webhook_url', 'webhook_url', 'note', 'policy_number', '']),
    content: r.chance(0.5)
      ? r.pick([
          'https://example.com/hook',
          'http://127.0.0.1/x',
          'https://10.0.0.1/',
          'not a url',
          '\u0000',
          'https://\u0000.example.com/',
        ])
      : oddString(r),
  });
  const shape = r.weighted<() => void>([
    [6, () => parts.push(file())],
    [2, () => parts.push(file(), field())],
    [1, () => parts.push(field())],
    [1, () => parts.push(file(), file())],
    [0.5, () => Array.from({ length: r.int(5, 12) }, () => parts.push(field()))],
    [0.5, () => void 0],
  ]);
  shape();
  return {
    kind: 'multipart',
    boundary,
    declaredBoundary: r.weighted<() => string | null>([
      [10, () => boundary],
      [1, () => null],
      [1, () => 'other-boundary'],
      [0.5, () => ''],
    ])(),
    parts,
    cut: r.chance(0.1) ? r.int(0, 400) : null,
  };
}

// ---- families ----------------------------------------------------------------------------------------------------

type Make = (r: Random) => Omit<FuzzCase, 'index' | 'family'>;

const API_PATHS = [
  '/api/v1/verify',
  '/api/v1/verify/async',
  '/api/v1/verify/batch',
  '/api/v1/documents/extract',
  '/api/v1/jobs/00000000-0000-4000-8000-000000000000',
  '/api/v1/jobs/00000000-0000-4000-8000-000000000000/corrections',
  '/api/v1/batches/00000000-0000-4000-8000-000000000000',
  '/api/v1/monitors',
  '/api/v1/monitors/mon_00000000000000000000000000000000',
  '/api/v1/datasets',
  '/api/v1/datasets/uk-cpi-annual-rate',
  '/api/v1/datasets/uk-cpi-annual-rate/series',
  '/data/uk-cpi-annual-rate/preview',
  '/api/v1/insurers?country=UK&q=AXA',
  '/openapi.json',
  '/healthz',
  '/readyz',
  '/metrics',
  '/admin/accounts',
  '/admin/accounts/acct_x',
  '/admin/accounts/acct_x/plan',
  '/admin/ledger/reconcile',
  '/api/v1/account',
  '/api/v1/account/statements',
  '/api/v1/account/ledger',
  '/account/ledger.jsonl',
  '/account/statements.json',
  '/account/statements/2026-11.json',
  '/api/v1',
  '/api',
  '/assets/site.css',
];

// ---- dates ------------------------------------------------------------------------------------------------------

/**
 * Every date parameter the service takes, as a request target around `{date}`: the series endpoints, the dataset
 * page's downloads and the page itself, and the admin audit export.
 */
const DATE_PARAMETERS: readonly string[] = [
  ...['observation_start', 'observation_end', 'as_of'].flatMap((name) => [
    `/api/v1/datasets/uk-cpi-annual-rate/series?${name}={date}`,
    `/api/v1/series?slugs=uk-cpi-annual-rate,uk-bank-rate&${name}={date}`,
    `/datasets/uk-bank-rate.json?${name}={date}`,
    `/datasets/uk-bank-rate.csv?download&${name}={date}`,
  ]),
  '/datasets/uk-bank-rate?as_of={date}',
  '/admin/accounts/{account}/audit?since={date}',
];

/** The years no calendar date of ours has (0000: JavaScript's 1 BC, PostgreSQL's error 22008; 10000: five digits), and their neighbours. */
const EDGE_DATES = ['0000-01-01', '10000-01-01'] as const;
const DATES = [
  ...EDGE_DATES,
  '0000-12-31',
  '0001-01-01',
  '9999-12-31',
  '99999-12-31',
  '+010000-01-01',
  '-000001-01-01',
  '2024-02-29',
  '2023-02-29',
  '2020-01-01',
];

const dateCase = (path: string, date: string): Omit<FuzzCase, 'index' | 'family'> => ({
  method: 'GET',
  path: path.replace('{date}', encode(date)),
  // A key with a high limit: the anonymous one would answer 429 before the date is read.
  auth: path.startsWith('/admin') ? 'admin' : 'live',
  headers: {},
});

/** The first cases of every seed: each edge year on each date parameter, so that no run leaves one out. */
export const DATE_EDGE_CASES = DATE_PARAMETERS.flatMap((path) => EDGE_DATES.map((date) => dateCase(path, date)));

/** The families and their weights: the costly ones (workflows started, PDFs inspected) are a small share. */
export const FAMILIES: readonly (readonly [number, string])[] = [
  [22, 'verify'],
  [7, 'verify/async'],
  [6, 'verify/batch'],
  [0.25, 'verify/async valid'],
  [0.1, 'verify/batch valid'],
  [3.5, 'documents/extract'],
  [6, 'jobs'],
  [5, 'monitors'],
  [4, 'jobs/corrections'],
  [14, 'datasets'],
  [2, 'dates'],
  [6, 'insurers'],
  [3, 'operations'],
  [7, 'pages'],
  [9, 'admin'],
  [7, 'methods'],
];

const families: Record<string, Make> = {
  verify: (r) => ({
    method: 'POST',
    path: '/api/v1/verify',
    auth: auth(r, 'live'),
    headers: jsonHeaders(r),
    body: jsonText(
      r,
      wholeBody(r, () => policyBody(r)),
    ),
  }),

  'verify/async': (r) => ({
    method: 'POST',
    path: '/api/v1/verify/async',
    auth: auth(r, r.chance(0.5) ? 'live' : 'test'),
    headers: jsonHeaders(r),
    // Always invalid (an odd field is added last), so that no workflow starts: the valid family starts the few.
    body: jsonText(
      r,
      wholeBody(r, () => ({
        ...(policyBody(r) as object),
        [r.pick(['document', 'webhook_url', 'policy_number', 'colour'])]: oddValue(r),
        country: r.pick(['GB', '', 'XX', 7]),
      })),
    ),
  }),

  'verify/batch': (r) => ({
    method: 'POST',
    path: '/api/v1/verify/batch',
    auth: auth(r, r.chance(0.5) ? 'live' : 'test'),
    headers: jsonHeaders(r),
    body: jsonText(
      r,
      wholeBody(r, () =>
        r.weighted<() => unknown>([
          // At least one broken item, so that the batch is refused before it starts.
          [
            6,
            () => ({
              policies: [
                ...Array.from({ length: r.int(0, 5) }, () => r.pick(VALID_POLICIES)),
                { ...(policyBody(r) as object), country: r.pick(['GB', 'ZZ', '', null]) },
              ],
            }),
          ],
          [1, () => ({ policies: Array.from({ length: r.int(101, 150) }, () => r.pick(VALID_POLICIES)) })],
          [1, () => ({ policies: oddValue(r) })],
          [1, () => ({ policies: [] })],
          [1, () => ({ policy: [r.pick(VALID_POLICIES)] })],
          [1, () => r.pick(VALID_POLICIES)],
        ])(),
      ),
    ),
  }),

  // The only cases that start workflows: a valid request, on the test key mostly (a live one reserves a credit).
  'verify/async valid': (r) => ({
    method: 'POST',
    path: '/api/v1/verify/async',
    auth: r.chance(0.8) ? 'test' : 'live',
    headers: {
      'content-type': 'application/json',
      ...(r.chance(0.5) ? { 'idempotency-key': `fuzz-${r.int(0, 3)}` } : {}),
    },
    body: { kind: 'text', text: JSON.stringify(r.pick(VALID_POLICIES)) },
  }),
  'verify/batch valid': (r) => ({
    method: 'POST',
    path: '/api/v1/verify/batch',
    auth: 'test',
    headers: { 'content-type': 'application/json' },
    body: {
      kind: 'text',
      text: JSON.stringify({ policies: Array.from({ length: r.int(1, 3) }, () => r.pick(VALID_POLICIES)) }),
    },
  }),

  'documents/extract': (r) => {
    const body = multipart(r);
    const headers: Record<string, string> = {};
    if (r.chance(0.92)) {
      headers['content-type'] =
        body.kind === 'multipart' && body.declaredBoundary !== null
          ? `multipart/form-data; boundary=${body.declaredBoundary}`
          : 'multipart/form-data';
    } else headers['content-type'] = r.pick(JSON_TYPES);
    // The text PDF is valid: it would start an extraction. A test key is used for it, and a quarter of the
    // others are refused at the door (401/403) before the body is read.
    return { method: 'POST', path: '/api/v1/documents/extract', auth: auth(r, 'test'), headers, body };
  },

  jobs: (r) => ({
    method: r.chance(0.9) ? 'GET' : 'HEAD',
    path: `/api/v1/${r.pick(['jobs', 'batches'])}/${id(r)}${r.chance(0.1) ? query(r, ['x', 'job_id']) : ''}${r.chance(0.05) ? '/extra' : ''}`,
    auth: auth(r, 'live'),
    headers: {},
  }),

  // Monitors: never a valid POST (a country or a setting is always wrong, so no workflow starts); reads, changes
  // and stops of ids that are no monitor, or not the caller's, or malformed.
  monitors: (r) =>
    r.weighted<() => Omit<FuzzCase, 'index' | 'family'>>([
      [
        4,
        () => ({
          method: 'POST',
          path: '/api/v1/monitors',
          auth: auth(r, r.chance(0.5) ? 'live' : 'test'),
          headers: {
            ...jsonHeaders(r),
            ...(r.chance(0.3) ? { 'idempotency-key': r.pick(['k-1', 'x'.repeat(300), 'has space', '\t']) } : {}),
          },
          body: jsonText(
            r,
            wholeBody(r, () => ({
              ...(policyBody(r) as object),
              webhook_url: r.chance(0.5) ? 'https://example.com/hooks' : oddValue(r),
              [r.pick(['expiry_notice_days', 'frequency', 'metadata', 'colour'])]: oddValue(r),
              ...(r.chance(0.3)
                ? {
                    metadata: Object.fromEntries(
                      Array.from({ length: r.int(0, 30) }, (_, i) => [`k${i}`, oddValue(r)]),
                    ),
                  }
                : {}),
              country: r.pick(['GB', '', 'XX', 7]),
            })),
          ),
        }),
      ],
      [
        3,
        () => ({
          method: 'GET',
          path: `/api/v1/monitors${query(r, ['status', 'limit', 'offset'], {
            status: ['active', 'paused', 'stopped', 'ACTIVE', 'deleted'],
            limit: ['0', '1', '100', '101', '-1', '1.5', '1e3'],
            offset: ['0', '-1', '5', '1000001'],
          })}`,
          auth: auth(r, r.pick(['live', 'test'] as const)),
          headers: {},
        }),
      ],
      [
        4,
        () => {
          const method = r.pick(['GET', 'PATCH', 'DELETE', 'HEAD']);
          const monitorId = r.weighted<() => string>([
            [3, () => `mon_${uuid(r).replaceAll('-', '')}`],
            [1, () => `mon_${uuid(r).toUpperCase()}`],
            [2, () => id(r)],
          ])();
          const body =
            method === 'PATCH'
              ? jsonText(
                  r,
                  wholeBody(r, () => ({
                    [r.pick(['webhook_url', 'expiry_notice_days', 'frequency', 'metadata', 'status'])]: oddValue(r),
                  })),
                )
              : undefined;
          return {
            method,
            path: `/api/v1/monitors/${monitorId}${r.chance(0.05) ? '/extra' : ''}`,
            auth: auth(r, r.pick(['live', 'test'] as const)),
            headers: body ? jsonHeaders(r) : {},
            ...(body ? { body } : {}),
          };
        },
      ],
    ])(),
  // Corrections (issue 56): unknown fields, values of every wrong shape, whole bodies that are not objects, on
  // ids that name no job (and the zero id, valid and unknown) under every kind of key.
  'jobs/corrections': (r) => ({
    method: 'POST',
    path: `/api/v1/jobs/${r.chance(0.5) ? '00000000-0000-4000-8000-000000000000' : id(r)}/corrections`,
    auth: auth(r, r.pick(['live', 'test', 'narrow'] as const)),
    headers: jsonHeaders(r),
    body: jsonText(
      r,
      wholeBody(r, () => ({
        corrections: r.weighted<() => unknown>([
          [
            4,
            () => ({
              [r.pick([
                'policy_number',
                'start_date',
                'coverage.excess',
                'coverage.territorial_scope',
                'language',
                'policy_no',
                'coverage',
                '__proto__',
                oddString(r),
              ])]: r.pick([
                'AXK12345678',
                '2026-02-30',
                { amount: -1, currency: 'gbp' },
                { amount: 1e308 },
                null,
                [],
                oddValue(r),
              ]),
            }),
          ],
          [1, () => ({})],
          [1, () => oddValue(r)],
        ])(),
      })),
    ),
  }),

  datasets: (r) => {
    const path = r.weighted<() => string>([
      [
        4,
        () =>
          `/api/v1/datasets${query(r, ['q', 'category', 'source', 'cadence', 'limit', 'offset'], {
            q: ['inflation', 'house germ', 'infl', '***', 'a b c d e f g h i j k l m n o p q r'],
            limit: ['0', '1', '50', '1000', '1001', '-1', '1.5', '1e3', ' 10', '0x10'],
            offset: ['0', '-1', '5', '999999999', '1000001'],
            category: ['inflation', 'rates', 'nope'],
          })}`,
      ],
      [2, () => `/api/v1/datasets/${slug(r)}`],
      [
        2,
        () =>
          `/api/v1/datasets/${slug(r)}/series${query(r, ['limit', 'direction'], { limit: ['1', '100', '1000', '1001', '0'], direction: ['latest', 'earliest', 'LATEST', 'sideways'] })}`,
      ],
      [2, () => `/data/${slug(r)}/preview${r.chance(0.1) ? query(r, ['x']) : ''}`],
    ])();
    const headers: Record<string, string> = {};
    if (r.chance(0.1))
      headers['if-none-match'] = r.pick([
        '*',
        '"x"',
        'W/"x"',
        oddString(r)
          .slice(0, 100)
          .replace(/[^\x20-\x7e]/g, ''),
      ]);
    return { method: r.chance(0.95) ? 'GET' : 'HEAD', path, auth: auth(r, r.chance(0.85) ? 'live' : 'none'), headers };
  },

  dates: (r) => dateCase(r.pick(DATE_PARAMETERS), r.chance(0.8) ? r.pick(DATES) : oddString(r)),

  insurers: (r) => ({
    method: 'GET',
    path: `/api/v1/insurers${query(r, ['country', 'q', 'insurance_type', 'limit'], {
      country: ['UK', 'uk', 'DE', 'FR', 'GB', 'ES'],
      q: ['AXA', 'Avi', 'Allianz', 'MACIF', 'x'.repeat(101)],
      insurance_type: ['motor', 'health', 'home'],
      limit: ['1', '10', '50', '51', '0', '-1', '1.5', '0010'],
    })}`,
    auth: auth(r, r.chance(0.8) ? 'live' : 'none'),
    headers: {},
  }),

  operations: (r) => ({
    method: r.chance(0.9) ? 'GET' : 'HEAD',
    path: r.weighted<() => string>([
      [4, () => r.pick(['/openapi.json', '/healthz', '/readyz', '/metrics', '/assets/site.css', '/assets/site.js'])],
      [1, () => `${r.pick(['/openapi.json', '/healthz', '/metrics', '/assets'])}${query(r, ['x', 'format'])}`],
      [2, () => `/${segment(r)}`],
      [1, () => `/api/v1/${segment(r)}/${segment(r)}`],
      [1, () => `/${'a/'.repeat(r.int(10, 400))}`],
    ])(),
    auth: auth(r, 'none'),
    headers: {},
  }),

  pages: (r) => {
    const get = r.chance(0.8);
    let path = get
      ? r.weighted<() => string>([
          [2, () => `/portal${query(r, ['key_type'], { key_type: ['live', 'test'] })}`],
          [2, () => `/portal/verify${query(r, ['token'])}`],
          [2, () => `/account/sign-in${query(r, ['token'])}`],
          [
            1,
            () =>
              r.pick(['/', '/account', '/account/keys', '/account/webhooks', '/account/close', '/account/sign-out']),
          ],
          [1, () => `/account/keys/${segment(r)}/revoke`],
          [1, () => `/account/webhooks${query(r, ['resent'])}`],
          [1, () => `/account/monitors/${segment(r)}${query(r, ['resent'])}`],
          [1, () => `/${r.pick(['portal', 'account'])}/${segment(r)}`],
        ])()
      : r.pick([
          '/portal',
          '/portal/resend',
          '/account/sign-in',
          '/account/keys',
          '/account/sign-out',
          '/account/close',
          `/account/webhooks/${segment(r)}/resend`,
          `/account/monitors/${segment(r)}/events/${segment(r)}/resend`,
          '/account/webhooks/rotate',
        ]);
    const headers: Record<string, string> = {};
    if (r.chance(0.3))
      headers.cookie = r.pick([
        'pvs_session=abc',
        'pvs_visitor=x; pvs_csrf=y',
        `pvs_session=${encode(oddString(r)).slice(0, 500)}`,
        '=;=;',
        'a'.repeat(2000),
      ]);
    if (r.chance(0.05)) headers['accept-language'] = r.pick(['de', '*', 'x'.repeat(500)]);
    let body: Body | undefined;
    if (!get) {
      headers['content-type'] = r.chance(0.8) ? 'application/x-www-form-urlencoded' : r.pick(JSON_TYPES);
      const fields = Array.from(
        { length: r.int(0, 25) },
        () =>
          `${encode(r.pick(['email', 'key_type', '_csrf', 'token', 'mode', 'confirm', oddString(r).slice(0, 20)]))}=${encode(oddString(r))}`,
      );
      // Most forms carry the visitor's cookies and CSRF token (filled in when sent), so that they reach the
      // handlers: a name, an address or odd text, and a key type.
      if (r.chance(0.6)) {
        headers.cookie = '{csrf-cookie}';
        const contact = r.weighted<() => string>([
          [2, () => `fuzz ${r.int(0, 1e6)}`],
          [2, () => `fuzz-${r.int(0, 1e6)}@example.com`],
          [4, () => oddString(r)],
        ])();
        const form = [
          `_csrf={csrf-token}`,
          `email=${encode(contact)}`,
          `key_type=${encode(r.pick(['test', 'live', 'LIVE', oddString(r)]))}`,
        ];
        if (r.chance(0.3))
          form.push(
            `token=${encode(oddString(r))}`,
            `confirm=${r.pick(['yes', 'no', encode(oddString(r))])}`,
            `mode=${r.pick(['live', 'test', encode(oddString(r))])}`,
          );
        if (r.chance(0.2)) form.push(...fields.slice(0, r.int(1, 3)).filter((field) => !field.startsWith('_csrf=')));
        fields.splice(0, fields.length, ...form);
        path = r.weighted<() => string>([
          [4, () => '/portal'],
          [2, () => '/account/sign-in'],
          [1, () => '/portal/resend'],
          [1, () => path],
        ])();
      }
      body = { kind: 'text', text: fields.slice(0, r.chance(0.9) ? 19 : fields.length).join('&') };
    }
    return {
      method: get ? 'GET' : 'POST',
      path,
      auth: r.chance(0.1) ? auth(r, 'live') : 'none',
      headers,
      ...(body ? { body } : {}),
    };
  },

  admin: (r) => {
    const accountId = r.chance(0.3) ? '{account}' : id(r);
    const route = r.pick([
      ['POST', '/admin/accounts'],
      ['GET', `/admin/accounts/${accountId}`],
      ['POST', `/admin/accounts/${accountId}/plan`],
      ['POST', `/admin/accounts/${accountId}/keys`],
      ['POST', `/admin/keys/${id(r)}/revoke`],
      ['POST', `/admin/accounts/${accountId}/credits`],
      ['GET', `/admin/accounts/${accountId}/credits`],
      ['POST', `/admin/accounts/${accountId}/webhook-secret`],
      ['GET', `/admin/ledger/replay${query(r, ['account'], { account: ['{account}'] })}`],
      ['GET', `/admin/ledger/export${query(r, ['account'], { account: ['{account}'] })}`],
      ['POST', '/admin/ledger/statements'],
      ['GET', `/admin/${segment(r)}`],
      ['GET', '/admin'],
    ] as const);
    const body = (): unknown =>
      r.weighted<() => unknown>([
        [
          3,
          () => ({
            email: r.chance(0.5) ? `fuzz-${r.int(0, 1e6)}@example.com` : oddValue(r),
            name: oddValue(r),
            plan: r.pick(['free', 'pro', 'enterprise', 'gold', oddValue(r)]),
          }),
        ],
        [2, () => ({ name: oddString(r), plan: 'free' })],
        [
          2,
          // A statement's month: out of the account's life (year 0000, 9999, this month), or not a month at all.
          () => ({
            account: r.chance(0.7) ? '{account}' : oddValue(r),
            period: r.pick([
              '0000-01',
              '9999-12',
              '2026-13',
              '1900-01',
              new Date().toISOString().slice(0, 7),
              oddValue(r),
            ]),
          }),
        ],
        [
          2,
          () => ({
            plan: r.pick(['free', 'pro', 'x']),
            monthly_credits: oddValue(r),
            requests_per_minute: r.pick([0, 1, -5, 1e20, '10', 2.5]),
          }),
        ],
        [
          2,
          () => ({
            mode: r.pick(['live', 'test', 'LIVE', oddValue(r)]),
            scopes: r.pick([['verify'], [], ['root'], oddValue(r)]),
          }),
        ],
        [
          2,
          () => ({
            amount: r.pick([0, 1, -1, 1e20, 2 ** 53 + 1, '5', 1.5, oddValue(r)]),
            reason: r.pick(['top_up', 'adjustment', 'gift', oddValue(r)]),
          }),
        ],
        [1, () => oddValue(r)],
      ])();
    const [method, path] = route;
    return {
      method,
      path,
      auth: r.weighted<() => Auth>([
        [7, () => 'admin'],
        [1, () => 'none'],
        [1, () => 'live'],
        [
          1,
          () => ({
            header: r.pick([
              'Bearer wrong-token',
              'Bearer test-admin-token-012345678',
              'Bearer test-admin-token-0123456789x',
              'Basic abc',
              'Bearer',
            ]),
          }),
        ],
      ])(),
      headers: method === 'POST' ? jsonHeaders(r) : {},
      ...(method === 'POST' ? { body: jsonText(r, wholeBody(r, body)) } : {}),
    };
  },

  methods: (r) => {
    const method = r.pick(['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'POST']);
    const path = r.pick(API_PATHS);
    const body = method === 'GET' || method === 'HEAD' ? undefined : jsonText(r, policyBody(r));
    return {
      method,
      path,
      auth: auth(r, path.startsWith('/admin') ? 'admin' : 'live'),
      headers: body ? jsonHeaders(r) : {},
      ...(body ? { body } : {}),
    };
  },
};

/** Case `index` of the run seeded `seed`. */
export function fuzzCase(seed: number, index: number): FuzzCase {
  const edge = DATE_EDGE_CASES[index];
  if (edge) return { index, family: 'dates', ...edge };
  const r = Random.forCase(seed, index);
  const family = r.weighted(FAMILIES);
  return { index, family, ...families[family]!(r) };
}
