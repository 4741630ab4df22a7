// /account/keys: an account's API keys on its dashboard, made and revoked by its owner.
import { Router, type Request } from 'express';
import { z } from 'zod';
import { SCOPES } from '../../domain/accounts/keys.js';
import { isStorableText } from '../../domain/text/storable.js';
import { keysPage, revokeKeyPage } from '../web/pages.js';
import { sendPage, sendTooMany } from './answers.js';
import type { PortalDeps } from './deps.js';
import type { PortalLimits } from './limits.js';
import { signedInPages } from './signed-in.js';

/** A key's optional label: trimmed, up to 60 characters of text the store can keep. */
const KeyName = z.string().trim().max(60).refine(isStorableText);

export function keyRoutes(deps: PortalDeps, limits: PortalLimits): Router {
  const router = Router();
  const { ctx, actor, signedIn, me, keyRows, sendError } = signedInPages(deps);

  router.get('/account/keys', signedIn, async (req, res) => {
    sendPage(res, 200, keysPage(ctx(req, res), { keys: await keyRows(me(req).account_id) }));
  });

  router.post('/account/keys', signedIn, async (req, res) => {
    const account = me(req);
    const throttled = await limits.dashboardAction(account.account_id);
    if (throttled) return sendTooMany(deps, req, res, throttled);
    const mode = z.enum(['live', 'test']).safeParse(req.body?.mode);
    if (!mode.success) return sendError(req, res, 400, 'Choose a key type', 'A key is live or test.');
    const name = KeyName.safeParse(req.body?.name ?? '');
    if (!name.success)
      return sendError(req, res, 400, 'Choose another name', 'A key’s name is up to 60 characters of text.');
    const created = await deps.accounts.createKey(
      account.account_id,
      { mode: mode.data, scopes: [...SCOPES], ...(name.data ? { name: name.data } : {}) },
      actor(account),
    );
    await deps.reader.shows(created.position);
    if (account.plan === 'free') await deps.startKeyExpiry(account.account_id, created.keyId, mode.data);
    const page = keysPage(ctx(req, res), {
      keys: await keyRows(account.account_id),
      created: { key: created.key, mode: mode.data },
    });
    sendPage(res, 201, page, { secret: true });
  });

  const ownKey = async (req: Request) =>
    (await keyRows(me(req).account_id)).find((key) => key.key_id === req.params.keyId) ?? null;

  router.get('/account/keys/:keyId/revoke', signedIn, async (req, res) => {
    const key = await ownKey(req);
    if (!key) return sendError(req, res, 404, 'No such key', 'This key is not one of your account’s.');
    sendPage(res, 200, revokeKeyPage(ctx(req, res), { key }));
  });

  router.post('/account/keys/:keyId/revoke', signedIn, async (req, res) => {
    const account = me(req);
    const key = await ownKey(req);
    if (!key) return sendError(req, res, 404, 'No such key', 'This key is not one of your account’s.');
    const handled = await deps.accounts.revokeKey(account.account_id, key.key_id, actor(account));
    await deps.reader.shows(handled.position);
    // This process's cache forgets at once; other API processes within their half-second TTL.
    deps.keys.forget();
    res.redirect(303, '/account/keys');
  });

  return router;
}
