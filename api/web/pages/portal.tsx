// The portal (docs/architecture.md#portal-and-admin): one form that hands out keys and the page that shows a new key; the pages its e-mailed
// link leads to and its 429 page are in messages.tsx. No page here may tell whether an address already has an
// account.
import { MONITOR_CREDITS_PER_MONTH } from '../../../domain/ledger/pricing.js';
import { CsrfField, renderDocument, type PageContext } from '../layout.js';
import {
  Alert,
  ButtonLink,
  Card,
  CommandBlock,
  firstCurl,
  KEY_TYPE_OPTIONS,
  type KeyMode,
  SecretBox,
  ShownOnce,
} from './parts.js';

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
        <select id="key_type" name="key_type" aria-describedby="key-type-hint">
          {KEY_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value} selected={option.value === (keyType ?? 'live')}>
              {option.label}
            </option>
          ))}
        </select>
        <p class="hint" id="key-type-hint">
          A live key needs an e-mail address: a name always gets a test key.
        </p>
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
    <Card id="free-plan" heading="The free plan" kind="card-muted">
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
        A verified or unverified answer costs 1 credit; a policy monitor {MONITOR_CREDITS_PER_MONTH} credits for each
        month it watches (it pauses when they run out, and resumes at the next grant). Test keys are never charged: they
        answer from a sandbox with the same response shapes.
      </p>
    </Card>
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
            <Card id="how" heading="How it works" kind="card-muted">
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
            </Card>
            <FreePlan />
          </div>
        </div>
      </>
    ),
  });
}
export function keyShownPage(
  ctx: PageContext,
  props: {
    key: string;
    mode: KeyMode;
    webhookSecret: string | null;
    baseUrl: string;
    newAccount: boolean;
    /** A name asked for a live key: it got this test key, and the page says why. */
    liveAskedByName?: boolean;
  },
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
        {props.liveAskedByName && (
          <Alert kind="notice">
            Live keys spend credits, so they belong to a verified e-mail address: a name gets a test key. For a live
            key, <a href="/portal?key_type=live">ask again with your e-mail address</a>.
          </Alert>
        )}
        <ShownOnce heading={props.mode === 'live' ? 'Live key' : 'Test key'} keyValue={props.key} />
        {props.webhookSecret !== null && (
          <Card id="webhook-heading" heading="Webhook signing secret">
            <p>
              Results of async jobs can be sent to your webhook_url. Every delivery is signed with this secret so you
              can check it came from us. It too is shown only now; you can rotate it later on the dashboard.
            </p>
            <SecretBox id="webhook-secret" label="Signing secret" value={props.webhookSecret} />
          </Card>
        )}
        <Card id="try-heading" heading="Try it">
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
        </Card>
        <p class="actions">
          <ButtonLink href="/docs" kind="primary">
            Read the docs
          </ButtonLink>
          <ButtonLink href="/account" kind="secondary">
            Go to your dashboard
          </ButtonLink>
        </p>
      </>
    ),
  });
}
