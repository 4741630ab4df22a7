// The dashboard's page of one extraction (issue 56): each page of the document as the service drew it, the fields'
// boxes over it, and beside it the fields with their values and confidence, the doubtful ones marked, and a form to
// correct them. The boxes are SVG over the page's image: positions are attributes, not inline styles, which the
// pages' Content-Security-Policy refuses.
import type { Correction } from '../../../domain/jobs/corrections.js';
import type { FieldEvidence, FieldKey } from '../../../domain/extraction/types.js';
import { CsrfField, type PageContext } from '../layout.js';
import { AccountPage } from './frames.js';
import { formatDateTime } from './format.js';
import { Alert, Badge, Card, DateAndTime } from './parts.js';
import { CorrectionForm, FIELD_LABELS, showValue } from './job-fields.js';

export interface JobPageProps {
  jobId: string;
  status: 'pending' | 'complete' | 'failed';
  mode: string;
  createdAt: Date;
  /** The pages drawn, with their sizes in pixels. */
  pages: { page: number; width: number; height: number }[];
  /** The document's page count (the result's). */
  pageCount: number | null;
  method: string | null;
  fields: { key: FieldKey; value: unknown; read: unknown; corrected: boolean; evidence: FieldEvidence | null }[];
  history: Correction[];
  erased: boolean;
  /** Fields a correction just changed (after the form's redirect). */
  saved?: number;
}

const percent = (n: number) => `${Math.round(n * 100)}%`;

