// Pieces more than one page uses: notices, the shown-once secret box, the account sub-navigation, tables that
// scroll on small screens. Copy buttons start hidden because without /assets/site.js they would do nothing.
import type { ComponentChildren } from 'preact';
import { currentMarker } from '../layout.js';

export type KeyMode = 'live' | 'test';

export const KEY_PREFIX: Record<KeyMode, string> = { live: 'pk_live_', test: 'pk_test_' };

export const KEY_TYPE_OPTIONS: ReadonlyArray<{ value: KeyMode; label: string }> = [
  { value: 'live', label: 'Live key (pk_live_)' },
  { value: 'test', label: 'Test key (pk_test_)' },
];

/** An error is announced at once (role="alert"); a notice politely (role="status"). */
export function Alert({ kind, children }: { kind: 'error' | 'notice' | 'warning'; children: ComponentChildren }) {
  const role = kind === 'error' ? 'alert' : kind === 'notice' ? 'status' : undefined;
  return (
    <div class={`alert alert-${kind}`} role={role}>
      {children}
    </div>
  );
}

/** A button that copies the text of the element `target` (an id selector) once the script un-hides it. */
export function CopyButton({ target, what }: { target: string; what: string }) {
  return (
    <button type="button" class="button button-secondary button-small copy-button" data-copy={target} hidden>
      Copy<span class="visually-hidden"> {what}</span>
    </button>
  );
}

/**
 * A secret shown once: monospace, selected whole by one click (CSS user-select), with a copy button beside it.
 * ARIA forbids naming <code> and <pre>, so the caption is plain text right before the value.
 */
export function SecretBox({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div class="secret">
      <span class="secret-label">
        {label}
      </span>
      <div class="secret-row">
        <code class="secret-value" id={id}>
          {value}
        </code>
        <CopyButton target={`#${id}`} what={label.toLowerCase()} />
      </div>
    </div>
  );
}

/** A new key with its warning: the portal's key page and the keys page show it the same way. */
export function ShownOnce({ heading, keyValue }: { heading: string; keyValue: string }) {
  return (
    <section class="card card-highlight" aria-labelledby="key-heading">
      <h2 id="key-heading">{heading}</h2>
      <Alert kind="warning">
        <strong>Copy it now.</strong> This key will not be shown again: only a hash of it is kept. If you lose it,
        revoke it and create another.
      </Alert>
      <SecretBox id="api-key" label="API key" value={keyValue} />
    </section>
  );
}

/** A command to paste into a terminal: wraps instead of scrolling, and copies as one line. */
export function CommandBlock({ id, label, command }: { id: string; label: string; command: string }) {
  return (
    <div class="command">
      <div class="command-head">
        <span class="command-label">
          {label}
        </span>
        <CopyButton target={`#${id}`} what="command" />
      </div>
      <pre>
        <code id={id}>{command}</code>
      </pre>
    </div>
  );
}

/** The call every new key is shown with (DESIGN §10: "a first curl to try"). */
export function firstCurl(baseUrl: string, key: string): string {
  const body = '{"policy_number":"AXK12345678","country":"UK","insurance_type":"motor","provider":"AXA"}';
  return `curl -s ${baseUrl.replace(/\/+$/, '')}/api/v1/verify -H "Authorization: Bearer ${key}" -H 'content-type: application/json' -d '${body}'`;
}

const ACCOUNT_LINKS: ReadonlyArray<{ href: string; label: string }> = [
  { href: '/account', label: 'Overview' },
  { href: '/account/keys', label: 'Keys' },
  { href: '/account/webhooks', label: 'Webhooks' },
  { href: '/account/close', label: 'Account' },
];

/** The sub-navigation of the four account pages; `current` is the page's own href, whatever the request path. */
export function AccountNav({ current }: { current: string }) {
  return (
    <nav class="subnav" aria-label="Account">
      <ul>
        {ACCOUNT_LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} aria-current={currentMarker(link.href, current) === 'page' ? 'page' : undefined}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A table that scrolls sideways on a phone instead of widening the page. The wrapper is focusable so keyboard
 * users can scroll it too (axe: scrollable-region-focusable), and named so focus lands somewhere that says what
 * it is; the name differs from the section's, as two regions of one name confuse landmark navigation.
 */
export function TableWrap({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap" role="region" aria-label={label} tabindex={0}>
      {children}
    </div>
  );
}

export function Badge({ tone, children }: { tone: string; children: ComponentChildren }) {
  return <span class={`badge badge-${tone}`}>{children}</span>;
}
