import { contract } from './workflow.js';

/** `portal-mail-{id}`: one mail of the portal's outbox (application/mail/outbox.ts), sent with retries for a day. */
export interface PortalMailInput {
  /** The intent's id in the mail outbox: the workflow's input holds no address. */
  id: string;
  /** First retry interval; it doubles up to an hour, for a day in all. */
  retrySeconds: number;
}

export type MailOutcome = 'sent' | 'nothing-to-send' | 'done-before';

export const PORTAL_MAIL_WORKFLOW = contract<PortalMailInput, MailOutcome | 'abandoned', 'portalMailWorkflow'>(
  'portalMailWorkflow',
  (input) => `portal-mail-${input.id}`,
);
