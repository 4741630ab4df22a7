import type { Migration } from '../sql/migrate.js';

/**
 * The datasets read side: one row per catalogue entry (metadata mirrored from domain/datasets/catalogue.ts on
 * every refresh, plus the loaded series' summary), its points, and a record of every refresh.
 *
 * `search` weighs where a word appears: title (A), category (B), description (C), source and publisher (D);
 * ts_rank turns those weights into the order of search results. Category ids are hyphenated
 * (interest-rates), so hyphens become spaces before they are indexed.
 */
export const datasetMigrations: Migration[] = [
  {
    id: 'datasets-001-tables',
    sql: `
      create table datasets (
        slug text primary key,
        title text not null,
        description text not null,
        category text not null,
        source text not null,
        cadence text not null,
        unit text not null,
        publisher text not null,
        licence text not null,
        source_url text not null,
        methodology text not null,
        publication_lag_days int not null,
        first_date date,
        last_date date,
        latest_value double precision,
        observation_count int not null default 0,
        last_refreshed_at timestamptz,
        search tsvector generated always as (
          setweight(to_tsvector('english', title), 'A') ||
          setweight(to_tsvector('english', replace(category, '-', ' ')), 'B') ||
          setweight(to_tsvector('english', description), 'C') ||
          setweight(to_tsvector('english', source || ' ' || publisher), 'D')
        ) stored
      );
      create index datasets_search on datasets using gin (search);

      create table dataset_points (
        slug text not null references datasets (slug) on delete cascade,
        date date not null,
        value double precision not null,
        primary key (slug, date)
      );

      create table dataset_refreshes (
        id text primary key,
        slug text not null,
        started_at timestamptz not null,
        finished_at timestamptz not null,
        origin text check (origin in ('file', 'url')),
        url text,
        points int not null default 0,
        first_date date,
        last_date date,
        outcome text not null check (outcome in ('success', 'failed')),
        message text
      );
      create index dataset_refreshes_by_slug on dataset_refreshes (slug, finished_at desc);
    `,
  },
  {
    // Freshness that tells data from metadata (issue 18, item 7): when a point last changed, and when the
    // catalogue's description of the dataset last did. Rows loaded before this migration get their last
    // refresh for both, the best that is known of them.
    id: 'datasets-002-updated-at',
    sql: `
      alter table datasets add column data_updated_at timestamptz;
      alter table datasets add column metadata_updated_at timestamptz;
      update datasets set data_updated_at = last_refreshed_at, metadata_updated_at = last_refreshed_at;
    `,
  },
  {
    // Vintages (issue 18, item 5): every refresh that changed published points, with what it changed, so a series
    // can be answered as it was published on a past date. The data loaded before this migration is each
    // dataset's first vintage, dated when it was last changed.
    id: 'datasets-003-revisions',
    sql: `
      create table dataset_revisions (
        slug text not null references datasets (slug) on delete cascade,
        refresh_id text not null,
        published_at timestamptz not null,
        added jsonb not null,
        revised jsonb not null,
        removed jsonb not null,
        primary key (slug, refresh_id)
      );
      create index dataset_revisions_by_date on dataset_revisions (slug, published_at);
      insert into dataset_revisions (slug, refresh_id, published_at, added, revised, removed)
        select d.slug, 'first-vintage', coalesce(d.data_updated_at, d.last_refreshed_at, now()),
               coalesce((select jsonb_agg(jsonb_build_object('date', p.date::text, 'value', p.value) order by p.date)
                           from dataset_points p where p.slug = d.slug), '[]'::jsonb),
               '[]'::jsonb, '[]'::jsonb
          from datasets d
         where exists (select 1 from dataset_points p where p.slug = d.slug);
    `,
  },
  {
    // The live catalogue (issue 18, item 6): whether a refresh read the publisher's own source (live) or the
    // bundled file (bundled), so freshness can say where a dataset comes from and when its source last failed.
    // Refreshes recorded before this migration say nothing (null).
    id: 'datasets-004-source-mode',
    sql: `
      alter table dataset_refreshes add column mode text check (mode in ('live', 'bundled'));
    `,
  },
];
