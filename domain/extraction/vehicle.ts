// The vehicle registration of a motor policy: the plate after its label, read with the document's country
// format first; failing a label, a plate of the country's distinctive format anywhere in the text.
import { findLabels, valueTexts, type Found, type Label } from './labels.js';
import { findPlates } from './plates.js';
import { CELL_GAP, type Doc } from './text.js';
import type { Country, InsuranceType } from './types.js';

const LABELS: Label[] = [
  { pattern: /(?:vehicle )?registration (?:number|no\b\.?|mark)|vehicle registration|reg\.? (?:no\b\.?|number|mark)|registration|vrm/, notBefore: /^\s*(?:date|of the vehicle was|certificate)/, notAfter: /first\s*$/ },
  { pattern: /(?:amtl\.?|amtliches) kennzeichen|kfz-?kennzeichen|kennzeichen/ },
  // The mémo véhicule assuré and attestations say "véhicule immatriculé AB-123-CD".
  { pattern: /vehicule immatricule/ },
  { pattern: /(?:n° |numero |no\b\.? )?(?:d')?immatriculation/, notBefore: /^\s*(?:du|le)\b/, notAfter: /(?:date de (?:1re|premiere) |certificat d')\s*$/ },
];

export function findVehicleRegistration(doc: Doc, country: Country | undefined, type: InsuranceType | null): Found<string | null> {
  const order: Country[] = country ? [country, ...(['UK', 'DE', 'FR'] as Country[]).filter((c) => c !== country)] : ['UK', 'DE', 'FR'];
  for (const hit of findLabels(doc, LABELS)) {
    for (const { text, below } of valueTexts(hit)) {
      // Only the start of the value: a plate follows its label directly.
      const head = text.slice(0, 16);
      for (const c of order) {
        const plate = findPlates(head, [c], true).find((p) => p.index <= 2);
        if (plate) return { value: plate.value, confidence: (below ? 0.85 : 0.95) * (c === order[0] ? 1 : 0.8) };
      }
    }
  }
  // A motor document without a known label: the UK and French formats are distinctive enough to find in free
  // text; the German one (a district, letters, digits) only as a value of its own, a cell that is just the plate.
  if (type === 'motor' && country) {
    if (country !== 'DE') {
      const [plate] = findPlates(doc.lines.map((l) => l.text).join('\n'), [country]);
      if (plate) return { value: plate.value, confidence: 0.6 };
    }
    for (const line of doc.lines) {
      for (const cell of line.text.split(CELL_GAP)) {
        // The cell's value: all of it, or what follows its label's colon.
        const value = cell.slice(cell.lastIndexOf(':') + 1).trim();
        const [plate] = findPlates(value, [country]);
        if (plate && plate.index === 0 && plate.end === value.length) return { value: plate.value, confidence: 0.6 };
      }
    }
  }
  return { value: null, confidence: 0 };
}
