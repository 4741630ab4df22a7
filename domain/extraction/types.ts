// The extraction result (docs/architecture.md#extraction-results): the policy fields (null when not found), coverage details, the
// document's language, how the text was read, and a confidence per field.

export type InsuranceType = 'motor' | 'travel' | 'health';
export const DOCUMENT_LANGUAGES = ['en', 'de', 'fr'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];
/** The codes of a policy's territorial scope, as the extraction result gives them. */
export const TERRITORIAL_SCOPES = [
  'united_kingdom',
  'germany',
  'france',
  'europe',
  'worldwide',
  'worldwide_excluding_usa_canada',
] as const;
export type Country = 'UK' | 'DE' | 'FR';

export interface Money {
  amount: number;
  /** ISO 4217: GBP, EUR, CHF, USD. */
  currency: string;
}

export interface Coverage {
  /**
   * A code, not the printed wording. motor: comprehensive, third_party_fire_theft, third_party; travel:
   * single_trip, annual_multi_trip; health: comprehensive, hospital, basic.
   */
  level: string | null;
  excess: Money | null;
  sum_insured: Money | null;
  /**
   * A code: united_kingdom, germany, france, europe, worldwide, worldwide_excluding_usa_canada.
   */
  territorial_scope: string | null;
}

export interface ExtractionResult {
  policy_number: string | null;
  insurer: string | null;
  insurance_type: InsuranceType | null;
  /** YYYY-MM-DD. */
  start_date: string | null;
  /** YYYY-MM-DD. */
  end_date: string | null;
  /** In the country's usual notation: UK "AB12 CDE", DE "M-AB 1234", FR "AB-123-CD". */
  vehicle_registration: string | null;
  coverage: Coverage;
  language: DocumentLanguage | null;
  pages: number;
  method: 'text' | 'ocr';
  /**
   * 0..1 per field, keyed by FIELD_KEYS (coverage fields as "coverage.level", …); 0 for a field not found.
   */
  field_confidence: Record<string, number>;
  /**
   * Where each found field was read (evidence.ts), keyed like field_confidence; a field not found has none.
   * Absent from results recorded before evidence was kept.
   */
  evidence?: Partial<Record<FieldKey, FieldEvidence>>;
}

/** A box on a page as fractions of its width and height, from its top-left corner. */
export interface EvidenceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type EvidenceSource = 'text' | 'ocr';

export interface FieldEvidence {
  /** 1-based; null when the value is not printed at one place (the document's language, an end worked out from a duration). */
  page: number | null;
  box: EvidenceBox | null;
  /** The words the value was read from, as the reader gave them. */
  words: string[];
  /** The PDF's text layer, or OCR of the page's image. */
  source: EvidenceSource;
  /**
   * 0..1: the field's confidence (how surely the rules chose this value among the document's readings), lowered to
   * the OCR's own confidence in these words when it is lower. A text layer's words are read as printed.
   */
  confidence: number;
  /** The confidence is under REVIEW_BELOW (evidence.ts): a person should look at the box before relying on the value. */
  needs_review: boolean;
}

export type ExtractedFields = Omit<ExtractionResult, 'pages' | 'method'>;

/**
 * Normalises an insurer name as printed to the registered name, or null when the register has no such
 * insurer. The insurance type, when known, picks the entity a brand stands for (HUK-COBURG for motor). Injected: the verification engine owns the register and its fuzzy matching.
 */
export type InsurerMatcher = (name: string, country?: string, insuranceType?: InsuranceType) => string | null;

/**
 * Whether a policy number as printed fits a format of docs/verification.md for the country and type (case and separators
 * aside). Injected like the matcher: the verification engine owns the formats.
 */
export type PolicyFormatCheck = (printed: string, country: Country, insuranceType: InsuranceType) => boolean;

/** Every field that carries a confidence, in the order the result lists them. */
export const FIELD_KEYS = [
  'policy_number',
  'insurer',
  'insurance_type',
  'start_date',
  'end_date',
  'vehicle_registration',
  'coverage.level',
  'coverage.excess',
  'coverage.sum_insured',
  'coverage.territorial_scope',
  'language',
] as const;

export type FieldKey = (typeof FIELD_KEYS)[number];
