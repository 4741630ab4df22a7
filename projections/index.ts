import { accountsProjection } from './accounts.js';
import { auditProjection } from './audit.js';
import { balancesProjection } from './balances.js';
import { batchesProjection } from './batches.js';
import { jobsProjection } from './jobs.js';
import { monitorsProjection } from './monitors.js';
import type { Projection } from './projection.js';
import { usageProjection } from './usage.js';
import { webhookDeliveriesProjection } from './webhook-deliveries.js';

/** Every read model the service keeps, one module each. */
export const allProjections: readonly Projection[] = [
  accountsProjection,
  balancesProjection,
  usageProjection,
  jobsProjection,
  webhookDeliveriesProjection,
  batchesProjection,
  monitorsProjection,
  auditProjection,
];
