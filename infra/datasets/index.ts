// What the composition root needs from the datasets adapters.
export { datasetMigrations } from './migrations.js';
export { datasetsReady } from './queries.js';
export { ensureDatasetSchedules, loadAllDatasets, type DatasetTemporalOptions } from './temporal.js';
