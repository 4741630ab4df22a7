// The vehicle registration of a motor policy: the plate after its label, read with the document's country
// format first; failing a label, a plate of the country's distinctive format anywhere in the text.
import { findLabels, textUnder, valueTexts, type Found, type Label, type LabelHit } from './labels.js';
import { findOlderPlates, findPlates } from './plates.js';
import { currency } from './currency.js';
import { CELL_GAP, fold, type Doc, type Line } from './text.js';
import type { Country, InsuranceType } from './types.js';

const LABELS: Label[] = [
  {
    pattern:
      /(?:vehicle )?registration (?:number|no\b\.?|mark)|vehicle registration|reg\.? (?:no\b\.?|number|mark)|registration|vrm/,
    notBefore: /^\s*(?:date|of the vehicle was|certificate)/,
    notAfter: /(?:first|vat|company|tax|charity)\s*$/,
  },
  // Abbreviated and plain-word labels: "Reg:", "VRN", "Number plate", "Kennz.", "Immat.", "Plaque".
  { pattern: /reg\.?|vrn|(?:number|licen[cs]e|registration) plate/, strict: true },
  // A plate of a kind: a seasonal, an interchangeable, a short-term or a historic vehicle's (Saisonkennzeichen, …).
  {
    pattern:
      /(?:amtl\.?|amtliches) kennzeichen|kfz-?kennzeichen|(?:saison|wechsel|kurzzeit|oldtimer|h-)?kennzeichen|(?:amtl\.? )?kennz\./,
  },
  { pattern: /immat\.?|plaque(?: d'immatriculation)?/, strict: true },
  { pattern: /(?:n°|no|numero) (?:d')?immat\.?/ },
  // The mémo véhicule assuré and attestations say "véhicule immatriculé AB-123-CD".
  { pattern: /vehicule immatricule/ },
  {
    pattern: /(?:n° |numero |no\b\.? )?(?:d')?immatriculation/,
    notBefore: /^\s*(?:du|le)\b/,
    notAfter: /(?:date de (?:1re|premiere) |certificat d')\s*$/,
  },
];

// Words that a vehicle's description follows ("Fahrzeug", "your car", "véhicule assuré"), the plate often at its end.
const DESCRIBED: Label[] = [{ pattern: /vehicle|car|motorcycle|fahrzeug|motorrad|vehicule|voiture|moto/ }];

/**
 * The texts a plate is read from after its label: the value as valueTexts gives it; the line below when the
 * label's own cell is empty (a form's numbered boxes, "3. Registration No.   4. Category", print the next box's
 * number beside it); and a sentence's value joined to the next line, where a plate may wrap ("Kennzeichen BN /
 * ZU 6999").
 */
function plateTexts(hit: LabelHit): { text: string; below: boolean }[] {
  const texts = valueTexts(hit);
  const next = hit.below[0];
  if (!next) return texts;
  const rest = hit.line.text.slice(hit.end);
  const own = rest.split(CELL_GAP)[0]!.replace(/^[\s:.]*(?:\(.*?\))?\s*/, '');
  if (!/[\p{L}\p{N}]/u.test(own) && !texts.some((t) => t.below)) texts.push({ text: textUnder(hit), below: true });
  if (own.length > 0 && own.length < 12 && !CELL_GAP.test(rest.trim()) && next.n === hit.line.n + 1)
    texts.push({ text: `${own} ${next.text.trim()}`, below: false });
  return texts;
}

export function findVehicleRegistration(
  doc: Doc,
  country: Country | undefined,
  type: InsuranceType | null,
): Found<string | null> {
  const order: Country[] = country
    ? [country, ...(['UK', 'DE', 'FR'] as Country[]).filter((c) => c !== country)]
    : ['UK', 'DE', 'FR'];
  // Every labelled plate: after a change of vehicle a document names the old and the new, and the words before
  // each label say which is current (currency.ts); the old one is the answer only when it is the only one.
  const labelled: (Found<string> & { current: number })[] = [];
  for (const hit of findLabels(doc, LABELS)) {
    for (const { text, below } of plateTexts(hit)) {
      // Only the start of the value: a plate follows its label directly.
      const head = text.slice(0, 16);
      const plate =
        order.map((c) => ({ c, plate: findPlates(head, [c], true).find((p) => p.index <= 2) })).find((p) => p.plate) ??
        (country ? { c: country, plate: findOlderPlates(head, country).find((p) => p.index <= 2) } : undefined);
      if (plate?.plate) {
        const before = hit.line.folded.slice(0, hit.start);
        labelled.push({
          value: plate.plate.value,
          confidence: (below ? 0.85 : 0.95) * (plate.c === order[0] ? 1 : 0.8),
          current: currency(before),
        });
        break;
      }
    }
  }
  // A vehicle's description that ends with its plate: "Fahrzeug: Fiat 500, B-QR 7104", "1972 MGB GT, SDU 481".
  if (country && labelled.length === 0) {
    for (const hit of findLabels(doc, DESCRIBED)) {
      for (const { text } of plateTexts(hit)) {
        const cell = text.split(CELL_GAP)[0]!;
        const plate = [...findPlates(cell, [country]), ...findOlderPlates(cell, country)].find(
          (p) => /(?:,|\(|—|–)\s*$/.test(cell.slice(0, p.index)) && /^\s*(?:[.,;)]|$)/.test(cell.slice(p.end)),
        );
        if (plate) {
          labelled.push({ value: plate.value, confidence: 0.75, current: 0 });
          break;
        }
      }
      if (labelled.length > 0) break;
    }
  }
  // A change of vehicle prints both plates in a table or a sentence, often under one label: the one its row, its
  // column or its sentence calls new is current, labelled or not.
  const best = pickCurrent(country ? [...labelled, ...saidToBeNew(doc, country)] : labelled);
  if (best) return best;
  // A motor document without a known label: the UK and French formats are distinctive enough to find in free
  // text; the German one (a district, letters, digits) only as a value of its own, a cell that is just the plate.
  if (type === 'motor' && country) {
    if (country !== 'DE') {
      const text = doc.lines.map((l) => l.text).join('\n');
      const folded = doc.lines.map((l) => l.folded).join('\n');
      const free = findPlates(text, [country]).map((p) => ({
        value: p.value,
        confidence: 0.6,
        current: currency(folded.slice(0, p.index)),
      }));
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
        if (plate && plate.index === 0 && plate.end === value.length)
          cells.push({
            value: plate.value,
            confidence: 0.6,
            current: currency(line.folded.slice(0, at + cell.indexOf(value))),
          });
        at += cell.length;
      }
    }
    const plate = pickCurrent(cells);
    if (plate) return plate;
  }
  return { value: null, confidence: 0 };
}

/**
 * Plates of the country's format that the words before them on their line, or the caption over their column
 * ("bisher   neu", "Old vehicle   New vehicle"), call the new one. A German plate only as a cell of its own (its
 * format is loose enough to match words in a sentence).
 */
function saidToBeNew(doc: Doc, country: Country): (Found<string> & { current: number })[] {
  const out: (Found<string> & { current: number })[] = [];
  let header: { line: Line; cells: string[] } | null = null;
  for (const line of doc.lines) {
    const cells = cellsOf(line.text);
    for (const [k, cell] of cells.entries()) {
      const plates = findPlates(cell.text, [country]).filter(
        (p) => country !== 'DE' || (p.index === 0 && p.end === cell.text.trim().length),
      );
      for (const plate of plates) {
        let current = currency(line.folded.slice(0, cell.start + plate.index));
        if (current === 0 && header && header.line.n >= line.n - 2) {
          // The caption row has a cell for each value column, and none over the row's own label.
          const offset = cells.length - header.cells.length;
          const caption = offset === 0 || offset === 1 ? header.cells[k - offset] : undefined;
          if (caption && caption.length <= 30) current = currency(caption);
        }
        if (current === 1) out.push({ value: plate.value, confidence: 0.8, current });
      }
    }
    if (/[\p{L}\p{N}]/u.test(line.text)) header = { line, cells: cells.map((c) => fold(c.text)) };
  }
  return out;
}

/** A line's cells (text between wide gaps) and where each starts. */
function cellsOf(text: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let at = 0;
  for (const cell of text.split(CELL_GAP)) {
    at = text.indexOf(cell, at);
    if (cell.trim()) out.push({ text: cell, start: at });
    at += cell.length;
  }
  return out;
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
