// Sending a fuzz case with node:http (which, unlike fetch, sends a request target and a body exactly as given)
// and judging the answer: 2xx, or a 4xx in the error shape of docs/architecture.md#errors ({error, message, code}, the {error, detail} variants on
// POST /api/v1/verify, HTML pages under /, /portal and /account); never a 5xx, never a stall.
import http from 'node:http';
import type { Auth, Body, FuzzCase, PdfName } from './cases.js';

export interface Identities {
  live: string;
  test: string;
  narrow: string;
  broke: string;
  admin: string;
  /** An account that exists, for admin paths. */
  account: string;
  /** A portal visitor's cookies and the CSRF token of its forms. */
  csrf: { cookie: string; token: string };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * Requests with the admin token come from another loopback address than the rest: failed admin-token attempts
 * are limited per client (every attempt from a slowed client answers 429 until its next slot, the right token included), and the
 * fuzz makes many from 127.0.0.1.
 */
const ADMIN_SOURCE = '127.0.0.2';

/** Node's HTTP parser answers 431 itself, before the app, to a request head over its limit (16 KB). */
export const HEAD_LIMIT = 16 * 1024;

export function headSize(c: FuzzCase, who: Identities): number {
  const auth = authorization(c.auth, who);
  const headers = {
    ...c.headers,
    ...(auth !== undefined ? { authorization: auth } : {}),
    ...(c.headers.cookie ? { cookie: fill(c.headers.cookie, who) } : {}),
  };
  return Buffer.byteLength(
    `${c.method} ${fill(c.path, who)} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}`,
    'latin1',
  );
}

function authorization(auth: Auth, who: Identities): string | undefined {
  if (auth === 'none') return undefined;
  if (typeof auth === 'object') return auth.header;
  return `Bearer ${who[auth]}`;
}

function multipartBytes(body: Extract<Body, { kind: 'multipart' }>, pdfs: Record<PdfName, Buffer>): Buffer {
  const chunks: Buffer[] = [];
  for (const part of body.parts) {
    let head = `--${body.boundary}\r\nContent-Disposition: form-data; name="${part.name.replace(/["\r\n]/g, '_')}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename.replace(/["\r\n]/g, '_')}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`),
      typeof part.content === 'string' ? Buffer.from(part.content) : pdfs[part.content.pdf],
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${body.boundary}--\r\n`));
  const whole = Buffer.concat(chunks);
  return body.cut === null ? whole : whole.subarray(0, Math.min(body.cut, whole.length));
}

export function bodyBytes(body: Body | undefined, pdfs: Record<PdfName, Buffer>, who?: Identities): Buffer | undefined {
  if (!body) return undefined;
  if (body.kind === 'text') return Buffer.from(who ? fill(body.text, who) : body.text, 'utf8');
  if (body.kind === 'bytes') return Buffer.from(body.base64, 'base64');
  return multipartBytes(body, pdfs);
}

/** Placeholders in a case's path, headers and body, filled at send time. */
const fill = (text: string, who: Identities) =>
  text
    .replaceAll('{account}', who.account)
    .replaceAll('{csrf-cookie}', who.csrf.cookie)
    .replaceAll('{csrf-token}', encodeURIComponent(who.csrf.token));

/**
 * The client address of a request: the admin token's from its own (see ADMIN_SOURCE); a portal form from one of
 * its own per case, as many visitors would (one IP may send 20 portal forms an hour); the rest from 127.0.0.1.
 */
function source(c: FuzzCase): string | undefined {
  if (c.auth === 'admin') return ADMIN_SOURCE;
  if (c.headers.cookie === '{csrf-cookie}') return `127.1.${(c.index >> 8) & 255}.${c.index & 255}`;
  return undefined;
}

export function send(
  base: URL,
  c: FuzzCase,
  who: Identities,
  pdfs: Record<PdfName, Buffer>,
  timeoutMs: number,
): Promise<Answer> {
  const payload = bodyBytes(c.body, pdfs, who);
  const headers: Record<string, string | number> = Object.fromEntries(
    Object.entries(c.headers).map(([name, value]) => [name, fill(value, who)]),
  );
  const auth = authorization(c.auth, who);
  if (auth !== undefined) headers.authorization = auth;
  if (payload) headers['content-length'] = payload.length;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: c.method,
        path: fill(c.path, who),
        headers,
        agent,
        timeout: timeoutMs,
        ...(source(c) ? { localAddress: source(c) } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < 256 * 1024) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

const PAGE = /^\/(?:$|\?|portal(?:[/?]|$)|account(?:[/?]|$)|datasets(?:[/?]|$))/;

/** What is wrong with the answer to a case, or null when it is one the interface allows. */
/**
 * The submissions that shed load by design (issue 21): 503 service_unavailable with Retry-After when every PDF
 * inspection thread is busy or Temporal cannot be reached. Nothing else may answer 5xx.
 */
const SHEDS_LOAD = /^\/api\/v1\/(?:documents\/extract|verify\/async|verify\/batch)(?:\?|$)/;

function sheddingLoad(c: FuzzCase, answer: Answer): boolean {
  if (
    answer.status !== 503 ||
    c.method !== 'POST' ||
    !SHEDS_LOAD.test(c.path) ||
    answer.headers['retry-after'] === undefined
  )
    return false;
  try {
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    return (
      body.error === 'service_unavailable' &&
      body.code === 503 &&
      typeof body.message === 'string' &&
      Number.isInteger(body.retry_after)
    );
  } catch {
    return false;
  }
}

export function judge(c: FuzzCase, answer: Answer, head: number): string | null {
  const { status } = answer;
  // Node's own answer to a head over its limit never reaches the app (and carries no header of ours).
  if (status === 431 && head > HEAD_LIMIT - 512) return null;
  if (answer.headers['x-content-type-options'] !== 'nosniff')
    return `${status} without X-Content-Type-Options: nosniff`;
  if (sheddingLoad(c, answer)) return null;
  if (status >= 500 || status < 200) return `status ${status}`;
  if (status < 400) return null;
  if (c.method === 'HEAD') return null;
  const type = String(answer.headers['content-type'] ?? '');
  if (PAGE.test(c.path)) {
    // The pages answer HTML; the API's rate limit and the JSON error shape are fine there too.
    if (type.startsWith('text/html') || type.startsWith('application/json')) return null;
    return `a page answered ${status} with content-type ${type || 'none'}`;
  }
  if (!type.startsWith('application/json')) return `${status} with content-type ${type || 'none'}, not JSON`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return `${status} with a body that is not JSON`;
  }
  if (typeof body.error !== 'string' || body.error === '') return `${status} without an error code`;
  const syncVerify = c.method === 'POST' && /^\/api\/v1\/verify(?:\?|$)/.test(c.path);
  const variant = syncVerify && (body.error === 'missing_required_fields' || body.error === 'insufficient_credits');
  if (variant) {
    if (typeof body.detail !== 'string' || 'code' in body)
      return `${status} ${body.error} not in the docs/architecture.md#errors shape`;
  } else {
    if (typeof body.message !== 'string') return `${status} ${body.error} without a message`;
    if (body.code !== status) return `${status} ${body.error} with code ${String(body.code)}`;
  }
  if (status === 429 && !(Number.isInteger(body.retry_after) && answer.headers['retry-after'] !== undefined))
    return '429 without retry_after and Retry-After';
  if (status === 405 && !answer.headers.allow) return '405 without an Allow header';
  return null;
}

