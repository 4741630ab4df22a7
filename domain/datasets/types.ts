// The vocabulary of the public datasets catalogue: what a dataset is, how its source file is read, and the
// point every series is made of.

export const CADENCES = ['daily', 'weekly', 'monthly', 'quarterly', 'annual'] as const;
export type Cadence = (typeof CADENCES)[number];

export const CATEGORIES = ['inflation', 'interest-rates', 'housing', 'fx', 'energy', 'motor', 'macro'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Short, filterable ids of the organisations behind the numbers; the full name is the dataset's publisher. */
export const SOURCES = ['ons', 'boe', 'nationwide', 'bis', 'world-bank', 'fred', 'eia', 'emmi', 'destatis'] as const;
export type Source = (typeof SOURCES)[number];

/** One observation. `date` is an ISO calendar date (YYYY-MM-DD), in the source's own period convention. */
export interface Point {
  date: string;
  value: number;
}

/**
 * How to turn a source file into points. Formats are data, not code, so the same description reads the bundled
 * file and a file fetched from the dataset's refresh URL.
 */
export type SourceFormat =
  | {
      kind: 'csv';
      delimiter?: ',' | ';';
      dateColumn: string;
      /** `iso`: YYYY-MM-DD; `year`: YYYY, dated the 1st of January. */
      dateStyle: 'iso' | 'year';
      valueColumn: string;
      /** Long-format files: keep only the rows whose column has this value. */
      where?: { column: string; equals: string };
      /** A series of change dates (a rate that holds until it changes), resampled to the value at each month end. */
      resample?: 'month-end-step';
    }
  | {
      /** The ONS time-series download: metadata rows, then annual, quarterly and monthly blocks of "period","value". */
      kind: 'ons';
      block: 'annual' | 'quarterly' | 'monthly';
    };

/**
 * Where the publisher itself offers the series for download, and in which of its formats (issue 18, item 6). Data,
 * not code: infra/datasets/sources/ has one module per publisher that builds the documented URL and reads the
 * publisher's response into points. Refreshed from when DATASET_SOURCES=live.
 */
export type LiveSource = (
  | /** ONS time-series CSV (the generator download of /…/timeseries/{cdid}/{dataset}). */
    {
      publisher: 'ons';
      topic: string;
      cdid: string;
      dataset: string;
      block: 'annual' | 'quarterly' | 'monthly';
    } /** Bank of England database CSV (_iadb-fromshowcolumns.asp, one series code). */
  | {
      publisher: 'boe';
      series: string;
      from: string;
    } /** FRED's fredgraph.csv; `invert` gives the reciprocal, rounded to 4 decimals (the bundled quotation). */
  | {
      publisher: 'fred';
      series: string;
      invert?: boolean;
    } /** ECB data portal, SDMX CSV (format=csvdata) of one series key of a dataflow. */
  | {
      publisher: 'ecb';
      flow: string;
      key: string;
      /** Keep the first observation of each month (a daily series sampled monthly). */ firstOfMonth?: true;
    } /** EIA API v2, series by its APIv1 id (needs EIA_API_KEY). */
  | {
      publisher: 'eia';
      series: string;
      frequency: 'daily' | 'weekly' | 'monthly';
    } /** BIS SDMX RESTful API v1, SDMX CSV of one series key of a dataflow; quarters dated on their last day. */
  | {
      publisher: 'bis';
      flow: string;
      key: string;
    } /** World Bank Indicators API v2, JSON, one indicator of one country. */
  | {
      publisher: 'world-bank';
      country: string;
      indicator: string;
    } /** Destatis GENESIS-Online REST API 2020, table download as flat-file CSV (ffcsv), one measure. */
  | { publisher: 'destatis'; table: string; measure: string; startYear: number }
) & {
  /** A step series (a rate in force until it changes) resampled to the value at each month end. */
  resample?: 'month-end-step';
  /**
   * The source starts later than the bundled history: bundled points before its first date are kept, so a live
   * refresh does not withdraw centuries of history the publisher's database does not reach.
   */
  keepBundledHistory?: boolean;
};

export type Publisher = LiveSource['publisher'];

export interface DatasetDefinition {
  slug: string;
  title: string;
  description: string;
  category: Category;
  source: Source;
  cadence: Cadence;
  unit: string;
  publisher: string;
  licence: string;
  /** Where a person finds the series at its publisher. */
  sourceUrl: string;
  methodology: string;
  /**
   * Days from an observation's date until the publisher normally has it out. With the cadence it says when the
   * next observation is expected (see freshness.ts).
   */
  publicationLagDays: number;
  /**
   * The publisher's announced release dates (YYYY-MM-DD), when the catalogue knows them: freshness then gives
   * the next one as next_release instead of an estimate from the cadence.
   */
  releaseDates?: readonly string[];
  /** The bundled file, relative to data/datasets. */
  file: string;
  format: SourceFormat;
  /**
   * The publisher's own download, read when DATASET_SOURCES=live; null when the publisher offers none that can
   * be read (`noLiveSource` says why), and the bundled file stays the source.
   */
  live: LiveSource | null;
  noLiveSource?: string;
}
