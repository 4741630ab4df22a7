// Numbers that are something else than a policy number, known by what they are rather than by their label:
// a telephone number in a country's national or international form, a bank account (IBAN), a broker's or an
// agent's register number or a company's register number with the register's name beside it, a passport number
// or a travel booking's reference with what issued it beside it. Any of them can happen to fit a policy-number
// format ("01 53 75 22 00" read as ten digits, an ORIAS number as eight), so a candidate that is one is refused
// whatever words label it.
import { anyOf } from './alternatives.js';
import { CELL_GAP } from './text.js';

export type OtherNumber = 'telephone' | 'iban' | 'register' | 'passport' | 'booking';

/** How far before a number its issuer's name is looked for: the clause it stands in. */
const NEAR = 90;

const digitsOf = (s: string) => s.replace(/\D/g, '');

// Telephone numbers. International: +44 / 0044 (UK), +49 (DE), +33 (FR), the trunk 0 sometimes kept as "(0)".
// National: a trunk 0 and an area or service code, then the subscriber number in groups: France's ten digits
// in pairs ("01 53 75 22 00"), the UK's ten or eleven digits ("020 7946 0958", "0800 051 6000", "01632
// 960123"), Germany's area code of two to five digits and a number of three to eight ("089 1234567",
// "(0221) 123456", "030/2345678"). A policy number is not printed in these groupings.
const INTERNATIONAL = /^(?:\+|00)\s?(?:44|49|33)[\s.-]*(?:\(0\)[\s.-]*)?\(?\d/;
const FR_NATIONAL = /^0[1-9](?:[\s.-]\d{2}){4}$/;
const UK_NATIONAL = /^0\d{2,4}[\s-]\d{3,4}(?:[\s-]?\d{3,4})?$/;
// Freephone and shared-cost service numbers, which each country groups its own way ("0 800 05 05 05", "0800 3 301
// 301", "0 825 012 345", "0180 5 123456"): a trunk 0, a service code (08xx, 0180x, 0900), ten to twelve digits.
const SERVICE = /^0\s?(?:8\d{2}|180\d?|900)[\s.-]?\d[\d\s.-]*$/;
const DE_NATIONAL = /^\(?0\d{1,4}\)?\s?(?:[/-]\s?|\s)\d{2,8}(?:[\s-]\d{1,5})?$/;

function isTelephone(span: string): boolean {
  const s = span.trim();
  const n = digitsOf(s).length;
  if (INTERNATIONAL.test(s)) {
    const national = digitsOf(s.replace(/^(?:\+|00)\s?\d{2}/, '').replace(/\(0\)/, '')).length;
    return national >= 6 && national <= 12;
  }
  if (FR_NATIONAL.test(s)) return true;
  if (SERVICE.test(s) && n >= 10 && n <= 12 && /\s|[.-]/.test(s)) return true;
  if (UK_NATIONAL.test(s) && (n === 10 || n === 11)) return true;
  return DE_NATIONAL.test(s) && n >= 7 && n <= 12 && /[\s/()-]/.test(s);
}

/** An IBAN: two letters, two check digits and the account, its check (ISO 7064 mod 97) holding. */
export function isIban(printed: string): boolean {
  const compact = printed.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const moved = compact.slice(4) + compact.slice(0, 4);
  let rest = 0;
  for (const c of moved) {
    const value = /\d/.test(c) ? c : String(c.charCodeAt(0) - 55);
    for (const d of value) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

// Registers of intermediaries and companies, named by their keeper, and the number's form in each: the ORIAS
// (French intermediaries, eight digits), the FCA's Financial Services Register (a firm reference number of six
// or seven digits), the IHK's Vermittlerregister ("D-ABCD-EFGHI-12"), company registers (Companies House,
// Handelsregister HRA/HRB at an Amtsgericht, the RCS with the SIREN of nine digits, SIRET fourteen).
const REGISTERS: { keeper: RegExp; number: RegExp }[] = [
  { keeper: /\borias\b/, number: /^\d{8}$/ },
  {
    keeper: anyOf(
      [
        'financial conduct authority', // "authorised by the Financial Conduct Authority"
        String.raw`\bfca\b`, // "FCA number"
        'financial services register', // "Financial Services Register number"
        'firm reference', // "Firm reference number"
        String.raw`\bfrn\b`, // its abbreviation: "FRN"
        'prudential regulation authority', // "regulated by the Prudential Regulation Authority"
        String.raw`\bpra\b`, // "PRA"
      ],
      '',
    ),
    number: /^\d{6,7}$/,
  },
  {
    keeper: /\bihk\b|industrie- und handelskammer|vermittlerregister|registrierungs-?\s?(?:nummer|nr)/,
    number: /^D-?[A-Z0-9]{4}-?[A-Z0-9]{5}-?\d{2}$/,
  },
  {
    keeper: anyOf(
      [
        'companies house', // "registered at Companies House"
        'registered in (?:england|scotland|wales|northern ireland)', // "Registered in England No. 1234567"
        'company (?:no|number|registration)', // "Company number", "company registration"
        'registered (?:no|number|office)', // "Registered no.", "registered office"
      ],
      '',
    ),
    number: /^(?:[A-Z]{2}\d{6}|\d{6,8})$/,
  },
  {
    keeper: /handelsregister|amtsgericht|registergericht|\bhr ?[ab]\b/,
    number: /^(?:HR ?[AB] ?)?\d{3,7}(?: ?[A-Z])?$/,
  },
  {
    keeper: /\brcs\b|\bsiren\b|\bsiret\b|registre du commerce|\bn° tva|\bacpr\b|capital (?:social )?de/,
    number: /^(?:\d{9}|\d{14}|FR\d{11})$/,
  },
  { keeper: /\bbafin\b/, number: /^\d{4,8}$/ },
  // A tiers-payant card's "N° AMC" (or the organism's code) identifies the complementary insurer to pharmacies and
  // the like, as a register would; the member's number is elsewhere on the card.
  { keeper: /\bamc\b|code (?:de l')?organisme|n° (?:d')?organisme/, number: /^\d{6,10}$/ },
  // VAT identification numbers (DE and nine digits, FR, a key and the SIREN, GB nine or twelve digits); a French
  // company's activity code (APE/NAF, four digits and a letter).
  {
    keeper: /ust-?\s?id|umsatzsteuer|\bvat\b|\btva\b|intracommunautaire/,
    number: /^(?:DE\d{9}|FR[A-Z0-9]{2}\d{9}|GB\d{9}(?:\d{3})?)$/,
  },
  { keeper: /\bape\b|\bnaf\b/, number: /^\d{4}[A-Z]$/ },
];

// A SEPA creditor identifier (country, check digits, a business code, often ZZZ, the national id) and a UK driving
// licence number (five letters of the surname, six digits of the birth date, initials, a digit, two letters) have
// forms of their own.
const CREDITOR_ID = /^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{5,28}$/;
const UK_LICENCE = /^[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z]{2}$/;

// The German intermediary number has a form no policy number takes: it is one wherever it stands.
const IHK_NUMBER = /^D-[A-Z0-9]{4}-[A-Z0-9]{5}-\d{2}$/;

// Passports: the word in the three languages, and the forms of the three countries' passport numbers (UK nine
// digits; German nine characters of a restricted alphabet; French two digits, two letters, five digits).
const PASSPORT = /passport|reisepass|\bpass-?\s?(?:nr|nummer)|passeport/;
const PASSPORT_NUMBER = /^(?:\d{9}|[CFGHJKLMNPRTVWXYZ0-9]{9}|\d{2}[A-Z]{2}\d{5})$/;

// A travel booking: the booking made with a travel agent, a tour operator or an airline has a reference of its
// own, which the insurer's certificate repeats. Folded words near a number.
const BOOKING = anyOf(
  [
    String.raw`\bbooking`, // "Booking reference"
    String.raw`\bbooked`, // "Booked with"
    'reservation', // "Reservation number", "N° de réservation"
    String.raw`\bpnr\b`, // an airline's record locator: "PNR"
    'e-?ticket', // "E-ticket number"
    'ticket (?:no|number)', // "Ticket no."
    'flight', // "Flight number"
    'airline', // "Airline reference"
    'tour operator', // "Tour operator reference"
    'travel agen', // "Travel agent", "travel agency"
    'buchung', // "Buchungsnummer"
    String.raw`\bgebucht`, // "gebucht bei"
    String.raw`vorgangs-?\s?(?:nummer|nr)`, // a German travel agent's "Vorgangsnummer"
    'reisebu(?:e)?ro', // "Reisebüro", "Reisebuero"
    'reiseveranstalter', // "Reiseveranstalter"
    String.raw`\bflug`, // "Flugnummer"
    String.raw`\bdossier\b`, // "N° de dossier"
    String.raw`\bvoyagiste`, // "Voyagiste"
    'agence de voyages?', // "Agence de voyages"
    String.raw`\bbillet`, // "N° de billet"
  ],
  '',
);

// Any word of a register's keeper, a passport or a booking: without one on the line, only a number's own shape
// can make it another number.
const ISSUERS = new RegExp([...REGISTERS.map((r) => r.keeper.source), PASSPORT.source, BOOKING.source].join('|'));

/**
 * The span of number-like characters around a candidate in its cell: where a telephone number or an IBAN
 * starts and ends (the reader of references stops at "+" and "(").
 */
function spanAround(cell: string, start: number, end: number): string {
  let from = start;
  while (from > 0 && /[\d\s()+./-]/.test(cell.charAt(from - 1))) from--;
  let to = end;
  while (to < cell.length && /[\d\s()./-]/.test(cell.charAt(to))) to++;
  return cell.slice(from, to).trim();
}

/**
 * What the number printed at `start` of `text` (a line: `folded` its folded copy) is, when it is not a policy
 * number; null when nothing says so.
 */
export function otherNumber(text: string, folded: string, start: number, printed: string): OtherNumber | null {
  // Cheap first: a number with no telephone, IBAN or register shape and no issuer's word on its line is none.
  const shaped =
    /^[A-Z]{2}\d{2}|^D-/.test(printed) ||
    /[+(]|\d[\s/.()-]+\d/.test(text.slice(Math.max(0, start - 6), start + printed.length + 6));
  if (!shaped && !ISSUERS.test(folded)) return null;
  const end = start + printed.length;
  // The cell the number stands in: a wide gap ends a phone number as it ends any value.
  const gaps = [...text.slice(0, start).matchAll(new RegExp(CELL_GAP.source, 'g'))].map((m) => m.index + m[0].length);
  const cellStart = gaps[gaps.length - 1] ?? 0;
  // The words that may name what the number is: its own cell's, or the cell before (a table's label cell).
  const previousCell = gaps[gaps.length - 2] ?? 0;
  const cellEnd = (() => {
    const m = new RegExp(CELL_GAP.source).exec(text.slice(end));
    return m ? end + m.index : text.length;
  })();
  const cell = text.slice(cellStart, cellEnd);
  const span = spanAround(cell, start - cellStart, end - cellStart);
  if (isTelephone(span)) return 'telephone';
  const compact = printed.replace(/[\s.-]/g, '');
  if (
    isIban(printed) ||
    isIban(span) ||
    isIban(text.slice(start).match(/^[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{1,4}){3,8}/)?.[0] ?? '')
  )
    return 'iban';
  if (IHK_NUMBER.test(printed.replace(/\s/g, ''))) return 'register';
  if (/^[A-Z]{2}\d{2}ZZZ/.test(compact) && CREDITOR_ID.test(compact)) return 'register';
  if (UK_LICENCE.test(compact)) return 'register';
  const near = folded.slice(Math.max(previousCell, start - NEAR), start);
  const digitsOnly = printed.replace(/[\s.-]/g, '').toUpperCase();
  for (const register of REGISTERS)
    if (register.keeper.test(near) && register.number.test(digitsOnly)) return 'register';
  if (PASSPORT.test(near) && PASSPORT_NUMBER.test(compact)) return 'passport';
  if (BOOKING.test(near)) return 'booking';
  return null;
}

// The French social security number (NIR): sex, year and month of birth, département (Corsica's 2A and 2B),
// commune, order number, then a two-digit key, 97 minus the thirteen digits modulo 97 (2A and 2B counting as 19
// and 18). Printed in groups, the key sometimes carried over to the next line.
const NIR_BODY = /^[12] ?\d{2} ?(?:0[1-9]|1[0-2]|[2-9]\d) ?(?:\d{2}|2A|2B) ?\d{3} ?\d{3}$/;

/** The NIR with its key when `printed` is a NIR's thirteen characters and `next` begins with their key. */
export function nirWithKey(printed: string, next: string): string | null {
  if (!NIR_BODY.test(printed)) return null;
  const key = /^\s*(\d{2})(?![\dA-Za-z])/.exec(next)?.[1];
  if (!key) return null;
  const body = printed.replace(/ /g, '');
  const number = BigInt(body.replace('2A', '19').replace('2B', '18'));
  return 97n - (number % 97n) === BigInt(key) ? `${printed} ${key}` : null;
}
