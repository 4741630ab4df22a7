import type { KeyMode } from '../../domain/accounts/keys.js';
import { PLANS } from '../../domain/plans.js';
import { findAccountByEmail } from '../../projections/accounts.js';
import type { PortalDeps } from './deps.js';
import { keyLinkMail, signInMail } from './messages.js';

/** The two links the portal mails; each waits for the read models, so that the link works the moment it arrives. */
export function portalLinks(deps: PortalDeps) {
  const link = (path: string, token: string) => `${deps.baseUrl}${path}?token=${encodeURIComponent(token)}`;
  const actor = { actor: 'portal' };
  return {
    /** A key link to an address: its account, opened on the first request, holds the waiting key. */
    async mailKeyLink(address: string, mode: KeyMode, accountId?: string): Promise<void> {
      let id = accountId ?? (await findAccountByEmail(deps.db, address))?.account_id;
      if (!id) id = (await deps.accounts.open({ contact: { email: address }, plan: 'free', limits: PLANS.free }, actor)).accountId;
      const requested = await deps.accounts.requestKey(id, mode, actor);
      if (requested.position) await deps.readModelsAt(requested.position, 5000);
      await deps.mailer.send(keyLinkMail(address, link('/portal/verify', requested.token), mode));
    },

    /** A sign-in link, sent only when the address belongs to a verified, open account: otherwise nothing. */
    async mailSignInLink(address: string): Promise<void> {
      const account = await findAccountByEmail(deps.db, address);
      const requested = account ? await deps.accounts.requestSignIn(account.account_id, actor) : null;
      if (!requested) return;
      await deps.readModelsAt(requested.position, 5000);
      await deps.mailer.send(signInMail(address, link('/account/sign-in', requested.token)));
    },
  };
}
