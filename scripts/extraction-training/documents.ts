// The training corpus's documents: one of several kinds (KINDS), each a set of sections (a letter, the schedule,
// the previous cover, an endorsement, payment, claims, small print) in a shuffled order, each field laid out in
// one of several ways (after its label, in the next cell, under it, in a table), with decoys drawn independently
// of the kind (an issue date, a birth date, a customer number, a mandate's reference, a postcode, a law's article).
// The kind decides what the truth is beside; everything else varies on its own, so no layout can be learned.
import type { Random } from './random.js';
import { WORDING, type Language, type Wording } from './wording.js';

export const KINDS = [
  'plain', // a schedule or certificate alone
  'letter_first', // a covering letter, with its own reference, before the schedule
  'comparison', // this year's cover beside last year's, in two columns
  'replacement', // the new cover and a section on the previous one it replaces
  'endorsement', // the schedule with the old end and an endorsement that moves it
  'member', // a member's or customer's number beside the contract's
  'duration', // the period as a start and a number of months
  'broker', // a broker's or brand's letterhead, the underwriter only in the small print
] as const;
export type Kind = (typeof KINDS)[number];

export type Country = 'UK' | 'DE' | 'FR';
export type Type = 'motor' | 'travel' | 'health';
const LANGUAGE: Record<Country, Language> = { UK: 'en', DE: 'de', FR: 'fr' };

export interface Truth {
  policy_number: string;
  start_date: string;
  end_date: string;
  /** The register's name of the underwriter (a broker or brand may head the document). */
  insurer: string;
}

export interface TrainingDocument {
  id: string;
  kind: Kind;
  country: Country;
  type: Type;
  truth: Truth;
  /** The document's lines, page by page. */
  pages: string[][];
}

export interface Names {
  /** Registered insurers by country and type, as printed. */
  insurers(country: Country, type: Type): readonly string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const at = (s: string) => new Date(`${s}T00:00:00Z`);
const addDays = (s: string, n: number) => iso(new Date(at(s).getTime() + n * 86_400_000));
function addMonths(s: string, n: number): string {
  const d = at(s);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, d.getUTCDate())));
}

/** A date as the language prints it, in one of its usual notations. */
function printDate(r: Random, w: Wording, language: Language, s: string): string {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const month = w.months[m - 1]!;
  const style = r.int(0, 2);
  if (style === 0) return language === 'de' ? `${pad(d)}.${pad(m)}.${y}` : `${pad(d)}/${pad(m)}/${y}`;
  if (style === 1) return language === 'de' ? `${d}. ${month} ${y}` : `${d} ${month} ${y}`;
  return language === 'en'
    ? `${pad(d)}.${pad(m)}.${y}`
    : language === 'de'
      ? `${d}.${m}.${y}`
      : `${pad(d)}.${pad(m)}.${y}`;
}

/** A reference in a shape the country's formats accept: letters then digits, or digits alone. */
function reference(r: Random): { compact: string; printed: string } {
  const compact = r.chance(0.6) ? r.letters(r.int(1, 4)) + r.digits(r.int(6, 10)) : r.digits(r.int(8, 11));
  const style = r.int(0, 3);
  if (style === 0 && compact.length > 8) return { compact, printed: `${compact.slice(0, 4)} ${compact.slice(4)}` };
  if (style === 1 && compact.length > 8) return { compact, printed: `${compact.slice(0, 3)}-${compact.slice(3)}` };
  return { compact, printed: compact };
}

type Style = 'colon' | 'gap' | 'below';
function pair(style: Style, label: string, value: string): string[] {
  if (style === 'colon') return [`${label}: ${value}`];
  if (style === 'gap') return [`${label}     ${value}`];
  return [label, value];
}

const PLACES: Record<Language, readonly string[]> = {
  en: ['London, ', 'Leeds, ', 'Norwich, '],
  de: ['Köln, den ', 'Hamburg, ', 'München, den '],
  fr: ['Paris, le ', 'Nantes, le ', 'Bordeaux, le '],
};
const BROKERS = [
  'Meridian Cover Partners',
  'Sonnenberg Assekuranzmakler GmbH',
  'Courtage Atlantique',
  'Bluebell Direct',
];
const PEOPLE = ['Anna Fischer', 'James Carter', 'Claire Moreau', 'Jonas Weber', 'Emma Hughes', 'Luc Bernard'];

