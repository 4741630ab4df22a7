// The dashboard (DESIGN §10): sign-in by e-mailed link, then overview, keys, webhooks and closing the account.
// Every state-changing action is a POST form carrying the CSRF field, so all of it works without JavaScript.
import type { ComponentChildren } from 'preact';
import { CsrfField, renderDocument, type PageContext } from '../layout.js';
import { count, formatDate, formatDateTime, formatNumber, formatTime } from './format.js';
import { AccountNav, Alert, Badge, KEY_TYPE_OPTIONS, SecretBox, ShownOnce, TableWrap, type KeyMode } from './parts.js';
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
          Sign-in is by e-mail only: keys taken with a name have no dashboard. No account yet?{' '}
          <a href="/portal">Get a key</a>.
        </p>
      </section>
    ),
  });
}

/** The frame of the four account pages: their heading, the sub-navigation, then the page. */
function AccountPage({
  ctx,
  title,
  current,
  intro,
  children,
}: {
  ctx: PageContext;
  title: string;
  current: string;
  intro?: ComponentChildren;
  children: ComponentChildren;
}): string {
  return renderDocument({
    ctx,
    title,
    children: (
      <>
        <div class="page-header">
          <p class="eyebrow">Your account</p>
          <h1>{title}</h1>
          {intro && <p class="lead">{intro}</p>}
        </div>
        <AccountNav current={current} />
        {children}
      </>
    ),
  });
}

/** A date over its time, so table columns stay narrow; both read as one phrase. */
function DateAndTime({ date }: { date: Date }) {
  return (
    <>
      {formatDate(date)}{' '}
      <span class="cell-note">{formatTime(date)}</span>
    </>
  );
}

const percent = (part: number, whole: number): number => (whole <= 0 ? 0 : Math.min(100, Math.round((part / whole) * 100)));

export function dashboardPage(
  ctx: PageContext,
  props: {
    plan: string;
    credits: { available: number; allowance: number; resetsAt: Date };
    requests: { thisMonth: number; monthlyLimit: number; perMinuteLimit: number };
    callsPerDay: Usage[];
    email: string;
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
          <section class="card stat" aria-labelledby="plan-heading">
            <h2 id="plan-heading">Plan</h2>
            <p class="stat-value plan-name">{props.plan}</p>
            <p class="small">
              Up to {count(requests.perMinuteLimit, 'request')} a minute and {formatNumber(requests.monthlyLimit)} a
              month.
            </p>
          </section>
          <section class="card stat" aria-labelledby="credits-heading">
            <h2 id="credits-heading">Credits</h2>
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
          </section>
          <section class="card stat" aria-labelledby="requests-heading">
            <h2 id="requests-heading">Requests this month</h2>
            <p class="stat-value">
              {formatNumber(requests.thisMonth)}{' '}
              <span class="stat-of">of {formatNumber(requests.monthlyLimit)}</span>
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
          </section>
        </div>
        <section class="card" aria-labelledby="calls-heading">
          <h2 id="calls-heading">Calls per day</h2>
          <UsageChart days={props.callsPerDay} />
        </section>
      </>
    ),
  });
}

export interface KeyRow {
  key_id: string;
  prefix: string;
  last4: string;
  mode: KeyMode;
  status: 'active' | 'revoked' | 'deactivated';
  created_at: Date;
  last_used_at: Date | null;
}

/** "pk_live_…abcd": what the service keeps of a key, enough to recognise it. */
export const maskedKey = (key: Pick<KeyRow, 'prefix' | 'last4'>): string => `${key.prefix}…${key.last4}`;

const STATUS_TONE: Record<KeyRow['status'], string> = { active: 'success', revoked: 'danger', deactivated: 'neutral' };
const MODE_TONE: Record<KeyMode, string> = { live: 'live', test: 'test' };

