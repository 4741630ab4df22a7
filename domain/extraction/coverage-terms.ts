// The wordings of the coverage codes, as data (one alternative a line, what it matches and an example): the
// level of cover per type and the territorial scope. coverage.ts reads them after their labels, locate.ts to point
// at the words a code was read from.
import { anyOf } from './alternatives.js';
import type { InsuranceType } from './types.js';

export interface Term {
  code: string;
  /** Folded wording; the most specific first, since "third party" is part of "third party, fire and theft". */
  pattern: RegExp;
}

// Each level's wordings, the most specific first within a type (firstTerm takes the earliest match in the text).
export const LEVELS: Record<InsuranceType, Term[]> = {
  motor: [
    {
      code: 'third_party_fire_theft',
      pattern: anyOf(
        [
          'third[ -]party,? fire (?:and|&) theft', // "Third Party, Fire and Theft"
          String.raw`\btpft\b`, // its abbreviation: "TPFT"
          String.raw`\bteilkasko\b`, // German partial cover: "Teilkasko"
          String.raw`tiers (?:plus|etendu|confort|\+)`, // French intermediate formulas: "Tiers étendu", "Tiers +"
          'intermediaire', // "Formule intermédiaire"
          'tiers vol(?:,| et) incendie', // "Tiers vol et incendie"
        ],
        '',
      ),
    },
    {
      code: 'comprehensive',
      pattern: anyOf(
        [
          String.raw`\bcomprehensive\b`, // "Comprehensive"
          String.raw`\bvollkasko\b`, // "Vollkasko"
          'tous risques', // "Tous risques"
          'dommages tous accidents', // "Dommages tous accidents"
        ],
        '',
      ),
    },
    {
      code: 'third_party',
      pattern: anyOf(
        [
          'third[ -]party only', // "Third party only"
          String.raw`\btpo\b`, // its abbreviation: "TPO"
          String.raw`\bthird[ -]party\b`, // "Third party"
          String.raw`haftpflicht(?:versicherung)? ?(?:\(?ohne kasko\)?|only)`, // "Haftpflicht (ohne Kasko)"
          String.raw`nur (?:kfz-?\s?)?haftpflicht`, // "nur Kfz-Haftpflicht"
          String.raw`\bau tiers\b`, // "Assurance au tiers"
          String.raw`\btiers\b`, // "Tiers"
          'responsabilite civile seule', // "Responsabilité civile seule"
        ],
        '',
      ),
    },
  ],
  travel: [
    {
      code: 'annual_multi_trip',
      pattern: anyOf(
        [
          'annual multi[- ]?trip', // "Annual multi-trip"
          'annual travel', // "Annual travel insurance"
          'multi[- ]?trip', // "Multi trip"
          'jahres[- ]?(?:reise|police|vertrag)', // "Jahres-Reiseversicherung", "Jahrespolice"
          'jahresreise', // "Jahresreiseschutz"
          'ganzjahres', // "Ganzjahresschutz"
          'multi[- ]?voyages?', // "Multi-voyages"
          'annuel(?:le)? multi', // "Annuelle multi-voyages"
          'formule annuelle', // "Formule annuelle"
        ],
        '',
      ),
    },
    {
      code: 'single_trip',
      pattern: anyOf(
        [
          'single[- ]trip', // "Single trip"
          'einzelreise', // "Einzelreise"
          'einmalige reise', // "einmalige Reise"
          'einmal-?(?:schutz|reise|police)', // "Einmalschutz"
          'voyage unique', // "Voyage unique"
          'formule temporaire', // "Formule temporaire"
          'temporaire', // "Temporaire"
        ],
        '',
      ),
    },
  ],
  health: [
    {
      code: 'hospital',
      pattern: anyOf(
        [
          'hospital (?:only|cover)', // "Hospital only"
          'in-?patient only', // "In-patient only"
          'stationar(?:e)? zusatz', // "stationäre Zusatz…"
          'krankenhaus-?zusatz', // "Krankenhauszusatzversicherung"
          'hospitalisation seule', // "Hospitalisation seule"
          'formule hospitalisation', // "Formule hospitalisation"
        ],
        '',
      ),
    },
    {
      code: 'basic',
      pattern: anyOf(
        [
          String.raw`\bessential\b`, // "Essential"
          String.raw`\bbasic\b`, // "Basic"
          String.raw`\bbasistarif\b`, // the German "Basistarif"
          'grundschutz', // "Grundschutz"
          'formule (?:essentielle|de base|eco)', // "Formule essentielle", "formule de base"
        ],
        '',
      ),
    },
    {
      code: 'comprehensive',
      pattern: anyOf(
        [
          String.raw`\bcomprehensive\b`, // "Comprehensive"
          'vollversicherung', // "Krankenvollversicherung"
          'krankheitskostenvoll', // "Krankheitskostenvollversicherung"
          'formule (?:integrale|complete|premium)', // "Formule intégrale"
          'tous soins', // "Tous soins"
        ],
        '',
      ),
    },
  ],
};

// Where the cover applies, the narrower wording first ("worldwide excluding USA" before "worldwide").
export const SCOPES: Term[] = [
  {
    code: 'worldwide_excluding_usa_canada',
    pattern: anyOf(
      [
        String.raw`worldwide (?:excluding|excl\.?|except|but not)`, // "Worldwide excluding USA and Canada"
        String.raw`weltweit (?:ohne|ausser|ausgenommen|exkl\.?)`, // "weltweit ohne USA/Kanada"
        "monde entier (?:hors|sauf|a l'exclusion)", // "Monde entier hors USA et Canada"
      ],
      '',
    ),
  },
  {
    code: 'worldwide',
    pattern: anyOf(
      [
        'world ?wide', // "Worldwide"
        'whole world', // "The whole world"
        'weltweit', // "weltweit"
        'monde entier', // "Monde entier"
        String.raw`\bmonde\b`, // "Monde"
      ],
      '',
    ),
  },
  {
    code: 'europe',
    pattern: anyOf(
      [
        String.raw`\beurop`, // "Europe", "Europa", "European"
        String.raw`\beu\b`, // "EU"
        'european union', // "European Union"
        'union europeenne', // "Union européenne"
        String.raw`\beee\b`, // the French "EEE"
        String.raw`\beea\b`, // "EEA"
        'schengen', // "Schengen area"
      ],
      '',
    ),
  },
  {
    code: 'united_kingdom',
    pattern: anyOf(
      [
        'united kingdom', // "United Kingdom"
        'great britain', // "Great Britain"
        String.raw`\buk\b`, // "UK"
        String.raw`\bgb\b`, // "GB"
        'northern ireland', // "Great Britain and Northern Ireland"
      ],
      '',
    ),
  },
  {
    code: 'germany',
    pattern: anyOf(
      [
        'deutschland', // "Deutschland"
        'germany', // "Germany"
        'allemagne', // "Allemagne"
        'bundesrepublik', // "Bundesrepublik Deutschland"
      ],
      '',
    ),
  },
  {
    code: 'france',
    pattern: anyOf(
      [
        String.raw`\bfrance\b`, // "France"
        'frankreich', // "Frankreich"
        'metropolitaine', // "France métropolitaine"
      ],
      '',
    ),
  },
];
