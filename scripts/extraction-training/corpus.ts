// The training corpus: `perKind` documents of every kind from one seed, run through the extraction, as candidate
// groups labelled by their truth. The register (insurer names, policy-number formats) is the product's own.
import { buildVerification } from '../../infra/verification/load.js';
import { generateDocument, KINDS, type Country, type Kind, type Names, type Type } from './documents.js';
import { extractGroups, type Group } from './extract.js';
import { seeded } from './random.js';

export interface TrainingSet {
  seed: number;
  perKind: number;
  documents: number;
  groups: Group[];
  /** Per kind and field: documents, and how many the rules' own pick got right. */
  rules: Map<string, { documents: number; right: number }>;
}

/** The register's insurers the generator draws from: registered, writing the type, the first 60 by name. */
export function registerNames(directory: ReturnType<typeof buildVerification>['directory']): Names {
  const cache = new Map<string, string[]>();
  return {
    insurers(country: Country, type: Type) {
      const key = `${country}:${type}`;
      if (!cache.has(key))
        cache.set(
          key,
          directory
            .insurers(country)
            .filter((i) => i.registered && directory.writes(i, type))
            .map((i) => i.name)
            .sort()
            .slice(0, 60),
        );
      return cache.get(key)!;
    },
  };
}

export function trainingSet(seed: number, perKind: number, kinds: readonly Kind[] = KINDS): TrainingSet {
  const verification = buildVerification();
  const names = registerNames(verification.directory);
  const register = { matchInsurer: verification.matchInsurer, fitsPolicyFormat: verification.fitsPolicyFormat };
  const random = seeded(seed);
  const groups: Group[] = [];
  const rules = new Map<string, { documents: number; right: number }>();
  let documents = 0;
  for (let i = 0; i < perKind; i++) {
    for (const kind of kinds) {
      const document = generateDocument(random, names, kind, `${kind}-${i}`);
      const extracted = extractGroups(document, register);
      groups.push(...extracted.groups);
      documents++;
      for (const [field, value] of Object.entries(extracted.rules)) {
        const key = `${kind}:${field}`;
        const tally = rules.get(key) ?? { documents: 0, right: 0 };
        const truth = document.truth[field as keyof typeof document.truth];
        const same = field === 'policy_number' ? value?.replace(/[\s./-]/g, '') === truth : value === truth;
        rules.set(key, { documents: tally.documents + 1, right: tally.right + (same ? 1 : 0) });
      }
    }
  }
  return { seed, perKind, documents, groups, rules };
}
