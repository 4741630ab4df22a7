// The dashboard's monitors (docs: "Watching a policy"): the list, with each monitor's status, last and next check
// and last change, and one monitor's page, its settings, the policy as last seen and its timeline, newest first.
import type { ComponentChildren } from 'preact';
import type { Observation } from '../../../domain/monitors/observation.js';
import { checkTimes, type MonitorRow, type TimelineEntry } from '../../../projections/monitor-record.js';
import { CsrfField, type PageContext } from '../layout.js';
import { count, formatDateTime } from './format.js';
import { AccountPage } from './frames.js';
import { Alert, Badge, Card, DataTable, DateAndTime } from './parts.js';

const STATUS_TONE: Record<MonitorRow['status'], string> = { active: 'success', paused: 'warning', stopped: 'neutral' };

const when = (iso: string | null) => (iso ? <DateAndTime date={new Date(iso)} /> : '—');

/** The last change in a few words: which fields moved, or a renewal. */
function changeSummary(row: MonitorRow): string {
  const change = row.last_change;
  if (!change) return 'None yet';
  return change.changes.length > 0 ? change.changes.map((c) => c.field).join(', ') : 'renewed';
}

const LIST_COLUMNS = [
  { head: 'Policy' },
  { head: 'Status' },
  { head: 'Last check' },
  { head: 'Next check' },
  { head: 'Last change' },
];

export function monitorsPage(
  ctx: PageContext,
  props: { monitors: MonitorRow[]; total: number; now: number; offset: number; pageSize: number },
): string {
  const { monitors, total, offset, pageSize } = props;
  return AccountPage({
    ctx,
    title: 'Monitors',
    current: '/account/monitors',
    intro: 'Policies you watch: each is checked on its schedule, and its events go to its webhook URL.',
    children: (
      <Card id="monitors-heading" heading="Your monitors">
        {monitors.length === 0 ? (
          <p class="empty">
            No monitors yet. Start one with <code>POST /api/v1/monitors</code>: see{' '}
            <a href="/docs/monitors">Watching a policy</a>.
          </p>
        ) : (
          <>
            <p class="small">
              {count(total, 'monitor')}, newest first
              {total > pageSize ? ` (${offset + 1}–${offset + monitors.length} shown)` : ''}.
            </p>
            <DataTable label="Table of monitors" columns={LIST_COLUMNS} cards>
              {monitors.map((row) => {
                const times = checkTimes(row, props.now);
                return (
                  <tr key={row.monitor_id}>
                    <td>
                      <a href={`/account/monitors/${row.monitor_id}`}>{row.request.policy_number ?? 'Erased policy'}</a>
                      <span class="cell-note">
                        {row.request.country} {row.request.insurance_type} · {row.frequency}
                        {row.mode === 'test' ? ' · test key' : ''}
                      </span>
                    </td>
                    <td>
                      <Badge tone={STATUS_TONE[row.status]}>{row.status}</Badge>
                    </td>
                    <td>{when(times.last_check_at)}</td>
                    <td>{when(times.next_check_at)}</td>
                    <td>
                      {changeSummary(row)}
                      {row.last_change && <span class="cell-note">{formatDateTime(new Date(row.last_change.at))}</span>}
                    </td>
                  </tr>
                );
              })}
            </DataTable>
            <Pager offset={offset} pageSize={pageSize} total={total} />
          </>
        )}
      </Card>
    ),
  });
}

function Pager({ offset, pageSize, total }: { offset: number; pageSize: number; total: number }) {
  if (total <= pageSize) return null;
  const previous = Math.max(0, offset - pageSize);
  return (
    <nav class="actions" aria-label="Pages of monitors">
      {offset > 0 && <a href={`/account/monitors?offset=${previous}`}>Newer</a>}
      {offset + pageSize < total && <a href={`/account/monitors?offset=${offset + pageSize}`}>Older</a>}
    </nav>
  );
}

const NOTICE_WORDS: Record<string, string> = {
  'policy.changed': 'Policy changed',
  'policy.expiring': 'Policy nearing its end',
  'policy.expired': 'Policy expired',
  'policy.renewed': 'Policy renewed',
  'monitor.paused': 'Monitor paused',
  'monitor.stopped': 'Monitor stopped',
};

/** What one line of the timeline says: a heading and its detail. */
function entryText(entry: TimelineEntry): { title: string; detail?: ComponentChildren } {
  switch (entry.type) {
    case 'started':
      return { title: 'Monitor started' };
    case 'observed': {
      const seen = sightingText(entry.observation);
      if (entry.changes.length === 0)
        return { title: entry.check === 0 ? 'First check' : `Check ${entry.check}: new period`, detail: seen };
      return {
        title: `Check ${entry.check}: ${count(entry.changes.length, 'change')}`,
        detail: (
          <ul>
            {entry.changes.map((c) => (
              <li key={c.field}>
                {c.field}: {c.from ?? '—'} → {c.to ?? '—'}
              </li>
            ))}
          </ul>
        ),
      };
    }
    case 'notice_due':
      return { title: `${NOTICE_WORDS[entry.notice] ?? entry.notice}: event due`, detail: <code>{entry.notice}</code> };
    case 'notice_attempt':
      return {
        title: `${entry.resend_id ? 'Resend attempt' : 'Delivery attempt'} ${entry.attempt}`,
        detail: `${entry.outcome}${entry.http_status ? ` (HTTP ${entry.http_status})` : ''}`,
      };
    case 'notice_sent': {
      const end = entry.delivered ? 'delivered' : 'given up';
      return {
        title: `${NOTICE_WORDS[entry.notice] ?? entry.notice}: ${entry.resend_id ? `resend ${end}` : end}`,
        detail: count(entry.attempts, 'attempt'),
      };
    }
    case 'notice_resent':
      return {
        title: `${NOTICE_WORDS[entry.notice] ?? entry.notice}: sent again`,
        detail: <code>{entry.notice}</code>,
      };
    case 'paused':
      return { title: 'Paused', detail: entry.reason.replace(/_/g, ' ') };
    case 'resumed':
      return { title: 'Resumed' };
    case 'changed':
      return { title: 'Settings changed', detail: Object.keys(entry.settings).join(', ') };
    case 'stopped':
      return { title: 'Stopped', detail: entry.reason.replace(/_/g, ' ') };
    case 'charged':
      return { title: `Charged for ${entry.period}`, detail: count(entry.credits, 'credit') };
    case 'erased':
      return { title: 'Personal data erased', detail: entry.reason.replace(/_/g, ' ') };
  }
}

