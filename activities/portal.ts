import type { Accounts } from '../application/accounts.js';
import type { Queryable } from '../infra/sql/sql.js';
import { everUsed } from '../projections/usage.js';
import type { KeyExpiryOutcome } from '../contracts/key-expiry.js';

// Activities of the portal's workflows (docs/architecture.md#portal-and-admin): the expiry of free keys never used.

export interface PortalActivityDeps {
  accounts: Pick<Accounts, 'state' | 'deactivateKey'>;
  db: Queryable;
}

/** 'deactivated': the key no longer works (deactivated now or by an earlier attempt); 'used': it was used, and stays. */

export function portalActivities(deps: PortalActivityDeps) {
  return {
    /**
     * Deactivates a key its first use never reached. A use normally cancels the expiry before its timer fires;
     * this checks the usage read model as well, in case that cancel was lost. Once deactivated the answer stays
     * 'deactivated' on a retry (whatever usage shows by then), and deactivating twice appends nothing.
     */
    async deactivateUnusedKey(input: { accountId: string; keyId: string }): Promise<KeyExpiryOutcome> {
      const state = await deps.accounts.state(input.accountId);
      if (state.keys[input.keyId] === 'deactivated') return 'deactivated';
      if (await everUsed(deps.db, input.keyId)) return 'used';
      await deps.accounts.deactivateKey(input.accountId, input.keyId, 'unused', {
        actor: 'system',
        $correlationId: `key-expiry-${input.keyId}`,
      });
      return 'deactivated';
    },
  };
}

export type PortalActivities = ReturnType<typeof portalActivities>;
