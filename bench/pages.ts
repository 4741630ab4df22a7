// The pages for people (issue 17): pages per second of /, /docs, /datasets and a dataset page served by the
// service's API process (bin/api.ts on PostgreSQL, every dataset loaded), each as a ratio to a bare Express app
// that sends the same HTML bytes from a string, measured in the same run, rounds alternating so that machine
// noise hits both alike. Target: a ratio of at least 0.5 for every page.
//
// Twice: without Accept-Encoding (the same bytes on the wire from both), and as a browser asks
// (Accept-Encoding: gzip, deflate, br), where the baseline compresses its string with the `compression`
// middleware per request as any Express app would. Requests carry the cookies a first visit set, as a browser's
// next ones do.
//
// Then a dataset page's transfer, as a browser receives it: the HTML and every stylesheet, script and font it
// loads (fonts and @imports found in the stylesheets), each body counted as it comes over the wire with
// Accept-Encoding: gzip, deflate, br, and the response headers too. Target: under 300 KB. The chart's data (the
// page's own .json, fetched by its script) is reported beside it.
//
//   node --import tsx bench/pages.ts [--duration 3] [--connections 10] [--rounds 3] [--slug brent-crude-daily]
//                                    [--encodings identity,browser] [--pages /,/docs] [--transfer-only]
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import {
  fmt,
  load,
  ratio,
  spawnChild,
  startEngines,
  warmUp,
  type Child,
  type Load,
  loadBundledDatasets,
} from './support.js';

const BROWSER_ENCODINGS = 'gzip, deflate, br';

/** The baseline's child: a bare Express app answering each path with its HTML string (PAGES_BASELINE_FILE). */
function serveBaseline(): void {
  const pages = JSON.parse(readFileSync(process.env.PAGES_BASELINE_FILE!, 'utf8')) as Record<string, string>;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Compresses only when asked (Accept-Encoding), as the service's pages are meant to.
  app.use(compression());
  for (const [pagePath, html] of Object.entries(pages)) {
    app.get(pagePath, (_req, res) => {
      res.type('html').send(html);
    });
  }
  app.listen(Number(process.env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => process.exit(0));
}

interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  /** Body bytes as they came over the wire (compressed when the server compressed). */
  wireBytes: number;
  /** Status line and header bytes, roughly as sent. */
  headerBytes: number;
  /** The decoded body. */
  body: Buffer;
}

/** A GET whose body is counted before decoding (fetch would decode it and hide the wire size). */
function get(url: string, headers: Record<string, string>): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        const body =
          encoding === 'br'
            ? brotliDecompressSync(raw)
            : encoding === 'gzip'
              ? gunzipSync(raw)
              : encoding === 'deflate'
                ? inflateSync(raw)
                : raw;
        let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headerBytes += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wireBytes: raw.length, headerBytes, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The cookies a response sets, as the Cookie header a browser would send back. */
const cookiesOf = (headers: IncomingHttpHeaders) =>
  (headers['set-cookie'] ?? []).map((line) => line.split(';', 1)[0]).join('; ');

/** What a page loads: its stylesheets, scripts and preloads, and from each stylesheet its fonts and @imports. */
function subresourcesOf(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
    if (tag.toLowerCase().startsWith('<script')) {
      const src = attr('src');
      if (src) found.push(src);
    } else if (/^(stylesheet|preload|modulepreload)$/i.test(attr('rel') ?? '') && attr('href')) {
      found.push(attr('href')!);
    }
  }
  return found.filter((href) => !href.startsWith('data:'));
}

const cssUrlsOf = (css: string) =>
  [...css.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3/g)]
    .map((m) => m[2] ?? m[4]!)
    .filter((u) => !u.startsWith('data:') && !u.startsWith('#'));

interface TransferLine {
  url: string;
  encoding: string;
  decoded: number;
  wire: number;
  headers: number;
}

