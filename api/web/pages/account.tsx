// The dashboard (docs/architecture.md#portal-and-admin): sign-in by e-mailed link, the overview, and closing the account; the keys and the
// webhooks have pages of their own (keys.tsx, webhooks.tsx).
// Every state-changing action is a POST form carrying the CSRF field, so all of it works without JavaScript.
import { CsrfField, renderDocument, type PageContext } from '../layout.js';
import { count, formatDate, formatNumber } from './format.js';
import { AccountPage, MessagePage } from './frames.js';
import { Alert, ButtonLink, Card } from './parts.js';
import { UsageChart, type Usage } from './usage-chart.js';

export function signInPage(ctx: PageContext, props: { error?: string; notice?: string }): string {
  return renderDocument({
    ctx,
    title: 'Sign in',
    bodyClass: 'page-narrow',
    children: (
      <section class="card">
        <h1>Sign in</h1>
        <p>We send you a link that signs you in. It works once, for 15 minutes. There is no password.</p>
        {props.error && <Alert kind="error">{props.error}</Alert>}
        {props.notice && <Alert kind="notice">{props.notice}</Alert>}
        <form class="form" method="post" action="/account/sign-in">
          <CsrfField ctx={ctx} />
          <div class="field">
            <label for="email">E-mail address</label>
            <input id="email" name="email" type="email" autocomplete="email" required maxlength={254} />
          </div>
          <div class="actions">
            <button type="submit" class="button button-primary">
              Send me a sign-in link
            </button>
          </div>
        </form>
        <p class="small after-form">
          Sign-in is by e-mail only: an account opened with a name is signed in for 12 hours where its key is shown, and
          cannot sign in again. No account yet? <a href="/portal">Get a key</a>.
        </p>
      </section>
    ),
  });
}

const percent = (part: number, whole: number): number =>
  whole <= 0 ? 0 : Math.min(100, Math.round((part / whole) * 100));

export function dashboardPage(
  ctx: PageContext,
  props: {
    plan: string;
    credits: { available: number; allowance: number; resetsAt: Date };
    requests: { thisMonth: number; monthlyLimit: number; perMinuteLimit: number };
    callsPerDay: Usage[];
    /** The account's address, or the name it was opened with. */
    email: string;
    /** The signed monthly credit statements, newest first. */
    statements: { period: string; closed: boolean; editions: number }[];
  },
): string {
  const { credits, requests } = props;
  return AccountPage({
    ctx,
    title: 'Overview',
    current: '/account',
    intro: (
      <>
        Signed in as <strong>{props.email}</strong>
      </>
    ),
    children: (
      <>
        <div class="cards">
          <Card id="plan-heading" heading="Plan" kind="stat">
            <p class="stat-value plan-name">{props.plan}</p>
            <p class="small">
              Up to {count(requests.perMinuteLimit, 'request')} a minute and {formatNumber(requests.monthlyLimit)} a
              month.
            </p>
          </Card>
          <Card id="credits-heading" heading="Credits" kind="stat">
            <p class="stat-value">
              {formatNumber(credits.available)} <span class="stat-of">of {formatNumber(credits.allowance)} left</span>
            </p>
            <meter
              class="gauge"
              min={0}
              max={Math.max(1, credits.allowance)}
              value={Math.min(credits.available, Math.max(1, credits.allowance))}
              aria-label={`Credits left: ${formatNumber(credits.available)} of ${formatNumber(credits.allowance)}`}
            >
              {percent(credits.available, credits.allowance)}%
            </meter>
            <p class="small">Resets on {formatDate(credits.resetsAt)} (UTC).</p>
          </Card>
          <Card id="requests-heading" heading="Requests this month" kind="stat">
            <p class="stat-value">
              {formatNumber(requests.thisMonth)} <span class="stat-of">of {formatNumber(requests.monthlyLimit)}</span>
            </p>
            <progress
              class="gauge"
              max={Math.max(1, requests.monthlyLimit)}
              value={Math.min(requests.thisMonth, Math.max(1, requests.monthlyLimit))}
              aria-label={`Requests this month: ${formatNumber(requests.thisMonth)} of ${formatNumber(requests.monthlyLimit)}`}
            >
              {percent(requests.thisMonth, requests.monthlyLimit)}%
            </progress>
            <p class="small">{percent(requests.thisMonth, requests.monthlyLimit)}% of the monthly quota used.</p>
          </Card>
        </div>
        <Card id="calls-heading" heading="Calls per day">
          <UsageChart days={props.callsPerDay} />
        </Card>
        <Card id="documents-heading" heading="Extracted documents">
          <p>
            Check what was read from your documents, each page with its fields boxed, and correct a field.{' '}
            <a href="/account/jobs">Your extractions</a>
          </p>
        </Card>
        <Card id="statements-heading" heading="Credit statements">
          {props.statements.length === 0 ? (
            <p class="small">Your first signed statement comes when this month closes.</p>
          ) : (
            <ul class="statements">
              {props.statements.map((s) => (
                <li>
                  <a href={`/account/statements/${s.period}.json`} download>
                    {s.period}
                  </a>
                  {s.closed ? '' : ' (month so far)'}
                  {s.editions > 1 ? ` (${s.editions} editions)` : ''}
                </li>
              ))}
            </ul>
          )}
          <p class="actions">
            <a href="/account/ledger.jsonl" download>
              Download your ledger
            </a>{' '}
            {props.statements.length > 0 ? (
              <a href="/account/statements.json" download>
                Download every statement
              </a>
            ) : null}
          </p>
          <p class="small">
            Each is signed; check them against your ledger with <code>npx pvs-verify-ledger</code> (see the{' '}
            <a href="/docs/ledger-verification">ledger verification guide</a>).
          </p>
        </Card>
        <Card id="close-account-heading" heading="Close the account" kind="card-muted">
          <p>Revokes every key at once and erases your contact details. It cannot be undone.</p>
          <p class="actions">
            <ButtonLink href="/account/close" kind="secondary">
              Close account…
            </ButtonLink>
          </p>
        </Card>
      </>
    ),
  });
}

/** `email`: the account's address, or the name it was opened with. */
export function closeAccountPage(ctx: PageContext, props: { email: string }): string {
  return AccountPage({
    ctx,
    title: 'Close your account',
    current: '/account/close',
    children: (
      <Card id="close-heading" heading="What closing does" kind="card-danger">
        <p>
          This closes the account of <strong>{props.email}</strong>.
        </p>
        <ul>
          <li>Every key is revoked at once: calls with them fail with 401.</li>
          <li>Your e-mail address or name is erased, and you are signed out.</li>
          <li>The credit ledger keeps its entries for audit, without your address.</li>
        </ul>
        <form class="form" method="post" action="/account/close">
          <CsrfField ctx={ctx} />
          <div class="check">
            <input id="confirm" name="confirm" type="checkbox" value="yes" required />
            <label for="confirm">I understand this cannot be undone</label>
          </div>
          <div class="actions">
            <button type="submit" class="button button-danger">
              Close account
            </button>
          </div>
        </form>
      </Card>
    ),
  });
}

export function accountClosedPage(ctx: PageContext): string {
  return MessagePage({
    ctx,
    title: 'Account closed',
    heading: 'Your account is closed',
    children: (
      <>
        <p class="lead">Every key is revoked and your e-mail address is erased.</p>
        <p>Thank you for using the service. You are welcome back at any time.</p>
        <p class="actions">
          <ButtonLink href="/" kind="secondary">
            Home
          </ButtonLink>
          <ButtonLink href="/portal" kind="secondary">
            Get a key
          </ButtonLink>
        </p>
      </>
    ),
  });
}
