// The verification engine's vocabulary: requests, results (docs/architecture.md#verification-results) and the ports it reads through.

export const COUNTRIES = ['UK', 'DE', 'FR'] as const;
export type Country = (typeof COUNTRIES)[number];

export const INSURANCE_TYPES = ['motor', 'travel', 'health'] as const;
export type InsuranceType = (typeof INSURANCE_TYPES)[number];

export const isCountry = (value: unknown): value is Country => (COUNTRIES as readonly unknown[]).includes(value);
export const isInsuranceType = (value: unknown): value is InsuranceType =>
  (INSURANCE_TYPES as readonly unknown[]).includes(value);

export interface VerificationRequest {
  policy_number: string;
  country: Country;
  insurance_type: InsuranceType;
  provider?: string;
}

export interface InsurerRef {
  name: string;
  reference: string;
  regulated: 'YES' | 'NO';
  authorised: boolean;
}

export type VerificationStatus = 'verified' | 'inconclusive' | 'unverified';

/** docs/architecture.md#verification-results without credits_charged and processed_in_ms, which the caller adds. */
export interface VerificationResult {
  status: VerificationStatus;
  confidence_score: number;
  verification_sources: string[];
  insurer: InsurerRef | null;
  flags: string[];
  sandbox?: true;
}

export interface VerifyOptions {
  /**
   * What to do when the country registry does not answer: 'flag' (the default, for the synchronous API) scores
   * without it and adds the flag registry_unavailable; 'throw' rejects with RegistryUnavailableError so that a
   * Temporal activity can retry.
   */
  registryUnavailable?: 'flag' | 'throw';
  /** The caller's cancellation (a job's activity): it aborts the registry lookup, and verify rejects with its reason. */
  signal?: AbortSignal;
}

export interface VerificationEngine {
  /** Resolves the docs/architecture.md#verification-results result or rejects with a DomainError (invalid_policy_number, insurer_not_found, policy_not_found). */
  verify(request: VerificationRequest, options?: VerifyOptions): Promise<VerificationResult>;
}

// ---- the insurer look-up (GET /api/v1/insurers) ------------------------------------------------------------

export interface InsurerHit extends InsurerRef {
  score: number;
}

export interface InsurerSearchQuery {
  country: Country;
  q: string;
  insurance_type?: InsuranceType;
  /** At most this many hits (default 10, at most 50). */
  limit?: number;
}

export interface InsurerSearchResult {
  insurers: InsurerHit[];
  /** Every insurer that matched, of which `insurers` holds the first `limit`. */
  count: number;
}

export interface InsurerSearch {
  search(query: InsurerSearchQuery): InsurerSearchResult;
}

/** The regulator register check's name in verification_sources, per country (docs/verification.md). */
export const REGISTER_SOURCE: Record<Country, string> = {
  UK: 'fca_register',
  DE: 'bafin_register',
  FR: 'acpr_register',
};

/** Every flag the engine can raise, in the order a result lists them. */
export const FLAGS = [
  'expired',
  'not_yet_active',
  'cancelled',
  'sanctioned',
  'insurer_unauthorised',
  'provider_mismatch',
  'registry_unavailable',
  'document_mismatch',
] as const;
export type Flag = (typeof FLAGS)[number];

// ---- the country registry port -------------------------------------------------------------------------

/** One policy as a country registry (MID, GDV, AGIRA) reports it. */
export interface RegistryRecord {
  /** As the registry writes it; matching uses the normalised form. */
  policy_number: string;
  /** The insurer's register reference when the registry knows it (FRN, BaFin number, SIREN). */
  insurer_reference?: string;
  insurer_name: string;
  status: 'active' | 'cancelled';
  /** Inclusive dates, YYYY-MM-DD. */
  start_date: string;
  end_date: string;
  cancelled_on?: string;
  vehicle_registration?: string;
  /** Set on the bundled sample records: they are not real policies. */
  sample?: boolean;
}

export type RegistryLookup =
  { outcome: 'found'; record: RegistryRecord } | { outcome: 'not_found' } | { outcome: 'unavailable' };

export interface RegistryConnector {
  covers(country: Country, type: InsuranceType): boolean;
  /**
   * True when `lookup` reads memory and settles at once (the bundled samples): it is then called without a timer,
   * an abort controller or a race, which a connector going out over the network needs and a request pays for.
   */
  readonly inMemory?: boolean;
  /**
   * `policyNumber` is normalised (upper case, no separators). Aborted when the engine's timeout passes. Answers as
   * the registry stands now, when it is asked: a policy cancelled, renewed or moved to another insurer since the
   * last lookup reads so at once (monitors compare the answers; the bundled samples replay a history per record,
   * domain/verification/registry-history.ts).
   */
  lookup(country: Country, type: InsuranceType, policyNumber: string, signal: AbortSignal): Promise<RegistryLookup>;
}

// ---- register entries -------------------------------------------------------------------------------------

/** One row of the regulator register, as the engine keeps it. */
export interface RegisterEntry {
  country: Country;
  /** The register number: PRA/FSC FRN (UK), BaFin number (DE), SIREN (FR). */
  reference: string;
  lei: string;
  /** As registered (often upper case). */
  registeredName: string;
  /** Display case ("AXA Insurance UK plc"). */
  name: string;
  regulator: string;
  registrationStart: string | null;
  registrationEnd: string | null;
  authorised: boolean;
}