/** Everything a browser fetches to show the page (not the chart's data), as it comes over the wire. */
async function pageTransfer(
  base: string,
  pagePath: string,
  cookie: string,
): Promise<{ lines: TransferLine[]; data: TransferLine | null }> {
  const headers = { 'accept-encoding': BROWSER_ENCODINGS, cookie };
  const lines: TransferLine[] = [];
  const seen = new Set<string>();
  const fetchOne = async (url: URL) => {
    const res = await get(url.href, headers);
    if (res.status !== 200) throw new Error(`${url.pathname}: ${res.status}`);
    lines.push({
      url: url.pathname,
      encoding: String(res.headers['content-encoding'] ?? 'identity'),
      decoded: res.body.length,
      wire: res.wireBytes,
      headers: res.headerBytes,
    });
    return res;
  };
  const pageUrl = new URL(pagePath, base);
  const page = await fetchOne(pageUrl);
  const html = page.body.toString('utf8');
  const queue = subresourcesOf(html).map((href) => new URL(href, pageUrl));
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (url.origin !== pageUrl.origin) throw new Error(`${pagePath} loads ${url.href}: not from the service`);
    if (seen.has(url.pathname)) continue;
    seen.add(url.pathname);
    const res = await fetchOne(url);
    if (String(res.headers['content-type']).startsWith('text/css'))
      queue.push(...cssUrlsOf(res.body.toString('utf8')).map((u) => new URL(u, url)));
  }
  const source = /data-source="([^"]+)"/.exec(html)?.[1];
  let data: TransferLine | null = null;
  if (source) {
    const url = new URL(source.replace(/&amp;/g, '&'), pageUrl);
    const res = await get(url.href, { ...headers, accept: 'application/json' });
    data = {
      url: url.pathname,
      encoding: String(res.headers['content-encoding'] ?? 'identity'),
      decoded: res.body.length,
      wire: res.wireBytes,
      headers: res.headerBytes,
    };
  }
  return { lines, data };
}

