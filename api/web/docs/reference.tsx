// The API reference, drawn on the server from the service's own OpenAPI document in the site's layout: every
// operation with who may call it, its parameters and body as rows that wrap on any width, its answers with the
// examples the service really gave, and samples in curl, Node and Python. Search works without a script (a GET
// form, ?q=) and, with docs.js, as the reader types.
import type { ComponentChildren } from 'preact';
import {
  byTag,
  matches,
  searchText,
  type Access,
  type Field,
  type Operation,
  type Parameter,
  type Response,
} from './openapi-view.js';
import { samplesOf } from './samples.js';

const ACCESS: Record<Access, { label: string; note: string }> = {
  key: { label: 'API key', note: 'Needs an API key: Authorization: Bearer pk_live_… or pk_test_….' },
  'optional-key': { label: 'Public', note: 'No key needed; a key gives its plan’s higher limits.' },
  none: { label: 'Public', note: 'No key needed.' },
  signed: {
    label: 'Signed by us',
    note: 'The service calls your URL; verify the Standard Webhooks signature with your whsec_ secret.',
  },
};

/** Text with `code` spans, as the document's descriptions write them. */
function Prose({ text }: { text: string }) {
  if (!text) return null;
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph, i) => (
        <p key={i}>
          {paragraph.split(/`([^`]+)`/).map((part, j) => (j % 2 === 1 ? <code key={j}>{part}</code> : part))}
        </p>
      ))}
    </>
  );
}

function Fields({ fields, caption }: { fields: readonly (Field | Parameter)[]; caption: string }) {
  if (fields.length === 0) return null;
  return (
    <div class="ref-fields">
      <h4>{caption}</h4>
      <dl>
        {fields.map((field) => (
          <div class="ref-field" key={`${'in' in field ? field.in : ''}${field.name}`}>
            <dt>
              <code class="ref-field-name">{field.name}</code>
              <span class="ref-field-type">{field.type}</span>
              {'in' in field && <span class="ref-field-in">{field.in}</span>}
              {field.required && <span class="ref-field-required">required</span>}
            </dt>
            <dd>
              <Prose text={field.description} />
              {field.notes.length > 0 && <p class="ref-field-notes">{field.notes.join(' · ')}</p>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Code({ children, label }: { children: string; label: string }) {
  return (
    <pre class="ref-code" tabindex={0} aria-label={label}>
      <code>{children}</code>
    </pre>
  );
}

function Answers({ responses }: { responses: readonly Response[] }) {
  return (
    <div class="ref-responses">
      <h4>Responses</h4>
      {responses.map((response) => (
        <details key={response.status} class="ref-response">
          <summary>
            <span class={`ref-status ref-status-${response.status[0]}`}>{response.status}</span> {response.description}
          </summary>
          <Fields fields={response.fields} caption="Body" />
          {response.example !== null && response.example !== undefined && (
            <Code label={`Example ${response.status} answer`}>{JSON.stringify(response.example, null, 2)}</Code>
          )}
        </details>
      ))}
    </div>
  );
}

function Samples({ op, baseUrl }: { op: Operation; baseUrl: string }) {
  const samples = samplesOf(op, baseUrl);
  if (samples.length === 0) return null;
  return (
    <div class="ref-samples" data-samples>
      <h4>Request</h4>
      {samples.map((sample) => (
        <div key={sample.lang} class="ref-sample" data-lang={sample.lang}>
          <p class="ref-sample-label">{sample.label}</p>
          <Code label={`${sample.label} example`}>{sample.code}</Code>
        </div>
      ))}
    </div>
  );
}

function OperationSection({ op, baseUrl }: { op: Operation; baseUrl: string }) {
  const access = ACCESS[op.access];
  return (
    <section class="ref-op" id={op.id} aria-labelledby={`${op.id}-title`} data-search={searchText(op)}>
      <div class="ref-op-head">
        <h3 id={`${op.id}-title`}>{op.summary || `${op.method} ${op.path}`}</h3>
        <p class="ref-op-line">
          <span class={`ref-method ref-method-${op.method.toLowerCase()}`}>{op.method}</span>
          <code class="ref-path">{op.webhook ? `your webhook URL (${op.path})` : op.path}</code>
          <span class={`ref-access ref-access-${op.access}`} title={access.note}>
            {access.label}
          </span>
        </p>
        <p class="ref-access-note">{access.note}</p>
      </div>
      <div class="ref-op-body">
        <div class="ref-op-doc">
          <Prose text={op.description} />
          <Fields fields={op.parameters} caption={op.webhook ? 'Headers' : 'Parameters'} />
          {op.body && <Fields fields={op.body.fields} caption={`Body (${op.body.type})`} />}
          <Answers responses={op.responses} />
        </div>
        <div class="ref-op-samples">
          <Samples op={op} baseUrl={baseUrl} />
        </div>
      </div>
    </section>
  );
}

function Search({ query }: { query: string }) {
  return (
    <form class="ref-search" method="get" action="/docs" role="search">
      <label for="ref-q">Search the reference</label>
      <div class="ref-search-row">
        <input
          id="ref-q"
          name="q"
          type="search"
          value={query}
          placeholder="e.g. batch, webhook, series"
          autocomplete="off"
          data-ref-search
        />
        <button type="submit" class="button button-secondary">
          Search
        </button>
      </div>
      <p class="ref-search-status" aria-live="polite" data-ref-status />
      <p class="ref-key-note" data-key-note>
        The samples use <code>pk_test_YOUR_TEST_KEY</code>: create a test key on your <a href="/account">dashboard</a>{' '}
        and they fill it in for this browser session.
      </p>
    </form>
  );
}

export function Reference({
  operations,
  query,
  baseUrl,
}: {
  operations: readonly Operation[];
  query: string;
  baseUrl: string;
}): ComponentChildren {
  const shown = query ? operations.filter((op) => matches(op, query)) : operations;
  const groups = byTag(shown);
  return (
    <div class="ref">
      <Search query={query} />
      {query && (
        <p class="ref-results">
          {shown.length === 0 ? 'No operation matches' : `${shown.length} of ${operations.length} operations match`} “
          {query}”. <a href="/docs">Show all</a>
        </p>
      )}
      <nav class="ref-index" aria-label="Operations">
        {groups.map(([tag, ops]) => (
          <div key={tag} class="ref-index-group">
            <p class="ref-index-tag">{tag}</p>
            <ul>
              {ops.map((op) => (
                <li key={op.id} data-op={op.id}>
                  <a href={`#${op.id}`}>
                    <span class={`ref-method ref-method-${op.method.toLowerCase()}`}>{op.method}</span> {op.summary}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      {groups.map(([tag, ops]) => (
        <section key={tag} class="ref-tag" aria-labelledby={`tag-${tag}`}>
          <h2 id={`tag-${tag}`}>{tag}</h2>
          {ops.map((op) => (
            <OperationSection key={op.id} op={op} baseUrl={baseUrl} />
          ))}
        </section>
      ))}
    </div>
  );
}
