// Words near a candidate that say what it is (features.ts): read on the candidate's line before it and on the
// line above (a label over its value). Folded text (lower case, no accents), English, German and French; one
// alternative a line with an example. They are signals for the ranking model, not rules: each is weighed by the
// trained model (model/ranker.json) together with the others.
import { anyOf } from './alternatives.js';

export const NEIGHBOUR_CUES = {
  /** Another, older cover: "previous policy", "bisheriger Vertrag", "ancien contrat", "replaces". */
  previous: anyOf(
    [
      String.raw`\b(?:previous|former|prior|old|expir\w*|last year|replac\w*|cancel\w*)\b`, // "previous policy no."
      String.raw`\b(?:bisher\w*|vorherig\w*|alte[rsn]?|vorjahr\w*|ersetzt|gekundigt\w*|vorversicher\w*)\b`, // "bisherige Nr."
      String.raw`\b(?:ancien\w*|precedent\w*|remplace\w*|resili\w*|au lieu d\w*)\b`, // "ancien contrat n°"
    ],
    '',
  ),
  /** A person's or a paper's number rather than the contract's: "member no.", "Kundennummer", "n° adhérent". */
  member: anyOf(
    [
      String.raw`\b(?:member\w*|customer|client|account|certificate|card)\b`, // "Membership number"
      String.raw`\b(?:mitglied\w*|kunden\w*|versicherten\w*|zertifikat\w*|karte\w*)`, // "Kundennummer"
      String.raw`\b(?:adherent\w*|sociétaire|societaire|certificat\w*|carte\w*|assure\b)`, // "N° d'adhérent"
    ],
    '',
  ),
  /** A letter's or a file's reference: "our ref", "Ihr Zeichen", "dossier". */
  reference: anyOf(
    [
      String.raw`\b(?:ref(?:erence)?|our ref|your ref|file|case|invoice|quote|claim)\b`, // "Our ref:"
      String.raw`\b(?:zeichen|aktenzeichen|vorgang\w*|rechnung\w*|angebot\w*|schaden\w*)`, // "Unser Zeichen"
      String.raw`\b(?:dossier|facture|devis|sinistre)\b`, // "N° de dossier"
    ],
    '',
  ),
  /** A law's article or a register's entry, not a contract: "article L113-12", "§ 38 VVG", "RCS". */
  legal: anyOf(
    [
      String.raw`\b(?:article|art\.|section|code des assurances|vvg|gesetz\w*|act)\b|§`, // "Art. L. 112-2"
      String.raw`\b(?:rcs|siren|siret|hrb|register\w*|registre|orias|frn|company no)\b`, // "RCS Paris 542 …"
    ],
    '',
  ),
  /** The contract's own words: "policy", "contrat", "Vertrag". */
  policy: anyOf([String.raw`\b(?:policy|police|contrat|vertrag\w*|versicherungsschein\w*|polizz\w*)`], ''),
  /** A period's beginning: "from", "ab", "du", "start", "Beginn", "prise d'effet". */
  start: anyOf(
    [
      String.raw`\b(?:start\w*|from|commenc\w*|inception|effective|valid from|cover begins)\b`, // "Start date"
      String.raw`\b(?:beginn\w*|ab|vom|gultig ab|versicherungsbeginn)\b`, // "Beginn"
      String.raw`\b(?:du|debut|effet|a compter du|date d'effet)\b`, // "Date d'effet"
    ],
    '',
  ),
  /** A period's end: "until", "bis", "au", "expiry", "Ablauf", "échéance". */
  end: anyOf(
    [
      String.raw`\b(?:end\w*|until|to|expir\w*|renewal date|valid until)\b`, // "Expiry date"
      String.raw`\b(?:bis|ablauf\w*|ende|endet|gultig bis)\b`, // "Ablauf"
      String.raw`\b(?:au|fin|echeance|jusqu\w*|expiration)\b`, // "Date d'échéance"
    ],
    '',
  ),
  /** A date that is not the period's: issue, birth, signature, payment. */
  other: anyOf(
    [
      String.raw`\b(?:issued?|date of birth|born|dob|signed|printed|dated|payment|debit)\b`, // "Date of issue"
      String.raw`\b(?:ausgestellt|geboren|geburts\w*|erstellt|datum|zahlung\w*|abbuchung)\b`, // "ausgestellt am"
      String.raw`\b(?:emis\w*|ne\b|nee\b|naissance|fait le|edite|prelev\w*|paiement)\b`, // "Fait le"
    ],
    '',
  ),
  /** A duration: "12 months", "für 12 Monate", "12 mois". */
  duration: anyOf([String.raw`\b\d{1,2}\s*(?:months?|monate?n?|mois|years?|jahre?n?|ans?|days?|tage?n?|jours)\b`], ''),
};

/** A postcode and its town: "75008 Paris", "80331 München", "SW1A 1AA". */
export const POSTCODE = /^(?:\d{5}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/;
export const TOWN_AFTER = /^\s*(?:cedex\s+)?\p{Lu}[\p{L}-]+/u;
