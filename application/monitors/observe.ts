// What a monitor's check sees of its policy (domain/monitors/observation.ts): a test key's from the sandbox's
// stories, a live key's from the country registry (period, vehicle) or, where no registry covers the country
// and type, from the verification engine. A registry that does not answer throws, for Temporal to retry: an
// outage is never an observation, so it can never read as a change.
import type { KeyMode } from '../../domain/accounts/keys.js';
import type { Observation } from '../../domain/monitors/observation.js';
import { sandboxDay, sandboxObservation } from '../../domain/monitors/sandbox.js';
import { dayOf } from '../../domain/monitors/schedule.js';
import { isDomainError } from '../../domain/errors.js';
import { normalisePolicyNumber } from '../../domain/verification/normalise.js';
import { lookupWithTimeout, RegistryUnavailableError } from '../../domain/verification/registry.js';
import type { RegistryConnector, VerificationEngine, VerificationRequest } from '../../domain/verification/types.js';

export interface ObserveDeps {
  registry: RegistryConnector;
  engine: VerificationEngine;
  registryTimeoutMs?: number;
}

export interface Sighting {
  observation: Observation;
  /** The date the policy was read as of: today, or the sandbox's clock. */
  asOf: string;
}

const NOT_FOUND: Observation = { status: 'not_found', insurer: null, period: null, vehicle: null };

export async function observePolicy(
  deps: ObserveDeps,
  input: { request: VerificationRequest; mode: KeyMode; startedAt: string; check: number; now: number },
): Promise<Sighting> {
  const { request, mode, check } = input;
  if (mode === 'test') {
    const startDay = input.startedAt.slice(0, 10);
    return {
      observation: sandboxObservation(request.policy_number, startDay, check),
      asOf: sandboxDay(startDay, check),
    };
  }
  const asOf = dayOf(input.now);
  const { country, insurance_type: type } = request;
  if (deps.registry.covers(country, type)) {
    const number = normalisePolicyNumber(request.policy_number);
    const lookup = await lookupWithTimeout(deps.registry, country, type, number, deps.registryTimeoutMs ?? 2000);
    if (lookup.outcome === 'unavailable') throw new RegistryUnavailableError(country, type);
    if (lookup.outcome === 'not_found') return { observation: NOT_FOUND, asOf };
    const record = lookup.record;
    return {
      observation: {
        status: record.status,
        insurer: record.insurer_name,
        period: { start: record.start_date, end: record.end_date },
        vehicle: record.vehicle_registration ?? null,
      },
      asOf,
    };
  }
  try {
    const result = await deps.engine.verify(request, { registryUnavailable: 'throw' });
    const status = result.flags.includes('cancelled') ? 'cancelled' : 'active';
    return { observation: { status, insurer: result.insurer?.name ?? null, period: null, vehicle: null }, asOf };
  } catch (error) {
    if (isDomainError(error) && error.code === 'policy_not_found') return { observation: NOT_FOUND, asOf };
    throw error;
  }
}
