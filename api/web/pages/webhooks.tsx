// The dashboard's webhooks: the signing secret and its rotation (after a confirm page), and the recent
// deliveries, the original and each resend on rows of their own with every attempt's answer and time, and the
// trace of the request that submitted each job, when it was traced (the dashboard's only list of jobs).
import type { Delivery } from '../../../projections/webhook-deliveries.js';
import { CsrfField, renderDocument, type PageContext } from '../layout.js';
import { count, formatDateTime, formatNumber } from './format.js';
import { AccountPage } from './frames.js';
import {
  ACTIONS_COLUMN,
  Alert,
  Badge,
  ButtonLink,
  Card,
  DataTable,
  DateAndTime,
  SecretBox,
  TraceLink,
} from './parts.js';

/** One delivery of a callback, as the delivery history keeps it. */
export type DeliveryRow = Delivery;

/** The attempts of a delivery, each answer and when, folded behind their count. */
function Attempts({ delivery }: { delivery: DeliveryRow }) {
  if (delivery.attempt_log.length === 0) return <>{formatNumber(delivery.attempts)}</>;
  return (
    <details class="attempts">
      <summary>{formatNumber(delivery.attempts)}</summary>
      <ol>
        {delivery.attempt_log.map((a) => (
          <li key={a.attempt}>
            {a.status ?? 'no answer'} <span class="cell-note">{formatDateTime(a.at)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

const DELIVERY_TONE: Record<DeliveryRow['status'], string> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'danger',
};

const DELIVERY_COLUMNS = [
  { head: 'Event' },
  { head: 'Job' },
  { head: 'Status' },
  { head: 'Attempts' },
  { head: 'Response' },
  { head: 'Last attempt' },
  ACTIONS_COLUMN,
];

export function webhooksPage(
  ctx: PageContext,
  props: {
    deliveries: DeliveryRow[];
    rotatedSecret?: string;
    resent?: string;
    hasSecret: boolean;
    /** The trace id of the request that submitted each job, by job id; TRACE_UI_URL to link them. */
    traces?: ReadonlyMap<string, string>;
    traceUi?: string;
  },
): string {
  return AccountPage({
    ctx,
    title: 'Webhooks',
    current: '/account/webhooks',
    children: (
      <>
        {props.resent && <Alert kind="notice">A new delivery of {props.resent} is on its way.</Alert>}
        {props.rotatedSecret && (
          <Card id="new-secret-heading" heading="Your new signing secret" kind="card-highlight">
            <Alert kind="warning">
              <strong>Copy it now.</strong> This secret will not be shown again.
            </Alert>
            <SecretBox id="webhook-secret" label="Signing secret" value={props.rotatedSecret} />
          </Card>
        )}
        <Card id="secret-heading" heading="Signing secret">
          <p>
            {props.hasSecret
              ? 'Every delivery is signed with your secret so your endpoint can check it came from us. '
              : 'You have no signing secret yet; rotating creates one. '}
            After a rotation the previous secret keeps signing alongside the new one for 24 hours, so you can switch
            without missing a delivery.
          </p>
          <p class="actions">
            <ButtonLink href="/account/webhooks/rotate" kind="secondary">
              {props.hasSecret ? 'Rotate signing secret…' : 'Create signing secret…'}
            </ButtonLink>
          </p>
        </Card>
        <Card id="deliveries-heading" heading="Recent deliveries">
          {props.deliveries.length === 0 ? (
            <p class="empty">
              No deliveries yet. When an async job started with a webhook_url finishes, its delivery shows here.
            </p>
          ) : (
            <>
              <p class="small">
                The last {count(Math.min(50, props.deliveries.length), 'delivery', 'deliveries')}, newest first.
              </p>
              <DataTable label="Table of recent deliveries" columns={DELIVERY_COLUMNS} cards>
                {props.deliveries.map((delivery) => (
                  <tr key={`${delivery.job_id}/${delivery.delivery_id ?? ''}`}>
                    <td>
                      <code>{delivery.event_type}</code>
                      <span class="cell-note">{delivery.delivery_id ? 'resend' : 'original'}</span>
                    </td>
                    <td>
                      <code class="wrap-anywhere">{delivery.job_id}</code>
                      <span class="cell-note">{delivery.url}</span>
                      {props.traces?.has(delivery.job_id) ? (
                        <TraceLink traceId={props.traces.get(delivery.job_id)!} traceUi={props.traceUi} />
                      ) : null}
                    </td>
                    <td>
                      <Badge tone={DELIVERY_TONE[delivery.status]}>{delivery.status}</Badge>
                    </td>
                    <td>
                      <Attempts delivery={delivery} />
                    </td>
                    <td>{delivery.response_code ?? '—'}</td>
                    <td>{delivery.last_attempt_at ? <DateAndTime date={delivery.last_attempt_at} /> : '—'}</td>
                    <td class="cell-action">
                      {delivery.resendable ? (
                        <form method="post" action={`/account/webhooks/${encodeURIComponent(delivery.job_id)}/resend`}>
                          <CsrfField ctx={ctx} />
                          <button
                            type="submit"
                            class="button button-secondary button-small"
                            aria-label={`Resend ${delivery.job_id}`}
                          >
                            Resend
                          </button>
                        </form>
                      ) : (
                        <span aria-hidden="true">—</span>
                      )}
                    </td>
                  </tr>
                ))}
              </DataTable>
            </>
          )}
        </Card>
      </>
    ),
  });
}

/** The question before a rotation: what changes for the receivers, and a way back. */
export function rotateSecretPage(ctx: PageContext): string {
  return renderDocument({
    ctx,
    title: 'Rotate the signing secret',
    bodyClass: 'page-narrow',
    children: (
      <section class="card">
        <p class="eyebrow">Webhooks</p>
        <h1>Rotate the signing secret?</h1>
        <p class="lead">
          A new secret signs every delivery from now on. The current one keeps signing alongside it for 24 hours, so
          your endpoint can switch over without rejecting a delivery.
        </p>
        <p>The new secret is shown once, on the next page: have somewhere to keep it.</p>
        <form method="post" action="/account/webhooks/rotate" class="actions">
          <CsrfField ctx={ctx} />
          <button type="submit" class="button button-primary">
            Rotate secret
          </button>
          <ButtonLink href="/account/webhooks" kind="secondary">
            Cancel
          </ButtonLink>
        </form>
      </section>
    ),
  });
}