export function generateDocument(r: Random, names: Names, kind: Kind, id: string): TrainingDocument {
  const country = r.pick(['UK', 'DE', 'FR'] as const);
  const type = r.pick(['motor', 'travel', 'health'] as const);
  const language = LANGUAGE[country];
  const w = WORDING[language];
  const date = (s: string) => printDate(r, w, language, s);
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w)\w*\}/g, (_, k: string) => values[k] ?? '');
  const style = r.pick(['colon', 'gap', 'below'] as const);
  const insurer = r.pick(names.insurers(country, type));
  const broker = r.pick(BROKERS);
  const person = r.pick(PEOPLE);
  const number = reference(r);
  const start = `${r.int(2023, 2026)}-${pad(r.int(1, 12))}-${pad(r.pick([1, 1, 1, r.int(2, 28)]))}`;
  // A period given as a duration: the duration kind's whole point, and in any other kind now and then.
  const asDuration = kind === 'duration' || r.chance(0.15);
  const months = asDuration ? r.pick([6, 12, 12, 24]) : 12;
  const end =
    type === 'travel' && !asDuration && r.chance(0.3)
      ? addDays(start, r.int(4, 40))
      : addDays(addMonths(start, months), -1);
  const truth: Truth = { policy_number: number.compact, start_date: start, end_date: end, insurer };
  const decoyNumber = () => reference(r).printed;
  const previousStart = addMonths(start, -12);
  const previousEnd = addDays(start, -1);

  // A broker's or a brand's letterhead: the broker kind's whole point, and in any other kind now and then.
  const brokered = kind === 'broker' || r.chance(0.1);
  const head = [brokered ? broker : insurer, r.pick(w.addresses)];
  if (r.chance(0.3)) head.push(`${r.pick(w.letterRef)}: ${decoyNumber()}`);

  const schedule: string[] = [r.pick(w.scheduleHeading), r.pick(w.types[type])];
  const policyLines = pair(style, r.pick(w.policy), number.printed);
  const memberLines = pair(style, r.pick(w.member), decoyNumber());
  if (kind === 'member' && r.chance(0.5)) schedule.push(...memberLines, ...policyLines);
  else schedule.push(...policyLines, ...(kind === 'member' || r.chance(0.15) ? memberLines : []));
  schedule.push(...pair(style, r.pick(w.insured), person), r.pick(w.addresses));
  if (r.chance(0.35))
    schedule.push(
      ...pair(style, r.pick(w.birth), date(`${r.int(1950, 2000)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`)),
    );
  const shownEnd = kind === 'endorsement' ? addMonths(end, -r.pick([1, 2, 3, 6])) : end;
  // The start as the date since which one is insured (an attestation's habit), a premium's change and the
  // renewal date (the day after the end) as decoys: each drawn on its own.
  const since = !asDuration && kind !== 'comparison' && r.chance(0.1);
  if (since) schedule.push(fill(r.pick(w.since), { s: date(start) }), ...pair(style, r.pick(w.end), date(shownEnd)));
  else if (asDuration && kind !== 'comparison')
    schedule.push(fill(r.pick(w.duration), { n: String(months), s: date(start) }));
  else if (kind !== 'comparison' && r.chance(0.5))
    schedule.push(fill(r.pick(w.range), { s: date(start), e: date(shownEnd) }));
  else if (kind !== 'comparison')
    schedule.push(...pair(style, r.pick(w.start), date(start)), ...pair(style, r.pick(w.end), date(shownEnd)));
  if (kind === 'comparison') {
    const [now, before] = r.pick(w.compare);
    const flip = r.chance(0.3);
    const rows = [
      ['', now, before],
      [r.pick(w.policy), number.printed, decoyNumber()],
      [r.pick(w.start), date(start), date(previousStart)],
      [r.pick(w.end), date(end), date(previousEnd)],
    ].map(([label, a, b]) => (flip ? [label!, b!, a!] : [label!, a!, b!]));
    // Laid out as a table is: each column as wide as its widest cell, so that a header stands over its values.
    const widths = [0, 1, 2].map((c) => Math.max(...rows.map((row) => row[c]!.length)) + 5);
    schedule.push(
      ...rows.map((row) =>
        row
          .map((cell, c) => cell.padEnd(widths[c]!))
          .join('')
          .trimEnd(),
      ),
    );
  }
  if (r.chance(0.2)) schedule.push(fill(r.pick(w.renewal), { d: date(addDays(end, 1)) }));
  if (r.chance(0.15))
    schedule.push(fill(r.pick(w.premium), { d: date(addMonths(start, r.int(1, 14))), k: `${r.int(20, 900)},00` }));
  if (r.chance(0.3)) schedule.push(...pair(style, r.pick(w.issue), date(addDays(start, -r.int(3, 40)))));

  const sections: string[][] = [schedule];
  if (kind === 'replacement' || r.chance(0.1)) {
    sections.push([
      r.pick(w.previousHeading),
      ...pair(style, r.pick(w.previousNumber), decoyNumber()),
      ...pair(style, r.pick(w.previousPeriod), `${date(previousStart)} - ${date(previousEnd)}`),
      r.pick(names.insurers(country, type)),
    ]);
  }
  if (kind === 'endorsement') {
    sections.push([fill(r.pick(w.endorsement), { o: date(shownEnd), e: date(end) })]);
  }
  if (r.chance(0.4)) {
    const d = date(addDays(start, r.int(0, 20)));
    sections.push([
      r.pick(w.paymentHeading),
      ...w.payment.map((p) => fill(p, { d, r: decoyNumber(), k: r.digits(4) })),
    ]);
  }
  if (r.chance(0.25)) {
    const d = date(addDays(start, -r.int(100, 900)));
    sections.push([
      r.pick(w.claimsHeading),
      ...w.claim.map((c) => fill(c, { d, r: decoyNumber(), k: String(r.int(2, 9)) })),
    ]);
  }
  const small = [fill(r.pick(w.smallPrint), { u: insurer, b: broker, k: r.digits(r.int(6, 9)) })];
  if (r.chance(0.4)) small.push(r.pick(w.legal));
  if (r.chance(0.3)) small.push(r.pick(w.prose));
  const ordered = r.shuffle(sections);

  const letter: string[] = [];
  if (kind === 'letter_first' || r.chance(0.15)) {
    letter.push(
      // The letter's own date, often after its place ("Lyon, le …", "Köln, den …").
      `${r.chance(0.6) ? r.pick(PLACES[language]) : ''}${date(addDays(start, -r.int(2, 30)))}`,
      `${r.pick(w.letterRef)}: ${decoyNumber()}`,
      fill(r.pick(w.salutation), { name: person.split(' ')[1]! }),
      r.pick(w.letterBody),
    );
    if (r.chance(0.4)) letter.push(`${r.pick(w.policy)} ${number.printed}`);
    letter.push(r.pick(w.closing), brokered ? broker : insurer);
  }
  const body = [...head, '', ...(letter.length > 0 && r.chance(0.85) ? [...letter, ''] : [])];
  for (const section of ordered) body.push(...section, '');
  if (letter.length > 0 && !body.includes(letter[1]!)) body.push(...letter, '');
  body.push(...small);
  // Pages of 18 to 45 lines.
  const pages: string[][] = [];
  const size = r.int(18, 45);
  for (let i = 0; i < body.length; i += size) pages.push(body.slice(i, i + size));
  // A running header or footer with the document's own reference on every page (a decoy printed most often).
  if (pages.length > 1 && r.chance(0.4)) {
    const running = `${brokered ? broker : insurer}   ${r.chance(0.5) ? r.pick(w.letterRef) : ''} ${decoyNumber()}   ${date(addDays(start, -r.int(2, 30)))}`;
    const top = r.chance(0.6);
    for (const [n, page] of pages.entries()) {
      if (top) page.unshift(running);
      else page.push(running);
      if (r.chance(0.5)) page.push(`${n + 1}/${pages.length}`);
    }
  }
  return { id, kind, country, type, truth, pages };
}
