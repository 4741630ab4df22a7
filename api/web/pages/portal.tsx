// The portal (DESIGN §10): one form that hands out keys, the pages its e-mailed link leads to, and the 429 page
// its limits answer with. No page here may tell whether an address already has an account.
import type { ComponentChildren } from 'preact';
import { CsrfField, renderDocument, type PageContext } from '../layout.js';
import { formatDate, formatTime, formatWait } from './format.js';
import { Alert, CommandBlock, firstCurl, KEY_TYPE_OPTIONS, SecretBox, ShownOnce, type KeyMode } from './parts.js';

type LinkPurpose = 'key' | 'sign_in';

const LINK_VALIDITY: Record<LinkPurpose, string> = { key: '24 hours', sign_in: '15 minutes' };

function PortalForm({ ctx, email, keyType }: { ctx: PageContext; email?: string; keyType?: KeyMode }) {
  return (
    <form class="form" method="post" action="/portal">
      <CsrfField ctx={ctx} />
      <div class="field">
        <label for="email">E-mail address or name</label>
        <input
          id="email"
          name="email"
          type="text"
          autocomplete="email"
          required
          maxlength={254}
          value={email}
          aria-describedby="email-hint"
        />
        <p class="hint" id="email-hint">
          An e-mail address gets a verification link. A name without @ gets a test key at once.
        </p>
      </div>
      <div class="field">
        <label for="key_type">Key type</label>
        <select id="key_type" name="key_type">
          {KEY_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value} selected={option.value === (keyType ?? 'live')}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div class="actions">
        <button type="submit" class="button button-primary">
          Get a key
        </button>
      </div>
    </form>
  );
}

function FreePlan() {
  return (
    <section class="card card-muted" aria-labelledby="free-plan">
      <h2 id="free-plan">The free plan</h2>
      <ul class="facts">
        <li>
          <strong>10 credits</strong> a month for live checks
        </li>
        <li>
          <strong>10 requests</strong> a minute
        </li>
        <li>
          <strong>2,000 requests</strong> a month
        </li>
      </ul>
      <p class="small">
        Test keys are never charged: they answer from a sandbox with the same response shapes.
      </p>
    </section>
  );
}

export function portalPage(ctx: PageContext, props: { email?: string; keyType?: KeyMode; error?: string }): string {
  return renderDocument({
    ctx,
    title: 'Get a key',
    children: (
      <>
        <div class="page-header">
          <h1>Get an API key</h1>
          <p class="lead">One form, no password. Keys start with pk_live_ or pk_test_.</p>
        </div>
        <div class="split">
          <section class="card" aria-labelledby="get-key">
            <h2 id="get-key" class="visually-hidden">
              Request a key
            </h2>
            {props.error && <Alert kind="error">{props.error}</Alert>}
            <PortalForm ctx={ctx} email={props.email} keyType={props.keyType} />
            <p class="after-form">
              <a href="/account">Already have an account? Sign in</a>
            </p>
          </section>
          <div class="stack">
            <section class="card card-muted" aria-labelledby="how">
              <h2 id="how">How it works</h2>
              <ul class="steps">
                <li>
                  <strong>An e-mail address</strong> gets a verification link, for a live or a test key. Opening it
                  shows the key.
                </li>
                <li>
                  <strong>A name without @</strong> gets a test key at once.
                </li>
                <li>
                  <strong>Live keys</strong> need a verified e-mail address, because they spend credits.
                </li>
              </ul>
            </section>
            <FreePlan />
          </div>
        </div>
      </>
    ),
  });
}

/** A short page with one message: the link pages and the inbox page look alike on purpose. */
function MessagePage({
  ctx,
  title,
  heading,
  eyebrow,
  children,
}: {
  ctx: PageContext;
  title: string;
  heading?: string;
  eyebrow?: string;
  children: ComponentChildren;
}): string {
  return renderDocument({
    ctx,
    title,
    bodyClass: 'page-narrow',
    children: (
      <section class="card message">
        {eyebrow && <p class="eyebrow">{eyebrow}</p>}
        <h1>{heading ?? title}</h1>
        {children}
      </section>
    ),
  });
}

