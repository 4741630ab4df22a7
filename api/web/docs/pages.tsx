// The docs' pages: one shell (the site's layout with a docs navigation beside the content), the API reference
// that Swagger UI draws from /openapi.json in the page, and the guides (guides.tsx).
import type { ComponentChildren } from 'preact';
import { renderDocument, type PageContext } from '../layout.js';
import { NavList } from '../pages/parts.js';
import { GUIDES, type Guide } from './guides.js';

const REFERENCE = { path: '/docs', title: 'API reference' };

function DocsNav({ path }: { path: string }) {
  const links = [REFERENCE, ...GUIDES].map((page) => ({ href: page.path, label: page.title }));
  return (
    <nav class="docs-nav" aria-label="Documentation">
      <p class="docs-nav-title">Documentation</p>
      <NavList links={links} current={path} />
      <p class="docs-nav-title">Machine-readable</p>
      <ul>
        <li>
          <a href="/openapi.json">OpenAPI 3.1 document</a>
        </li>
      </ul>
    </nav>
  );
}

function DocsShell({ ctx, title, scripts, children }: { ctx: PageContext; title: string; scripts?: string[]; children: ComponentChildren }) {
  return renderDocument({
    ctx,
    title,
    bodyClass: 'page-docs',
    styles: [...(scripts ? ['/assets/docs/swagger-ui.css'] : []), '/assets/docs.css'],
    ...(scripts ? { scripts } : {}),
    children: (
      <div class="docs">
        <DocsNav path={ctx.path} />
        <div class="docs-content">{children}</div>
      </div>
    ),
  });
}

export function referencePage(ctx: PageContext): string {
  return DocsShell({
    ctx,
    title: REFERENCE.title,
    scripts: ['/assets/docs/swagger-ui-bundle.js', '/assets/docs.js'],
    children: (
      <>
        <header class="page-header">
          <p class="eyebrow">Docs</p>
          <h1>API reference</h1>
          <p class="lead">
            Every endpoint, its parameters, responses and errors, from the service's own <a href="/openapi.json">OpenAPI document</a>.
            New here? Start with the <a href="/docs/quick-start">quick start</a>.
          </p>
        </header>
        <div id="api-reference" class="api-reference" data-spec="/openapi.json">
          <p class="api-reference-loading">Loading the reference…</p>
          <noscript>
            <p>
              The interactive reference needs JavaScript. The same content is in the <a href="/openapi.json">OpenAPI document</a>.
            </p>
          </noscript>
        </div>
      </>
    ),
  });
}

export function guidePage(ctx: PageContext, guide: Guide): string {
  return DocsShell({
    ctx,
    title: guide.title,
    children: (
      <article class="guide">
        <header class="page-header">
          <p class="eyebrow">Guide</p>
          <h1>{guide.title}</h1>
          <p class="lead">{guide.summary}</p>
        </header>
        {guide.body()}
      </article>
    ),
  });
}
