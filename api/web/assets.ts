// The stylesheet and the one script of the pages for people, served by the service itself (DESIGN §12: no CDN).
// Both are read once at start-up; their ETag is the hash of the content, so a deploy that changes them changes
// the tag and browsers revalidate within the five-minute max-age.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Router, type Request, type Response } from 'express';

interface Asset {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** A file read once; `file` is a URL relative to this module or an absolute path (e.g. from require.resolve of an npm package). */
export function load(file: string, contentType: string): Asset {
  const body = readFileSync(file.startsWith('/') ? file : new URL(file, import.meta.url));
  return { body, contentType, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/** Whether an If-None-Match header names this ETag: a list, weak or strong, or "*". */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** The handler that sends one loaded asset with its ETag and a five-minute cache. */
export function serve(asset: Asset) {
  return (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('ETag', asset.etag);
    if (ifNoneMatchHits(req.get('if-none-match'), asset.etag)) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', asset.contentType);
    res.setHeader('Content-Length', String(asset.body.length));
    res.status(200).end(asset.body);
  };
}

export function assetRoutes(): Router {
  const router = Router();
  router.get('/assets/site.css', serve(load('./assets/site.css', 'text/css; charset=utf-8')));
  router.get('/assets/site.js', serve(load('./assets/site.js', 'text/javascript; charset=utf-8')));
  return router;
}
