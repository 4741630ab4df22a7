// The dashboard's list of documents: the account's last extractions, each a link to its page (./job.tsx).
import type { AccountJobRow } from '../../../projections/jobs.js';
import type { PageContext } from '../layout.js';
import { AccountPage } from './frames.js';
import { Badge, Card, DataTable, DateAndTime } from './parts.js';

const STATUS_TONE: Record<string, string> = { pending: 'warning', complete: 'success', failed: 'danger' };

const COLUMNS = [
  { head: 'Document' },
  { head: 'Status' },
  { head: 'Corrections', numeric: true },
  { head: 'Submitted' },
];

export function jobsPage(ctx: PageContext, props: { jobs: AccountJobRow[] }): string {
  return AccountPage({
    ctx,
    title: 'Documents',
    current: '/account',
    intro: 'Your extractions: open one to see its pages with the fields found on them, and to correct a field.',
    children: (
      <Card id="jobs-heading" heading="Recent extractions">
        {props.jobs.length === 0 ? (
          <p class="empty">No documents yet. Send one to POST /api/v1/documents/extract and it shows here.</p>
        ) : (
          <DataTable label="Table of recent extractions" columns={COLUMNS} cards>
            {props.jobs.map((job) => (
              <tr key={job.job_id}>
                <td>
                  <a href={`/account/jobs/${job.job_id}`} class="wrap-anywhere">
                    <code>{job.job_id}</code>
                  </a>
                  {job.mode === 'test' && <span class="cell-note">test key</span>}
                </td>
                <td>
                  <Badge tone={job.result_erased_at ? 'neutral' : (STATUS_TONE[job.status] ?? 'neutral')}>
                    {job.result_erased_at ? 'erased' : job.status}
                  </Badge>
                </td>
                <td class="numeric">{job.corrections}</td>
                <td>
                  <DateAndTime date={job.created_at} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    ),
  });
}