export function checkInboxPage(ctx: PageContext, props: { purpose: LinkPurpose }): string {
  const back = props.purpose === 'key' ? { href: '/portal', label: 'Back to the portal' } : { href: '/account', label: 'Back to sign in' };
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
          Nothing arrived after a few minutes? Look in the spam folder, and check the address for typing mistakes
          before you ask again.
        </p>
        <p class="actions">
          <a class="button button-secondary" href={back.href}>
            {back.label}
          </a>
        </p>
      </>
    ),
  });
}

export function keyShownPage(
  ctx: PageContext,
  props: { key: string; mode: KeyMode; webhookSecret: string | null; baseUrl: string; newAccount: boolean },
): string {
  return renderDocument({
    ctx,
    title: props.mode === 'live' ? 'Your live key' : 'Your test key',
    children: (
      <>
        <div class="page-header">
          {props.newAccount && <p class="eyebrow">Your account is ready</p>}
          <h1>{props.mode === 'live' ? 'Your live key' : 'Your test key'}</h1>
        </div>
        <ShownOnce heading={props.mode === 'live' ? 'Live key' : 'Test key'} keyValue={props.key} />
        {props.webhookSecret !== null && (
          <section class="card" aria-labelledby="webhook-heading">
            <h2 id="webhook-heading">Webhook signing secret</h2>
            <p>
              Results of async jobs can be sent to your webhook_url. Every delivery is signed with this secret so you
              can check it came from us. It too is shown only now; you can rotate it later on the dashboard.
            </p>
            <SecretBox id="webhook-secret" label="Signing secret" value={props.webhookSecret} />
          </section>
        )}
        <section class="card" aria-labelledby="try-heading">
          <h2 id="try-heading">Try it</h2>
          <p>Verify a policy from a terminal:</p>
          <CommandBlock id="first-curl" label="First request" command={firstCurl(props.baseUrl, props.key)} />
          {props.mode === 'test' ? (
            <p class="small">
              This is a sandbox key: no credits are spent. A policy number starting with <code>FAIL_</code> answers
              unverified, one starting with <code>INCONCLUSIVE_</code> answers inconclusive, any other verified.
            </p>
          ) : (
            <p class="small">A verified or unverified answer costs 1 credit.</p>
          )}
        </section>
        <p class="actions">
          <a class="button button-primary" href="/docs">
            Read the docs
          </a>
          <a class="button button-secondary" href="/account">
            Go to your dashboard
          </a>
        </p>
      </>
    ),
  });
}

export function liveNeedsEmailPage(ctx: PageContext, props: { name: string }): string {
  return renderDocument({
    ctx,
    title: 'A live key needs an e-mail address',
    bodyClass: 'page-narrow',
    children: (
      <section class="card">
        <h1>A live key needs an e-mail address</h1>
        <p>
          Live keys spend credits, so they belong to a verified e-mail address. With a name you can have a test key
          straight away; or enter your e-mail address to get a verification link for a live key.
        </p>
        <PortalForm ctx={ctx} email={props.name} keyType="test" />
      </section>
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
            The key was shown when the link was first opened, and it cannot be shown again: only a hash of it is
            kept.
          </p>
          <p>Lost it? Get a new key, or sign in to manage your keys.</p>
          <p class="actions">
            <a class="button button-primary" href="/portal">
              Get a new key
            </a>
            <a class="button button-secondary" href="/account">
              Sign in
            </a>
          </p>
        </>
      ) : (
        <>
          <p class="lead">Sign-in links work once. Ask for a new one to sign in again.</p>
          <p class="actions">
            <a class="button button-primary" href="/account">
              Sign in
            </a>
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
        <p class="lead">Links are valid for {LINK_VALIDITY[props.purpose]}. We can send a new one to the same address.</p>
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
          <a class="button button-primary" href="/portal">
            Get a key
          </a>
          <a class="button button-secondary" href="/account">
            Sign in
          </a>
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
          To keep inboxes free of unwanted mail, the portal sends at most 5 e-mails to one address an hour and takes
          20 requests from one network an hour.
        </p>
        <p class="actions">
          <a class="button button-secondary" href="/">
            Home
          </a>
        </p>
      </>
    ),
  });
}
