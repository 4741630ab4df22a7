import type { Request, Response } from 'express';
import { LinkRefused } from '../../domain/accounts/account.js';
import { findLink, type LinkRow } from '../../projections/accounts.js';
import { linkExpiredPage, linkInvalidPage, linkUsedPage, tooManyRequestsPage } from '../web/pages.js';
import type { PortalDeps } from './deps.js';
import type { Refusal } from './limits.js';

// The answers the portal's and the dashboard's routes share.

export const sendPage = (res: Response, status: number, html: string, options: { secret?: boolean } = {}) => {
  // Pages that show a key or a secret must not be kept by any cache, the browser's back-forward one included.
  if (options.secret) res.setHeader('Cache-Control', 'no-store');
  res.status(status).type('html').send(html);
};

/** A refusal of the abuse limits: the 429 page, with Retry-After. */
export function sendTooMany(deps: PortalDeps, req: Request, res: Response, refusal: Refusal) {
  res.setHeader('Retry-After', String(refusal.retryAfterSeconds));
  sendPage(res, 429, tooManyRequestsPage(deps.session.context(req, res), refusal));
}

/** The link a token names: null for anything that is not a string of a token's length, or not known. */
export async function linkOf(deps: PortalDeps, token: unknown): Promise<(LinkRow & { token: string }) | null> {
  if (typeof token !== 'string' || token === '' || token.length > 64) return null;
  const found = await findLink(deps.db, deps.accounts.tokenHash(token));
  return found ? { ...found, token } : null;
}

/**
 * Opens a link of the given purpose with `open`, or answers why it does not work: unknown (404), used or
 * expired (410, the expired page offering a new link).
 */
export async function openLink(
  deps: PortalDeps,
  req: Request,
  res: Response,
  purpose: LinkRow['purpose'],
  open: (link: LinkRow & { token: string }) => Promise<void>,
): Promise<void> {
  const ctx = () => deps.session.context(req, res);
  const link = await linkOf(deps, req.query.token);
  if (!link || link.purpose !== purpose) return sendPage(res, 404, linkInvalidPage(ctx()));
  try {
    await open(link);
  } catch (error) {
    if (!(error instanceof LinkRefused)) throw error;
    if (error.reason === 'used') return sendPage(res, 410, linkUsedPage(ctx(), { purpose }));
    if (error.reason === 'expired') return sendPage(res, 410, linkExpiredPage(ctx(), { token: link.token, purpose }));
    sendPage(res, 404, linkInvalidPage(ctx()));
  }
}
