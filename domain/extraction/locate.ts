// Where each chosen value is printed: the characters of a line that hold it, for the field's evidence. The rules
// choose a value among many readings; this finds the reading of that value a reader would point at: the
// occurrence beside or under one of the field's labels first, else the first in reading order. A value the
// document does not print as such (its language, an end worked out from a duration) has no place.
import { LEVELS, SCOPES, type Term } from './coverage-terms.js';
import { EXCESS_LABELS, LEVEL_LABELS, SCOPE_LABELS, SUM_LABELS } from './coverage.js';
import { findDates } from './dates.js';
import { STRONG, WEAK } from './insurance-type.js';
import { findLabels, type Label } from './labels.js';
import { findMoney, type FoundMoney } from './money.js';
import type { DateMention } from './period-arithmetic.js';
import { escapeRegExp, fold, type Doc } from './text.js';
import type { ExtractedFields, FieldKey, Money } from './types.js';

/** Characters [start, end) of line `line` (Line.n). */
export interface Span {
  line: number;
  start: number;
  end: number;
}

export interface LocateHints {
  /** The insurer's name as the document prints it, when the rules read one. */
  insurerPrinted?: string | null;
  /** The document's dates where they are printed (period-arithmetic.ts), read once for both ends of the period. */
  dates?: readonly DateMention[];
}

// OCR's look-alikes, so that a value taken repaired ("0" for a printed "O") is still found where it was printed.
const LOOK_ALIKES: Record<string, string> = {
  '0': '0od',
  o: 'o0d',
  '1': '1il|',
  i: 'i1l|',
  l: 'l1i|',
  '5': '5s',
  s: 's5',
  '8': '8b',
  b: 'b8',
  '2': '2z',
  z: 'z2',
  '6': '6g',
  g: 'g6',
};

/** A reference or a registration as printed: its letters and digits in order, separators between them allowed. */
export function referencePattern(value: string): RegExp | null {
  const chars = [...fold(value).replace(/[^a-z0-9]/g, '')];
  if (chars.length === 0) return null;
  const body = chars.map((c) => `[${escapeRegExp(LOOK_ALIKES[c] ?? c)}]`).join('[\\s./-]{0,2}');
  return new RegExp(`(?<![a-z0-9])${body}(?![a-z0-9])`, 'g');
}

type Occurrence = Span;

/** Every match of a pattern in the document, by line: one pass over the folded text, no match across lines. */
function matches(doc: Doc, pattern: RegExp): Occurrence[] {
  const out: Occurrence[] = [];
  const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  const starts = lineStarts(doc);
  let n = 0;
  for (let m = re.exec(doc.folded); m; m = re.exec(doc.folded)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (m[0].includes('\n')) continue;
    while (n + 1 < starts.length && starts[n + 1]! <= m.index) n++;
    out.push({ line: n, start: m.index - starts[n]!, end: m.index - starts[n]! + m[0].length });
  }
  return out;
}

const STARTS = new WeakMap<Doc, number[]>();
/** Where each line starts in the document's folded text. */
function lineStarts(doc: Doc): number[] {
  let starts = STARTS.get(doc);
  if (!starts) {
    starts = [];
    let at = 0;
    for (const line of doc.lines) {
      starts.push(at);
      at += line.folded.length + 1;
    }
    STARTS.set(doc, starts);
  }
  return starts;
}

/**
 * The occurrence to point at: on a line of one of the labels (2) or on the lines its value is read from (1)
 * before any other (0); a line whose words have positions before one without; then reading order.
 */
function best(doc: Doc, found: Occurrence[], labels?: readonly Label[]): Span | null {
  if (found.length <= 1) return found[0] ?? null;
  const near = new Map<number, number>();
  for (const hit of labels ? findLabels(doc, labels) : []) {
    near.set(hit.line.n, 2);
    for (const line of hit.below) near.set(line.n, Math.max(near.get(line.n) ?? 0, 1));
  }
  const placed = (o: Occurrence) => ((doc.lines[o.line]?.words?.length ?? 0) > 0 ? 1 : 0);
  const rank = (o: Occurrence) => (near.get(o.line) ?? 0) * 2 + placed(o);
  return [...found].sort((a, b) => rank(b) - rank(a) || a.line - b.line || a.start - b.start)[0]!;
}

