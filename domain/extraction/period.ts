// The period of insurance: start and end dates by their own labels ("Versicherungsbeginn", "Date
// d'échéance"), by a period label followed by two dates ("Period of insurance: 01/03/2024 to 28/02/2025"),
// or by a sentence ("Your cover runs from 1 March 2024 to 28 February 2025").
import { amendedDates } from './amendments.js';
import { inPastColumn } from './column-header.js';
import { rulesOutDate, withoutWeekday } from './context.js';
import { findDates } from './dates.js';
import { findLabels, textUnder, type Found, type Label, type LabelHit } from './labels.js';
import { periodStanding } from './currency.js';
import { arithmeticPairs, dateMentions, STANDING, type DateMention } from './period-arithmetic.js';
import { END, RENEWAL, START } from './period-labels.js';
import { OPEN_ENDED, PERIOD, PROSE_END, PROSE_START } from './period-terms.js';
import { fold, type Doc } from './text.js';
import type { InsuranceType } from './types.js';

export interface Period {
  start: Found<string | null>;
  end: Found<string | null>;
  /** Every date a start's or an end's label (or a sentence) offered, as sure as its label: the ranking's evidence. */
  offered?: { starts: readonly Found<string>[]; ends: readonly Found<string>[] };
}

/**
 * Dates after a label: on its line, and on the next line when the line has fewer than `want` (a value under
 * its label, or a range that wraps).
 */
function datesAfter(doc: Doc, hit: LabelHit, want = 1): { iso: string; below: boolean }[] {
  const found = findDates(hit.line.folded.slice(hit.end));
  // A table's row with this year's and last year's values side by side: a date in a column headed as a past
  // period's is not the label's value while another is.
  const current = found.filter((d) => !inPastColumn(doc, hit.line.n, hit.end + d.index));
  const same = (current.length > 0 ? current : found).map((d) => ({ iso: d.iso, below: false }));
  if (same.length >= want) return same;
  return [...same, ...findDates(fold(textUnder(hit))).map((d) => ({ iso: d.iso, below: true }))];
}

/** Every label that a date follows, for judging which side of its label a value is printed on. */
export const DATE_LABELS: readonly Label[] = [...START, ...END, ...PERIOD, ...RENEWAL];

type Candidate = Found<string>;

