// Start-up: read the verification data once, build the indexes, and hand back the engine and the insurer search.
import { createVerificationEngine, DEFAULT_REGISTRY_TIMEOUT_MS } from '../../domain/verification/engine.js';
import { PolicyFormats } from '../../domain/verification/formats.js';
import { InsurerDirectory } from '../../domain/verification/insurers.js';
import { createDocumentInsurerMatcher, createInsurerSearch } from '../../domain/verification/search.js';
import type { InsurerMatcher, PolicyFormatCheck } from '../../domain/extraction/types.js';
import { normalisePolicyNumber } from '../../domain/verification/normalise.js';
import type { InsurerSearch, RegistryConnector, VerificationEngine } from '../../domain/verification/types.js';
import { BundledRegistryConnector } from './bundled-registry.js';
import { readVerificationData, type VerificationData } from './data-files.js';

export interface LoadOptions {
  /** The country-registry connector; the bundled sample registry when absent. */
  registry?: RegistryConnector;
  registryTimeoutMs?: number;
  /** The clock for register authorisation and policy dates (tests pin it). */
  now?: () => Date;
}

export interface LoadedVerification {
  engine: VerificationEngine;
  insurers: InsurerSearch;
  /** The register's name for an insurer name printed on a document (extraction). */
  matchInsurer: InsurerMatcher;
  /** Whether a policy number printed on a document fits a format of its country and type (extraction). */
  fitsPolicyFormat: PolicyFormatCheck;
  /** The country registries the engine reads, which monitors read for a policy's period and vehicle too. */
  registry: RegistryConnector;
}

/** Everything loadVerificationEngine builds, for tests and tools that look inside. */
export interface VerificationParts extends LoadedVerification {
  data: VerificationData;
  directory: InsurerDirectory;
  formats: PolicyFormats;
  bundledRegistry: BundledRegistryConnector;
}

export function buildVerification(options: LoadOptions = {}): VerificationParts {
  const now = options.now ?? (() => new Date());
  const data = readVerificationData(now().toISOString().slice(0, 10));
  const directory = new InsurerDirectory(data);
  const formats = new PolicyFormats(data.formats);
  const bundledRegistry = new BundledRegistryConnector(data.registrySamples, data.registryHistory, now);
  const registry = options.registry ?? bundledRegistry;
  const engine = createVerificationEngine({
    insurers: directory,
    formats,
    registry,
    registryTimeoutMs: options.registryTimeoutMs ?? DEFAULT_REGISTRY_TIMEOUT_MS,
    now,
  });
  return {
    engine,
    insurers: createInsurerSearch(directory),
    matchInsurer: createDocumentInsurerMatcher(directory),
    fitsPolicyFormat: policyFormatCheck(formats),
    registry,
    data,
    directory,
    formats,
    bundledRegistry,
  };
}

/** The engine's format check as a yes or no (a check-digit failure is a no). */
function policyFormatCheck(formats: PolicyFormats): PolicyFormatCheck {
  return (printed, country, type) => formats.fits(normalisePolicyNumber(printed), country, type);
}

export async function loadVerificationEngine(options: LoadOptions = {}): Promise<LoadedVerification> {
  const { engine, insurers, matchInsurer, fitsPolicyFormat, registry } = buildVerification(options);
  return { engine, insurers, matchInsurer, fitsPolicyFormat, registry };
}
