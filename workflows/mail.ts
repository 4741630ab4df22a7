import { ActivityFailure, proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { MailActivities } from '../activities/mail.js';
import { Outcome } from '../contracts/search-attributes.js';
import type { MailOutcome, PortalMailInput } from '../contracts/portal-mail.js';

/**
 * `portal-mail-{id}` (docs/architecture.md#portal-and-admin): sends one mail of the portal's outbox. A refusing or stalled mail server is
 * retried with backoff (from `retrySeconds`, doubling up to an hour) for a day; then the intent is given up and
 * its address forgotten. The UI shows each attempt's failure kind, never an address (the input is the intent's id).
 */
export async function portalMailWorkflow(input: PortalMailInput): Promise<MailOutcome | 'abandoned'> {
  const { sendPortalMail } = proxyActivities<MailActivities>({
    // Connection, greeting and socket timeouts of the SMTP client end a stalled attempt well within this.
    startToCloseTimeout: '2 minutes',
    scheduleToCloseTimeout: '1 day',
    retry: { initialInterval: `${input.retrySeconds} seconds`, backoffCoefficient: 2, maximumInterval: '1 hour' },
  });
  const { abandonPortalMail } = proxyActivities<MailActivities>({
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
  });
  try {
    const outcome = await sendPortalMail(input.id);
    upsertSearchAttributes([{ key: Outcome, value: outcome }]);
    return outcome;
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    await abandonPortalMail(input.id);
    upsertSearchAttributes([{ key: Outcome, value: 'abandoned' }]);
    return 'abandoned';
  }
}
