// Request and response plumbing shared by the datasets handlers: slugs and cached bodies.
import type { Request, Response } from 'express';
import { matchesIfNoneMatch, type CachedBody } from '../../infra/datasets/response-cache.js';
import { ApiError } from '../errors.js';
import { isSlug } from './datasets-schemas.js';

export const notFound = (slug: string) =>
  ApiError.of('not_found', `No dataset with slug ${JSON.stringify(slug.slice(0, 100))}.`);

/** The slug of the path, or 404 when it cannot name a dataset. */
export function slugOf(req: Request): string {
  const slug = String(req.params.slug);
  if (!isSlug(slug)) throw notFound(slug);
  return slug;
}

/** Series and previews change only when a dataset refreshes: clients and proxies may reuse them for a while. */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * The body with its validators; 304 when the client's copy is current. `vary` names the request headers the
 * body depends on, so a shared cache does not hand a CSV answer to a client that asked for JSON.
 */
export function sendCached(req: Request, res: Response, cached: CachedBody, vary?: string): void {
  res.setHeader('ETag', cached.etag);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  if (vary) res.setHeader('Vary', vary);
  if (matchesIfNoneMatch(req.headers['if-none-match'], cached.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', cached.type);
  res.setHeader('Content-Length', cached.body.length);
  res.end(cached.body);
}
