// The dashboard's keys: the list with a form that creates one, and the page that asks before revoking one.
import { CsrfField, renderDocument, type PageContext } from '../layout.js';
import { formatDate, formatDateTime } from './format.js';
import { AccountPage } from './frames.js';
import {
  ACTIONS_COLUMN,
  Badge,
  ButtonLink,
  Card,
  DataTable,
  DateAndTime,
  KEY_TYPE_OPTIONS,
  type KeyMode,
  ShownOnce,
} from './parts.js';

export interface KeyRow {
  key_id: string;
  /** The owner's label for it ("billing server"), if given. */
  name: string | null;
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

const KEY_COLUMNS = [
  { head: 'Name' },
  { head: 'Key' },
  { head: 'Mode' },
  { head: 'Status' },
  { head: 'Created' },
  { head: 'Last used' },
  ACTIONS_COLUMN,
];

export function keysPage(
  ctx: PageContext,
  props: { keys: KeyRow[]; created?: { key: string; mode: KeyMode } },
): string {
  return AccountPage({
    ctx,
    title: 'API keys',
    current: '/account/keys',
    children: (
      <>
        {props.created && (
          <ShownOnce
            heading={props.created.mode === 'live' ? 'Your new live key' : 'Your new test key'}
            keyValue={props.created.key}
          />
        )}
        <Card id="keys-heading" heading="Your keys">
          {props.keys.length === 0 ? (
            <p class="empty">You have no keys yet. Create one below.</p>
          ) : (
            <DataTable label="Table of your keys" columns={KEY_COLUMNS} cards>
              {props.keys.map((key) => (
                <tr key={key.key_id}>
                  <td>{key.name ?? <span class="cell-note">unnamed</span>}</td>
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
            </DataTable>
          )}
        </Card>
        <Card id="create-heading" heading="Create a key">
          <p>Live keys spend credits; test keys answer from the sandbox and are never charged.</p>
          <form class="form form-inline" method="post" action="/account/keys">
            <CsrfField ctx={ctx} />
            <div class="field">
              <label for="name">Name (optional)</label>
              <input
                id="name"
                name="name"
                type="text"
                maxLength={60}
                placeholder="e.g. billing server"
                autocomplete="off"
              />
            </div>
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
        </Card>
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
          <ButtonLink href="/account/keys" kind="secondary">
            Cancel
          </ButtonLink>
        </form>
      </section>
    ),
  });
}
