// The delivery loop both event store adapters run: a backend's `pump` feeds events from a position until it ends
// or fails; a failure is reported and the pump restarted from the last delivered position, with a capped
// exponential backoff, until the subscription is stopped.
import type { Position, SubscribeOptions, Subscription } from './types.js';

export interface Pump {
  /** Where delivery stands: strictly after this. */
  after: Position | null;
  stopped(): boolean;
  /** A step went well (to `position`, when events were delivered): later failures back off from the start. */
  advance(position?: Position): void;
}

export function runSubscription(
  options: SubscribeOptions,
  pump: (state: Pump) => Promise<void>,
  interrupt: () => unknown,
): Subscription {
  let stopped = false;
  let failures = 0;
  const state: Pump = {
    after: options.after ?? null,
    stopped: () => stopped,
    advance(position) {
      if (position) state.after = position;
      failures = 0;
    },
  };
  const loop = (async () => {
    while (!stopped) {
      try {
        await pump(state);
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
        failures += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 50 * 2 ** failures)));
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      await interrupt();
      await loop;
    },
  };
}
