// The docs' pages: one shell (the site's layout with a docs navigation beside the content), the API reference
// drawn on the server from the OpenAPI document (reference.tsx), and the guides (guides.tsx).
import type { ComponentChildren } from 'preact';
import { renderDocument, type PageContext } from '../layout.js';
import { NavList } from '../pages/parts.js';
import type { Guide } from './guide-parts.js';
import { ALL_GUIDES } from './library.js';
import type { Operation } from './openapi-view.js';
import { Reference } from './reference.js';

const REFERENCE = { path: '/docs', title: 'API reference' };

function DocsNav({ path }: { path: string }) {
  const links = [REFERENCE, ...ALL_GUIDES].map((page) => ({ href: page.path, label: page.title }));
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

function DocsShell({
  ctx,
  title,
  description,
  children,
}: {
  ctx: PageContext;
  title: string;
  description: string;
  children: ComponentChildren;
}) {
  return renderDocument({
    ctx,
    title,
    description,
    bodyClass: 'page-docs',
    styles: ['/assets/docs.css'],
    scripts: ['/assets/docs.js'],
    children: (
      <div class="docs">
        <DocsNav path={ctx.path} />
        <div class="docs-content">{children}</div>
      </div>
    ),
  });
}

export function referencePage(
  ctx: PageContext,
  reference: { operations: readonly Operation[]; query: string; baseUrl: string },
): string {
  return DocsShell({
    ctx,
    title: REFERENCE.title,
    description:
      'Every endpoint of the Policy Verification API: parameters, answers, errors and samples in curl, Node and Python.',
    children: (
      <>
        <header class="page-header">
          <p class="eyebrow">Docs</p>
          <h1>API reference</h1>
          <p class="lead">
            Every endpoint, its parameters, responses and errors, from the service's own{' '}
            <a href="/openapi.json">OpenAPI document</a>. New here? Start with the{' '}
            <a href="/docs/quick-start">quick start</a>.
          </p>
        </header>
        <Reference {...reference} />
      </>
    ),
  });
}

export function guidePage(ctx: PageContext, guide: Guide, baseUrl: string): string {
  return DocsShell({
    ctx,
    title: guide.title,
    description: guide.summary,
    children: (
      <article class="guide">
        <header class="page-header">
          <p class="eyebrow">Guide</p>
          <h1>{guide.title}</h1>
          <p class="lead">{guide.summary}</p>
        </header>
        {guide.body(baseUrl)}
      </article>
    ),
  });
}
