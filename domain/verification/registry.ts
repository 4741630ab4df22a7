// Calls to a country registry, bounded by a timeout: a registry that does not answer in time is unavailable.
import type { Country, InsuranceType, RegistryConnector, RegistryLookup } from './types.js';

/** Rejected by verify() with registryUnavailable 'throw': the caller (a Temporal activity) retries. */
export class RegistryUnavailableError extends Error {
  constructor(
    readonly country: Country,
    readonly insuranceType: InsuranceType,
  ) {
    super(`The ${country} ${insuranceType} registry did not answer.`);
    this.name = 'RegistryUnavailableError';
  }
}

export const isRegistryUnavailable = (error: unknown): error is RegistryUnavailableError =>
  error instanceof RegistryUnavailableError;

const UNAVAILABLE: RegistryLookup = Object.freeze({ outcome: 'unavailable' });

/** What an in-memory connector is handed: it answers before any timeout could abort it. */
const NEVER_ABORTED = new AbortController().signal;

/**
 * The connector's answer, or unavailable when it throws or the timeout passes first (the lookup is then aborted).
 * `cancel` (the caller's cancellation) aborts the lookup at once and rejects with its reason.
 */
export async function lookupWithTimeout(
  connector: RegistryConnector,
  country: Country,
  type: InsuranceType,
  policyNumber: string,
  timeoutMs: number,
  cancel?: AbortSignal,
): Promise<RegistryLookup> {
  cancel?.throwIfAborted();
  if (connector.inMemory) {
    try {
      const lookup = await connector.lookup(country, type, policyNumber, NEVER_ABORTED);
      return isLookup(lookup) ? lookup : UNAVAILABLE;
    } catch {
      return UNAVAILABLE;
    }
  }
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onCancel = () => undefined as void;
  const timeout = new Promise<RegistryLookup>((resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(UNAVAILABLE);
    }, timeoutMs);
    onCancel = () => {
      controller.abort(cancel!.reason);
      reject(cancel!.reason);
    };
    cancel?.addEventListener('abort', onCancel, { once: true });
  });
  try {
    let pending: Promise<RegistryLookup>;
    try {
      pending = Promise.resolve(connector.lookup(country, type, policyNumber, controller.signal));
    } catch {
      return UNAVAILABLE; // a connector that throws before it returns a promise is as unavailable as one that rejects
    }
    const answer = pending.then(
      (lookup) => (isLookup(lookup) ? lookup : UNAVAILABLE),
      () => UNAVAILABLE,
    );
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
    cancel?.removeEventListener('abort', onCancel);
  }
}

function isLookup(value: unknown): value is RegistryLookup {
  const outcome = (value as { outcome?: unknown } | null)?.outcome;
  if (outcome === 'found') return typeof (value as { record?: unknown }).record === 'object';
  return outcome === 'not_found' || outcome === 'unavailable';
}