/** A sighting in a few words; an erased monitor's says so. */
const sightingText = (o: Observation | null) =>
  o
    ? `${o.status}${o.insurer ? `, ${o.insurer}` : ''}${o.period ? `, ${o.period.start} to ${o.period.end}` : ''}`
    : 'erased';

/**
 * The events that can be sent again, each at its timeline entry that ended its last delivery: not while a delivery
 * of it runs, never once the monitor's data is erased.
 */
function resendableAt(row: MonitorRow, timeline: TimelineEntry[]): Map<number, string> {
  const ends = new Map<string, number | null>();
  timeline.forEach((entry, i) => {
    if (entry.type === 'notice_due' || entry.type === 'notice_resent') ends.set(entry.notice_id, null);
    if (entry.type === 'notice_sent') ends.set(entry.notice_id, i);
  });
  if (row.erased_at) return new Map();
  return new Map([...ends].flatMap(([notice, at]) => (at === null ? [] : [[at, notice] as const])));
}

function ResendButton({ ctx, monitorId, notice }: { ctx: PageContext; monitorId: string; notice: string }) {
  return (
    <form
      class="timeline-action"
      method="post"
      action={`/account/monitors/${monitorId}/events/${encodeURIComponent(notice)}/resend`}
    >
      <CsrfField ctx={ctx} />
      <button type="submit" class="button button-secondary button-small" aria-label={`Send again: ${notice}`}>
        Send again
      </button>
    </form>
  );
}

export function monitorPage(
  ctx: PageContext,
  props: { row: MonitorRow; timeline: TimelineEntry[]; now: number; resent?: string },
) {
  const { row } = props;
  const times = checkTimes(row, props.now);
  const resendable = resendableAt(row, props.timeline);
  return AccountPage({
    ctx,
    title: `Monitor ${row.request.policy_number ?? '(erased)'}`,
    current: '/account/monitors',
    intro: row.erased_at
      ? 'Its personal data has been erased: the policy, where its events went and what was seen of it.'
      : `A ${row.request.country} ${row.request.insurance_type} policy, checked ${row.frequency}.`,
    children: (
      <>
        {props.resent && (
          <Alert kind="notice">
            <code>{props.resent}</code> is being sent again to the monitor’s webhook URL; its attempts follow in the
            timeline.
          </Alert>
        )}
        <Card id="monitor-heading" heading="Where it stands">
          <dl class="details-list monitor-facts">
            <dt>Status</dt>
            <dd>
              <Badge tone={STATUS_TONE[row.status]}>{row.status}</Badge>
              {row.stop_reason ? ` (${row.stop_reason.replace(/_/g, ' ')})` : ''}
            </dd>
            <dt>Policy as last seen</dt>
            <dd>{row.last_seen ? sightingText(row.last_seen.observation) : 'Not checked yet'}</dd>
            <dt>Last check</dt>
            <dd>{when(times.last_check_at)}</dd>
            <dt>Next check</dt>
            <dd>{when(times.next_check_at)}</dd>
            <dt>Checks</dt>
            <dd>
              {row.frequency}
              {row.mode === 'test' ? ' (test key: the sandbox’s story)' : ''}
            </dd>
            <dt>Events go to</dt>
            <dd>
              <code class="wrap-anywhere">{row.webhook_url}</code>
            </dd>
            <dt>Expiry notice</dt>
            <dd>{count(row.expiry_notice_days, 'day')} before the end</dd>
            <dt>Monitor id</dt>
            <dd>
              <code class="wrap-anywhere">{row.monitor_id}</code>
            </dd>
          </dl>
        </Card>
        <Card id="timeline-heading" heading="Timeline">
          <p class="small">
            Newest first: each check that saw news, each event and each attempt to deliver it. An event whose delivery
            has ended can be sent again, with the same body and webhook id.
          </p>
          <ol class="timeline" reversed>
            {props.timeline
              .map((entry, i) => ({ entry, i }))
              .reverse()
              .map(({ entry, i }) => {
                const text = entryText(entry);
                const notice = resendable.get(i);
                return (
                  <li key={i}>
                    <strong>{text.title}</strong> <span class="cell-note">{formatDateTime(new Date(entry.at))}</span>
                    {text.detail && <div class="small">{text.detail}</div>}
                    {notice && <ResendButton ctx={ctx} monitorId={row.monitor_id} notice={notice} />}
                  </li>
                );
              })}
          </ol>
        </Card>
        <p>
          <a href="/account/monitors">All monitors</a>
        </p>
      </>
    ),
  });
}
