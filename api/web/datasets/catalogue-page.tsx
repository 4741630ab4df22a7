// /datasets: the catalogue with its filters and a sparkline per dataset.
import { render } from 'preact-render-to-string';
import { CADENCES, CATEGORIES, SOURCES, type Point } from '../../../domain/datasets/types.js';
import type { Freshness } from '../../../domain/datasets/freshness.js';
import type { DatasetRow } from '../../../infra/datasets/queries.js';
import { renderDocument, type PageContext } from '../layout.js';
import { ButtonLink } from '../pages/parts.js';
import { formatPeriod, formatValue } from './format.js';
import { Sparkline } from './sparkline.js';
import { label, sourceName, StatusBadge } from './dataset-parts.js';

export interface CatalogueQuery {
  q: string;
  category: string;
  source: string;
  cadence: string;
}

export interface CatalogueItem {
  row: DatasetRow;
  freshness: Freshness;
  preview: Point[];
}

function Select({
  name,
  text,
  value,
  options,
  names,
}: {
  name: string;
  text: string;
  value: string;
  options: readonly string[];
  names?: (code: string) => string;
}) {
  return (
    <label class="field">
      <span class="field-label">{text}</span>
      <select name={name}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option} value={option} selected={option === value}>
            {(names ?? label)(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The catalogue's content (the page's <main>), which depends on nothing of the request but its query. */
export function catalogueMain(query: CatalogueQuery, items: CatalogueItem[]): string {
  return render(
    <>
      <header class="page-header">
        <p class="eyebrow">Public data</p>
        <h1>Datasets</h1>
        <p class="lead">
          Inflation, interest rates, house prices, exchange rates, energy and more, from the publishers themselves, with
          how fresh each one is. Free to read and download; the same data is in the <a href="/docs/datasets">API</a>.
        </p>
      </header>
      <form class="dataset-filters card" method="get" action="/datasets" role="search" aria-label="Datasets">
        <label class="field field-search">
          <span class="field-label">Search</span>
          <input type="search" name="q" value={query.q} placeholder="e.g. inflation, euribor, gilt" />
        </label>
        <Select name="category" text="Category" value={query.category} options={CATEGORIES} />
        <Select name="source" text="Source" value={query.source} options={SOURCES} names={sourceName} />
        <Select name="cadence" text="Cadence" value={query.cadence} options={CADENCES} />
        <div class="filter-actions">
          <button type="submit" class="button button-primary">
            Show
          </button>
          <ButtonLink href="/datasets" kind="secondary">
            Clear
          </ButtonLink>
        </div>
      </form>
      <p class="result-count" role="status">
        {items.length === 1 ? '1 dataset' : `${items.length} datasets`}
      </p>
      {items.length === 0 ? (
        <p class="empty">No dataset matches. Try fewer words or another filter.</p>
      ) : (
        <ul class="dataset-list">
          {items.map(({ row, freshness, preview }) => (
            <li key={row.slug} class="dataset-card card" data-slug={row.slug}>
              <h2>
                <a href={`/datasets/${row.slug}`}>{row.title}</a>
              </h2>
              <div class="dataset-card-text">
                <p class="dataset-meta">
                  {label(row.category)} · {sourceName(row.source)} · {row.cadence}{' '}
                  <StatusBadge status={freshness.status} />
                </p>
                {row.latest_value !== null && row.last_date && (
                  <p class="dataset-latest">
                    <strong>{formatValue(row.latest_value)}</strong> <span class="dataset-unit">{row.unit}</span>{' '}
                    <span class="small">({formatPeriod(row.last_date, row.cadence)})</span>
                  </p>
                )}
              </div>
              <Sparkline points={preview} label={`${row.title}: the last ${preview.length} observations`} />
            </li>
          ))}
        </ul>
      )}
    </>,
  );
}

/** The catalogue around its content (catalogueMain). */
export function cataloguePage(ctx: PageContext, main: string): string {
  return renderDocument({
    ctx,
    title: 'Datasets',
    description:
      'Public economic datasets from their publishers: inflation, interest rates, house prices, exchange rates and energy, with freshness and downloads.',
    bodyClass: 'page-datasets',
    styles: ['/assets/datasets.css'],
    mainHtml: main,
  });
}
