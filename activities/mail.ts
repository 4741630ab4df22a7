// Activities of the portal's mail workflow (application/mail/outbox.ts): make the link an intent asks for and send
// it. What varies between a known and an unknown address (opening an account, finding none to sign in to) is
// done here, after the form has answered, so the answer cannot tell them apart; and every intent ends in a mail,
// so neither can the outbox.
import { traced } from '../infra/tracing/spans.js';
import { Context } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import type { Accounts } from '../application/accounts.js';
import type { Mailer } from '../infra/mail.js';
import { keyLinkMail, noAccountMail, signInMail, statementMail } from '../application/mail/messages.js';
import { findStatements } from '../application/ledger/statements.js';
import { DomainError } from '../domain/errors.js';
import { finishMail, mailIntent, recordAccount, recordAttempt, type MailIntent } from '../application/mail/outbox.js';
import type { Queryable } from '../infra/sql/sql.js';
import { isDomainError } from '../domain/errors.js';
import { PLANS } from '../domain/plans.js';
import { findAccountByAddress } from '../projections/account-rows.js';
import type { AccountReader } from '../projections/readers/accounts.js';
import type { MailOutcome } from '../contracts/portal-mail.js';

export interface MailActivityDeps {
  db: Queryable;
  accounts: Pick<Accounts, 'open' | 'requestKey' | 'requestSignIn' | 'addressHash'>;
  mailer: Mailer;
  /** Where links point: PUBLIC_BASE_URL. */
  baseUrl: string;
  /** A link is mailed once its row shows it: its click is looked up by its token, which folds from nothing. */
  reader: AccountReader;
}

const ACTOR = { actor: 'portal' };

/** What a failed send was, without the server's words (a refusal quotes the recipient). */
function kindOf(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; name?: string };
  return [e.name ?? 'Error', e.code, e.responseCode].filter(Boolean).join(' ');
}

export function mailActivities(deps: MailActivityDeps) {
  const link = (path: string, token: string) => `${deps.baseUrl}${path}?token=${encodeURIComponent(token)}`;

  /** The account a key link is for: the intent's, the address's, or one opened now (and recorded: once). */
  async function accountFor(intent: MailIntent & { address: string }): Promise<string> {
    if (intent.account_id) return intent.account_id;
    let id = (await findAccountByAddress(deps.db, deps.accounts.addressHash(intent.address)))?.account_id;
    if (!id) {
      const opened = await deps.accounts.open(
        { contact: { email: intent.address }, plan: 'free', limits: PLANS.free },
        ACTOR,
      );
      // Not waited for: the intent records it, so a retry opens none, and the link's wait covers it.
      id = opened.accountId;
    }
    await recordAccount(deps.db, intent.id, id);
    return id;
  }

  return {
    /**
     * Sends the mail of an intent: a key link (opening the address's account on its first request) or a sign-in
     * link (for an address without a confirmed, open account, a mail saying so: see noAccountMail). Each attempt makes a fresh link, so
     * one that a stalled server may or may not have delivered is never the only one. Throws on a refusal, for the
     * workflow's retries.
     */
    async sendPortalMail(id: string): Promise<MailOutcome> {
      const intent = await mailIntent(deps.db, id);
      if (!intent || intent.status !== 'pending' || !intent.address) return 'done-before';
      const address = intent.address;
      try {
        let mail;
        if (intent.purpose === 'statement') {
          const [statement] = await findStatements(deps.db, intent.account_id ?? '', intent.period ?? '');
          if (!statement) throw new DomainError('not_found', 'No statement for that month.');
          mail = statementMail(address, statement, `${deps.baseUrl}/account`);
        } else if (intent.purpose === 'key') {
          const accountId = await accountFor({ ...intent, address });
          const requested = await deps.accounts.requestKey(accountId, intent.mode ?? 'test', ACTOR);
          await deps.reader.shows(requested.position);
          mail = keyLinkMail(address, link('/portal/verify', requested.token), intent.mode ?? 'test');
        } else {
          const account = await findAccountByAddress(deps.db, deps.accounts.addressHash(address));
          const requested = account ? await deps.accounts.requestSignIn(account.account_id, ACTOR) : null;
          if (requested) {
            await deps.reader.shows(requested.position);
            mail = signInMail(address, link('/account/sign-in', requested.token));
          } else {
            // Sent, not skipped: an intent finished at once while a refusing server holds the others pending
            // would tell whoever reads the outbox's metrics which addresses have an account (issue 39).
            mail = noAccountMail(address, `${deps.baseUrl}/portal`);
          }
        }
        // The activity's cancellation (a worker's stop among its causes) gives the send up at once.
        const signal = Context.current().cancellationSignal;
        await traced('mail.send', { 'pvs.mail_id': id }, () => deps.mailer.send(mail, { signal }));
      } catch (error) {
        // Cancelled: no attempt to record; the mail stays pending for the next worker's.
        if (error instanceof CancelledFailure) throw error;
        // The account closed meanwhile, or another refusal of the domain: no retry makes it sendable.
        if (isDomainError(error)) {
          await finishMail(deps.db, id, 'abandoned');
          return 'nothing-to-send';
        }
        const kind = kindOf(error);
        await recordAttempt(deps.db, id, kind);
        throw ApplicationFailure.retryable(`The mail could not be sent (${kind}).`, 'MailNotSent');
      }
      await recordAttempt(deps.db, id, null);
      await finishMail(deps.db, id, 'sent');
      return 'sent';
    },

    /** A day of refusals: the intent is given up, and its address forgotten. */
    async abandonPortalMail(id: string): Promise<void> {
      await finishMail(deps.db, id, 'abandoned');
    },
  };
}

export type MailActivities = ReturnType<typeof mailActivities>;
