// The words that tell a section's role (structure.ts), in English, German and French, matched against folded
// text (lower case, no accents). One alternative a line with what it marks; a heading is a short line holding
// one of them, and the role lasts until the next heading. None of them names a kind of document: they name the
// parts most paperwork is made of (a letter, the schedule, the old cover, the payment, the small print, claims).
import { anyOf } from './alternatives.js';

export type SectionRole = 'letter' | 'schedule' | 'previous' | 'payment' | 'small_print' | 'claims' | 'other';

export const ROLES: readonly SectionRole[] = [
  'letter',
  'schedule',
  'previous',
  'payment',
  'small_print',
  'claims',
  'other',
];

/** Headings and cue words by role, first match wins (a "previous policy schedule" is the previous cover's). */
export const ROLE_CUES: readonly { role: SectionRole; pattern: RegExp }[] = [
  {
    role: 'previous',
    pattern: anyOf(
      [
        String.raw`\b(?:previous|former|prior|old|expiring|last year'?s?) (?:policy|insurer|cover|contract|insurance)`, // "Previous policy"
        String.raw`\breplac(?:es|ing|ement of)\b`, // "This policy replaces …"
        String.raw`\b(?:bisherige[rsn]?|vorherige[rsn]?|alte[rsn]?) (?:vertrag|versicher\w*|police)`, // "Bisheriger Vertrag"
        String.raw`\bvorversicher\w*`, // "Vorversicherer", "Vorversicherung"
        String.raw`\b(?:ancien(?:ne)?|precedente?) (?:contrat|assureur|police|assurance)`, // "Ancien contrat"
        String.raw`\b(?:kundigung|resiliation|cancellation) (?:of|de|des|du|ihres|bestatigt)?`, // an old contract ended
        String.raw`\b(?:vorjahr|annee precedente|l'an dernier)\b`, // last year's figures
      ],
      '',
    ),
  },
  {
    role: 'claims',
    pattern: anyOf(
      [
        String.raw`\bclaims? (?:history|record|experience)\b`, // "Claims history"
        String.raw`\bschaden(?:verlauf|freiheit\w*|historie)\b`, // "Schadenverlauf"
        String.raw`\b(?:historique|releve) (?:des )?(?:sinistres|d'information)\b`, // "Relevé d'information"
      ],
      '',
    ),
  },
  {
    role: 'payment',
    pattern: anyOf(
      [
        String.raw`\bdirect debit\b|\bpayment (?:schedule|details|plan)\b|\binstal+ments?\b`, // "Direct Debit"
        String.raw`\bsepa\b|\bmandat(?:e)?\b|\blastschrift\w*`, // "SEPA-Lastschriftmandat", "mandat"
        String.raw`\bzahlungs(?:weise|plan|art)\b|\bbeitragszahlung\b`, // "Zahlungsweise"
        String.raw`\bprelevement\b|\becheancier\b|\bmodalites de paiement\b`, // "Échéancier"
      ],
      '',
    ),
  },
  {
    role: 'small_print',
    pattern: anyOf(
      [
        String.raw`\bregistered (?:office|in england)\b|\bauthori[sz]ed (?:by|and regulated)\b|\bregulated by\b`, // a UK footer
        String.raw`\bunderwritten by\b|\brisk carrier\b|\brisikotrager\b|\bgaranti(?:e|s)? par\b|\bassure par\b`, // who carries the risk
        String.raw`\bsitz der gesellschaft\b|\bregistergericht\b|\bamtsgericht\b|\bhandelsregister\b|\bhrb\b`, // a German imprint
        String.raw`\bsiege social\b|\brcs\b|\bcapital social\b|\bregie par le code\b|\borias\b`, // a French footer
      ],
      '',
    ),
  },
  {
    role: 'schedule',
    pattern: anyOf(
      [
        String.raw`\b(?:policy )?schedule\b|\bcertificate of (?:insurance|motor insurance)\b|\bpolicy details\b`, // "Schedule"
        String.raw`\bendorsement\b|\bnachtrag\b|\bavenant\b`, // a change to the cover
        String.raw`^\W*(?:(?:your|ihre?|votre) )?(?:new|current|neue[rsn]?|aktuelle[rsn]?|nouve(?:au|lle)|actuel(?:le)?) (?:policy|contract|cover|vertrag|versicherung\w*|police|contrat|assurance)\W*$`, // "Ihr neuer Vertrag"
        String.raw`\bversicherungsschein\b|\bversicherungsnachweis\b|\bpolice\b|\bvertragsdaten\b`, // "Versicherungsschein"
        String.raw`\bconditions particulieres\b|\battestation d'assurance\b|\bcertificat d'assurance\b`, // "Conditions particulières"
        String.raw`\bcarte (?:verte|d'assure|de tiers payant)\b|\bmitgliedsbescheinigung\b`, // a card or a certificate
      ],
      '',
    ),
  },
  {
    role: 'letter',
    pattern: anyOf(
      [
        String.raw`^\s*dear\b|\byours (?:sincerely|faithfully)\b|\bkind regards\b`, // an English letter
        String.raw`\bsehr geehrte\w*|\bmit freundlichen grussen\b|\bliebe[rs]? \w+,`, // a German letter
        String.raw`\bmadame,? monsieur\b|\bveuillez agreer\b|\bcordialement\b|\bsalutations\b`, // a French letter
        String.raw`\b(?:your|our) ref(?:erence)?\b|\b(?:ihr|unser) zeichen\b|\b(?:vos|nos) ref(?:erences?)?\b`, // a letter's references
        String.raw`\bplease find enclosed\b|\banbei (?:erhalten|senden)\b|\bci-joint\b|\bveuillez trouver\b`, // "enclosed"
      ],
      '',
    ),
  },
];

/** A heading is a short line: at most this many words. */
export const HEADING_WORDS = 7;
