// The guides of /docs: quick start, errors, webhooks, rate limits and plans, datasets. Facts come from the code
// that enforces them where one exists (the plans, the error catalogue), so the page cannot drift from it.
import { ERROR_STATUS } from '../../../domain/errors.js';
import { PLANS, PLAN_NAMES, TEST_KEY_LIMITS } from '../../../domain/plans.js';
import {
  CALLBACK_EXAMPLE,
  curlAsync,
  curlJob,
  curlSeriesCsv,
  curlVerify,
  NODE_VERIFY,
  PYTHON_VERIFY,
} from './snippets.js';
import { Code, Table, type Guide } from './guide-parts.js';
import { EXTRACTION_GUIDE } from './extraction-guide.js';
import { MONITORS_GUIDE } from './monitors-guide.js';

export type { Guide } from './guide-parts.js';

// When each code is given (docs/architecture.md#errors).
const WHEN: Record<string, string> = {
  invalid_policy_number: 'The policy number fits no known format for the country and type.',
  missing_required_field: 'policy_number, country or insurance_type is absent (async, batch).',
  missing_required_fields:
    'The absent fields: on POST /api/v1/verify in `detail`, on an extraction (no file) in `message`.',
  unsupported_country: 'The country is not UK, DE or FR.',
  unsupported_insurance_type: 'The type is not motor, travel or health.',
  invalid_request: 'The body is not valid JSON, or a field has the wrong type.',
  invalid_parameter: 'A query parameter is out of range or malformed (datasets, lists).',
  unauthorized: 'No Authorization header, or not a pk_live_/pk_test_ key.',
  invalid_api_key: 'The key is unknown, revoked or expired.',
  insufficient_credits: 'The month’s credits are used up (live keys).',
  forbidden: 'The key lacks the scope for this operation.',
  not_found:
    'No such job, batch, monitor or dataset for this key (another account’s or the other mode’s is not found either).',
  insurer_not_found: 'The provider is in no register for the country.',
  policy_not_found: 'A registry that covers the policy does not know it.',
  method_not_allowed: 'The path exists, but not for this HTTP method.',
  job_not_correctable:
    'A correction of a job that is not a completed extraction: a verification, a job still running, or one erased.',
  monitor_stopped: 'A PATCH to a monitor that has stopped.',
  payload_too_large: 'The body or document is over its limit.',
  invalid_webhook_url: 'webhook_url is not https or points at a private address.',
  invalid_document: 'The document is not a readable PDF, or has too many pages.',
  batch_too_large: 'More than 100 policies in one batch.',
  idempotency_conflict: 'The Idempotency-Key was used before with a different request.',
  rate_limit_exceeded: 'Too many requests this minute or this month; wait `retry_after` seconds.',
  internal_error: 'Something failed on our side. Retry with exponential backoff.',
  service_unavailable: 'A dependency is briefly unavailable; retry after `Retry-After` seconds.',
};

const errorRows = () =>
  Object.entries(ERROR_STATUS)
    .sort(([a, sa], [b, sb]) => sa - sb || a.localeCompare(b))
    .map(([code, status]) => [<code key={code}>{code}</code>, status, WHEN[code] ?? '']);

const number = (n: number) => n.toLocaleString('en-GB');

