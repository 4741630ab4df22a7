// Which of two values is the current one, when a document names both (an endorsement after a change of vehicle
// or of contract): the words before a value say it is the new one ("new registration", "neues Kennzeichen",
// "nouveau véhicule", "replacement vehicle") or the old ("previous", "bisheriges", "ancien", "replaced").
// Folded text.

const NEW = /\b(?:new|replacement|current|substitute|neue[nrs]?|ersatz\w*|aktuelle[nrs]?|kunftige[nrs]?|nouveau|nouvel(?:le)?|actuel(?:le)?|remplacement|de remplacement)\b/;
const OLD = /\b(?:old|previous|former|prior|replaced|replaces|ersetzt|bisherige[nrs]?|alte[nrs]?|vorherige[nrs]?|fruhere[nrs]?|ersetzte[nrs]?|abgemeldete[nrs]?|ancien(?:ne)?|precedent(?:e)?|remplace(?:e)?|anterieure?)\b/;

/** +1 when the words just before a value call it the new one, -1 the old one, 0 when they say neither. */
export function currency(before: string): -1 | 0 | 1 {
  // The nearest word of either kind on the value's line decides ("old vehicle replaced by the new one: …").
  const tail = before.slice(-60).split('\n').pop()!;
  const newAt = lastIndex(tail, NEW);
  const oldAt = lastIndex(tail, OLD);
  if (newAt < 0 && oldAt < 0) return 0;
  return newAt > oldAt ? 1 : -1;
}

function lastIndex(text: string, re: RegExp): number {
  let at = -1;
  for (const m of text.matchAll(new RegExp(re.source, 'g'))) at = m.index;
  return at;
}