/** One page with its fields' boxes, each numbered as the list beside it numbers the field. */
function DrawnPage({
  jobId,
  page,
  fields,
}: {
  jobId: string;
  page: JobPageProps['pages'][number];
  fields: (JobPageProps['fields'][number] & { n: number })[];
}) {
  const { width: w, height: h } = page;
  const onPage = fields.filter((f) => f.evidence?.page === page.page && f.evidence.box);
  return (
    <figure class="doc-page">
      <svg
        viewBox={`0 0 ${w} ${h}`}
        role="img"
        aria-labelledby={`page-${page.page}-caption`}
        class="doc-page-drawing"
        preserveAspectRatio="xMidYMid meet"
      >
        <image href={`/account/jobs/${jobId}/pages/${page.page}`} x="0" y="0" width={w} height={h} />
        {onPage.map((f) => {
          const box = f.evidence!.box!;
          const pad = Math.max(2, Math.round(w * 0.004));
          const x = box.x * w - pad;
          const y = box.y * h - pad;
          const tone = f.corrected ? 'corrected' : f.evidence!.needs_review ? 'review' : 'ok';
          const r = Math.max(9, Math.round(w * 0.014));
          const bh = box.height * h + 2 * pad;
          // The number sits just left of its box, not over the words it boxes.
          const cx = Math.max(r, x - r - pad);
          const cy = y + bh / 2;
          return (
            <g key={f.key} class={`field-box field-box-${tone}`}>
              <title>
                {FIELD_LABELS[f.key]}: {showValue(f.value)} ({percent(f.evidence!.confidence)})
              </title>
              <rect x={x} y={y} width={box.width * w + 2 * pad} height={bh} rx={pad} />
              <circle cx={cx} cy={cy} r={r} />
              <text x={cx} y={cy} dy="0.35em" text-anchor="middle" font-size={r * 1.2}>
                {f.n}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption id={`page-${page.page}-caption`}>
        Page {page.page}
        {onPage.length > 0 ? `: ${onPage.map((f) => `${f.n} ${FIELD_LABELS[f.key]}`).join(', ')}` : ''}.{' '}
        <a href={`/account/jobs/${jobId}/pages/${page.page}`}>Open the page alone</a>
      </figcaption>
    </figure>
  );
}

function FieldList({ fields }: { fields: (JobPageProps['fields'][number] & { n: number })[] }) {
  return (
    <ol class="field-list">
      {fields.map((f) => {
        const evidence = f.evidence;
        const review = !f.corrected && evidence?.needs_review;
        return (
          <li
            key={f.key}
            class={`field-item${review ? ' field-item-review' : ''}${f.corrected ? ' field-item-corrected' : ''}`}
          >
            <span class="field-number" aria-hidden="true">
              {evidence?.box ? f.n : '·'}
            </span>
            <div class="field-body">
              <div class="field-head">
                <span class="field-name">{FIELD_LABELS[f.key]}</span>
                {f.corrected ? (
                  <Badge tone="success">Corrected</Badge>
                ) : review ? (
                  <Badge tone="warning">Check this</Badge>
                ) : null}
              </div>
              <div class="field-value">{showValue(f.value)}</div>
              {f.corrected && <div class="cell-note">Read as {showValue(f.read)}</div>}
              {evidence ? (
                <div class="field-confidence">
                  <meter min={0} max={1} low={0.6} high={0.7} optimum={1} value={evidence.confidence}>
                    {percent(evidence.confidence)}
                  </meter>
                  <span class="cell-note">
                    {percent(evidence.confidence)} sure
                    {evidence.page ? `, page ${evidence.page}` : ', not at one place'}
                    {evidence.source === 'ocr' ? ', scanned' : ''}
                  </span>
                </div>
              ) : (
                <div class="cell-note">Not found in the document</div>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function History({ history }: { history: Correction[] }) {
  if (history.length === 0) return <p class="empty">No corrections yet: the values are as the service read them.</p>;
  return (
    <ol class="correction-history">
      {[...history].reverse().map((c, i) => (
        <li key={i}>
          <strong>{FIELD_LABELS[c.field]}</strong>: {showValue(c.from)} → {showValue(c.to)}
          <span class="history-note">
            {c.by.via === 'api' ? `key ${c.by.key_id}` : (c.by.person ?? 'dashboard')}, {formatDateTime(new Date(c.at))}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function jobPage(ctx: PageContext, props: JobPageProps): string {
  const numbered = props.fields.map((f, i) => ({ ...f, n: i + 1 }));
  const doubtful = numbered.filter((f) => !f.corrected && f.evidence?.needs_review).length;
  return AccountPage({
    ctx,
    title: 'Extraction',
    current: '/account',
    intro: (
      <>
        <code class="wrap-anywhere">{props.jobId}</code> · <DateAndTime date={props.createdAt} />
        {props.mode === 'test' ? ' · test key' : ''}
      </>
    ),
    children: (
      <>
        {props.saved !== undefined && (
          <Alert kind="notice">
            {props.saved === 0
              ? 'Nothing changed: the values sent were the ones the job already had.'
              : `${props.saved} ${props.saved === 1 ? 'field' : 'fields'} corrected. The reading is kept in the job's history.`}
          </Alert>
        )}
        {props.erased ? (
          <Alert kind="warning">This job's result was erased (retention): its pages and fields are gone.</Alert>
        ) : props.status !== 'complete' ? (
          <Alert kind="notice">
            {props.status === 'pending' ? 'This document is still being read.' : 'This extraction failed.'}
          </Alert>
        ) : (
          <>
            <p class="job-summary">
              {props.pageCount ?? props.pages.length} {props.pageCount === 1 ? 'page' : 'pages'}, read from its{' '}
              {props.method === 'ocr' ? 'scan (OCR)' : 'text'}.{' '}
              {doubtful > 0 ? (
                <strong>
                  {doubtful} {doubtful === 1 ? 'field needs' : 'fields need'} checking.
                </strong>
              ) : (
                'No field needs checking.'
              )}
            </p>
            <div class="job-review">
              <section class="job-pages" aria-label="The document's pages">
                {props.pages.length === 0 ? (
                  <p class="empty">The pages are being drawn; reload in a moment.</p>
                ) : (
                  props.pages.map((page) => (
                    <DrawnPage key={page.page} jobId={props.jobId} page={page} fields={numbered} />
                  ))
                )}
              </section>
              <aside class="job-fields" aria-labelledby="fields-heading">
                <h2 id="fields-heading">Fields</h2>
                <FieldList fields={numbered} />
              </aside>
            </div>
            <Card id="correct-heading" heading="Correct the fields">
              <p class="small">
                Change what was read wrong and save: each change is kept with who made it and when, the reading stays in
                the history, and your webhook hears of it (extraction.corrected).
              </p>
              <form method="post" action={`/account/jobs/${props.jobId}/corrections`} class="correction-form">
                <CsrfField ctx={ctx} />
                <CorrectionForm fields={numbered} />
                <p class="actions">
                  <button type="submit" class="button button-primary">
                    Save corrections
                  </button>
                </p>
              </form>
            </Card>
            <Card id="history-heading" heading="Corrections">
              <History history={props.history} />
            </Card>
          </>
        )}
      </>
    ),
  });
}
