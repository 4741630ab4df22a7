// The /docs guide "Watching a policy": monitors, their events, and the sandbox policies whose stories play out
// at `minutely`. The numbers come from the code that applies them (the notice days, the frequencies, the metadata
// limits, the sandbox's stories), so the page cannot drift from it.
import { NOTICE_TYPES } from '../../../domain/monitors/notices.js';
import { SANDBOX_STORIES } from '../../../domain/monitors/sandbox.js';
import {
  DEFAULT_EXPIRY_NOTICE_DAYS,
  MAX_EXPIRY_NOTICE_DAYS,
  SANDBOX_DAYS_PER_CHECK,
} from '../../../domain/monitors/schedule.js';
import { MAX_METADATA_KEY, MAX_METADATA_PAIRS, MAX_METADATA_VALUE } from '../../schemas/monitors.js';
import { Code, Table, type Guide } from './guide-parts.js';
import { KEY_PLACEHOLDER } from './samples.js';

const curlCreate = (base: string) => `curl ${base}/api/v1/monitors \\
  -H "Authorization: Bearer ${KEY_PLACEHOLDER}" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: loan-1042" \\
  -d '{"policy_number": "MONITOR_STORY_1", "country": "UK", "insurance_type": "motor",
       "webhook_url": "https://example.com/hooks/policies", "frequency": "minutely",
       "metadata": {"loan_id": "L-1042"}}'`;

const curlPatch = (base: string) => `curl -X PATCH ${base}/api/v1/monitors/mon_… \\
  -H "Authorization: Bearer ${KEY_PLACEHOLDER}" \\
  -H "Content-Type: application/json" \\
  -d '{"webhook_url": "https://example.com/hooks/new-home", "expiry_notice_days": 14}'`;

// The shape of one event (values for illustration).
const EVENT_EXAMPLE = `{
  "id": "mon_5f0c3b1e9a7d4c2e8b6a1f3d5c7e9b20.policy.changed:check-1",
  "type": "policy.changed",
  "timestamp": "2026-11-29T10:01:00.000Z",
  "data": {
    "monitor_id": "mon_5f0c3b1e9a7d4c2e8b6a1f3d5c7e9b20",
    "metadata": { "loan_id": "L-1042" },
    "policy": { "policy_number": "MONITOR_STORY_1", "country": "UK", "insurance_type": "motor",
                "status": "active", "insurer": "Sandbox Mutual Assurance",
                "period": { "start": "2025-12-05", "end": "2027-01-03" }, "vehicle": "SB12 OXQ" },
    "changes": [{ "field": "insurer", "from": "Sandbox Insurance Ltd", "to": "Sandbox Mutual Assurance" }]
  }
}`;

const EVENTS: Record<(typeof NOTICE_TYPES)[number], string> = {
  'policy.changed':
    'A check saw the policy differ from the last answer: changes lists each field (status, insurer, period, vehicle) with from and to.',
  'policy.expiring': `expiry_notice_days before the period's end (default ${DEFAULT_EXPIRY_NOTICE_DAYS}): period and days_left, once per period.`,
  'policy.expired': 'The day after the end when no renewal has been seen: the period that ended.',
  'policy.renewed': 'A new period was seen: previous_period and period.',
  'monitor.paused': 'A live monitor ran out of credits: it checks again at the next grant.',
  'monitor.stopped': 'Its last event: reason deleted (your DELETE) or account_closed.',
};

/** A cell of running text: it wraps (table cells hold their line by default), so the table fits the page. */
const prose = (text: string) => <span class="wrap-anywhere">{text}</span>;

const story = (prefix: keyof typeof SANDBOX_STORIES) => [
  <code key={prefix}>{prefix}</code>,
  prose(SANDBOX_STORIES[prefix]),
];