export const GUIDES: readonly Guide[] = [
  {
    path: '/docs/quick-start',
    title: 'Quick start',
    summary: 'A key, a first verification, and the sandbox that answers without spending credits.',
    body: (base) => (
      <>
        <h2>1. Get a key</h2>
        <p>
          Ask for a key on the <a href="/portal">portal</a>. A <strong>test key</strong> (<code>pk_test_…</code>) is
          shown at once and answers from a sandbox; a <strong>live key</strong> (<code>pk_live_…</code>) needs your
          e-mail address confirmed and spends credits. Keys are shown once: only a hash is kept.
        </p>
        <h2>2. Make the first call</h2>
        <p>Send the key as a bearer token and the policy as JSON:</p>
        <Code label="Verify a policy (curl)">{curlVerify(base)}</Code>
        <p>
          The answer has a <code>status</code> (verified, inconclusive or unverified), a <code>confidence_score</code>,
          the checks that ran in <code>verification_sources</code>, the <code>insurer</code> from the regulator’s
          register, and <code>credits_charged</code>.
        </p>
        <h2>3. Try every outcome in the sandbox</h2>
        <p>With a test key the answer depends only on how the policy number starts, and nothing is charged:</p>
        <Table
          caption="Sandbox answers by policy number prefix"
          head={['policy_number starts with', 'status', 'confidence_score']}
          rows={[
            [<code key="f">FAIL_</code>, 'unverified', '0.10'],
            [<code key="i">INCONCLUSIVE_</code>, 'inconclusive', '0.50'],
            ['anything else', 'verified', '0.95'],
          ]}
        />
        <h2>4. Long jobs</h2>
        <p>
          Documents, slow registries and batches of up to 100 policies run as jobs: submit, get <code>202</code> and a
          job id, then poll the job or receive a <a href="/docs/webhooks">webhook</a>. An <code>Idempotency-Key</code>{' '}
          makes a retried submission return the same job.
        </p>
        <Code label="Start an async verification (curl)">{curlAsync(base)}</Code>
        <Code label="Read the job (curl)">{curlJob(base)}</Code>
        <p>
          Every endpoint is in the <a href="/docs">API reference</a>.
        </p>
      </>
    ),
  },
  {
    path: '/docs/errors',
    title: 'Errors',
    summary: 'One shape for every error, a code to branch on, and when to retry.',
    body: () => (
      <>
        <p>
          Every error has the same body, with the HTTP status repeated as <code>code</code>:
        </p>
        <Code label="An error">{`{"error": "invalid_policy_number", "message": "The policy number is not in a recognised format for UK motor insurance.", "code": 400}`}</Code>
        <p>
          Branch on <code>error</code>, show <code>message</code> to people. Two answers of{' '}
          <code>POST /api/v1/verify</code> keep an older form, <code>{'{"error", "detail"}'}</code>: missing fields (
          <code>missing_required_fields</code>) and an empty balance (<code>insufficient_credits</code>).
        </p>
        <p>
          Checks run in this order: the key (401), the rate limit (429), the input (400, 413, 422), credits (402), then
          the work. Retry only 429, 500 and 503, after the seconds <code>Retry-After</code> names.
        </p>
        <Table caption="Error codes" head={['error', 'Status', 'When']} rows={errorRows()} />
      </>
    ),
  },
  {
    path: '/docs/webhooks',
    title: 'Webhooks',
    summary: 'Results of long jobs, delivered to your URL and signed so you can tell them from forgeries.',
    body: () => (
      <>
        <p>
          Give a <code>webhook_url</code> (https) when you submit an async verification or an extraction. When the job
          ends, the service POSTs one of four events to it: <code>verification.completed</code>,{' '}
          <code>verification.failed</code>, <code>extraction.completed</code>, <code>extraction.failed</code>. The
          body’s <code>data</code> is the job record, exactly as <code>GET /api/v1/jobs/{'{id}'}</code> returns it. Test
          keys never call back with job results: their 202 and job view say <code>"status": "not_sent"</code>, with the
          reason. They do deliver <a href="/docs/monitors">monitor events</a>, signed and retried the same way.
        </p>
        <Code label="A callback">{CALLBACK_EXAMPLE}</Code>
        <h2>Delivery</h2>
        <ul>
          <li>Answer with any 2xx within 15 seconds; anything else is retried with growing pauses for about a day.</li>
          <li>A 4xx other than 408, 409, 425 and 429 stops the retries: the URL is taken to refuse the message.</li>
          <li>
            A <code>Retry-After</code> header on your answer is honoured. Redirects are not followed.
          </li>
          <li>
            <code>webhook-id</code> stays the same across retries and resends: use it to ignore a message you already
            handled.
          </li>
        </ul>
        <h2>Verifying the signature</h2>
        <p>
          Callbacks follow <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>:{' '}
          <code>webhook-signature</code> is <code>v1,</code> and the base64 HMAC-SHA256 of{' '}
          <code>webhook-id.webhook-timestamp.body</code>, keyed with your <code>whsec_</code> signing secret. The secret
          is shown once, beside your first key when the portal’s link activates it; it is not shown again. For a new
          one, rotate it on the dashboard (Webhooks → Rotate signing secret), which shows the new secret once. For 24
          hours after a rotation the header carries one signature per secret, separated by spaces. Check the raw body
          before parsing it, and refuse old timestamps.
        </p>
        <Code label="Node.js">{NODE_VERIFY}</Code>
        <Code label="Python 3">{PYTHON_VERIFY}</Code>
      </>
    ),
  },
  MONITORS_GUIDE,
  EXTRACTION_GUIDE,
  {
    path: '/docs/rate-limits',
    title: 'Rate limits and plans',
    summary: 'Requests per minute and per month, credits per month, and the headers that tell you where you stand.',
    body: () => (
      <>
        <Table
          caption="Plans"
          head={['Plan', 'Credits a month', 'Requests a minute', 'Requests a month']}
          rows={PLAN_NAMES.map((name) => [
            name,
            number(PLANS[name].monthlyCredits),
            number(PLANS[name].requestsPerMinute),
            number(PLANS[name].requestsPerMonth),
          ])}
        />
        <p>
          A live verification with a definitive answer costs one credit; an inconclusive one costs none, and so does
          everything a test key does. A test key has limits of its own, whatever the plan:{' '}
          {number(TEST_KEY_LIMITS.requestsPerMinute)} requests a minute and {number(TEST_KEY_LIMITS.requestsPerMonth)} a
          month, enough to try every example of these docs at once. Credits are granted on the 1st of each month (UTC)
          and do not roll over. A batch reserves a credit per policy and keeps only what its answers cost.
        </p>
        <h2>Headers</h2>
        <ul>
          <li>
            <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code>, <code>X-RateLimit-Reset</code>: the
            per-minute window of your key, on every answer.
          </li>
          <li>
            Over the limit you get <code>429 rate_limit_exceeded</code> with <code>retry_after</code> in the body and a{' '}
            <code>Retry-After</code> header, both in seconds. Wait that long, then retry.
          </li>
        </ul>
        <p>Dataset endpoints need no key; with one, they count against its limits like any call.</p>
      </>
    ),
  },
  {
    path: '/docs/datasets',
    title: 'Datasets',
    summary: 'Public economic series with their freshness: read them as JSON or CSV, one or several at once.',
    body: (base) => (
      <>
        <p>
          Browse them on the <a href="/datasets">datasets pages</a>. No key is needed.
        </p>
        <Table
          caption="Dataset endpoints"
          head={['Endpoint', 'What it gives']}
          rows={[
            [
              <code key="l">GET /api/v1/datasets</code>,
              'The catalogue: q (search), category, source, cadence, limit, offset.',
            ],
            [
              <code key="d">GET /api/v1/datasets/{'{slug}'}</code>,
              'One dataset: metadata, licence, source and freshness.',
            ],
            [<code key="s">GET /api/v1/datasets/{'{slug}'}/series</code>, 'Its points, oldest or newest first.'],
            [
              <code key="m">GET /api/v1/series?slugs=a,b</code>,
              'Several series aligned on their dates, null where one has no point.',
            ],
            [<code key="p">GET /data/{'{slug}'}/preview</code>, 'The recent points and figures behind a sparkline.'],
          ]}
        />
        <h2>Series parameters</h2>
        <ul>
          <li>
            <code>observation_start</code>, <code>observation_end</code>: a date range (YYYY-MM-DD, inclusive), then{' '}
            <code>limit</code> points from the end <code>direction</code> names (<code>latest</code> or{' '}
            <code>earliest</code>).
          </li>
          <li>
            <code>units</code>: <code>lin</code> (the level), <code>chg</code>, <code>ch1</code>, <code>pch</code>,{' '}
            <code>pc1</code>, <code>pca</code>, <code>log</code>, as FRED defines them. A point whose earlier point is
            missing is left out.
          </li>
          <li>
            <code>frequency</code> (weekly, monthly, quarterly, annual) with <code>aggregation_method</code> (
            <code>avg</code>, <code>sum</code>, <code>eop</code>): periods dated at their start, an incomplete last one
            listed in <code>incomplete_periods</code>.
          </li>
          <li>
            <code>format=csv</code> or <code>Accept: text/csv</code>: <code>date,value</code> rows with a header.
          </li>
        </ul>
        <Code label="UK CPI, 12-month change, quarterly, as CSV">{curlSeriesCsv(base)}</Code>
        <h2>Freshness</h2>
        <p>
          Each dataset says when its last observation is dated, when it was last refreshed, when the next release is
          expected, and whether it is <code>fresh</code>, <code>due</code>, <code>overdue</code> or <code>stale</code>{' '}
          for its cadence.
        </p>
      </>
    ),
  },
];
