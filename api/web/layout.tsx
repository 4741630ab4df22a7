// The one layout every page for people shares (docs/architecture.md#pages-for-people): portal, dashboard, docs and datasets. The CSP forbids
// inline scripts and styles, so the layout links the service's own stylesheet and script and nothing else.
import type { ComponentChildren } from 'preact';
import { render } from 'preact-render-to-string';

export interface PageContext {
  /** The CSRF token to put in every POST form as <input type="hidden" name="_csrf" value=...>. */
  csrfToken: string;
  /** Whether a dashboard session is signed in (nav shows Sign out). */
  signedIn: boolean;
  /** The request path, for aria-current in the nav. */
  path: string;
}

export const PRODUCT_NAME = 'Policy Verification';

const NAV_LINKS: ReadonlyArray<{ href: string; label: string }> = [
  { href: '/', label: 'Home' },
  { href: '/docs', label: 'Docs' },
  { href: '/datasets', label: 'Datasets' },
  { href: '/portal', label: 'Get a key' },
  { href: '/account', label: 'Account' },
];

/**
 * "page" marks the page itself; "true" marks the section a deeper page belongs to (/account/keys lights up
 * Account), so people keep their bearings without the link claiming to be the page they are on.
 */
export function currentMarker(href: string, path: string): 'page' | 'true' | undefined {
  const clean = path.split(/[?#]/, 1)[0]!.replace(/(.)\/+$/, '$1');
  if (clean === href) return 'page';
  if (href !== '/' && clean.startsWith(`${href}/`)) return 'true';
  return undefined;
}

/** The hidden field the CSRF middleware checks on every POST. */
export function CsrfField({ ctx }: { ctx: PageContext }) {
  return <input type="hidden" name="_csrf" value={ctx.csrfToken} />;
}

export interface LayoutProps {
  ctx: PageContext;
  /** The page's own title; the product name is appended. */
  title: string;
  /** What search engines show under the title: one or two sentences about this page. */
  description?: string;
  /** A modifier for <body>, e.g. "page-narrow" for single-form pages. */
  bodyClass?: string;
  /** Extra stylesheets of this page, after site.css (paths under /assets/, served by the service). */
  styles?: readonly string[];
  /** Extra scripts of this page, deferred, after site.js (paths under /assets/). */
  scripts?: readonly string[];
  children?: ComponentChildren;
  /**
   * The content of <main> already rendered, instead of `children`: for a page whose content is rendered once
   * and sent to many requests (the datasets' pages), around which only the layout is rendered each time.
   */
  mainHtml?: string;
}

const DEFAULT_DESCRIPTION =
  'Verify insurance policies in the UK, Germany and France by API, and read public economic datasets.';

export function Layout({
  ctx,
  title,
  description = DEFAULT_DESCRIPTION,
  bodyClass,
  styles = [],
  scripts = [],
  children,
  mainHtml,
}: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · ${PRODUCT_NAME}`}</title>
        <meta name="description" content={description} />
        <link rel="stylesheet" href="/assets/site.css" />
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* No favicon of its own: an empty one spares every first visit a 404 for /favicon.ico. */}
        <link rel="icon" href="data:," />
        <script src="/assets/site.js" defer />
        {scripts.map((src) => (
          <script key={src} src={src} defer />
        ))}
      </head>
      <body class={bodyClass}>
        <a class="skip-link" href="#main">
          Skip to content
        </a>
        <header class="site-header">
          <div class="container header-inner">
            <a class="brand" href="/">
              <span class="brand-mark" aria-hidden="true" />
              {PRODUCT_NAME}
            </a>
            <nav class="site-nav" aria-label="Main">
              <ul>
                {NAV_LINKS.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} aria-current={currentMarker(link.href, ctx.path)}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {ctx.signedIn && (
              <form class="sign-out" method="post" action="/account/sign-out">
                <CsrfField ctx={ctx} />
                <button type="submit" class="button button-secondary button-small">
                  Sign out
                </button>
              </form>
            )}
          </div>
        </header>
        {mainHtml === undefined ? (
          <main id="main" class="container" tabindex={-1}>
            {children}
          </main>
        ) : (
          <main id="main" class="container" tabindex={-1} dangerouslySetInnerHTML={{ __html: mainHtml }} />
        )}
        <footer class="site-footer">
          <div class="container footer-inner">
            <p>{PRODUCT_NAME}: insurance policy checks for the UK, Germany and France, and public datasets.</p>
            <ul class="footer-links">
              <li>
                <a href="/docs">Docs</a>
              </li>
              <li>
                <a href="/openapi.json">OpenAPI</a>
              </li>
              <li>
                <a href="/datasets">Datasets</a>
              </li>
            </ul>
          </div>
        </footer>
      </body>
    </html>
  );
}

/** A complete HTML document: what every page function returns. */
export function renderDocument(props: LayoutProps): string {
  return `<!doctype html>${render(<Layout {...props} />)}`;
}
