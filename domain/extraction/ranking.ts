// Choosing the policy number and the period by the ranking model (ranker.ts) rather than by the rules' own
// scores: the rules offer the candidates and say what they think of each (their confidence, their pick, a
// label's kind, the format's fit), the structure says where each is printed (structure.ts, features.ts), and
// the model weighs all of it together. A field the rules did not find stays unfound: the model chooses among
// the rules' readings, it does not invent one.
import { coverSpan, type DateMention } from './period-arithmetic.js';
import { candidateFeatures, referencePlaces, type Features, type Occurrence } from './features.js';
import type { Found } from './labels.js';
import type { FormatFit } from './number-candidates.js';
import { choose, type RankedCandidate, type RankedField, type RankerModel } from './ranker.js';
import type { Structure } from './structure.js';
import type { Doc } from './text.js';
import type { InsuranceType } from './types.js';

export interface PolicyEvidence {
  /** The rules' candidates as they scored them (labelled ones first, then those found by form). */
  scored: readonly Found<string>[];
  /** The values found under a policy number's label. */
  labelled: ReadonlySet<string>;
  pick: Found<string | null>;
  fit?: FormatFit;
}

export interface PeriodEvidence {
  start: Found<string | null>;
  end: Found<string | null>;
  offered?: { starts: readonly Found<string>[]; ends: readonly Found<string>[] };
  mentions: readonly DateMention[];
  type: InsuranceType | null;
}

export type CandidateSets = Partial<Record<RankedField, RankedCandidate<string>[]>>;

const best = (list: readonly Found<string>[], value: string) =>
  Math.max(0, ...list.filter((c) => c.value === value).map((c) => c.confidence));

export function policyCandidates(
  doc: Doc,
  structure: Structure,
  evidence: PolicyEvidence,
  period: readonly number[] = [],
): RankedCandidate<string>[] {
  const values = [...new Set(evidence.scored.map((c) => c.value))];
  const top = evidence.pick.value === null ? 0 : best(evidence.scored, evidence.pick.value);
  return values.map((value) => {
    const confidence = best(evidence.scored, value);
    const compact = value.replace(/[\s./-]/g, '');
    const places = referencePlaces(doc, value);
    const features: Features = {
      ...candidateFeatures(doc, structure, places),
      ...periodFeatures(structure, places, period),
      rule_confidence: confidence,
      rule_pick: value === evidence.pick.value ? 1 : 0,
      rule_gap: Math.max(0, top - confidence),
      labelled: evidence.labelled.has(value) ? 1 : 0,
      format_fit: evidence.fit ? evidence.fit(value) / 2 : 0,
      digits_only: /^\d+$/.test(compact) ? 1 : 0,
      length: Math.min(1, compact.length / 16),
    };
    return { value, features };
  });
}

/** How far, in lines, a number printed before or after the period still reads as printed with it. */
const PERIOD_REACH = 8;

/**
 * How near a number is printed to the period the rules read, on the same page (1 on a line of it, 0 at
 * PERIOD_REACH lines or on another page): a contract's number is printed with its period, where a customer's
 * number or a letter's reference is printed with the holder's details or the letter's date, often on another
 * page. By lines rather than blocks: a PDF's text layer has no empty lines between blocks, the generated training
 * text has; a running header's copies say nothing.
 */
export function periodFeatures(structure: Structure, places: readonly Occurrence[], period: readonly number[]) {
  let near = 0;
  for (const at of places) {
    if (structure.running.has(at.line)) continue;
    for (const line of period) {
      if (structure.lines[line]!.page !== structure.lines[at.line]!.page) continue;
      near = Math.max(near, 1 - Math.min(PERIOD_REACH, Math.abs(line - at.line)) / PERIOD_REACH);
    }
  }
  return { period_near: near };
}

const DAY_MS = 86_400_000;
const days = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS;
const shifted = (iso: string, by: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);

// A period given as a duration from a date ("12 months from …", "für 12 Monate ab …", "12 mois à compter du …"):
// its end is a candidate though it is printed nowhere, the day before the same date that many months later.
const DURATION = /\b(\d{1,2})\s*(months?|monate?n?|mois|years?|jahre?n?|ans?)\b/;

function monthsLater(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + months, d) - DAY_MS);
  return end.toISOString().slice(0, 10);
}

/** The ends that durations printed beside a date make, by the date they count from. */
export function durationEnds(doc: Doc, mentions: readonly DateMention[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const mention of mentions) {
    if (mention.ruledOut) continue;
    const m = DURATION.exec(doc.lines[mention.line]!.folded);
    if (!m) continue;
    const count = Number(m[1]);
    const months = /^(?:month|monat|mois)/.test(m[2]!) ? count : count * 12;
    if (months >= 1 && months <= 60 && !out.has(monthsLater(mention.iso, months)))
      out.set(monthsLater(mention.iso, months), mention.iso);
  }
  return out;
}

