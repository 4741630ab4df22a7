// Policy fields from a document's text, by label-anchored rules for English, German and French documents.
// Pure: the text comes from the PDF's text layer or from OCR, the insurer matcher from the verification
// engine; neither is this module's business.
import { findExcess, findLevel, findScope, findSumInsured } from './coverage.js';
import { findInsuranceType, TYPES } from './insurance-type.js';
import { findInsurer, STATUTORY_FUND } from './insurer.js';
import { COUNTRY_OF, detectLanguage } from './language.js';
import { fieldEvidence, type PageReading } from './evidence.js';
import { placeWords, type PositionedWord } from './layout.js';
import { locateFields } from './locate.js';
import { findPeriod, plausiblePeriod } from './period.js';
import { findPlates } from './plates.js';
import { dateMentions } from './period-arithmetic.js';
import { valueSideOf } from './orientation.js';
import { datedHeads, formatCandidates, type FormatFit } from './number-candidates.js';
import { policyNumberCandidates, repairReference, scorePolicyNumbers } from './policy-number.js';
import trainedRanker from './model/ranker.json' with { type: 'json' };
import type { RankerModel } from './ranker.js';
import { candidateSets, rankFields, type CandidateSets } from './ranking.js';
import { withMargin } from './scoring.js';
import { readStructure } from './structure.js';
import { escapeRegExp, fold, prepare } from './text.js';
import {
  FIELD_KEYS,
  type Country,
  type ExtractedFields,
  type FieldKey,
  type InsuranceType,
  type InsurerMatcher,
  type PolicyFormatCheck,
} from './types.js';
import { findVehicleRegistration } from './vehicle.js';

export interface ExtractOptions {
  /** The register's name for an insurer name as printed, or null; see InsurerMatcher. */
  matchInsurer?: InsurerMatcher;
  /** Whether a policy number fits a format of its country and type; candidates that do are preferred. */
  fitsPolicyFormat?: PolicyFormatCheck;
  /**
   * Where the text's words sit on their pages, in the order the text lays them out (pages joined in order):
   * a label's value is then found by layout (beside it, under it, in its column); without them, by the text.
   */
  words?: readonly PositionedWord[];
  /**
   * The text was read by OCR: values that fit a format only once OCR's look-alike slips are undone are taken
   * repaired. Never for a text layer, whose characters are the printed ones.
   */
  ocr?: boolean;
  /**
   * How each page was read and its size, for the fields' evidence boxes; an OCR'd page's `confidence` (0..1, its
   * mean) weighs every field's confidence, since a field is only as sure as the reading it came from.
   */
  pages?: readonly (PageReading & { confidence?: number })[];
  /**
   * The model that chooses the policy number and the period among the rules' readings (ranking.ts); null leaves
   * the rules' own choice. By default the trained model in model/ranker.json.
   */
  ranker?: RankerModel | null;
  /** Given every ranked field's candidates and their features: how scripts/train-extraction.ts learns. */
  observeCandidates?: (sets: CandidateSets) => void;
}

export const TRAINED_RANKER = trainedRanker as RankerModel;

/** The mean confidence of the OCR'd pages' readings, 0.5 at least; 1 for a text layer. */
function readingWeight(pages: ExtractOptions['pages'] = []): number {
  const read = pages.filter((p) => p.source === 'ocr' && p.confidence !== undefined);
  if (read.length === 0) return 1;
  return Math.min(1, Math.max(0.5, read.reduce((sum, p) => sum + p.confidence!, 0) / read.length));
}

/** A reference's fit to the country's formats: those of the document's type first, else any type's. */
function formatFit(fits: PolicyFormatCheck, country: Country, type: InsuranceType | null): FormatFit {
  return (printed) => {
    if (type)
      return fits(printed, country, type) ? 2 : TYPES.some((t) => t !== type && fits(printed, country, t)) ? 1 : 0;
    return TYPES.some((t) => fits(printed, country, t)) ? 2 : 0;
  };
}

// Currency says more about the country than a language does (a UK policy in German is rare, euros in
// the UK rarer still); it decides between the two only when the language is unknown.
function countryOf(language: ExtractedFields['language'], text: string): Country | undefined {
  if (language) return COUNTRY_OF[language];
  if (/£|\bGBP\b/.test(text)) return 'UK';
  return undefined;
}

