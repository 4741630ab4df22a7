// Which of English, German and French a document is written in, from its most common short words.
import type { Country, DocumentLanguage } from './types.js';

const WORDS: Record<DocumentLanguage, readonly string[]> = {
  // Short words, then the vocabulary of policy documents, then the month names only one of the three spells so.
  en: ['the', 'and', 'of', 'to', 'your', 'you', 'is', 'for', 'this', 'with', 'are', 'by', 'on', 'per', 'insurance', 'policy', 'cover', 'date', 'number', 'excess', 'premium', 'policyholder', 'limit', 'insured', 'start', 'end', 'expiry', 'issued', 'we', 'our', 'please', 'from', 'until', 'at', 'or', 'be', 'will', 'insurer', 'schedule', 'certificate', 'holder', 'vehicle', 'travel', 'health', 'keep', 'safe', 'renewal', 'customer', 'birth', 'january', 'february', 'march', 'june', 'july', 'october', 'december'],
  de: ['der', 'die', 'das', 'und', 'ist', 'fur', 'mit', 'von', 'zu', 'den', 'des', 'ihre', 'sie', 'ihr', 'nicht', 'je', 'am', 'vom', 'bis', 'im', 'versicherung', 'versicherungsschein', 'vertrag', 'beitrag', 'versicherungsnehmer', 'versicherer', 'tarif', 'leistungen', 'anschrift', 'geburtsdatum', 'datum', 'selbstbeteiligung', 'selbstbehalt', 'kennzeichen', 'ablauf', 'beginn', 'uhr', 'ein', 'eine', 'auf', 'bitte', 'dieses', 'dokument', 'wir', 'unser', 'unsere', 'sehr', 'geehrte', 'versicherte', 'versicherungsschutz', 'kunde', 'reise', 'fahrzeug', 'bewahren', 'nach', 'oder', 'bei', 'januar', 'februar', 'marz', 'juni', 'juli', 'oktober', 'dezember'],
  fr: ['le', 'la', 'les', 'et', 'de', 'des', 'du', 'est', 'pour', 'avec', 'vous', 'votre', 'au', 'aux', 'sur', 'par', 'assurance', 'contrat', 'garantie', 'garanties', 'date', 'souscripteur', 'assureur', 'franchise', 'prime', 'cotisation', 'formule', 'adresse', 'naissance', 'effet', 'echeance', 'en', 'une', 'un', 'ce', 'cette', 'nous', 'notre', 'vos', 'police', 'numero', 'periode', 'validite', 'fin', 'debut', 'droits', 'attestation', 'assure', 'vehicule', 'immatriculation', 'voyage', 'sante', 'conserver', 'ou', 'dans', 'janvier', 'fevrier', 'mars', 'avril', 'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre'],
};

export const COUNTRY_OF: Record<DocumentLanguage, Country> = { en: 'UK', de: 'DE', fr: 'FR' };

export interface LanguageGuess {
  language: DocumentLanguage | null;
  confidence: number;
}

/** The language whose common words occur most in a folded text; null when too few words to tell. */
export function detectLanguage(folded: string): LanguageGuess {
  const tokens = folded.match(/[a-z]+/g) ?? [];
  const counts: Record<DocumentLanguage, number> = { en: 0, de: 0, fr: 0 };
  const sets = Object.entries(WORDS).map(([lang, words]) => [lang as DocumentLanguage, new Set(words)] as const);
  for (const token of tokens) {
    for (const [lang, words] of sets) if (words.has(token)) counts[lang]++;
  }
  const ranked = (Object.entries(counts) as [DocumentLanguage, number][]).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked as [[DocumentLanguage, number], [DocumentLanguage, number]];
  if (first[1] < 3 || first[1] === second[1]) return { language: null, confidence: 0 };
  const margin = (first[1] - second[1]) / first[1];
  return { language: first[0], confidence: round(0.5 + 0.5 * Math.min(1, margin * 1.5)) };
}

export const round = (value: number): number => Math.round(value * 100) / 100;