export function keysPage(ctx: PageContext, props: { keys: KeyRow[]; created?: { key: string; mode: KeyMode } }): string {
  return AccountPage({
    ctx,
    title: 'API keys',
    current: '/account/keys',
    children: (
      <>
        {props.created && (
          <ShownOnce heading={props.created.mode === 'live' ? 'Your new live key' : 'Your new test key'} keyValue={props.created.key} />
        )}
        <section class="card" aria-labelledby="keys-heading">
          <h2 id="keys-heading">Your keys</h2>
          {props.keys.length === 0 ? (
            <p class="empty">You have no keys yet. Create one below.</p>
          ) : (
            <TableWrap label="Table of your keys">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Key</th>
                    <th scope="col">Mode</th>
                    <th scope="col">Status</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last used</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {props.keys.map((key) => (
                    <tr key={key.key_id}>
                      <td>
                        <code>{maskedKey(key)}</code>
                      </td>
                      <td>
                        <Badge tone={MODE_TONE[key.mode]}>{key.mode}</Badge>
                      </td>
                      <td>
                        <Badge tone={STATUS_TONE[key.status]}>{key.status}</Badge>
                      </td>
                      <td>{formatDate(key.created_at)}</td>
                      <td>{key.last_used_at ? <DateAndTime date={key.last_used_at} /> : 'never'}</td>
                      <td class="cell-action">
                        {key.status === 'active' ? (
                          <a href={`/account/keys/${encodeURIComponent(key.key_id)}/revoke`} class="link-danger">
                            Revoke<span class="visually-hidden"> {maskedKey(key)}</span>
                          </a>
                        ) : (
                          <span aria-hidden="true">—</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
        </section>
        <section class="card" aria-labelledby="create-heading">
          <h2 id="create-heading">Create a key</h2>
          <p>Live keys spend credits; test keys answer from the sandbox and are never charged.</p>
          <form class="form form-inline" method="post" action="/account/keys">
            <CsrfField ctx={ctx} />
            <div class="field">
              <label for="mode">Key type</label>
              <select id="mode" name="mode">
                {KEY_TYPE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" class="button button-primary">
              Create key
            </button>
          </form>
        </section>
      </>
    ),
  });
}

export function revokeKeyPage(ctx: PageContext, props: { key: KeyRow }): string {
  const { key } = props;
  return renderDocument({
    ctx,
    title: `Revoke ${maskedKey(key)}`,
    bodyClass: 'page-narrow',
    children: (
      <section class="card card-danger">
        <p class="eyebrow">API keys</p>
        <h1>
          Revoke <code>{maskedKey(key)}</code>?
        </h1>
        <p class="lead">Calls with it will fail with 401 at once. This cannot be undone.</p>
        <dl class="details-list">
          <dt>Mode</dt>
          <dd>{key.mode}</dd>
          <dt>Created</dt>
          <dd>{formatDate(key.created_at)}</dd>
          <dt>Last used</dt>
          <dd>{key.last_used_at ? formatDateTime(key.last_used_at) : 'never'}</dd>
        </dl>
        <form method="post" action={`/account/keys/${encodeURIComponent(key.key_id)}/revoke`} class="actions">
          <CsrfField ctx={ctx} />
          <button type="submit" class="button button-danger">
            Revoke key
          </button>
          <a class="button button-secondary" href="/account/keys">
            Cancel
          </a>
        </form>
      </section>
    ),
  });
}

export interface DeliveryRow {
  job_id: string;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_code: number | null;
  last_attempt_at: Date | null;
  url: string;
}

const DELIVERY_TONE: Record<DeliveryRow['status'], string> = { pending: 'warning', delivered: 'success', failed: 'danger' };

export function webhooksPage(
  ctx: PageContext,
  props: { deliveries: DeliveryRow[]; rotatedSecret?: string; resent?: string; hasSecret: boolean },
): string {
  return AccountPage({
    ctx,
    title: 'Webhooks',
    current: '/account/webhooks',
    children: (
      <>
        {props.resent && <Alert kind="notice">A new delivery of {props.resent} is on its way.</Alert>}
        {props.rotatedSecret && (
          <section class="card card-highlight" aria-labelledby="new-secret-heading">
            <h2 id="new-secret-heading">Your new signing secret</h2>
            <Alert kind="warning">
              <strong>Copy it now.</strong> This secret will not be shown again.
            </Alert>
            <SecretBox id="webhook-secret" label="Signing secret" value={props.rotatedSecret} />
          </section>
        )}
        <section class="card" aria-labelledby="secret-heading">
          <h2 id="secret-heading">Signing secret</h2>
          <p>
            {props.hasSecret
              ? 'Every delivery is signed with your secret so your endpoint can check it came from us. '
              : 'You have no signing secret yet; rotating creates one. '}
            After a rotation the previous secret keeps signing alongside the new one for 24 hours, so you can switch
            without missing a delivery.
          </p>
          <form method="post" action="/account/webhooks/rotate" class="actions">
            <CsrfField ctx={ctx} />
            <button type="submit" class="button button-secondary">
              Rotate signing secret
            </button>
          </form>
        </section>
        <section class="card" aria-labelledby="deliveries-heading">
          <h2 id="deliveries-heading">Recent deliveries</h2>
          {props.deliveries.length === 0 ? (
            <p class="empty">
              No deliveries yet. When an async job started with a webhook_url finishes, its delivery shows here.
            </p>
          ) : (
            <>
              <p class="small">The last {count(Math.min(50, props.deliveries.length), 'delivery', 'deliveries')}, newest first.</p>
              <TableWrap label="Table of recent deliveries">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Event</th>
                      <th scope="col">Job</th>
                      <th scope="col">Status</th>
                      <th scope="col" class="numeric">
                        Attempts
                      </th>
                      <th scope="col">Response</th>
                      <th scope="col">Last attempt</th>
                      <th scope="col">
                        <span class="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {props.deliveries.map((delivery) => (
                      <tr key={delivery.job_id}>
                        <td>
                          <code>{delivery.event_type}</code>
                        </td>
                        <td>
                          <code class="wrap-anywhere">{delivery.job_id}</code>
                          <span class="cell-note">{delivery.url}</span>
                        </td>
                        <td>
                          <Badge tone={DELIVERY_TONE[delivery.status]}>{delivery.status}</Badge>
                        </td>
                        <td class="numeric">{formatNumber(delivery.attempts)}</td>
                        <td>{delivery.response_code ?? '—'}</td>
                        <td>{delivery.last_attempt_at ? <DateAndTime date={delivery.last_attempt_at} /> : '—'}</td>
                        <td class="cell-action">
                          <form method="post" action={`/account/webhooks/${encodeURIComponent(delivery.job_id)}/resend`}>
                            <CsrfField ctx={ctx} />
                            <button
                              type="submit"
                              class="button button-secondary button-small"
                              aria-label={`Resend ${delivery.job_id}`}
                            >
                              Resend
                            </button>
                          </form>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            </>
          )}
        </section>
      </>
    ),
  });
}

export function closeAccountPage(ctx: PageContext, props: { email: string }): string {
  return AccountPage({
    ctx,
    title: 'Close your account',
    current: '/account/close',
    children: (
      <section class="card card-danger" aria-labelledby="close-heading">
        <h2 id="close-heading">What closing does</h2>
        <p>
          This closes the account of <strong>{props.email}</strong>.
        </p>
        <ul>
          <li>Every key is revoked at once: calls with them fail with 401.</li>
          <li>Your e-mail address is erased, and you are signed out.</li>
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
      </section>
    ),
  });
}

export function accountClosedPage(ctx: PageContext): string {
  return renderDocument({
    ctx,
    title: 'Account closed',
    bodyClass: 'page-narrow',
    children: (
      <section class="card message">
        <h1>Your account is closed</h1>
        <p class="lead">Every key is revoked and your e-mail address is erased.</p>
        <p>Thank you for using the service. You are welcome back at any time.</p>
        <p class="actions">
          <a class="button button-secondary" href="/">
            Home
          </a>
          <a class="button button-secondary" href="/portal">
            Get a key
          </a>
        </p>
      </section>
    ),
  });
}
