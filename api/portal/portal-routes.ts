import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { SCOPES, type KeyMode } from '../../domain/accounts/keys.js';
import { PLANS } from '../../domain/plans.js';
import { isStorableText } from '../../domain/text/storable.js';
import { checkInboxPage, confirmLinkPage, keyShownPage, linkInvalidPage, portalPage } from '../web/pages.js';
import { confirmLink, linkOf, openLink, refuseLink, refusalOf, sendPage, sendTooMany } from './answers.js';
import type { PortalDeps } from './deps.js';
import type { PortalLimits, Refusal } from './limits.js';

// /portal: a key for anyone who asks (docs/architecture.md#portal-and-admin). An address gets a link by e-mail and the key when it is
// opened; a name gets a test key at once. The answer to an address never tells whether it had an account.

const ACTOR = { actor: 'portal' };

const PortalForm = z.object({
  email: z.string().trim().min(1).max(254).refine(isStorableText),
  key_type: z.enum(['live', 'test']),
});

export const isAddress = (text: string) => z.email().safeParse(text).success;

export function portalRoutes(deps: PortalDeps, limits: PortalLimits): Router {
  const router = Router();
  const ctx = (req: Request, res: Response) => deps.session.context(req, res);
  const tooMany = (req: Request, res: Response, refusal: Refusal) => sendTooMany(deps, req, res, refusal);
  router.get('/portal', (req, res) => {
    const keyType = req.query.key_type === 'live' || req.query.key_type === 'test' ? req.query.key_type : undefined;
    sendPage(res, 200, portalPage(ctx(req, res), keyType ? { keyType } : {}));
  });

  router.post('/portal', async (req, res) => {
    const refused = await limits.submission(req.ip ?? 'unknown');
    if (refused) return tooMany(req, res, refused);
    const form = PortalForm.safeParse(req.body ?? {});
    if (!form.success) {
      const email = typeof req.body?.email === 'string' ? req.body.email.slice(0, 254) : '';
      return sendPage(
        res,
        400,
        portalPage(ctx(req, res), { email, error: 'Enter an e-mail address or a name, and choose a key type.' }),
      );
    }
    const { email: contact, key_type: mode } = form.data;
    if (!contact.includes('@')) return nameKey(req, res, contact, mode);
    if (!isAddress(contact)) {
      return sendPage(
        res,
        400,
        portalPage(ctx(req, res), {
          email: contact,
          keyType: mode,
          error: 'That does not look like an e-mail address. Check it, or enter a name for a test key.',
        }),
      );
    }
    const mails = await limits.mailTo(contact);
    if (mails) return tooMany(req, res, mails);
    await deps.queueMail({ purpose: 'key', address: contact, mode });
    sendPage(res, 200, checkInboxPage(ctx(req, res), { purpose: 'key' }));
  });

  /**
   * The name path: a test key at once, on a free account of its own, whatever key type was chosen. A live key
   * needs a verified address; the key's page says so when one was asked for, rather than sending the person
   * back to a form with an error.
   */
  async function nameKey(req: Request, res: Response, name: string, asked: KeyMode) {
    const { accountId } = await deps.accounts.open({ contact: { name }, plan: 'free', limits: PLANS.free }, ACTOR);
    await deps.ledger.open(accountId, PLANS.free.monthlyCredits, ACTOR);
    const created = await deps.accounts.createKey(accountId, { mode: 'test', scopes: [...SCOPES] }, ACTOR);
    const webhookSecret = await deps.accounts.webhookSecret(accountId, false, ACTOR);
    // Signed in at once: no link can reach an account without an address, and its owner may want it closed.
    const session = await deps.accounts.startSession(accountId, ACTOR);
    await deps.reader.shows(session.position ?? created.position);
    deps.session.signIn(req, res, session.session, session.expiresAt);
    await deps.startKeyExpiry(accountId, created.keyId, 'test');
    const page = keyShownPage(ctx(req, res), {
      key: created.key,
      mode: 'test',
      webhookSecret,
      baseUrl: deps.baseUrl,
      newAccount: true,
      liveAskedByName: asked === 'live',
    });
    sendPage(res, 201, page, { secret: true });
  }

  router.get('/portal/verify', (req, res) => confirmLink(deps, req, res, 'key', '/portal/verify'));
  router.post('/portal/verify', (req, res) =>
    openLink(deps, req, res, 'key', async (found) => {
      const activated = await deps.accounts.activateRequestedKey(found.account_id, found.token, ACTOR);
      const state = await deps.accounts.state(found.account_id);
      // Credits start with the first key the address confirms (opening twice in a month grants nothing twice).
      await deps.ledger.open(found.account_id, state.limits?.monthlyCredits ?? PLANS.free.monthlyCredits, ACTOR);
      const webhookSecret = await deps.accounts.webhookSecret(found.account_id, false, ACTOR);
      // The link proved the address as a sign-in link would: the page's "Go to your dashboard" must not ask for
      // another mail.
      const session = await deps.accounts.startSession(found.account_id, ACTOR);
      await deps.reader.shows(session.position ?? activated.position);
      deps.session.signIn(req, res, session.session, session.expiresAt);
      if (state.plan === 'free') await deps.startKeyExpiry(found.account_id, activated.keyId, activated.mode);
      const page = keyShownPage(ctx(req, res), {
        key: activated.key,
        mode: activated.mode,
        webhookSecret,
        baseUrl: deps.baseUrl,
        newAccount: false,
      });
      sendPage(res, 200, page, { secret: true });
    }),
  );

  /** An expired link's button: a new link of the same kind to the same address. */
  router.post('/portal/resend', async (req, res) => {
    const refused = await limits.submission(req.ip ?? 'unknown');
    if (refused) return tooMany(req, res, refused);
    const found = await linkOf(deps, req.body?.token);
    if (!found?.email) return sendPage(res, 404, linkInvalidPage(ctx(req, res)));
    // Only an expired link earns a new one: a used link did its work (its key was shown, its session began), a
    // live one still works (its page, with its Confirm button, is the answer), and one of a closed account is
    // nobody's. Anything else would let whoever holds a link fill its address's inbox.
    const refusal = await refusalOf(deps, found);
    if (!refusal) {
      const action = found.purpose === 'key' ? '/portal/verify' : '/account/sign-in/confirm';
      return sendPage(
        res,
        200,
        confirmLinkPage(ctx(req, res), { token: found.token, purpose: found.purpose, action }),
        { secret: true },
      );
    }
    if (refusal.reason !== 'expired') return refuseLink(deps, req, res, found.purpose, found.token, refusal);
    const mails = await limits.mailTo(found.email);
    if (mails) return tooMany(req, res, mails);
    if (found.purpose === 'key')
      await deps.queueMail({
        purpose: 'key',
        address: found.email,
        mode: found.mode ?? 'test',
        accountId: found.account_id,
      });
    else await deps.queueMail({ purpose: 'sign_in', address: found.email });
    sendPage(res, 200, checkInboxPage(ctx(req, res), { purpose: found.purpose }));
  });

  return router;
}