function dateSpan(doc: Doc, iso: string | null, dates?: readonly DateMention[]): Span | null {
  if (!iso) return null;
  const found: Occurrence[] = [];
  if (dates) {
    for (const d of dates) if (d.iso === iso) found.push({ line: d.line, start: d.start, end: d.end });
  } else {
    for (const line of doc.lines)
      for (const date of findDates(line.folded))
        if (date.iso === iso) found.push({ line: line.n, start: date.index, end: date.end });
  }
  return best(doc, found);
}

const MONEY = new WeakMap<Doc, (FoundMoney & { line: number })[]>();
/** Every amount of the document, read once for the excess and the sum insured (lines without a digit passed over). */
function amounts(doc: Doc): (FoundMoney & { line: number })[] {
  let found = MONEY.get(doc);
  if (!found) {
    found = doc.lines
      .filter((l) => /\d/.test(l.text))
      .flatMap((l) => findMoney(l.text).map((m) => ({ ...m, line: l.n })));
    MONEY.set(doc, found);
  }
  return found;
}

function moneySpan(doc: Doc, money: Money | null, labels: readonly Label[]): Span | null {
  if (!money) return null;
  const found = amounts(doc)
    .filter((m) => m.money.amount === money.amount && m.money.currency === money.currency)
    .map((m) => ({ line: m.line, start: m.index, end: m.end }));
  return best(doc, found, labels);
}

function termSpan(doc: Doc, code: string | null, terms: readonly Term[], labels: readonly Label[]): Span | null {
  const term = code ? terms.find((t) => t.code === code) : undefined;
  return term ? best(doc, matches(doc, term.pattern), labels) : null;
}

/** The insurer as printed, else the longest word of its registered name (legal forms aside). */
function insurerSpan(doc: Doc, value: string | null, printed?: string | null): Span | null {
  if (!value) return null;
  const name = fold(printed ?? '').trim();
  if (name) {
    const span = best(doc, matches(doc, new RegExp(escapeRegExp(name).replace(/\s+/g, '\\s+'))));
    if (span) return span;
  }
  const words = fold(value)
    .split(/[^a-z0-9&-]+/)
    .filter((w) => w.length >= 4 && !/^(?:limited|versicherung|assurances?|insurance|company|mutuelle)$/.test(w))
    .sort((a, b) => b.length - a.length);
  const [longest] = words;
  return longest ? best(doc, matches(doc, new RegExp(`\\b${escapeRegExp(longest)}\\b`))) : null;
}

function referenceSpan(doc: Doc, value: string | null): Span | null {
  const pattern = value ? referencePattern(value) : null;
  return pattern ? best(doc, matches(doc, pattern)) : null;
}

/** Where each field's value is printed; null for a field not found or not printed at one place. */
export function locateFields(
  doc: Doc,
  fields: ExtractedFields,
  hints: LocateHints = {},
): Record<FieldKey, Span | null> {
  const type = fields.insurance_type;
  const { coverage } = fields;
  return {
    policy_number: referenceSpan(doc, fields.policy_number),
    insurer: insurerSpan(doc, fields.insurer, hints.insurerPrinted),
    insurance_type: type ? (best(doc, matches(doc, STRONG[type])) ?? best(doc, matches(doc, WEAK[type]))) : null,
    start_date: dateSpan(doc, fields.start_date, hints.dates),
    end_date: dateSpan(doc, fields.end_date, hints.dates),
    vehicle_registration: referenceSpan(doc, fields.vehicle_registration),
    'coverage.level': type ? termSpan(doc, coverage.level, LEVELS[type], LEVEL_LABELS) : null,
    'coverage.excess': moneySpan(doc, coverage.excess, EXCESS_LABELS),
    'coverage.sum_insured': moneySpan(doc, coverage.sum_insured, SUM_LABELS),
    'coverage.territorial_scope': termSpan(doc, coverage.territorial_scope, SCOPES, SCOPE_LABELS),
    language: null,
  };
}
