// The guides kept as Markdown in the repository's docs/ (for auditors, operators and the curious), served under
// /docs as pages like the others: rendered on the server with marked, once per process. A link to another served
// guide becomes its /docs page; a link to a file of the repository that is not served (source code, the README)
// is kept as its text, so that no page links to a path the service does not answer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked, type Tokens } from 'marked';
import { fromRoot } from '../../../infra/paths.js';
import type { Guide } from './guides.js';

interface Source {
  file: string;
  slug: string;
  summary: string;
}

export const REPOSITORY_GUIDE_SOURCES: readonly Source[] = [
  {
    file: 'verification.md',
    slug: 'verification',
    summary: 'How a policy gets its status, score and flags, and which sample policies give which answer.',
  },
  {
    file: 'ledger-verification.md',
    slug: 'ledger-verification',
    summary:
      'For auditors: the hash chain, the signed monthly statements, and checking them with npx pvs-verify-ledger.',
  },
  {
    file: 'operations.md',
    slug: 'operations',
    summary:
      'For operators: alerts and their runbooks, traces, the admin CLI, engine failures, retention, configuration and production engines.',
  },
  {
    file: 'architecture.md',
    slug: 'architecture',
    summary: 'How the service is built: layers, events and read models, workflows, errors, limits and personal data.',
  },
];

const DOCS = fromRoot('docs');
const served = new Map(REPOSITORY_GUIDE_SOURCES.map((source) => [source.file, source.slug]));

/** A heading's anchor as GitHub writes it, so that the documents' own `file.md#anchor` links keep working. */
export const headingId = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

/** Where a link of a document under docs/ points on the site, or null for a file the site does not serve. */
export function siteHref(href: string): string | null {
  if (/^(https?:|mailto:|#|\/)/i.test(href)) return href;
  const [file = '', fragment] = href.split('#', 2);
  const target = path.posix.normalize(path.posix.join('docs', file));
  const slug = target.startsWith('docs/') ? served.get(target.slice('docs/'.length)) : undefined;
  if (!slug) return null;
  return `/docs/${slug}${fragment ? `#${fragment}` : ''}`;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const marked = new Marked({ gfm: true });
marked.use({
  renderer: {
    heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
      const html = this.parser.parseInline(token.tokens);
      return `<h${token.depth} id="${escape(headingId(token.text))}">${html}</h${token.depth}>\n`;
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
      const html = this.parser.parseInline(token.tokens);
      const href = siteHref(token.href);
      return href === null ? html : `<a href="${escape(href)}">${html}</a>`;
    },
  },
});

/** The document's title (its first heading) and the rest rendered to HTML. */
export function renderMarkdown(markdown: string): { title: string; html: string } {
  const match = /^#\s+(.+)\n/m.exec(markdown);
  const title = match?.[1]?.trim() ?? 'Guide';
  const body = match ? markdown.slice(0, match.index) + markdown.slice(match.index + match[0].length) : markdown;
  const html = marked
    .parse(body, { async: false })
    // The site's tables scroll inside their own box on a narrow screen (guides.tsx Table).
    .replace(/<table>/g, '<div class="table-wrap" tabindex="0"><table>')
    .replace(/<\/table>/g, '</table></div>');
  return { title: title.replace(/`/g, ''), html };
}

function guideOf(source: Source): Guide | null {
  let markdown: string;
  try {
    markdown = readFileSync(path.join(DOCS, source.file), 'utf8');
  } catch {
    return null; // a deployment without docs/ serves the guides it has
  }
  const { title, html } = renderMarkdown(markdown);
  return {
    path: `/docs/${source.slug}`,
    title,
    summary: source.summary,
    body: () => <div class="markdown" dangerouslySetInnerHTML={{ __html: html }} />,
  };
}

/** The served guides of docs/, read and rendered once. */
export const REPOSITORY_GUIDES: readonly Guide[] = REPOSITORY_GUIDE_SOURCES.map(guideOf).filter(
  (guide): guide is Guide => guide !== null,
);
