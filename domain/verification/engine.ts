// The verification engine (DESIGN §6): format, then regulator register, then country registry; a weighted,
// capped score; the SPEC §2.2 result or a SPEC §7.2 error. Pure apart from the registry port and the clock.
import { DomainError } from '../errors.js';
import type { PolicyFormats } from './formats.js';
import { MATCH_THRESHOLD, type Insurer, type InsurerDirectory } from './insurers.js';
import { MATCH_SCORES } from './name-index.js';
import { normalisePolicyNumber } from './normalise.js';
import { lookupWithTimeout, RegistryUnavailableError } from './registry.js';
import { confidence, orderFlags, statusFor, VALUES, type CheckValues } from './scoring.js';
import {
  isCountry,
  isInsuranceType,
  REGISTER_SOURCE,
  type Country,
  type Flag,
  type InsuranceType,
  type RegistryConnector,
  type RegistryLookup,
  type RegistryRecord,
  type VerificationEngine,
  type VerificationRequest,
  type VerificationResult,
  type VerifyOptions,
} from './types.js';

export const DEFAULT_REGISTRY_TIMEOUT_MS = 2000;

export interface EngineParts {
  insurers: InsurerDirectory;
  formats: PolicyFormats;
  registry: RegistryConnector;
  registryTimeoutMs?: number;
  /** The clock that decides expired and not yet active (tests pin it). */
  now?: () => Date;
}

const TYPE_WORDS: Record<InsuranceType, string> = { motor: 'motor', travel: 'travel', health: 'health' };

export function createVerificationEngine(parts: EngineParts): VerificationEngine {
  const { insurers, formats, registry } = parts;
  const timeoutMs = parts.registryTimeoutMs ?? DEFAULT_REGISTRY_TIMEOUT_MS;
  const now = parts.now ?? (() => new Date());

  /** The insurer a registry record names: by register code, else by name, else known only by the registry. */
  function recordInsurer(country: Country, type: InsuranceType, record: RegistryRecord): Insurer {
    const byCode = record.insurer_reference ? insurers.byReference(country, record.insurer_reference) : undefined;
    if (byCode) return byCode;
    const byName = insurers.match(country, type, record.insurer_name);
    if (byName && byName.score >= MATCH_SCORES.compact) return byName.insurer;
    return insurers.unknown(country, record.insurer_name, record.insurer_reference);
  }

  return {
    async verify(request: VerificationRequest, options: VerifyOptions = {}): Promise<VerificationResult> {
      const { country, insurance_type: type } = request;
      if (!isCountry(country)) throw new DomainError('unsupported_country', 'Country must be one of UK, DE, FR.');
      if (!isInsuranceType(type)) {
        throw new DomainError('unsupported_insurance_type', 'Insurance type must be one of motor, travel, health.');
      }
      if (typeof request.policy_number !== 'string') {
        throw new DomainError('invalid_policy_number', 'The policy number must be a string.');
      }

      // 1. Format.
      const number = normalisePolicyNumber(request.policy_number);
      const format = formats.check(number, country, type);

      // 2. Regulator register: the provider, when given, must name an insurer we know.
      const provider = typeof request.provider === 'string' ? request.provider.trim() : '';
      const claimed = provider ? insurers.match(country, type, provider) : null;
      if (provider && !claimed) {
        throw new DomainError('insurer_not_found', `No insurer in the ${country} register matches the provider name.`);
      }

      // 3. Country registry, where one covers the country and type.
      let lookup: RegistryLookup | null = null;
      if (registry.covers(country, type)) {
        lookup = await lookupWithTimeout(registry, country, type, number, timeoutMs);
        if (lookup.outcome === 'not_found') {
          throw new DomainError(
            'policy_not_found',
            `No policy with this number is in the ${country} ${TYPE_WORDS[type]} insurance registry.`,
          );
        }
        if (lookup.outcome === 'unavailable' && options.registryUnavailable === 'throw') {
          throw new RegistryUnavailableError(country, type);
        }
      }

      const flags = new Set<Flag>();
      const values: CheckValues = { format: VALUES.format.matched, register: 0, registry: 0 };
      const record = lookup?.outcome === 'found' ? lookup.record : null;
      if (lookup?.outcome === 'unavailable') flags.add('registry_unavailable');

      let insurer: Insurer | null = null;
      if (record) {
        insurer = recordInsurer(country, type, record);
        if (claimed) {
          const agreement = claimed.insurer === insurer ? claimed.score : insurers.scoreAgainst(provider, insurer);
          if (agreement >= MATCH_THRESHOLD) values.register = agreement;
          else flags.add('provider_mismatch');
        } else {
          values.register = VALUES.register.providerUnknown;
        }
        const today = now().toISOString().slice(0, 10);
        const cancelled = record.status === 'cancelled' && (!record.cancelled_on || record.cancelled_on <= today);
        if (cancelled) flags.add('cancelled');
        else if (record.end_date < today) flags.add('expired');
        else if (record.start_date > today) flags.add('not_yet_active');
        values.registry = flags.has('cancelled') || flags.has('expired')
          ? VALUES.registry.notInForce
          : flags.has('not_yet_active')
            ? VALUES.registry.notYetActive
            : VALUES.registry.inForce;
      } else if (claimed) {
        insurer = claimed.insurer;
        values.register = claimed.score;
      }

      const sources = ['format'];
      if (insurer) {
        sources.push(REGISTER_SOURCE[country]);
        if (!insurer.authorised) {
          flags.add('insurer_unauthorised');
          values.register = 0;
        }
        if (insurer.sanctioned) flags.add('sanctioned');
        // Numbers of an insurer with known forms should take one of them.
        if (
          insurer.registered &&
          formats.hasInsurerFormats(country, type, insurer.reference) &&
          !format.matched.some((f) => f.insurer === insurer!.reference)
        ) {
          values.format = VALUES.format.notInsurerForm;
        }
      }
      if (record) sources.push('registry');

      const score = confidence(values, flags);
      return {
        status: statusFor(score),
        confidence_score: score,
        verification_sources: sources,
        insurer: insurer ? { ...insurer.ref } : null,
        flags: orderFlags(flags),
      };
    },
  };
}
