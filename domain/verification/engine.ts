// The verification engine (docs/verification.md): format, then regulator register, then country registry; a weighted,
// capped score; the docs/architecture.md#verification-results result or a docs/architecture.md#errors error. Pure apart from the registry port and the clock.
import { DomainError } from '../errors.js';
import type { PolicyFormats } from './formats.js';
import type { Insurer } from './insurer-indexes.js';
import { MATCH_THRESHOLD, type InsurerDirectory, type InsurerMatch } from './insurers.js';
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

/**
 * The request's country and insurance type, or the docs/architecture.md#errors refusal: every later step looks them up, and a
 * pair we do not serve has nothing to be checked against.
 */
function admitRequest(request: VerificationRequest): { country: Country; type: InsuranceType; number: string } {
  const { country, insurance_type: type } = request;
  if (!isCountry(country)) throw new DomainError('unsupported_country', 'Country must be one of UK, DE, FR.');
  if (!isInsuranceType(type)) {
    throw new DomainError('unsupported_insurance_type', 'Insurance type must be one of motor, travel, health.');
  }
  if (typeof request.policy_number !== 'string') {
    throw new DomainError('invalid_policy_number', 'The policy number must be a string.');
  }
  // The number as registries and formats write it (case, spaces and separators are how people type it).
  return { country, type, number: normalisePolicyNumber(request.policy_number) };
}

/**
 * The regulator register's insurer for the provider the caller named. A provider that matches no insurer we
 * know is refused rather than scored low: the caller has the name wrong, and the answer should say so.
 */
function claimedInsurer(insurers: InsurerDirectory, country: Country, type: InsuranceType, provider: string) {
  if (!provider) return null;
  const claimed = insurers.match(country, type, provider);
  if (!claimed) {
    throw new DomainError('insurer_not_found', `No insurer in the ${country} register matches the provider name.`);
  }
  return claimed;
}

/**
 * The country registry's answer, where one covers the country and type (null where none does). A number the
 * registry does not hold is refused: it is the strongest evidence against the policy. An unavailable registry
 * is scored without it (flagged) unless the caller would rather retry, as a job's activity does.
 */
async function consultRegistry(
  registry: RegistryConnector,
  country: Country,
  type: InsuranceType,
  number: string,
  timeoutMs: number,
  options: VerifyOptions,
): Promise<RegistryLookup | null> {
  if (!registry.covers(country, type)) return null;
  const lookup = await lookupWithTimeout(registry, country, type, number, timeoutMs, options.signal);
  if (lookup.outcome === 'not_found') {
    throw new DomainError(
      'policy_not_found',
      `No policy with this number is in the ${country} ${TYPE_WORDS[type]} insurance registry.`,
    );
  }
  if (lookup.outcome === 'unavailable' && options.registryUnavailable === 'throw') {
    throw new RegistryUnavailableError(country, type);
  }
  return lookup;
}

/**
 * Whether the registry's record is in force on `today` (YYYY-MM-DD), as its flag: a policy that is not in
 * force verifies nothing however well the rest matches. A cancellation dated in the future has not happened.
 */
function standingFlag(record: RegistryRecord, today: string): 'cancelled' | 'expired' | 'not_yet_active' | null {
  if (record.status === 'cancelled' && (!record.cancelled_on || record.cancelled_on <= today)) return 'cancelled';
  if (record.end_date < today) return 'expired';
  if (record.start_date > today) return 'not_yet_active';
  return null;
}

/**
 * What the insurer itself says about the policy: an insurer not authorised to write it gives the register check
 * nothing, a sanctioned one is flagged, and a number not in any of the insurer's known forms is a weaker format
 * match than one that is.
 */
function checkInsurer(
  formats: PolicyFormats,
  country: Country,
  type: InsuranceType,
  insurer: Insurer,
  format: ReturnType<PolicyFormats['check']>,
  values: CheckValues,
  flags: Set<Flag>,
): void {
  if (!insurer.authorised) {
    flags.add('insurer_unauthorised');
    values.register = 0;
  }
  if (insurer.sanctioned) flags.add('sanctioned');
  if (
    insurer.registered &&
    formats.hasInsurerFormats(country, type, insurer.reference) &&
    !format.matched.some((f) => f.insurer === insurer.reference)
  ) {
    values.format = VALUES.format.notInsurerForm;
  }
}

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

  /**
   * The insurer the registry record names, scored for how well the provider given agrees with it (a provider
   * that names another insurer is flagged, not refused: the registry is the better witness), and the record's
   * standing today.
   */
  function fromRecord(
    country: Country,
    type: InsuranceType,
    record: RegistryRecord,
    provider: string,
    claimed: InsurerMatch | null,
    values: CheckValues,
    flags: Set<Flag>,
  ): Insurer {
    const insurer = recordInsurer(country, type, record);
    if (claimed) {
      const agreement = claimed.insurer === insurer ? claimed.score : insurers.scoreAgainst(provider, insurer);
      if (agreement >= MATCH_THRESHOLD) values.register = agreement;
      else flags.add('provider_mismatch');
    } else {
      values.register = VALUES.register.providerUnknown;
    }
    const standing = standingFlag(record, now().toISOString().slice(0, 10));
    if (standing) flags.add(standing);
    values.registry =
      standing === null
        ? VALUES.registry.inForce
        : standing === 'not_yet_active'
          ? VALUES.registry.notYetActive
          : VALUES.registry.notInForce;
    return insurer;
  }

  return {
    async verify(request: VerificationRequest, options: VerifyOptions = {}): Promise<VerificationResult> {
      const { country, type, number } = admitRequest(request);
      const format = formats.check(number, country, type);
      const provider = typeof request.provider === 'string' ? request.provider.trim() : '';
      const claimed = claimedInsurer(insurers, country, type, provider);
      const lookup = await consultRegistry(registry, country, type, number, timeoutMs, options);

      const flags = new Set<Flag>();
      const values: CheckValues = { format: VALUES.format.matched, register: 0, registry: 0 };
      if (lookup?.outcome === 'unavailable') flags.add('registry_unavailable');
      const record = lookup?.outcome === 'found' ? lookup.record : null;

      // Without a record the register's match for the provider is all there is to go on.
      let insurer: Insurer | null = null;
      if (record) {
        insurer = fromRecord(country, type, record, provider, claimed, values, flags);
      } else if (claimed) {
        insurer = claimed.insurer;
        values.register = claimed.score;
      }

      const sources = ['format'];
      if (insurer) {
        sources.push(REGISTER_SOURCE[country]);
        checkInsurer(formats, country, type, insurer, format, values, flags);
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
