// The bundled country-registry connector: answers from the sample policy records shipped in
// data/verification/registry (clearly labelled sample data), standing in for MID (UK), GDV (DE) and AGIRA (FR).
import { normalisePolicyNumber } from '../../domain/verification/normalise.js';
import type {
  Country,
  InsuranceType,
  RegistryConnector,
  RegistryLookup,
  RegistryRecord,
} from '../../domain/verification/types.js';
import { recordAsOf, type RegistryChange } from '../../domain/verification/registry-history.js';
import type { RegistryHistoryFile, RegistrySampleFile } from './data-files.js';

const NOT_FOUND: RegistryLookup = Object.freeze({ outcome: 'not_found' });
const UNAVAILABLE: RegistryLookup = Object.freeze({ outcome: 'unavailable' });

export class BundledRegistryConnector implements RegistryConnector {
  // Its answers are in a Map: no timer or abort controller per lookup (domain/verification/registry.ts).
  readonly inMemory = true;
  private readonly registries = new Map<string, { records: Map<string, RegistryLookup>; outage: Set<string> }>();
  /** The changes of a record from a date, by `country:type:number`: applied as of the connector's clock. */
  private readonly histories = new Map<string, RegistryChange[]>();

  /** `now`: the clock a lookup answers as of (a record's history applies up to its day). */
  constructor(
    files: readonly RegistrySampleFile[],
    histories: RegistryHistoryFile['histories'] = [],
    private readonly now: () => Date = () => new Date(),
  ) {
    for (const h of histories) {
      this.histories.set(`${h.country}:${h.insurance_type}:${normalisePolicyNumber(h.policy_number)}`, h.changes);
    }
    for (const file of files) {
      const key = `${file.country}:${file.insurance_type}`;
      const registry = this.registries.get(key) ?? { records: new Map(), outage: new Set<string>() };
      for (const sample of file.records) {
        const record: RegistryRecord = Object.freeze({
          policy_number: sample.policy_number,
          ...(sample.insurer_reference ? { insurer_reference: sample.insurer_reference } : {}),
          insurer_name: sample.insurer_name,
          status: sample.status,
          start_date: sample.start_date,
          end_date: sample.end_date,
          ...(sample.cancelled_on ? { cancelled_on: sample.cancelled_on } : {}),
          ...(sample.vehicle_registration ? { vehicle_registration: sample.vehicle_registration } : {}),
          sample: true,
        });
        const number = normalisePolicyNumber(sample.policy_number);
        if (registry.records.has(number)) throw new Error(`sample registry ${key} lists ${sample.policy_number} twice`);
        registry.records.set(number, Object.freeze({ outcome: 'found', record }));
      }
      for (const number of file.unavailable) registry.outage.add(normalisePolicyNumber(number));
      this.registries.set(key, registry);
    }
  }

  covers(country: Country, type: InsuranceType): boolean {
    return this.registries.has(`${country}:${type}`);
  }

  lookup(country: Country, type: InsuranceType, policyNumber: string): Promise<RegistryLookup> {
    const registry = this.registries.get(`${country}:${type}`);
    if (!registry || registry.outage.has(policyNumber)) return Promise.resolve(UNAVAILABLE);
    const found = registry.records.get(policyNumber) ?? NOT_FOUND;
    const history = this.histories.get(`${country}:${type}:${policyNumber}`);
    if (!history || found.outcome !== 'found') return Promise.resolve(found);
    const today = this.now().toISOString().slice(0, 10);
    return Promise.resolve({ outcome: 'found', record: recordAsOf(found.record, history, today) });
  }

  /** Number of sample records per registry, for start-up logs and tests. */
  sizes(): Record<string, number> {
    return Object.fromEntries([...this.registries].map(([key, r]) => [key, r.records.size]));
  }
}
