// The dashboard's request log: the account's last 1,000 API calls, newest first, narrowed by key and status.
// What each call was, never what it carried: the route's pattern, no body, no query string.
import type { RequestLogRow } from '../../../application/request-log.js';
import type { PageContext } from '../layout.js';
import { formatNumber } from './format.js';
import { AccountPage } from './frames.js';
import { Badge, Card, DataTable, DateAndTime, TraceLink } from './parts.js';
import { maskedKey, type KeyRow } from './keys.js';

/** One call, as the request log keeps it. */
export type RequestRow = RequestLogRow;

const COLUMNS = [
  { head: 'Time' },
  { head: 'Key' },
  { head: 'Endpoint' },
  { head: 'Status' },
  { head: 'Error' },
  { head: 'Latency', numeric: true },
  { head: 'Request id' },
];

const STATUSES = [
  { value: '', label: 'Any status' },
  { value: '2xx', label: 'Succeeded (2xx)' },
  { value: '4xx', label: 'Refused (4xx)' },
  { value: '5xx', label: 'Failed (5xx)' },
];

/**
 * A request id on one short line: its first 8 and last 6 characters, the middle cut by an ellipsis (the ids one
 * process makes share their start and differ at the end). The cut is the stylesheet's (text-overflow): the whole
 * id is still the text, shown on hover, selected whole by one click, copied whole, read whole by a screen reader.
 */
function RequestId({ id }: { id: string }) {
  if (id.length <= 16) return <code class="request-id">{id}</code>;
  return (
    <code class="request-id" title={id}>
      <span class="request-id-head">{id.slice(0, -6)}</span>
      {id.slice(-6)}
    </code>
  );
}

const toneOf = (status: number) => (status < 300 ? 'success' : status < 500 ? 'warning' : 'danger');

export function requestsPage(
  ctx: PageContext,
  props: { requests: RequestRow[]; keys: KeyRow[]; filter: { key?: string; status?: string }; traceUi?: string },
): string {
  const keyName = new Map(props.keys.map((key) => [key.key_id, maskedKey(key)]));
  const filtered = Boolean(props.filter.key || props.filter.status);
  return AccountPage({
    ctx,
    title: 'Requests',
    current: '/account/requests',
    intro: 'Your keys’ last 1,000 API calls, newest first: what was called and how it ended, never what was sent.',
    children: (
      <Card id="requests-heading" heading="Request log">
        <form class="form form-inline" method="get" action="/account/requests">
          <div class="field">
            <label for="key">Key</label>
            <select id="key" name="key">
              <option value="">Every key</option>
              {props.keys.map((key) => (
                <option key={key.key_id} value={key.key_id} selected={props.filter.key === key.key_id}>
                  {key.name ? `${key.name} (${maskedKey(key)})` : maskedKey(key)}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="status">Status</label>
            <select id="status" name="status">
              {STATUSES.map((option) => (
                <option key={option.value} value={option.value} selected={(props.filter.status ?? '') === option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" class="button button-secondary">
            Show
          </button>
        </form>
        {props.requests.length === 0 ? (
          <p class="empty">
            {filtered ? 'No call matches.' : 'No calls yet. Every call a key of yours makes shows here within seconds.'}
          </p>
        ) : (
          <>
            <p class="small">
              {formatNumber(props.requests.length)} {props.requests.length === 1 ? 'call' : 'calls'}
              {filtered ? ' match' : ''}.
            </p>
            <DataTable label="Table of API calls" columns={COLUMNS} cards>
              {props.requests.map((call) => (
                <tr key={call.request_id + call.at.toISOString()}>
                  <td>
                    <DateAndTime date={call.at} />
                  </td>
                  <td>
                    <code>{keyName.get(call.key_id) ?? call.key_id}</code>
                  </td>
                  <td>
                    <code>
                      {call.method} {call.route}
                    </code>
                  </td>
                  <td>
                    <Badge tone={toneOf(call.status)}>{call.status}</Badge>
                  </td>
                  <td>{call.error ? <code>{call.error}</code> : '—'}</td>
                  <td class="numeric">{formatNumber(call.ms)} ms</td>
                  <td>
                    <RequestId id={call.request_id} />
                    {call.trace_id ? <TraceLink traceId={call.trace_id} traceUi={props.traceUi} /> : null}
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </Card>
    ),
  });
}
