// Label-blind variants of a corpus (issue 30): the same documents with every field's label replaced by a seeded
// made-up word the parser cannot know ('blind'), or left out ('removed'); labels of the decoys (date of birth,
// customer number, date of issue) stay, as on a real document. In 'decoys' (issue 41) the decoys' labels are made
// up too, every label of the page: a decoy must then be told apart by what it is (a birth date decades before the
// cover, a telephone number's grouping, an IBAN's check digits), not by the word before it. A parser that reads
// these as well as the labelled corpus finds fields by their content, not by a vocabulary of labels.
import { Random } from '../../scripts/random.js';

export type Variant = 'labelled' | 'blind' | 'removed' | 'decoys';
export const BLIND_VARIANTS: readonly Exclude<Variant, 'labelled'>[] = ['blind', 'removed', 'decoys'];

// Syllables that make pronounceable nonsense in none of the three languages' label vocabularies.
const ONSETS = ['b', 'k', 'm', 'p', 'qu', 'r', 'sk', 'v', 'z', 'tr', 'gl', 'fl'];
const NUCLEI = ['a', 'o', 'u', 'i', 'y'];
const CODAS = ['', 'l', 'm', 'x', 'rk', 'sp', 'nd'];

/** A capitalised made-up word of two or three syllables. */
export function madeUpWord(r: Random): string {
  let word = '';
  const syllables = r.int(2, 3);
  for (let i = 0; i < syllables; i++)
    word += r.pick(ONSETS) + r.pick(NUCLEI) + (i === syllables - 1 ? r.pick(CODAS) : '');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The label a field's row carries in the variant: as written, a made-up word, or nothing. */
export function relabel(label: string, variant: Variant, r: Random): string {
  if (variant === 'labelled') return label;
  return variant === 'removed' ? '' : madeUpWord(r);
}

/**
 * Words that join or introduce a field's value in prose ("from … to …", "policy number …"): replaced like a
 * label, each occurrence by its own made-up word, or by a neutral dash (or nothing) when labels are removed.
 */
export function rewordPhrases(text: string, phrases: RegExp, variant: Variant, r: Random, removedAs = ''): string {
  if (variant === 'labelled') return text;
  // The spaces around a phrase stay: a made-up word takes the phrase's place, not its neighbours'.
  const replace = (phrase: string) => {
    const [lead, trail] = [phrase.match(/^\s*/)![0], phrase.match(/\s*$/)![0]];
    return variant === 'removed' ? removedAs || `${lead}${trail}` : `${lead}${madeUpWord(r)}${trail}`;
  };
  return text
    .replace(phrases, replace)
    .replace(/\s{2,}/g, ' ')
    .trim();
}
