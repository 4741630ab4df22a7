// The stylesheets and scripts of the pages for people, served by the service itself (docs/architecture.md#pages-for-people: no CDN).
// Each is read once at start-up; their ETag is the hash of the content, so a deploy that changes them changes
// the tag and browsers revalidate within the five-minute max-age. Each is compressed once (brotli and gzip, at
// their best settings, in the thread pool on its first request) and every later request gets those bytes as
// its Accept-Encoding allows: no per-request compression, which for a large bundle costs ~100 ms of
// CPU a request.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Router, type Request, type Response } from 'express';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this, compression saves less than the headers it adds (the `compression` middleware's threshold too). */
const COMPRESS_FROM_BYTES = 1024;
/** Brotli's best quality takes seconds for a megabyte; above this size, quality 9 (a few % larger, 10x faster). */
const BEST_QUALITY_UP_TO_BYTES = 256 * 1024;

export type Encoding = 'br' | 'gzip';

export interface Asset {
  body: Buffer;
  contentType: string;
  etag: string;
  /** The compressed bodies, made once on first use (compressed()). */
  encoded?: Promise<Record<Encoding, Buffer>>;
}

/** A file read once; `file` is a URL relative to this module or an absolute path (e.g. from require.resolve of an npm package). */
export function load(file: string, contentType: string): Asset {
  return loaded(read(file), contentType);
}

/**
 * Files read once and served as one, in the order given, each after a newline (every part ends with its own, so a
 * blank line stands between two): a stylesheet kept in parts for its authors is still one request, one ETag and one
 * compressed body for browsers.
 */
export function loadJoined(files: readonly string[], contentType: string): Asset {
  const newline = Buffer.from('\n');
  return loaded(Buffer.concat(files.map(read).flatMap((body, i) => (i === 0 ? [body] : [newline, body]))), contentType);
}

function read(file: string): Buffer {
  return readFileSync(file.startsWith('/') ? file : new URL(file, import.meta.url));
}

/** Bytes made in the process (a generated document), served like a file. */
export function loaded(body: Buffer, contentType: string): Asset {
  return { body, contentType, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/** The asset's brotli and gzip bodies, compressed once. */
export function compressed(asset: Asset): Promise<Record<Encoding, Buffer>> {
  if (!asset.encoded) {
    const { body } = asset;
    const quality = body.length <= BEST_QUALITY_UP_TO_BYTES ? constants.BROTLI_MAX_QUALITY : 9;
    asset.encoded = Promise.all([
      brotli(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
    ]).then(([br, gz]) => ({ br, gzip: gz }));
    // A failure is answered uncompressed this once and tried again on the next request.
    asset.encoded.catch(() => {
      asset.encoded = undefined;
    });
  }
  return asset.encoded;
}

/** The encoding to send: brotli, else gzip, when the request accepts it (q > 0); none without Accept-Encoding. */
export function encodingFor(req: Request): Encoding | null {
  if (!req.get('accept-encoding')) return null;
  if (req.acceptsEncodings('br') === 'br') return 'br';
  if (req.acceptsEncodings('gzip') === 'gzip') return 'gzip';
  return null;
}

/** Whether an If-None-Match header names this ETag: a list, weak or strong, or "*". */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** The handler that sends one loaded asset with its ETag and a five-minute cache, compressed when accepted. */
export function serve(asset: Asset) {
  const compressible = asset.body.length >= COMPRESS_FROM_BYTES;
  return async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('ETag', asset.etag);
    if (compressible) res.setHeader('Vary', 'Accept-Encoding');
    if (ifNoneMatchHits(req.get('if-none-match'), asset.etag)) {
      res.status(304).end();
      return;
    }
    const encoding = compressible ? encodingFor(req) : null;
    const body = encoding
      ? await compressed(asset).then(
          (bodies) => bodies[encoding],
          () => null,
        )
      : null;
    res.setHeader('Content-Type', asset.contentType);
    if (body && encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', String((body ?? asset.body).length));
    res.status(200).end(body ?? asset.body);
  };
}

/**
 * The parts of /assets/site.css, in cascade order: where two rules are equally specific the later one wins (the
 * narrowest phones' navigation in overrides.css over the header's own phone rules), so the order is part of the
 * stylesheet.
 */
export const SITE_CSS_PARTS = [
  'base',
  'header-nav-footer',
  'page-furniture',
  'cards',
  'alerts-badges',
  'buttons',
  'forms',
  'secrets-commands',
  'tables',
  'account',
  'jobs',
  'home',
  'overrides',
].map((part) => `./assets/site/${part}.css`);

export function assetRoutes(): Router {
  const router = Router();
  router.get('/assets/site.css', serve(loadJoined(SITE_CSS_PARTS, 'text/css; charset=utf-8')));
  router.get('/assets/site.js', serve(load('./assets/site.js', 'text/javascript; charset=utf-8')));
  return router;
}