const preview = (text: string, max = 600) => {
  const json = JSON.stringify(text);
  return json.length > max ? `${json.slice(0, max)}… (${text.length} characters)` : json;
};

/** A case as a person reads it (and can send again): seed, index, request, and what came back. */
export function describeCase(
  seed: number,
  c: FuzzCase,
  pdfs: Record<PdfName, Buffer>,
  outcome: string,
  answer?: Answer,
): string {
  const body = c.body
    ? c.body.kind === 'multipart'
      ? `multipart ${JSON.stringify({ ...c.body, parts: c.body.parts.map((p) => ({ ...p, content: typeof p.content === 'string' ? p.content.slice(0, 200) : p.content })) })} (${bodyBytes(c.body, pdfs)!.length} bytes)`
      : c.body.kind === 'text'
        ? preview(c.body.text)
        : `base64 ${c.body.base64.slice(0, 600)}`
    : '(none)';
  return [
    `FUZZ_SEED=${seed} FUZZ_CASE=${c.index} (${c.family}): ${outcome}`,
    `  ${c.method} ${c.path.length > 600 ? `${c.path.slice(0, 600)}…` : c.path}`,
    `  auth: ${JSON.stringify(c.auth).slice(0, 300)}  headers: ${JSON.stringify(c.headers).slice(0, 600)}`,
    `  body: ${body}`,
    ...(answer ? [`  answer: ${answer.status} ${preview(answer.body, 400)}`] : []),
  ].join('\n');
}