const DAY_MS = 86_400_000;
const daysFrom = (start: string, end: string) =>
  (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS;

/**
 * Whether a start and an end make a period such a policy has: the end after the start, and for motor about a
 * year at most (a motor policy runs a year, or less for short-term cover; an "expiry" years away is another
 * date: a licence, a warranty, an MOT). Travel and health run from days to several years.
 */
export function plausiblePeriod(start: string, end: string, type: InsuranceType | null): boolean {
  const days = daysFrom(start, end);
  if (!(days > 0)) return false;
  return type === 'motor' ? days <= 400 : days <= 5 * 366;
}

/**
 * The period of insurance. Every labelled date is a candidate for its end, and a period label or a "from … to
 * …" sentence offers a pair; the pair with the surest dates that makes a plausible period wins. A date that
 * fits with no other is kept alone (a health policy with a start and no end).
 */
export function findPeriod(
  doc: Doc,
  type: InsuranceType | null = null,
  mentions: readonly DateMention[] = dateMentions(doc),
): Period {
  const starts: Candidate[] = [];
  const ends: Candidate[] = [];
  const pairs: [Candidate, Candidate][] = [];

  // Words before a label that call its period a renewal's or a past one ("Renewal period", "bisherige Laufzeit").
  const standing = (hit: LabelHit) => STANDING[periodStanding(hit.line.folded.slice(0, hit.start))];
  for (const hit of findLabels(doc, PERIOD)) {
    const dates = datesAfter(doc, hit, 2);
    const confidence = 0.93 + standing(hit);
    if (dates.length >= 2)
      pairs.push([
        { value: dates[0]!.iso, confidence },
        { value: dates[1]!.iso, confidence },
      ]);
  }
  // A specific label ("Start date") outweighs a generic word ("from") wherever each stands; among equals the
  // first in the document wins.
  for (const [found, labels] of [
    [starts, START],
    [ends, END],
  ] as const) {
    for (const hit of findLabels(doc, labels)) {
      const [first] = datesAfter(doc, hit);
      if (first)
        found.push({
          value: first.iso,
          confidence: (first.below ? 0.85 : 0.95) - (hit.generic ? 0.1 : 0) + standing(hit),
        });
    }
  }
  // "Seit dem 1. Oktober 2024 … Mitglied und versichert", wrapped over lines: the sentence's start.
  for (const start of insuredSince(doc)) starts.push(start);
  for (const hit of findLabels(doc, RENEWAL)) {
    // The renewal date closes the period when nothing names its end: less sure than an end date's own label.
    const [first] = datesAfter(doc, hit);
    if (first) ends.push({ value: first.iso, confidence: 0.78 });
  }
  // A sentence with a range, "from … to …", "vom … bis …", "du … au …", or a renewal letter's "will renew on …
  // and run until …"; lines joined so that it may wrap.
  for (const pair of prosePairs(doc)) pairs.push(pair);
  // Labels are evidence, not a precondition: a pair whose span is a cover's is a candidate too, as sure as a
  // label says where a label names one of its dates.
  const labelled = (list: Candidate[], value: string) =>
    Math.max(0, ...list.filter((c) => c.value === value).map((c) => c.confidence));
  for (const [start, end] of arithmeticPairs(mentions, type)) {
    pairs.push([
      { value: start.value, confidence: Math.max(start.confidence, labelled(starts, start.value)) },
      { value: end.value, confidence: Math.max(end.confidence, labelled(ends, end.value)) },
    ]);
  }
  // An amendment's new date stands wherever its old one was read (the schedule still prints the old), and its own
  // "from … to …" is no period.
  const moved = amendedDates(doc, mentions);
  if (moved.size > 0) {
    const now = (c: Candidate): Candidate => (moved.has(c.value) ? { ...c, value: moved.get(c.value)! } : c);
    const kept = pairs.filter(([a, b]) => moved.get(a.value) !== b.value);
    starts.splice(0, starts.length, ...starts.map(now));
    ends.splice(0, ends.length, ...ends.map(now));
    pairs.splice(0, pairs.length, ...kept.map(([a, b]) => [now(a), now(b)] as [Candidate, Candidate]));
  }
  const best = bestPeriod(starts, ends, pairs, type);
  const offered = { starts: [...starts, ...pairs.map((p) => p[0])], ends: [...ends, ...pairs.map((p) => p[1])] };
  return { ...(best.start.value || best.end.value ? best : (openEnded(doc, mentions) ?? best)), offered };
}

// A contract said to run with no end (OPEN_ENDED): the one date its words do not rule out (not a birth, an issue,
// a letter's) is its start.
function openEnded(doc: Doc, mentions: readonly DateMention[]): Period | null {
  if (!OPEN_ENDED.test(doc.folded)) return null;
  const dates = new Set(mentions.filter((m) => !m.ruledOut).map((m) => m.iso));
  if (dates.size !== 1) return null;
  return { start: { value: [...dates][0]!, confidence: 0.6 }, end: NONE };
}

/** Start and end pairs read from sentences: a start's words before the first date, an end's between the two. */
function prosePairs(doc: Doc): [Candidate, Candidate][] {
  const pairs: [Candidate, Candidate][] = [];
  const text = doc.lines.map((l) => l.folded).join(' ');
  const dates = findDates(text);
  for (let i = 0; i + 1 < dates.length; i++) {
    const [a, b] = [dates[i]!, dates[i + 1]!];
    // A day of the week is part of its date ("vom Freitag, 7. August … bis Sonntag, 16. August").
    const before = withoutWeekday(text.slice(Math.max(0, a.index - 60), a.index));
    const between = withoutWeekday(text.slice(a.end, b.index));
    // A date whose own words make it another (a waiting period's end, a birth) is no end of this sentence's.
    if (rulesOutDate(between) || rulesOutDate(before.slice(-30))) continue;
    const confidence = 0.8 + STANDING[periodStanding(before)];
    if (between.length < 60 && PROSE_START.test(before) && PROSE_END.test(between))
      pairs.push([
        { value: a.iso, confidence },
        { value: b.iso, confidence },
      ]);
  }
  return pairs;
}

// A member's or an insured's status since a date, said after it in the same sentence (an attestation's "seit dem …
// bei uns versichert ist", "since … you have been a member", "depuis le … adhérent"); a customer's "since" is not.
const SINCE = /(?:\bseit|\bsince|\bdepuis)(?: (?:dem|le|the))?\s*$/;
const INSURED_AFTER = /versichert|mitglied|insured|covered|a member|assuree?\b|adherente?\b|affiliee?\b/;

function insuredSince(doc: Doc): Candidate[] {
  const text = doc.lines.map((l) => l.folded).join(' ');
  const out: Candidate[] = [];
  for (const date of findDates(text)) {
    const before = text.slice(Math.max(0, date.index - 12), date.index);
    if (
      !SINCE.test(before) ||
      /(?:kunde|kundin|customer|client)[a-z]*\s+(?:seit|since|depuis)/.test(
        text.slice(Math.max(0, date.index - 30), date.index),
      )
    )
      continue;
    // The rest of its sentence (a date's own full stop, "1. Oktober", does not end it).
    const after = text.slice(date.end, date.end + 90).split(/[.;](?!\d)\s+(?=[a-z])/)[0]!;
    if (INSURED_AFTER.test(after)) out.push({ value: date.iso, confidence: 0.9 });
  }
  return out;
}

const NONE: Found<string | null> = { value: null, confidence: 0 };

function bestPeriod(
  starts: Candidate[],
  ends: Candidate[],
  pairs: [Candidate, Candidate][],
  type: InsuranceType | null,
): Period {
  // Earlier candidates win ties: sort is stable, so order by confidence alone.
  const byConfidence = (list: Candidate[]) => [...list].sort((a, b) => b.confidence - a.confidence);
  const options: [Candidate | null, Candidate | null][] = [...pairs];
  for (const start of byConfidence(starts)) for (const end of byConfidence(ends)) options.push([start, end]);
  // Alone, when no pair holds: the surest start, or the surest end.
  options.push([byConfidence(starts)[0] ?? null, null], [null, byConfidence(ends)[0] ?? null]);
  const scored = options
    .filter(([start, end]) => !(start && end && !plausiblePeriod(start.value, end.value, type)))
    .map(([start, end]) => ({ start, end, score: (start?.confidence ?? 0) + (end?.confidence ?? 0) }))
    .filter((option) => option.score > 0);
  let best = scored[0];
  for (const option of scored) if (option.score > best!.score) best = option;
  if (!best) return { start: NONE, end: NONE };
  // The runner-up is a reading that disagrees on a date, not one that drops one of the winner's.
  const differs = (a: Candidate | null, b: Candidate | null) => a !== null && a.value !== b?.value;
  const rival = Math.max(
    0,
    ...scored.filter((o) => differs(o.start, best.start) || differs(o.end, best.end)).map((o) => o.score),
  );
  const factor = 0.75 + 0.25 * Math.min(1, (best.score - rival) / 0.5);
  const sure = (c: Candidate | null): Found<string | null> =>
    c ? { value: c.value, confidence: Math.round(c.confidence * factor * 100) / 100 } : NONE;
  return { start: sure(best.start), end: sure(best.end) };
}
