// The vehicle registration of a motor policy: the plate after its label, read with the document's country
// format first; failing a label, a plate of the country's distinctive format anywhere in the text.
import { findLabels, valueTexts, type Found, type Label } from './labels.js';
import { findPlates } from './plates.js';
import { currency } from './currency.js';
import { CELL_GAP, type Doc } from './text.js';
import type { Country, InsuranceType } from './types.js';

const LABELS: Label[] = [
  { pattern: /(?:vehicle )?registration (?:number|no\b\.?|mark)|vehicle registration|reg\.? (?:no\b\.?|number|mark)|registration|vrm/, notBefore: /^\s*(?:date|of the vehicle was|certificate)/, notAfter: /first\s*$/ },
  // Abbreviated and plain-word labels: "Reg:", "VRN", "Number plate", "Kennz.", "Immat.", "Plaque".
  { pattern: /reg\.?|vrn|(?:number|licen[cs]e|registration) plate/, strict: true },
  { pattern: /(?:amtl\.?|amtliches) kennzeichen|kfz-?kennzeichen|kennzeichen|(?:amtl\.? )?kennz\./ },
  { pattern: /immat\.?|plaque(?: d'immatriculation)?/, strict: true },
  { pattern: /(?:n°|no|numero) (?:d')?immat\.?/ },
  // The mémo véhicule assuré and attestations say "véhicule immatriculé AB-123-CD".
  { pattern: /vehicule immatricule/ },
  { pattern: /(?:n° |numero |no\b\.? )?(?:d')?immatriculation/, notBefore: /^\s*(?:du|le)\b/, notAfter: /(?:date de (?:1re|premiere) |certificat d')\s*$/ },
];

export function findVehicleRegistration(doc: Doc, country: Country | undefined, type: InsuranceType | null): Found<string | null> {
  const order: Country[] = country ? [country, ...(['UK', 'DE', 'FR'] as Country[]).filter((c) => c !== country)] : ['UK', 'DE', 'FR'];
  // Every labelled plate: after a change of vehicle a document names the old and the new, and the words before
  // each label say which is current (currency.ts); the old one is the answer only when it is the only one.
  const labelled: (Found<string> & { current: number })[] = [];
  for (const hit of findLabels(doc, LABELS)) {
    for (const { text, below } of valueTexts(hit)) {
      // Only the start of the value: a plate follows its label directly.
      const head = text.slice(0, 16);
      const plate = order.map((c) => ({ c, plate: findPlates(head, [c], true).find((p) => p.index <= 2) })).find((p) => p.plate);
      if (plate) {
        const before = hit.line.folded.slice(0, hit.start);
        labelled.push({ value: plate.plate!.value, confidence: (below ? 0.85 : 0.95) * (plate.c === order[0] ? 1 : 0.8), current: currency(before) });
        break;
      }
    }
  }
  const best = pickCurrent(labelled);
  if (best) return best;
  // A motor document without a known label: the UK and French formats are distinctive enough to find in free
  // text; the German one (a district, letters, digits) only as a value of its own, a cell that is just the plate.
  if (type === 'motor' && country) {
    if (country !== 'DE') {
      const text = doc.lines.map((l) => l.text).join('\n');
      const folded = doc.lines.map((l) => l.folded).join('\n');
      const free = findPlates(text, [country]).map((p) => ({ value: p.value, confidence: 0.6, current: currency(folded.slice(0, p.index)) }));
      const plate = pickCurrent(free);
      if (plate) return plate;
    }
    const cells: (Found<string> & { current: number })[] = [];
    for (const line of doc.lines) {
      let at = 0;
      for (const cell of line.text.split(CELL_GAP)) {
        at = line.text.indexOf(cell, at);
        // The cell's value: all of it, or what follows its label's colon.
        const value = cell.slice(cell.lastIndexOf(':') + 1).trim();
        const [plate] = findPlates(value, [country]);
        if (plate && plate.index === 0 && plate.end === value.length) cells.push({ value: plate.value, confidence: 0.6, current: currency(line.folded.slice(0, at + cell.indexOf(value))) });
        at += cell.length;
      }
    }
    const plate = pickCurrent(cells);
    if (plate) return plate;
  }
  return { value: null, confidence: 0 };
}

/** The first plate, unless the words say which is current: then the surest said to be new, else not said to be old. */
function pickCurrent(plates: readonly (Found<string> & { current: number })[]): Found<string> | null {
  if (plates.length === 0) return null;
  // Nothing says which is current: the first, as printed first.
  if (plates.every((p) => p.current === 0)) return { value: plates[0]!.value, confidence: plates[0]!.confidence };
  const rank = (p: { current: number; confidence: number }) => p.current * 10 + p.confidence;
  let best = plates[0]!;
  for (const p of plates) if (rank(p) > rank(best)) best = p;
  return { value: best.value, confidence: best.current === 1 ? best.confidence : best.confidence * 0.9 };
}
