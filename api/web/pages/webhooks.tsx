// The dashboard's webhooks: the signing secret and its rotation, and the recent deliveries, each of which can be
// sent again.
import { CsrfField, type PageContext } from '../layout.js';
import { count, formatNumber } from './format.js';
import { AccountPage } from './frames.js';
import { ACTIONS_COLUMN, Alert, Badge, Card, DataTable, DateAndTime, SecretBox } from './parts.js';

export interface DeliveryRow {
  job_id: string;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_code: number | null;
  last_attempt_at: Date | null;
  url: string;
}

const DELIVERY_TONE: Record<DeliveryRow['status'], string> = { pending: 'warning', delivered: 'success', failed: 'danger' };

const DELIVERY_COLUMNS = [
  { head: 'Event' },
  { head: 'Job' },
  { head: 'Status' },
  { head: 'Attempts', numeric: true },
  { head: 'Response' },
  { head: 'Last attempt' },
  ACTIONS_COLUMN,
];

export function webhooksPage(
  ctx: PageContext,
  props: { deliveries: DeliveryRow[]; rotatedSecret?: string; resent?: string; hasSecret: boolean },
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
          <form method="post" action="/account/webhooks/rotate" class="actions">
            <CsrfField ctx={ctx} />
            <button type="submit" class="button button-secondary">
              Rotate signing secret
            </button>
          </form>
        </Card>
        <Card id="deliveries-heading" heading="Recent deliveries">
          {props.deliveries.length === 0 ? (
            <p class="empty">
              No deliveries yet. When an async job started with a webhook_url finishes, its delivery shows here.
            </p>
          ) : (
            <>
              <p class="small">The last {count(Math.min(50, props.deliveries.length), 'delivery', 'deliveries')}, newest first.</p>
              <DataTable label="Table of recent deliveries" columns={DELIVERY_COLUMNS}>
                {props.deliveries.map((delivery) => (
                  <tr key={delivery.job_id}>
                    <td>
                      <code>{delivery.event_type}</code>
                    </td>
                    <td>
                      <code class="wrap-anywhere">{delivery.job_id}</code>
                      <span class="cell-note">{delivery.url}</span>
                    </td>
                    <td>
                      <Badge tone={DELIVERY_TONE[delivery.status]}>{delivery.status}</Badge>
                    </td>
                    <td class="numeric">{formatNumber(delivery.attempts)}</td>
                    <td>{delivery.response_code ?? '—'}</td>
                    <td>{delivery.last_attempt_at ? <DateAndTime date={delivery.last_attempt_at} /> : '—'}</td>
                    <td class="cell-action">
                      <form method="post" action={`/account/webhooks/${encodeURIComponent(delivery.job_id)}/resend`}>
                        <CsrfField ctx={ctx} />
                        <button type="submit" class="button button-secondary button-small" aria-label={`Resend ${delivery.job_id}`}>
                          Resend
                        </button>
                      </form>
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
