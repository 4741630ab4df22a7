// The portal's pages of one message (MessagePage): check your inbox, the e-mailed link used, expired or not
// valid, and the 429 page its limits answer with. None may tell whether an address already has an account.
import { CsrfField, type PageContext } from '../layout.js';
import { formatDate, formatTime, formatWait } from './format.js';
import { MessagePage } from './frames.js';
import { ButtonLink } from './parts.js';

type LinkPurpose = 'key' | 'sign_in';

const LINK_VALIDITY: Record<LinkPurpose, string> = { key: '24 hours', sign_in: '15 minutes' };

export function checkInboxPage(ctx: PageContext, props: { purpose: LinkPurpose }): string {
  const back =
    props.purpose === 'key'
      ? { href: '/portal', label: 'Back to the portal' }
      : { href: '/account', label: 'Back to sign in' };
  return MessagePage({
    ctx,
    title: 'Check your inbox',
    children: (
      <>
        <p class="lead">
          If the address can receive mail, a link is on its way. It works once and is valid for{' '}
          {LINK_VALIDITY[props.purpose]}.
        </p>
        <p>
          Nothing arrived after a few minutes? Look in the spam folder, and check the address for typing mistakes before
          you ask again.
        </p>
        <p class="actions">
          <ButtonLink href={back.href} kind="secondary">
            {back.label}
          </ButtonLink>
        </p>
      </>
    ),
  });
}

const CONFIRM: Record<LinkPurpose, { title: string; lead: string; button: string }> = {
  key: {
    title: 'Show your key',
    lead: 'Your key is shown once, on the next page. Keep it somewhere safe before you leave it.',
    button: 'Show my key',
  },
  sign_in: { title: 'Sign in', lead: 'Confirm to sign in to your dashboard on this device.', button: 'Sign me in' },
};

/** What a GET of a mailed link shows: the button that uses it (a prefetch by a mail scanner uses nothing). */
export function confirmLinkPage(
  ctx: PageContext,
  props: { token: string; purpose: LinkPurpose; action: string },
): string {
  const text = CONFIRM[props.purpose];
  return MessagePage({
    ctx,
    title: text.title,
    children: (
      <>
        <p class="lead">{text.lead}</p>
        <form method="post" action={props.action} class="actions">
          <CsrfField ctx={ctx} />
          <input type="hidden" name="token" value={props.token} />
          <button type="submit" class="button button-primary">
            {text.button}
          </button>
        </form>
      </>
    ),
  });
}

export function linkUsedPage(ctx: PageContext, props: { purpose: LinkPurpose }): string {
  return MessagePage({
    ctx,
    title: 'This link was already used',
    children:
      props.purpose === 'key' ? (
        <>
          <p class="lead">
            The key was shown when the link was first opened, and it cannot be shown again: only a hash of it is kept.
          </p>
          <p>Lost it? Get a new key, or sign in to manage your keys.</p>
          <p class="actions">
            <ButtonLink href="/portal" kind="primary">
              Get a new key
            </ButtonLink>
            <ButtonLink href="/account" kind="secondary">
              Sign in
            </ButtonLink>
          </p>
        </>
      ) : (
        <>
          <p class="lead">Sign-in links work once. Ask for a new one to sign in again.</p>
          <p class="actions">
            <ButtonLink href="/account" kind="primary">
              Sign in
            </ButtonLink>
          </p>
        </>
      ),
  });
}

export function linkExpiredPage(ctx: PageContext, props: { token: string; purpose: LinkPurpose }): string {
  return MessagePage({
    ctx,
    title: 'This link has expired',
    children: (
      <>
        <p class="lead">
          Links are valid for {LINK_VALIDITY[props.purpose]}. We can send a new one to the same address.
        </p>
        <form method="post" action="/portal/resend" class="actions">
          <CsrfField ctx={ctx} />
          <input type="hidden" name="token" value={props.token} />
          <button type="submit" class="button button-primary">
            Send a new link
          </button>
        </form>
      </>
    ),
  });
}

export function linkInvalidPage(ctx: PageContext): string {
  return MessagePage({
    ctx,
    title: 'This link is not valid',
    children: (
      <>
        <p class="lead">We do not know this link. It may have been cut short when it was copied from the e-mail.</p>
        <p class="actions">
          <ButtonLink href="/portal" kind="primary">
            Get a key
          </ButtonLink>
          <ButtonLink href="/account" kind="secondary">
            Sign in
          </ButtonLink>
        </p>
      </>
    ),
  });
}

export function tooManyRequestsPage(ctx: PageContext, props: { retryAfterSeconds: number; retryAt: Date }): string {
  const sameDay = formatDate(props.retryAt) === formatDate(new Date());
  const when = sameDay ? formatTime(props.retryAt) : `${formatTime(props.retryAt)} on ${formatDate(props.retryAt)}`;
  return MessagePage({
    ctx,
    title: 'Too many requests',
    eyebrow: 'Error 429',
    children: (
      <>
        <p class="lead">
          Try again in {formatWait(props.retryAfterSeconds)}, after {when}.
        </p>
        <p>
          To keep inboxes free of unwanted mail, the portal sends at most 5 e-mails to one address an hour and takes 20
          requests from one network an hour.
        </p>
        <p class="actions">
          <ButtonLink href="/" kind="secondary">
            Home
          </ButtonLink>
        </p>
      </>
    ),
  });
}
