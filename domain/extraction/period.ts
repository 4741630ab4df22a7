// The period of insurance: start and end dates by their own labels ("Versicherungsbeginn", "Date
// d'échéance"), by a period label followed by two dates ("Period of insurance: 01/03/2024 to 28/02/2025"),
// or by a sentence ("Your cover runs from 1 March 2024 to 28 February 2025").
import { findDates } from './dates.js';
import { findLabels, type Found, type Label, type LabelHit } from './labels.js';
import type { Doc } from './text.js';

const START: Label[] = [
  { pattern: /start date|commencement date|date of commencement|inception date|effective date|cover start(?:s| date)?|policy start(?: date)?|valid from|date cover starts|start of cover/ },
  { pattern: /start|from/, strict: true },
  { pattern: /(?:cover|policy|insurance) (?:starts|begins|commences) on|starts on|begins on/ },
  { pattern: /versicherungsbeginn|vertragsbeginn|beginn der versicherung|laufzeitbeginn|gultig ab|versicherungsschutz ab|beginn des versicherungsschutzes/ },
  { pattern: /beginn|ab/, strict: true },
  { pattern: /beginnt am|beginnt ab|in kraft ab/ },
  { pattern: /date d'effet|date de prise d'effet|prise d'effet|date de debut|debut (?:du contrat|de (?:la )?garantie)|valable a partir du|date de souscription/ },
  { pattern: /effet|debut/, strict: true },
  { pattern: /prend effet le|commence le|debute le/ },
];

const END: Label[] = [
  { pattern: /end date|expiry date|date of expiry|expiration date|cover end(?:s| date)?|policy end(?: date)?|valid (?:until|to)|date cover ends|end of cover|expires(?: on)?/ },
  { pattern: /end|expiry|until|to/, strict: true },
  { pattern: /(?:cover|policy|insurance) (?:ends|expires|finishes) on|ends on|expires on/ },
  { pattern: /versicherungsende|vertragsende|vertragsablauf|ablaufdatum|ablauf der versicherung|laufzeitende|gultig bis|versicherungsschutz bis/ },
  { pattern: /ablauf|ende|bis/, strict: true },
  { pattern: /endet am|lauft bis|erlischt am/ },
  { pattern: /date d'echeance|date de fin|date d'expiration|fin (?:du contrat|de (?:la )?garantie)|valable jusqu'au|echeance du contrat/ },
  { pattern: /echeance|fin|expiration/, strict: true },
  { pattern: /prend fin le|expire le|se termine le/ },
];

const PERIOD: Label[] = [
  { pattern: /period of (?:insurance|cover)|insurance period|policy period|cover period|period of the policy|effective dates|travel dates|dates of cover/ },
  { pattern: /versicherungsdauer|vertragsdauer|vertragslaufzeit|versicherungszeitraum|laufzeit|gultigkeitsdauer|versicherungsperiode|reisezeitraum/ },
  { pattern: /periode de (?:validite|garantie|couverture|l'assurance)|periode d'assurance|duree (?:du contrat|de (?:la )?garantie)|dates de validite|validite du contrat|dates du voyage/ },
];

export interface Period {
  start: Found<string | null>;
  end: Found<string | null>;
}

/**
 * Dates after a label: on its line, and on the next line when the line has fewer than `want` (a value under
 * its label, or a range that wraps).
 */
function datesAfter(hit: LabelHit, want = 1): { iso: string; below: boolean }[] {
  const same = findDates(hit.line.folded.slice(hit.end)).map((d) => ({ iso: d.iso, below: false }));
  if (same.length >= want) return same;
  const next = hit.below[0];
  return next ? [...same, ...findDates(next.folded).map((d) => ({ iso: d.iso, below: true }))] : same;
}

export function findPeriod(doc: Doc): Period {
  let start: Found<string | null> = { value: null, confidence: 0 };
  let end: Found<string | null> = { value: null, confidence: 0 };
  const offer = (which: 'start' | 'end', value: string, confidence: number) => {
    if (which === 'start' && confidence > start.confidence) start = { value, confidence };
    if (which === 'end' && confidence > end.confidence) end = { value, confidence };
  };

  for (const hit of findLabels(doc, PERIOD)) {
    const dates = datesAfter(hit, 2);
    if (dates.length >= 2 && dates[1]!.iso > dates[0]!.iso) {
      offer('start', dates[0]!.iso, 0.93);
      offer('end', dates[1]!.iso, 0.93);
      break;
    }
  }
  // Every labelled date is offered; a specific label ("Start date") outweighs a generic word ("from") wherever
  // each stands, and among equals the first in the document wins.
  for (const [which, labels] of [['start', START], ['end', END]] as const) {
    for (const hit of findLabels(doc, labels)) {
      const [first] = datesAfter(hit);
      if (first) offer(which, first.iso, (first.below ? 0.85 : 0.95) - (hit.generic ? 0.1 : 0));
    }
  }
  if (!start.value || !end.value) {
    // A sentence with a range, "from … to …", "vom … bis …", "du … au …"; lines joined so that it may wrap.
    const text = doc.lines.map((l) => l.folded).join(' ');
    const dates = findDates(text);
    for (let i = 0; i + 1 < dates.length; i++) {
      const [a, b] = [dates[i]!, dates[i + 1]!];
      const before = text.slice(Math.max(0, a.index - 60), a.index);
      const between = text.slice(a.end, b.index);
      if (/\b(?:from|vom|von|ab|du|compter du|partir du|starts? on|begins? on)\b/.test(before) && /\b(?:to|until|and|bis|zum|au|jusqu'au|ends? on)\b/.test(between) && between.length < 60 && b.iso > a.iso) {
        offer('start', a.iso, 0.8);
        offer('end', b.iso, 0.8);
        break;
      }
    }
  }
  // An end before its start is a misreading of one of them: keep the surer one.
  if (start.value && end.value && end.value <= start.value) {
    if (start.confidence >= end.confidence) end = { value: null, confidence: 0 };
    else start = { value: null, confidence: 0 };
  }
  return { start, end };
}