export const MONITORS_GUIDE: Guide = {
  path: '/docs/monitors',
  title: 'Watching a policy',
  summary:
    'Monitors re-verify a policy on a schedule and call you back when it changes, nears its end, lapses or renews.',
  body: (base) => (
    <>
      <p>
        A verification answers once. A monitor keeps answering: it checks the policy at once, then daily or weekly, and
        sends your <code>webhook_url</code> an event each time something happens to it. A registry that does not answer
        is retried, never reported as a change.
      </p>
      <Code label="Watch a policy (curl)">{curlCreate(base)}</Code>
      <p>
        The body is a verification request, with the same fields and checks as <code>POST /api/v1/verify</code>, and the
        monitor’s settings. The answer is <code>201</code> with the monitor: its <code>monitor_id</code> (
        <code>mon_…</code>), <code>status</code> <code>active</code>, the first check’s result in <code>policy</code>,
        and <code>next_check_at</code>. An <code>Idempotency-Key</code> makes a retry answer the same monitor.
      </p>
      <Table
        caption="Settings"
        head={['field', 'meaning']}
        rows={[
          [
            <code key="w">webhook_url</code>,
            prose('Required: the https URL every event of this monitor is sent to, signed.'),
          ],
          [
            <code key="d">expiry_notice_days</code>,
            prose(
              `0 to ${MAX_EXPIRY_NOTICE_DAYS}, default ${DEFAULT_EXPIRY_NOTICE_DAYS}: how long before the end policy.expiring is sent.`,
            ),
          ],
          [
            <code key="f">frequency</code>,
            prose('daily (the default) or weekly; test keys may also ask for minutely.'),
          ],
          [
            <code key="m">metadata</code>,
            prose(
              `Up to ${MAX_METADATA_PAIRS} string pairs of your own (keys up to ${MAX_METADATA_KEY} characters, values up to ${MAX_METADATA_VALUE}), returned on every event.`,
            ),
          ],
        ]}
      />
      <h2>Reading, changing and stopping</h2>
      <Table
        caption="Monitor endpoints"
        head={['Endpoint', 'What it does']}
        rows={[
          [<code key="l">GET /api/v1/monitors</code>, prose('Your monitors, newest first: status, limit, offset.')],
          [
            <code key="g">GET /api/v1/monitors/{'{id}'}</code>,
            prose('The monitor and its timeline: each check that saw news, each event and each attempt to deliver it.'),
          ],
          [
            <code key="p">PATCH /api/v1/monitors/{'{id}'}</code>,
            prose('New settings; the next event goes by them. A new frequency counts its first interval from now.'),
          ],
          [
            <code key="d">DELETE /api/v1/monitors/{'{id}'}</code>,
            prose('Stops it: monitor.stopped is its last event. Stopping it again answers it as it is.'),
          ],
        ]}
      />
      <Code label="Send the events elsewhere (curl)">{curlPatch(base)}</Code>
      <p>
        A stopped monitor cannot be changed (<code>409 monitor_stopped</code>); another account’s monitor is a{' '}
        <code>404</code>. Monitors are on your dashboard too, each with its timeline.
      </p>
      <h2>Events</h2>
      <p>
        Each event is sent once per occurrence, signed and retried exactly like a{' '}
        <a href="/docs/webhooks">job callback</a>; its <code>webhook-id</code> is the same on every attempt. Once an
        event’s delivery has ended (taken, or given up after its retries), <strong>Send again</strong> on the monitor’s
        page in your dashboard delivers it once more, with the same body and <code>webhook-id</code>, to the monitor’s
        webhook URL as it is now; its attempts appear in the timeline.
      </p>
      <Table
        caption="Monitor events"
        head={['type', 'when']}
        rows={NOTICE_TYPES.map((type) => [<code key={type}>{type}</code>, prose(EVENTS[type])])}
      />
      <Code label="An event">{EVENT_EXAMPLE}</Code>
      <h2>The sandbox</h2>
      <p>
        <strong>
          Monitor events are the one callback test keys deliver: the sandbox sends job results nowhere, but it does send
          a test key’s monitor events
        </strong>
        , so that you can build and test your receiver before you pay for anything. With a test key a monitor costs
        nothing, and the start of the policy number chooses a story. Each check moves the story’s clock on by{' '}
        {SANDBOX_DAYS_PER_CHECK} days, so at <code>frequency: "minutely"</code> you see every event in about a quarter
        of an hour.
      </p>
      <Table
        caption="Sandbox monitor stories by policy number prefix"
        head={['policy_number starts with', 'what happens']}
        rows={[
          story('MONITOR_CANCEL_'),
          story('MONITOR_INSURER_'),
          story('MONITOR_RENEW_'),
          story('MONITOR_STORY_'),
          [<code key="f">FAIL_</code>, prose('not found at every check: no event until you stop it')],
          ['anything else', prose('an active policy that never changes')],
        ]}
      />
      <p>
        <code>MONITOR_STORY_</code> sends <code>policy.changed</code>, <code>policy.expiring</code>,{' '}
        <code>policy.expired</code> and <code>policy.renewed</code>, in that order.
      </p>
    </>
  ),
};
