import { createHmac } from 'node:crypto';
import type { RateLimits } from '../../application/rate-limits/rate-limits.js';

// The portal's abuse limits (docs/architecture.md#portal-and-admin): 20 submissions an IP an hour, 5 mails an address an hour, and 30
// dashboard actions an account an hour (keys created, signing secrets rotated, callbacks resent: each writes
// events or starts a workflow). Addresses are counted under a keyed hash, so that Redis never holds one.

const HOUR = 3600;
export const DASHBOARD_ACTIONS_PER_HOUR = 30;

export interface Refusal {
  retryAfterSeconds: number;
  retryAt: Date;
}

export class PortalLimits {
  constructor(
    private readonly limits: RateLimits,
    private readonly secret: string,
  ) {}

  private static refusal(check: { allowed: boolean; retryAfter: number }): Refusal | null {
    return check.allowed
      ? null
      : { retryAfterSeconds: check.retryAfter, retryAt: new Date(Date.now() + check.retryAfter * 1000) };
  }

  async submission(ip: string): Promise<Refusal | null> {
    return PortalLimits.refusal(await this.limits.forWindow('portal-ip', ip, 20, HOUR));
  }

  async dashboardAction(accountId: string): Promise<Refusal | null> {
    return PortalLimits.refusal(
      await this.limits.forWindow('dashboard-account', accountId, DASHBOARD_ACTIONS_PER_HOUR, HOUR),
    );
  }

  async mailTo(address: string): Promise<Refusal | null> {
    const key = createHmac('sha256', this.secret).update(`mail:${address.toLowerCase()}`).digest('hex');
    return PortalLimits.refusal(await this.limits.forWindow('portal-mail', key, 5, HOUR));
  }
}
