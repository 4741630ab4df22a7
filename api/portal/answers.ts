import type { Request, Response } from 'express';
import { LinkRefused, openLink as checkLink } from '../../domain/accounts/account.js';
import { findLink, type LinkRow } from '../../projections/account-rows.js';
import { confirmLinkPage, linkExpiredPage, linkInvalidPage, linkUsedPage, tooManyRequestsPage } from '../web/pages.js';
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

/** Why a known link no longer works (used, expired, or its account closed), or null while it works. */
export async function refusalOf(deps: PortalDeps, link: LinkRow & { token: string }): Promise<LinkRefused | null> {
  try {
    checkLink(
      await deps.accounts.state(link.account_id),
      deps.accounts.tokenHash(link.token),
      link.purpose,
      new Date(),
    );
    return null;
  } catch (error) {
    if (!(error instanceof LinkRefused)) throw error;
    return error;
  }
}

/** Answers a link that does not work: unknown (404), used or expired (410, the expired page offering a new one). */
export function refuseLink(
  deps: PortalDeps,
  req: Request,
  res: Response,
  purpose: LinkRow['purpose'],
  token: string,
  error: unknown,
): void {
  if (!(error instanceof LinkRefused)) throw error;
  const ctx = deps.session.context(req, res);
  if (error.reason === 'used') return sendPage(res, 410, linkUsedPage(ctx, { purpose }));
  if (error.reason === 'expired') return sendPage(res, 410, linkExpiredPage(ctx, { token, purpose }));
  sendPage(res, 404, linkInvalidPage(ctx));
}

/**
 * A GET (or HEAD) of a mailed link: the page with its Confirm button, which posts the token to `action`. Nothing
 * is used here: mail scanners and link previews fetch links before their reader does, and must not spend them.
 */
export async function confirmLink(
  deps: PortalDeps,
  req: Request,
  res: Response,
  purpose: LinkRow['purpose'],
  action: string,
): Promise<void> {
  const link = await linkOf(deps, req.query.token);
  if (!link || link.purpose !== purpose) return sendPage(res, 404, linkInvalidPage(deps.session.context(req, res)));
  const refused = await refusalOf(deps, link);
  if (refused) return refuseLink(deps, req, res, purpose, link.token, refused);
  sendPage(res, 200, confirmLinkPage(deps.session.context(req, res), { token: link.token, purpose, action }), {
    secret: true,
  });
}

/**
 * Uses a link of the given purpose (the Confirm button's POST, its token in the body) with `open`, or answers
 * why it does not work.
 */
export async function openLink(
  deps: PortalDeps,
  req: Request,
  res: Response,
  purpose: LinkRow['purpose'],
  open: (link: LinkRow & { token: string }) => Promise<void>,
): Promise<void> {
  const link = await linkOf(deps, req.body?.token);
  if (!link || link.purpose !== purpose) return sendPage(res, 404, linkInvalidPage(deps.session.context(req, res)));
  try {
    await open(link);
  } catch (error) {
    return refuseLink(deps, req, res, purpose, link.token, error);
  }
  deps.forgetMailedLink(link.token);
}