/** One candidate set for both ends of the period: every date printed, and the rules' start and end. */
export function dateCandidates(
  doc: Doc,
  structure: Structure,
  evidence: PeriodEvidence,
  worked: ReadonlyMap<string, string> = durationEnds(doc, evidence.mentions),
): RankedCandidate<string>[] {
  const { mentions, offered } = evidence;
  const printed = [...mentions.map((m) => m.iso), evidence.start.value, evidence.end.value, ...worked.keys()];
  const values = [...new Set(printed)].filter((v): v is string => v !== null);
  const usable = [...new Set(mentions.filter((m) => !m.ruledOut).map((m) => m.iso))].sort();
  return values.map((value) => {
    const own = mentions.filter((m) => m.iso === value);
    const places: Occurrence[] = own.map((m) => ({ line: m.line, start: m.start, end: m.end }));
    const others = usable.filter((v) => v !== value);
    const later = Math.max(
      0,
      ...others.filter((v) => days(value, v) > 0).map((v) => coverSpan(value, v, evidence.type)),
    );
    const earlier = Math.max(
      0,
      ...others.filter((v) => days(v, value) > 0).map((v) => coverSpan(v, value, evidence.type)),
    );
    // A cover that ends the day before this date, or one that starts the day after it: the chain of a renewal
    // or a replacement, where the earlier period is the old one whichever is printed first.
    const eve = shifted(value, -1);
    const morrow = shifted(value, 1);
    const follows = usable.includes(eve)
      ? Math.max(0, ...usable.filter((v) => days(v, eve) > 0).map((v) => coverSpan(v, eve, evidence.type)))
      : 0;
    const followed = usable.includes(morrow)
      ? Math.max(0, ...usable.filter((v) => days(morrow, v) > 0).map((v) => coverSpan(morrow, v, evidence.type)))
      : 0;
    const features: Features = {
      ...candidateFeatures(doc, structure, places),
      follows_cover: follows,
      followed_by_cover: followed,
      pick_start: value === evidence.start.value ? 1 : 0,
      pick_end: value === evidence.end.value ? 1 : 0,
      label_start: offered ? best(offered.starts, value) : 0,
      label_end: offered ? best(offered.ends, value) : 0,
      ruled_out: own.length > 0 && own.every((m) => m.ruledOut) ? 1 : 0,
      standing_past: own.some((m) => m.standing === -1) ? 1 : 0,
      standing_next: own.some((m) => m.standing === 1) ? 1 : 0,
      earliest: usable[0] === value ? 1 : 0,
      latest: usable.at(-1) === value ? 1 : 0,
      span_as_start: later,
      span_as_end: earlier,
      worked_out: own.length === 0 ? 1 : 0,
      duration_end: worked.has(value) ? 1 : 0,
      duration_start: [...worked.values()].includes(value) ? 1 : 0,
    };
    return { value, features };
  });
}

export interface RankingInput {
  doc: Doc;
  structure: Structure;
  policy: PolicyEvidence;
  period: PeriodEvidence;
}

/** The candidate sets of every ranked field the rules found (a field they left empty has none). */
export function candidateSets({ doc, structure, policy, period }: RankingInput): CandidateSets {
  const sets: CandidateSets = {};
  // The lines the rules read the period from (its start's and its end's), for where a number sits beside it.
  const periodLines = period.mentions
    .filter((m) => !m.ruledOut && (m.iso === period.start.value || m.iso === period.end.value))
    .map((m) => m.line);
  if (policy.pick.value !== null) sets.policy_number = policyCandidates(doc, structure, policy, periodLines);
  // A duration beside a date offers both ends where the rules found neither.
  const worked = durationEnds(doc, period.mentions);
  if (period.start.value !== null || period.end.value !== null || worked.size > 0) {
    const dates = dateCandidates(doc, structure, period, worked);
    if (period.start.value !== null || worked.size > 0) sets.start_date = dates;
    if (period.end.value !== null || worked.size > 0) sets.end_date = dates;
  }
  return sets;
}

/** The model's choice for each field with candidates, and its probability as the field's confidence. */
export function rankFields(model: RankerModel, sets: CandidateSets): Partial<Record<RankedField, Found<string>>> {
  const out: Partial<Record<RankedField, Found<string>>> = {};
  for (const [field, candidates] of Object.entries(sets) as [RankedField, RankedCandidate<string>[]][]) {
    const chosen = choose(model.weights[field] ?? {}, candidates);
    if (chosen) out[field] = chosen;
  }
  return out;
}
