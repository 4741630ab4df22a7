import { CancellationScope, proxyActivities, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import type { PortalActivities } from '../activities/portal.js';
import { Outcome } from '../contracts/search-attributes.js';
import type { KeyExpiryOutcome, KeyExpiryInput } from '../contracts/key-expiry.js';

// The deactivation must happen even while the event store is briefly away: retried for a day.
const { deactivateUnusedKey } = proxyActivities<PortalActivities>({
  startToCloseTimeout: '30 seconds',
  scheduleToCloseTimeout: '1 day',
  retry: { initialInterval: '1 second', maximumInterval: '5 minutes' },
});

/**
 * `key-expiry-{key_id}` (docs/architecture.md#portal-and-admin): a free key never used within `afterSeconds` is deactivated. The key's
 * first use cancels this workflow while it sleeps, and the cancellation is not caught: the Temporal UI then
 * shows a used key's expiry as Canceled, an unused key's as Completed ('deactivated'). 'used' is the safety
 * net's answer: the timer fired, but the key had been used and its cancel was lost.
 */
export async function keyExpiryWorkflow(input: KeyExpiryInput): Promise<KeyExpiryOutcome> {
  await sleep(input.afterSeconds * 1000, { summary: 'unused key expires' });
  // Once the timer has fired the activity decides, with the usage read model: a cancel arriving now (a first use
  // at the last moment) must not leave the workflow Canceled while the key was deactivated after all.
  const outcome = await CancellationScope.nonCancellable(() =>
    deactivateUnusedKey({ accountId: input.accountId, keyId: input.keyId }),
  );
  upsertSearchAttributes([{ key: Outcome, value: outcome }]);
  return outcome;
}
