// Policy-number formats per country and insurance type (data/verification/policy-formats.json).
import { DomainError } from '../errors.js';
import { CHECKS, type CheckScheme } from './check-digits.js';
import type { Country, InsuranceType } from './types.js';

export interface PolicyFormatSpec {
  id: string;
  country: Country;
  insurance_type: InsuranceType;
  /** Anchored regular expression over the normalised number. */
  pattern: string;
  description: string;
  /** A national number with a check digit: a number of this shape must pass the check, whatever else it matches. */
  check?: CheckScheme;
  /** The register reference of the insurer whose numbers take this form. */
  insurer?: string;
}

interface CompiledFormat {
  spec: PolicyFormatSpec;
  regex: RegExp;
}

export interface FormatResult {
  /** The formats the number matched (all of them, so that insurer-specific ones can be weighed later). */
  matched: PolicyFormatSpec[];
}

/** Longer inputs are not policy numbers; refusing them early keeps the regular expressions cheap. */
export const MAX_POLICY_NUMBER_LENGTH = 40;

const TYPE_WORDS: Record<InsuranceType, string> = { motor: 'motor', travel: 'travel', health: 'health' };

export class PolicyFormats {
  private readonly byLine = new Map<string, CompiledFormat[]>();
  private readonly insurerFormats = new Set<string>();

  constructor(specs: readonly PolicyFormatSpec[]) {
    for (const spec of specs) {
      if (!spec.pattern.startsWith('^') || !spec.pattern.endsWith('$')) {
        throw new Error(`policy format ${spec.id} must be anchored with ^ and $`);
      }
      const key = `${spec.country}:${spec.insurance_type}`;
      const list = this.byLine.get(key) ?? [];
      list.push({ spec, regex: new RegExp(spec.pattern) });
      this.byLine.set(key, list);
      if (spec.insurer) this.insurerFormats.add(`${key}:${spec.insurer}`);
    }
    // Check-digit schemes first: they decide alone for numbers of their shape.
    for (const list of this.byLine.values()) list.sort((a, b) => Number(!a.spec.check) - Number(!b.spec.check));
  }

  /** Throws invalid_policy_number unless the normalised number matches a format for the country and type. */
  check(number: string, country: Country, type: InsuranceType): FormatResult {
    const line = `${country} ${TYPE_WORDS[type]} insurance`;
    if (number.length === 0 || number.length > MAX_POLICY_NUMBER_LENGTH) {
      throw new DomainError('invalid_policy_number', `The policy number is not in a recognised format for ${line}.`);
    }
    const matched: PolicyFormatSpec[] = [];
    for (const { spec, regex } of this.byLine.get(`${country}:${type}`) ?? []) {
      if (!regex.test(number)) continue;
      if (spec.check) {
        // The number has the shape of a national number; only its check digit decides.
        if (CHECKS[spec.check].isValid(number)) return { matched: [spec] };
        throw new DomainError(
          'invalid_policy_number',
          `The policy number has the form of a ${CHECKS[spec.check].label} but its check digit or structure is wrong.`,
        );
      }
      matched.push(spec);
    }
    if (matched.length === 0) {
      throw new DomainError('invalid_policy_number', `The policy number is not in a recognised format for ${line}.`);
    }
    return { matched };
  }

  /**
   * Whether a normalised number fits a format of the country and type (a check-digit scheme's shape only with a
   * valid check digit): `check` without the error, for callers that try many numbers (extraction).
   */
  fits(number: string, country: Country, type: InsuranceType): boolean {
    if (number.length === 0 || number.length > MAX_POLICY_NUMBER_LENGTH) return false;
    for (const { spec, regex } of this.byLine.get(`${country}:${type}`) ?? []) {
      if (regex.test(number)) return spec.check ? CHECKS[spec.check].isValid(number) : true;
    }
    return false;
  }

  /** True when numbers of this insurer are known to take particular forms for the country and type. */
  hasInsurerFormats(country: Country, type: InsuranceType, reference: string): boolean {
    return this.insurerFormats.has(`${country}:${type}:${reference}`);
  }
}
