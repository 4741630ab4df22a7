// /datasets/{slug}: a page per dataset with its chart (drawn in the page by uPlot from the series endpoint),
// freshness, metadata, latest points, downloads and the API calls that return the same data.
import { render } from 'preact-render-to-string';
import type { Point } from '../../../domain/datasets/types.js';
import type { Freshness, NextRelease } from '../../../domain/datasets/freshness.js';
import type { DatasetRow } from '../../../infra/datasets/queries.js';
import { renderDocument, type PageContext } from '../layout.js';
import { Card, DataTable } from '../pages/parts.js';
import { seriesParams, ViewControls, type DatasetViewQuery } from './controls.js';
import { formatDay, formatMoment, formatPeriod, formatTableValue, formatValue } from './format.js';
import { viewLabels, withUnit } from './view-labels.js';
import { COUNT, label, sourceName, StatusBadge } from './dataset-parts.js';

/** The rows of a dataset page's table of latest observations (its script keeps as many as the view changes). */
export const LATEST_ROWS = 12;

export interface DatasetView {
  row: DatasetRow;
  freshness: Freshness;
  nextRelease: NextRelease | null;
  /** The latest points of the view, newest first. */
  latest: Point[];
  baseUrl: string;
  /** The view the page's address asks for (controls.tsx). */
  query: DatasetViewQuery;
}

/** A dataset page's content (its <main>), which depends on nothing of the request. */
export function datasetMain(view: DatasetView): string {
  const { row, freshness, latest } = view;
  const labels = viewLabels(row, view.query);
  const newest = latest[0];
  const api = `${view.baseUrl}/api/v1/datasets/${row.slug}`;
  const params = seriesParams(view.query, row.last_date).toString();
  const download = (format: string) => `/datasets/${row.slug}.${format}?download${params ? `&${params}` : ''}`;
  return render(
    <>
      <nav class="breadcrumb" aria-label="Breadcrumb">
        <a href="/datasets">Datasets</a> <span aria-hidden="true">/</span> <span aria-current="page">{row.title}</span>
      </nav>
      <header class="page-header">
        <p class="eyebrow">
          {label(row.category)} · {sourceName(row.source)}
        </p>
        <h1>{row.title}</h1>
        <p class="lead">{row.description}</p>
      </header>
      <section class="card chart-card" aria-labelledby="chart-heading">
        <div class="chart-head">
          <div>
            <h2 id="chart-heading">{labels.measure}</h2>
            <p class="chart-basis small" id="chart-basis">
              {labels.basis}
            </p>
          </div>
          <p class="chart-readout" id="chart-readout" aria-live="polite">
            {newest
              ? `${withUnit(formatValue(newest.value), labels.unit)} in ${formatPeriod(newest.date, labels.cadence)}`
              : ''}
          </p>
        </div>
        <ViewControls slug={row.slug} cadence={row.cadence} view={view.query} />
        <div
          id="chart"
          class="chart"
          data-source={`/datasets/${row.slug}.json`}
          data-params={params}
          data-first={row.first_date ?? ''}
          data-last={row.last_date ?? ''}
          data-unit={row.unit}
          data-cadence={row.cadence}
          data-latest-rows={LATEST_ROWS}
          role="img"
          aria-label={`Chart of ${row.title}: ${labels.measure}, ${labels.basis.replace(/^./, (c) => c.toLowerCase())}`}
        >
          <p class="chart-status">The chart needs JavaScript; the latest points are in the table below.</p>
        </div>
        <p class="small chart-caption" id="chart-caption" aria-live="polite" />
      </section>
      <div class="split">
        <Card id="freshness-heading" heading="Freshness">
          <dl class="details-list">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={freshness.status} />
            </dd>
            <dt>Last observation</dt>
            <dd>
              {freshness.lastObservationDate ? formatPeriod(freshness.lastObservationDate, row.cadence) : 'none yet'}
            </dd>
            <dt>Next expected</dt>
            <dd>{freshness.nextExpectedDate ? formatPeriod(freshness.nextExpectedDate, row.cadence) : 'unknown'}</dd>
            <dt>Next release</dt>
            <dd>
              {view.nextRelease
                ? `${formatDay(view.nextRelease.date)}${view.nextRelease.estimated ? ' (estimated)' : ''}`
                : 'unknown'}
            </dd>
            <dt>Last refreshed</dt>
            <dd>{freshness.lastRefreshedAt ? formatMoment(freshness.lastRefreshedAt) : 'never'}</dd>
          </dl>
        </Card>
        <Card id="about-heading" heading="About the data">
          <dl class="details-list">
            <dt>Publisher</dt>
            <dd>{row.publisher}</dd>
            <dt>Licence</dt>
            <dd>{row.licence}</dd>
            <dt>Source</dt>
            <dd>
              <a href={row.source_url}>{row.source_url}</a>
            </dd>
            <dt>Cadence</dt>
            <dd>{row.cadence}</dd>
            <dt>Coverage</dt>
            <dd>
              {row.first_date ? formatPeriod(row.first_date, row.cadence) : '?'} to{' '}
              {row.last_date ? formatPeriod(row.last_date, row.cadence) : '?'} ({COUNT.format(row.observation_count)}{' '}
              observations)
            </dd>
          </dl>
          <p class="small">{row.methodology}</p>
        </Card>
      </div>
      <Card id="latest-heading" heading="Latest observations">
        <p class="small" id="latest-basis">
          {labels.table}
        </p>
        <DataTable
          label="Latest observations table"
          columns={[{ head: labels.period }, { head: `Value (${labels.unit})`, numeric: true }]}
        >
          {latest.map((point) => (
            <tr key={point.date}>
              <td>{formatPeriod(point.date, labels.cadence)}</td>
              <td class="numeric">{formatTableValue(point.value)}</td>
            </tr>
          ))}
        </DataTable>
        <p class="empty" id="latest-empty" hidden={latest.length > 0}>
          No observation in this view.
        </p>
      </Card>
      <Card id="download-heading" heading="Download and API">
        <p class="actions">
          <a class="button button-primary" href={download('csv')} download data-download="csv">
            Download CSV
          </a>
          <a class="button button-secondary" href={download('json')} download data-download="json">
            Download JSON
          </a>
        </p>
        <p>The series in the view chosen above; the API gives the same, and no key is needed:</p>
        <pre tabindex={0}>
          <code>{`curl "${api}"\ncurl "${api}/series?direction=earliest&limit=1000"\ncurl "${api}/series?format=csv&observation_start=2020-01-01"`}</code>
        </pre>
        <p class="small">
          Parameters for ranges, growth rates and lower frequencies are in the{' '}
          <a href="/docs/datasets">datasets guide</a>.
        </p>
      </Card>
    </>,
  );
}

/** A dataset's page around its content (datasetMain); `title` is the dataset's. */
export function datasetPage(ctx: PageContext, title: string, main: string, description?: string): string {
  return renderDocument({
    ctx,
    title,
    ...(description ? { description } : {}),
    bodyClass: 'page-dataset',
    styles: ['/assets/datasets/uPlot.min.css', '/assets/datasets.css'],
    scripts: ['/assets/datasets/uPlot.iife.min.js', '/assets/datasets.js'],
    mainHtml: main,
  });
}