const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      slug: { type: 'string', default: 'brent-crude-daily' },
      encodings: { type: 'string', default: 'identity,browser' },
      pages: { type: 'string' },
      'transfer-only': { type: 'boolean', default: false },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);
  const encodings = values.encodings.split(',') as ('identity' | 'browser')[];
  const PAGES = values.pages ? values.pages.split(',') : ['/', '/docs', '/datasets', `/datasets/${values.slug}`];

  const engines = await startEngines();
  const children: Child[] = [];
  const cleanups: (() => void)[] = [];
  try {
    await loadBundledDatasets(engines.databaseUrl);

    // The service as deployed: the API process with its own Node.js flags (the pages need no projector or worker).
    const api = await spawnChild('bin/api.ts', { ...engines.env, REDIS_URL: '' });
    children.push(api);

    // A first visit sets the visitor's cookies; every later request sends them back, as a browser does.
    const first = await get(`${api.url}/`, {});
    const cookie = cookiesOf(first.headers);

    const transfer = await pageTransfer(api.url, `/datasets/${values.slug}`, cookie);
    const total = transfer.lines.reduce((sum, line) => sum + line.wire + line.headers, 0);
    console.log(`/datasets/${values.slug}: what a browser receives (Accept-Encoding: ${BROWSER_ENCODINGS})`);
    for (const line of transfer.lines) {
      console.log(
        `  ${line.url.padEnd(40)} ${line.encoding.padEnd(8)} ${kb(line.decoded).padStart(10)} -> ${kb(line.wire).padStart(9)} + ${line.headers} B headers`,
      );
    }
    console.log(`  total transfer: ${kb(total)} (target < 300 KB) ${total < 300 * 1024 ? 'OK' : 'ABOVE TARGET'}`);
    if (transfer.data) {
      const d = transfer.data;
      console.log(
        `  and the chart's data, fetched by the page's script: ${d.url} ${d.encoding} ${kb(d.decoded)} -> ${kb(d.wire)}`,
      );
    }
    if (values['transfer-only']) return;

    // The baseline sends exactly the bytes the service sent for each page.
    const html: Record<string, string> = {};
    for (const pagePath of PAGES) {
      const res = await get(api.url + pagePath, { cookie });
      if (res.status !== 200) throw new Error(`${pagePath}: ${res.status}`);
      html[pagePath] = res.body.toString('utf8');
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pvs-bench-pages-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'pages.json');
    writeFileSync(file, JSON.stringify(html));
    const bare = await spawnChild('bench/pages.ts', { PAGES_BASELINE_FILE: file });
    children.push(bare);
    for (const pagePath of PAGES) {
      const [ours, theirs] = [html[pagePath]!, (await get(bare.url + pagePath, {})).body.toString('utf8')];
      if (ours !== theirs) throw new Error(`${pagePath}: the baseline's body differs`);
    }

    const requestFor = (encoding: string) => ({
      headers: { cookie, ...(encoding === 'browser' ? { 'accept-encoding': BROWSER_ENCODINGS } : {}) },
    });
    const targets = encodings.flatMap((encoding) =>
      PAGES.flatMap((pagePath) => [
        { url: bare.url + pagePath, request: requestFor(encoding) },
        { url: api.url + pagePath, request: requestFor(encoding) },
      ]),
    );
    await warmUp(targets, 2);

    const runs: Record<string, { bare: Load[]; service: Load[] }> = {};
    for (let round = 0; round < rounds; round += 1) {
      for (const encoding of encodings) {
        for (const pagePath of PAGES) {
          const key = `${encoding} ${pagePath}`;
          runs[key] ??= { bare: [], service: [] };
          const options = { connections, duration, ...requestFor(encoding) };
          runs[key].bare.push(await load({ url: bare.url + pagePath, ...options }, bare.process));
          runs[key].service.push(await load({ url: api.url + pagePath, ...options }, api.process));
        }
      }
    }

    // Each round's ratio comes from its two back-to-back runs, and the median of the rounds is reported: on a
    // shared machine, load from other processes comes and goes between rounds more than within one.
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    const avg = (xs: Load[], pick: (x: Load) => number) => xs.reduce((sum, x) => sum + pick(x), 0) / xs.length;
    console.log(
      `\npages per second, ${connections} connections, ${rounds} round(s) of ${duration} s, API process vs a bare Express app with the same HTML`,
    );
    console.log(
      "(ratio: the median of the rounds' ratios, their range in brackets; µs: the server process's CPU per page)",
    );
    let worst = Infinity;
    for (const encoding of encodings) {
      console.log(
        encoding === 'browser'
          ? `as a browser asks (Accept-Encoding: ${BROWSER_ENCODINGS}; the baseline compresses too)`
          : 'without Accept-Encoding (the same bytes on the wire)',
      );
      for (const pagePath of PAGES) {
        const { bare: b, service: s } = runs[`${encoding} ${pagePath}`]!;
        const ratios = b.map((base, i) => ratio(s[i]!.rps, base.rps));
        const r = median(ratios);
        worst = Math.min(worst, r);
        console.log(
          `  ${pagePath.padEnd(30)} ${kb(Buffer.byteLength(html[pagePath]!)).padStart(9)}` +
            `  bare ${fmt(
              avg(b, (x) => x.rps),
              0,
            ).padStart(5)}/s ${fmt(
              avg(b, (x) => x.cpuPerRequest ?? 0),
              0,
            ).padStart(4)} µs` +
            `  service ${fmt(
              avg(s, (x) => x.rps),
              0,
            ).padStart(5)}/s ${fmt(
              avg(s, (x) => x.cpuPerRequest ?? 0),
              0,
            ).padStart(4)} µs p99 ${fmt(
              avg(s, (x) => x.p99),
              0,
            )} ms` +
            `  ratio ${fmt(r)} [${fmt(Math.min(...ratios))}-${fmt(Math.max(...ratios))}]`,
        );
      }
    }
    console.log(`worst page's ratio: ${fmt(worst)} (target >= 0.5) ${worst >= 0.5 ? 'OK' : 'BELOW TARGET'}`);
  } finally {
    for (const child of children.reverse()) await child.stop();
    for (const cleanup of cleanups) cleanup();
    await engines.close();
  }
}

if (process.env.PAGES_BASELINE_FILE) {
  serveBaseline();
} else {
  await main();
}