export function extractFields(text: string, options: ExtractOptions = {}): ExtractedFields {
  const prepared = prepare(text);
  if (options.words && options.words.length > 0) {
    for (const [n, words] of placeWords(prepared.lines, options.words)) prepared.lines[n]!.words = words;
  }
  const doc = { ...prepared, valueSide: valueSideOf(prepared) };
  const language = detectLanguage(doc.folded);
  const country = countryOf(language.language, text);

  // The structure first: a previous cover's section names its old insurer too.
  const heights = new Map((options.pages ?? []).map((p) => [p.index, p.height]));
  const structure = readStructure(doc, heights);
  const previous = new Set(
    structure.lines.flatMap((l, n) => (l.section === 'previous' || l.cue === 'previous' ? [n] : [])),
  );
  const match = options.matchInsurer;
  let insurer = findInsurer(doc, country, match, undefined, previous);
  // The insurer's own name ("… Krankenversicherung AG") must not decide the type of what it sells.
  const typeText = insurer.printed
    ? doc.folded.replace(new RegExp(escapeRegExp(fold(insurer.printed)), 'g'), ' ')
    : doc.folded;
  // A registration mark in the UK's or France's format (distinctive enough in free text, plates.ts) is a vehicle's:
  // evidence of motor cover whatever the words.
  const plates = country === 'UK' || country === 'FR' ? Math.min(1, findPlates(text, [country]).length) : 0;
  // A statutory health fund insures health alone: its name, kept out of the words, is the type's evidence.
  const fund = insurer.printed && STATUTORY_FUND.test(fold(insurer.printed)) ? 1 : 0;
  const type = findInsuranceType(typeText, { motor: plates, health: fund });
  // Knowing the type, a brand names one entity ("HUK-COBURG" for motor is not the group's life insurer): ask again.
  if (match && type.value) {
    const insuranceType = type.value;
    // Names the register knows only with the type (a brand of several entities) sit where names were found.
    const typed = findInsurer(doc, country, (name, c) => match(name, c, insuranceType), insurer.lines, previous);
    if (typed.value && typed.confidence >= insurer.confidence) insurer = typed;
  }

  const fits = options.fitsPolicyFormat;
  const insuranceType = type.value;
  const fitsLine =
    fits && country && insuranceType ? (printed: string) => fits(printed, country, insuranceType) : undefined;
  const dates = dateMentions(doc);
  const period = findPeriod(doc, type.value, dates);
  const periodDates = new Set([period.start.value, period.end.value]);
  const near = {
    policy: new Set(dates.filter((d) => periodDates.has(d.iso)).map((d) => d.line)),
    decoys: new Set(dates.filter((d) => d.ruledOut).map((d) => d.line)),
    letterhead: datedHeads(doc, new Set(dates.map((d) => d.line))),
  };
  const repair = options.ocr && fitsLine ? (p: string) => repairReference(p, fitsLine) : undefined;
  const free = fits && country ? formatCandidates(doc, formatFit(fits, country, insuranceType), repair, near) : [];
  const labelled = policyNumberCandidates(doc);
  const numbers = scorePolicyNumbers(labelled, fitsLine, { free, ocr: options.ocr === true });
  let policy = withMargin(numbers);
  // The structure, then the model: it weighs every candidate's rules' scores, section and neighbours together.
  const sets = candidateSets({
    doc,
    structure,
    policy: {
      scored: numbers,
      labelled: new Set(labelled.map((c) => c.value)),
      pick: policy,
      ...(fits && country ? { fit: formatFit(fits, country, insuranceType) } : {}),
    },
    period: { ...period, mentions: dates, type: type.value },
  });
  options.observeCandidates?.(sets);
  const model = options.ranker === undefined ? TRAINED_RANKER : options.ranker;
  if (model) {
    const ranked = rankFields(model, sets);
    // A number is no surer than its reading: the model's probability is weighed by the rules' own confidence in the
    // chosen reading (plus 0.05, at most 1), so that one OCR's slips were undone in, or one found by its form alone,
    // stays less sure than one read as printed under its label.
    const reading = (value: string) =>
      Math.max(0, ...numbers.filter((c) => c.value === value).map((c) => c.confidence));
    const chosen = ranked.policy_number;
    if (chosen) {
      const weight = Math.min(1, reading(chosen.value) + 0.05);
      policy = { value: chosen.value, confidence: Math.round(chosen.confidence * weight * 100) / 100 };
    }
    const [start, end] = [ranked.start_date ?? period.start, ranked.end_date ?? period.end];
    // The two ends are chosen apart: a pair that is no period of such a policy keeps the rules' pair.
    if (!(start.value && end.value && !plausiblePeriod(start.value, end.value, type.value)))
      Object.assign(period, { start, end });
  }
  const vehicle =
    type.value === 'motor' || type.value === null
      ? findVehicleRegistration(doc, country, type.value)
      : { value: null, confidence: 0 };
  const level = findLevel(doc, type.value);
  const excess = findExcess(doc);
  const sum = findSumInsured(doc);
  const scope = findScope(doc);

  const weight = readingWeight(options.pages);
  const raw: Record<FieldKey, number> = {
    policy_number: policy.confidence,
    insurer: insurer.confidence,
    insurance_type: type.confidence,
    start_date: period.start.confidence,
    end_date: period.end.confidence,
    vehicle_registration: vehicle.confidence,
    'coverage.level': level.confidence,
    'coverage.excess': excess.confidence,
    'coverage.sum_insured': sum.confidence,
    'coverage.territorial_scope': scope.confidence,
    language: language.confidence,
  };
  const confidence = Object.fromEntries(
    FIELD_KEYS.map((key) => [key, Math.round(Math.round(raw[key] * 100) * weight) / 100]),
  ) as Record<FieldKey, number>;
  const fields: ExtractedFields = {
    policy_number: policy.value,
    insurer: insurer.value,
    insurance_type: type.value,
    start_date: period.start.value,
    end_date: period.end.value,
    vehicle_registration: vehicle.value,
    coverage: { level: level.value, excess: excess.value, sum_insured: sum.value, territorial_scope: scope.value },
    language: language.language,
    field_confidence: confidence,
  };
  const spans = locateFields(doc, fields, { insurerPrinted: insurer.printed, dates });
  const found = Object.fromEntries(FIELD_KEYS.map((key) => [key, valueOf(fields, key) !== null])) as Record<
    FieldKey,
    boolean
  >;
  const source = options.ocr ? 'ocr' : 'text';
  return { ...fields, evidence: fieldEvidence(doc, spans, confidence, found, options.pages ?? [], source) };
}

/** A field's value by its key ("coverage.level" reads coverage.level). */
function valueOf(fields: ExtractedFields, key: FieldKey): unknown {
  if (key.startsWith('coverage.'))
    return fields.coverage[key.slice('coverage.'.length) as keyof ExtractedFields['coverage']];
  return fields[key as Exclude<FieldKey, `coverage.${string}`>];
}
