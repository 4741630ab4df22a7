// What the signed-in pages of /account share (api/portal/account-routes.ts, key-routes.ts, webhook-routes.ts): the
// page context, the actor their events name, the gate that answers the sign-in page instead, and the key rows.
import type { NextFunction, Request, Response } from 'express';
import { listKeys, type AccountRow } from '../../projections/account-rows.js';
import { lastUsed } from '../../projections/usage.js';
import { errorPage, signInPage, type KeyRow } from '../web/pages.js';
import { sendPage } from './answers.js';
import type { PortalDeps } from './deps.js';

/** Whom the pages say is signed in: the address, or the name of an account a name opened. */
export const contactOf = (account: AccountRow) => account.email ?? account.name ?? '';

export function signedInPages(deps: PortalDeps) {
  const ctx = (req: Request, res: Response) => deps.session.context(req, res);
  const actor = (account: AccountRow) => ({ actor: `portal:${account.account_id}` });

  /** The signed-in account, or the sign-in page instead of the one asked for. */
  const signedIn = (req: Request, res: Response, next: NextFunction) => {
    if (req.portal?.account) return next();
    sendPage(res, 401, signInPage(ctx(req, res), { notice: 'Sign in to see your account.' }));
  };
  const me = (req: Request) => req.portal!.account!;

  async function keyRows(accountId: string): Promise<KeyRow[]> {
    const [keys, used] = await Promise.all([listKeys(deps.db, accountId), lastUsed(deps.db, accountId)]);
    const usedAt = new Map(used.map((row) => [row.key_id, row.last_used_at]));
    return keys.map((key) => ({
      key_id: key.key_id,
      name: key.name,
      prefix: key.prefix,
      last4: key.last4,
      mode: key.mode as KeyRow['mode'],
      status: key.status as KeyRow['status'],
      created_at: key.created_at,
      last_used_at: usedAt.get(key.key_id) ?? null,
    }));
  }
  /** The error page, in the portal's layout, for what the signed-in account asked. */
  const sendError = (req: Request, res: Response, status: number, title: string, message: string) =>
    sendPage(res, status, errorPage(ctx(req, res), { status, title, message }));
  return { ctx, actor, signedIn, me, keyRows, sendError };
}
