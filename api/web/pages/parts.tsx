// Pieces more than one page uses: cards, notices, the shown-once secret box, navigation lists, tables that
// scroll on small screens, links that look like buttons. Copy buttons start hidden because without
// /assets/site.js they would do nothing.
import { cloneElement, toChildArray, type ComponentChildren, type VNode } from 'preact';
import type { KeyMode } from '../../../domain/vocabulary.js';
import { currentMarker } from '../layout.js';
import { formatDate, formatTime } from './format.js';

export type { KeyMode };

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
      <span class="secret-label">{label}</span>
      <div class="secret-row">
        <code class="secret-value" id={id}>
          {value}
        </code>
        <CopyButton target={`#${id}`} what={label.toLowerCase()} />
      </div>
    </div>
  );
}

/**
 * A card under its own heading, which names it (aria-labelledby): `id` is the heading's, `kind` the card's extra
 * classes.
 */
export function Card({
  id,
  heading,
  kind,
  children,
}: {
  id: string;
  heading: ComponentChildren;
  kind?: string;
  children: ComponentChildren;
}) {
  return (
    <section class={kind ? `card ${kind}` : 'card'} aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {children}
    </section>
  );
}

/** A new key with its warning: the portal's key page and the keys page show it the same way. */
export function ShownOnce({ heading, keyValue }: { heading: string; keyValue: string }) {
  return (
    <Card id="key-heading" heading={heading} kind="card-highlight">
      <Alert kind="warning">
        <strong>Copy it now.</strong> This key will not be shown again: only a hash of it is kept. If you lose it,
        revoke it and create another.
      </Alert>
      <SecretBox id="api-key" label="API key" value={keyValue} />
    </Card>
  );
}

/** A command to paste into a terminal: wraps instead of scrolling, and copies as one line. */
export function CommandBlock({ id, label, command }: { id: string; label: string; command: string }) {
  return (
    <div class="command">
      <div class="command-head">
        <span class="command-label">{label}</span>
        <CopyButton target={`#${id}`} what="command" />
      </div>
      <pre>
        <code id={id}>{command}</code>
      </pre>
    </div>
  );
}

/** The call every new key is shown with (docs/architecture.md#portal-and-admin: "a first curl to try"). */
export function firstCurl(baseUrl: string, key: string): string {
  const body = '{"policy_number":"AXK12345678","country":"UK","insurance_type":"motor","provider":"AXA"}';
  return `curl -s ${baseUrl.replace(/\/+$/, '')}/api/v1/verify -H "Authorization: Bearer ${key}" -H 'content-type: application/json' -d '${body}'`;
}

/** A list of links in which the one to the page itself, `current`, is marked: the account and docs navigations. */
export function NavList({
  links,
  current,
}: {
  links: ReadonlyArray<{ href: string; label: string }>;
  current: string;
}) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={currentMarker(link.href, current) === 'page' ? 'page' : undefined}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A table that scrolls sideways on a phone instead of widening the page. The wrapper is focusable so keyboard
 * users can scroll it too (axe: scrollable-region-focusable), and named so focus lands somewhere that says what
 * it is; the name differs from the section's, as two regions of one name confuse landmark navigation.
 */
function TableWrap({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap" role="region" aria-label={label} tabindex={0}>
      {children}
    </div>
  );
}

export interface Column {
  head: ComponentChildren;
  numeric?: boolean;
  /** What a cell of this column is called on a phone, where each row is a card (defaults to a text head). */
  label?: string;
}

/** Each cell of each row told its column's name (data-label), which a phone's card shows before the value. */
function labelled(rows: ComponentChildren, columns: readonly Column[]): ComponentChildren {
  return toChildArray(rows).map((row) => {
    if (typeof row !== 'object' || row === null) return row;
    const tr = row as VNode<{ children?: ComponentChildren }>;
    const cells = toChildArray(tr.props.children).map((cell, i) => {
      if (typeof cell !== 'object' || cell === null) return cell;
      const column = columns[i];
      const label = column?.label ?? (typeof column?.head === 'string' ? column.head : undefined);
      return label ? cloneElement(cell as VNode, { 'data-label': label }) : cell;
    });
    return cloneElement(tr, {}, ...cells);
  });
}

/**
 * A table of `children` rows under one row of column headings, in a scrolling region named `label`; the usage
 * chart's, folded away in a <details>, has a hidden caption instead and no region of its own. With `cards`, each
 * row becomes a card on a phone, its cells labelled, so that no action hides off the screen.
 */
export function DataTable({
  label,
  caption,
  columns,
  cards,
  children,
}: {
  label?: string;
  caption?: string;
  columns: readonly Column[];
  cards?: boolean;
  children: ComponentChildren;
}) {
  const table = (
    <table class={cards ? 'table-cards' : undefined}>
      {caption && <caption class="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th key={i} scope="col" class={column.numeric ? 'numeric' : undefined}>
              {column.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{cards ? labelled(children, columns) : children}</tbody>
    </table>
  );
  return label ? <TableWrap label={label}>{table}</TableWrap> : <div class="table-wrap">{table}</div>;
}

/** The heading of a column of row actions: said to screen readers, not shown. */
export const ACTIONS_COLUMN: Column = { head: <span class="visually-hidden">Actions</span> };

/** A link that looks like a button; `large` for the front page's calls to action. */
export function ButtonLink({
  href,
  kind,
  large,
  children,
}: {
  href: string;
  kind: 'primary' | 'secondary';
  large?: boolean;
  children: ComponentChildren;
}) {
  return (
    <a class={`button button-${kind}${large ? ' button-large' : ''}`} href={href}>
      {children}
    </a>
  );
}

/** A date over its time, so table columns stay narrow; both read as one phrase. */
export function DateAndTime({ date }: { date: Date }) {
  return (
    <>
      {formatDate(date)} <span class="cell-note">{formatTime(date)}</span>
    </>
  );
}

export function Badge({ tone, children }: { tone: string; children: ComponentChildren }) {
  return <span class={`badge badge-${tone}`}>{children}</span>;
}

/**
 * A trace (a call's, the call that submitted a job): a link to the trace viewer when one is configured
 * (TRACE_UI_URL), else the id's start, the whole id on hover, to search for.
 */
export function TraceLink({ traceId, traceUi }: { traceId: string; traceUi: string | undefined }) {
  return traceUi ? (
    <a class="small trace-link" href={traceUi.replace('{trace_id}', traceId)}>
      Trace
    </a>
  ) : (
    <code class="small trace-id" title={`Trace ${traceId}`}>
      {traceId.slice(0, 8)}…
    </code>
  );
}
