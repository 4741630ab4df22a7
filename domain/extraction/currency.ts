// Which of two values is the current one, when a document names both (an endorsement after a change of vehicle
// or of contract): the words before a value say it is the new one ("new registration", "neues Kennzeichen",
// "nouveau véhicule", "replacement vehicle") or the old ("previous", "bisheriges", "ancien", "replaced").
// Folded text.
import { wordOf } from './alternatives.js';

// A change of vehicle also says which one it adds and which it takes off cover ("vehicle removed", "now insured",
// "hinzugekommen", "retiré"); a table of the two puts "bisher" and "neu" over their columns.
const NEW = wordOf(
  [
    'new', // "New vehicle"
    'replacement', // "Replacement vehicle"
    'current', // "Current registration"
    'substitute', // "Substitute vehicle"
    'added', // "Vehicle added"
    'incoming', // "Incoming vehicle"
    'now (?:insured|covered)', // "Vehicle now insured"
    'neue?[nrs]?', // "neues Kennzeichen", "neuer Vertrag"
    String.raw`ersatz\w*`, // "Ersatzfahrzeug"
    'aktuelle[nrs]?', // "aktuelles Fahrzeug"
    'kunftige[nrs]?', // "künftiges Kennzeichen"
    'hinzugekommene?[nrs]?', // "hinzugekommenes Fahrzeug"
    'nouveau', // "Nouveau véhicule"
    'nouvel(?:le)?', // "Nouvelle immatriculation"
    'actuel(?:le)?', // "Véhicule actuel"
    'remplacement', // "Remplacement du véhicule"
    'de remplacement', // "Véhicule de remplacement"
    'ajoute(?:e)?', // "Véhicule ajouté"
    'entrant', // "Véhicule entrant"
  ],
  '',
);
const OLD = wordOf(
  [
    'old', // "Old vehicle"
    'previous', // "Previous registration"
    'former', // "Former vehicle"
    'prior', // "Prior policy"
    'replaced', // "Vehicle replaced"
    'replaces', // "… replaces AB12 CDE"
    'removed', // "Vehicle removed"
    'deleted', // "Vehicle deleted"
    'outgoing', // "Outgoing vehicle"
    'ersetzt', // "ersetzt durch"
    'bisher(?:ige[nrs]?)?', // "bisheriges Kennzeichen"
    'alte?[nrs]?', // "altes Fahrzeug"
    'vorherige[nrs]?', // "vorheriger Vertrag"
    'fruhere[nrs]?', // "früheres Fahrzeug"
    'ersetzte[nrs]?', // "ersetztes Fahrzeug"
    'abgemeldete[nrs]?', // a vehicle taken off the road: "abgemeldetes Fahrzeug"
    'verkaufte[nrs]?', // "verkauftes Fahrzeug"
    'ausgeschiedene[nrs]?', // "ausgeschiedenes Fahrzeug"
    'ancien(?:ne)?', // "Ancien véhicule"
    'precedent(?:e)?', // "Contrat précédent"
    'remplace(?:e)?', // "Véhicule remplacé"
    'anterieure?', // "Contrat antérieur"
    'retire(?:e)?', // "Véhicule retiré"
    'sortant', // "Véhicule sortant"
    'vendu(?:e)?', // "Véhicule vendu"
  ],
  '',
);

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
const NEXT_PERIOD = wordOf(
  [
    'renewal', // "Renewal period"
    'renewed', // "Your renewed policy"
    'renews', // "Your policy renews on"
    'renew', // "… will renew"
    'new', // "New period of insurance"
    'next', // "Next period"
    'neue[nrs]?', // "neuer Versicherungszeitraum"
    'kunftige[nrs]?', // "künftige Laufzeit"
    'verlangert', // "verlängert sich bis"
    'verlangerung', // "Verlängerung"
    'nouvel(?:le)?', // "Nouvelle période"
    'prochaine?', // "Prochaine échéance"
    String.raw`renouvel\w*`, // "Renouvellement"
    String.raw`reconduit\w*`, // "Reconduction tacite"
  ],
  '',
);
const PAST_PERIOD = wordOf(
  [
    'previous', // "Previous period"
    "last year'?s?", // "Last year's premium"
    'prior', // "Prior period"
    'old', // "Old policy"
    'former', // "Former insurer"
    'expired', // "Expired policy"
    'expiring', // "Expiring policy"
    'lapsed', // "Lapsed cover"
    'bisher(?:ige[nrs]?)?', // "bisherige Laufzeit", a table's "Bisher" column
    'vorherige[nrs]?', // "vorheriger Zeitraum"
    String.raw`vorjahr\w*`, // "Vorjahresbeitrag"
    'fruhere[nrs]?', // "früherer Vertrag"
    'abgelaufene[nrs]?', // "abgelaufener Vertrag"
    'ancien(?:ne)?', // "Ancienne période"
    'precedente?', // "Période précédente"
    'derniere?', // "Dernière échéance"
    'echue?', // "Période échue"
  ],
  '',
);

/** +1 when the words before a period (on its line) call it the next one, -1 a past one, 0 when neither. */
export function periodStanding(before: string): -1 | 0 | 1 {
  const tail = before.slice(-50).split('\n').pop()!;
  const next = lastIndex(tail, NEXT_PERIOD);
  const past = lastIndex(tail, PAST_PERIOD);
  if (next < 0 && past < 0) return 0;
  return next > past ? 1 : -1;
}
