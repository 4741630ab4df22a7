// Which of two values is the current one, when a document names both (an endorsement after a change of vehicle
// or of contract): the words before a value say it is the new one ("new registration", "neues Kennzeichen",
// "nouveau véhicule", "replacement vehicle") or the old ("previous", "bisheriges", "ancien", "replaced").
// Folded text.

// A change of vehicle also says which one it adds and which it takes off cover ("vehicle removed", "now insured",
// "hinzugekommen", "retiré"); a table of the two puts "bisher" and "neu" over their columns.
const NEW =
  /\b(?:new|replacement|current|substitute|added|incoming|now (?:insured|covered)|neue?[nrs]?|ersatz\w*|aktuelle[nrs]?|kunftige[nrs]?|hinzugekommene?[nrs]?|nouveau|nouvel(?:le)?|actuel(?:le)?|remplacement|de remplacement|ajoute(?:e)?|entrant)\b/;
const OLD =
  /\b(?:old|previous|former|prior|replaced|replaces|removed|deleted|outgoing|ersetzt|bisher(?:ige[nrs]?)?|alte?[nrs]?|vorherige[nrs]?|fruhere[nrs]?|ersetzte[nrs]?|abgemeldete[nrs]?|verkaufte[nrs]?|ausgeschiedene[nrs]?|ancien(?:ne)?|precedent(?:e)?|remplace(?:e)?|anterieure?|retire(?:e)?|sortant|vendu(?:e)?)\b/;

/** +1 when the words just before a value call it the new one, -1 the old one, 0 when they say neither. */
export function currency(before: string): -1 | 0 | 1 {
  // The nearest word of either kind on the value's line decides ("old vehicle replaced by the new one: …").
  const tail = before.slice(-60).split('\n').pop()!;
  const newAt = lastIndex(tail, NEW);
  const oldAt = lastIndex(tail, OLD);
  if (newAt < 0 && oldAt < 0) return 0;
  return newAt > oldAt ? 1 : -1;
}

const globals = new Map<RegExp, RegExp>();

function lastIndex(text: string, re: RegExp): number {
  let global = globals.get(re);
  if (!global) globals.set(re, (global = new RegExp(re.source, 'g')));
  let at = -1;
  for (const m of text.matchAll(global)) at = m.index;
  return at;
}

// A period said to be the next one (a renewal's, "Nouvelle période", "verlängert sich") or the one before
// ("previous period", "bisherige Laufzeit", "ancienne période", last year's): a renewal document prints both, and
// the renewed one is the answer; a current period is neither.
const NEXT_PERIOD =
  /\b(?:renewal|renewed|renews|renew|new|next|neue[nrs]?|kunftige[nrs]?|verlangert|verlangerung|nouvel(?:le)?|prochaine?|renouvel\w*|reconduit\w*)\b/;
const PAST_PERIOD =
  /\b(?:previous|last year'?s?|prior|old|former|expired|expiring|lapsed|bisherige[nrs]?|vorherige[nrs]?|vorjahr\w*|fruhere[nrs]?|abgelaufene[nrs]?|ancien(?:ne)?|precedente?|derniere?|echue?)\b/;

/** +1 when the words before a period (on its line) call it the next one, -1 a past one, 0 when neither. */
export function periodStanding(before: string): -1 | 0 | 1 {
  const tail = before.slice(-50).split('\n').pop()!;
  const next = lastIndex(tail, NEXT_PERIOD);
  const past = lastIndex(tail, PAST_PERIOD);
  if (next < 0 && past < 0) return 0;
  return next > past ? 1 : -1;
}
