// The frames more than one page is drawn in: the account pages' heading and sub-navigation, and the short page
// with one message that the portal's link pages, the error page and the closed account share.
import type { ComponentChildren } from 'preact';
import { renderDocument, type PageContext } from '../layout.js';
import { NavList } from './parts.js';

// Five tabs, which fit one line of a 390-px phone. Closing the account is not a tab: the overview ends with it,
// and a tab named "Account" under the top menu's Account said nothing of what it did.
const ACCOUNT_LINKS: ReadonlyArray<{ href: string; label: string }> = [
  { href: '/account', label: 'Overview' },
  { href: '/account/keys', label: 'Keys' },
  { href: '/account/webhooks', label: 'Webhooks' },
  { href: '/account/monitors', label: 'Monitors' },
  { href: '/account/requests', label: 'Requests' },
];

/**
 * The frame of the account pages: their heading, the sub-navigation, then the page. `current` is the page's
 * own href, whatever the request path.
 */
export function AccountPage({
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
        <nav class="subnav" aria-label="Account">
          <NavList links={ACCOUNT_LINKS} current={current} />
        </nav>
        {children}
      </>
    ),
  });
}

/** A short page with one message: the link pages and the inbox page look alike on purpose, and like the error page. */
export function MessagePage({
  ctx,
  title,
  heading,
  eyebrow,
  children,
}: {
  ctx: PageContext;
  title: string;
  /** The page's heading where it says more than its title. */
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
