// The signals a candidate value carries into the ranking (ranking.ts): where it is printed (its section's role,
// its line's own cue, its page and place on the page), what is printed near it (neighbour-cues.ts), how often it
// is printed, and what the rules said of it. Each feature is a number in 0..1 under a name; the trained model
// (model/ranker.json) holds one weight per name, so a feature added here is 0-weighted until the model is trained.
import { columnHeader } from './column-header.js';
import { NEIGHBOUR_CUES, POSTCODE, TOWN_AFTER } from './neighbour-cues.js';
import type { Structure } from './structure.js';
import type { SectionRole } from './structure-cues.js';
import type { Doc } from './text.js';

/** Where a candidate is printed: line and characters [start, end). */
export interface Occurrence {
  line: number;
  start: number;
  end: number;
}

export type Features = Record<string, number>;

const SECTION_ROLES: readonly SectionRole[] = ['letter', 'schedule', 'previous', 'payment', 'small_print', 'claims'];
const CUE_NAMES = Object.keys(NEIGHBOUR_CUES) as (keyof typeof NEIGHBOUR_CUES)[];

/** The words a value's label would be in: its line before it (up to 60 characters), and the line above. */
function contextOf(doc: Doc, at: Occurrence): { before: string; above: string } {
  const line = doc.lines[at.line]!;
  const before = line.folded.slice(Math.max(0, at.start - 60), at.start);
  let above = '';
  for (let n = at.line - 1; n >= 0 && n >= at.line - 2; n--) {
    if (doc.lines[n]!.folded.trim() !== '') {
      above = doc.lines[n]!.folded;
      break;
    }
  }
  return { before, above };
}

/**
 * The features of one place a candidate is printed: its section and cue, its neighbours' words (on its line
 * before it and in its table column's header count fully, the line above by half), its page and height on it,
 * and whether it ends a postcode.
 */
export function placeFeatures(doc: Doc, structure: Structure, at: Occurrence): Features {
  const info = structure.lines[at.line]!;
  const { before, above } = contextOf(doc, at);
  const header = columnHeader(doc, at.line, at.start);
  const features: Features = {};
  for (const role of SECTION_ROLES) {
    features[`section_${role}`] = info.section === role ? 1 : 0;
    features[`cue_${role}`] = info.cue === role ? 1 : 0;
  }
  for (const name of CUE_NAMES) {
    const pattern = NEIGHBOUR_CUES[name];
    features[`near_${name}`] = pattern.test(before) || pattern.test(header) ? 1 : pattern.test(above) ? 0.5 : 0;
  }
  features.top = info.top;
  features.edge = info.top < 0.06 || info.top > 0.94 ? 1 : 0;
  features.later_page = info.page > 0 ? 1 : 0;
  features.document_place = doc.lines.length > 1 ? at.line / (doc.lines.length - 1) : 0;
  const line = doc.lines[at.line]!;
  const printed = line.text.slice(at.start, at.end).trim();
  features.postcode = POSTCODE.test(printed) && TOWN_AFTER.test(line.text.slice(at.end)) ? 1 : 0;
  features.in_prose = line.text.trim().split(/\s+/).length > 12 ? 1 : 0;
  features.running = structure.running.has(at.line) ? 1 : 0;
  return features;
}

/** A place's weight for standing for the candidate: the first place outside an old cover, letter or small print. */
function preferred(structure: Structure, places: readonly Occurrence[]): Occurrence | undefined {
  const plain = places.find((p) => {
    const info = structure.lines[p.line]!;
    if (structure.running.has(p.line)) return false;
    return !['previous', 'letter', 'small_print', 'payment', 'claims'].includes(info.section) && info.cue === null;
  });
  return plain ?? places[0];
}

/**
 * A candidate's features over every place it is printed: those of its preferred place, how often it is printed,
 * and whether every place is in an old cover's section (a number printed only there is the old policy's).
 */
export function candidateFeatures(doc: Doc, structure: Structure, places: readonly Occurrence[]): Features {
  const at = preferred(structure, places);
  const features: Features = at ? placeFeatures(doc, structure, at) : {};
  features.printed = places.length > 0 ? 1 : 0;
  // Printed again elsewhere (a letter's subject and its schedule); a running header's copies on every page are one.
  const own =
    places.filter((p) => !structure.running.has(p.line)).length +
    (places.some((p) => structure.running.has(p.line)) ? 1 : 0);
  features.repeated = Math.min(2, Math.max(0, own - 1)) / 2;
  features.only_previous =
    places.length > 0 &&
    places.every((p) => {
      const info = structure.lines[p.line]!;
      return info.section === 'previous' || info.cue === 'previous';
    })
      ? 1
      : 0;
  return features;
}

/** Every place a reference is printed, its separators (spaces, dots, dashes, slashes) aside. */
export function referencePlaces(doc: Doc, value: string): Occurrence[] {
  const chars = [...value.replace(/[\s./-]/g, '')];
  if (chars.length === 0) return [];
  const source = chars.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(String.raw`[\s./-]?`);
  const pattern = new RegExp(String.raw`(?<![A-Za-z0-9])${source}(?![A-Za-z0-9])`, 'g');
  const out: Occurrence[] = [];
  for (const line of doc.lines)
    for (const m of line.text.matchAll(pattern)) out.push({ line: line.n, start: m.index, end: m.index + m[0].length });
  return out;
}
