import { contract } from './workflow.js';

/** One refresh of one public dataset, by its Schedule (`dataset-refresh-{slug}`) or at start-up. */
export interface DatasetRefreshWorkflowInput {
  slug: string;
  /** Do nothing when the dataset already has a successful refresh (the first load at start-up). */
  onlyIfNeverLoaded?: boolean;
}

export interface DatasetRefreshSummary {
  slug: string;
  /** `kept`: the live source failed and the series already loaded was left as it was. */
  origin: 'file' | 'url' | 'kept';
  /** The refresh URL tried, if any (also when it failed and the file was used). */
  url: string | null;
  points: number;
  firstDate: string | null;
  lastDate: string | null;
  /** Why a configured URL or the live source was not used. */
  note: string | null;
}

export type DatasetRefreshWorkflowResult =
  ({ status: 'refreshed' } & DatasetRefreshSummary) | { status: 'skipped'; slug: string };

/** `dataset-refresh-{slug}`: the dataset's Schedule, and the first load at start-up, run under this id. */
export const DATASET_REFRESH_WORKFLOW = contract<
  DatasetRefreshWorkflowInput,
  DatasetRefreshWorkflowResult,
  'datasetRefreshWorkflow'
>('datasetRefreshWorkflow', (input) => `dataset-refresh-${input.slug}`);
