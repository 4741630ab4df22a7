// The document as it is laid out, read before any field is chosen: its pages, its blocks of lines, the
// label–value pairs of its forms and tables, and its sections by role (a covering letter, the schedule, the
// previous cover, the payment and mandate, the small print, the claims history). A role comes from a heading's
// cue words (structure-cues.ts) and lasts until the next heading; a cue in the middle of prose marks its own line
// only ("underwritten by …" in a footer). The field rankers (ranking.ts) weigh a candidate by where it sits here.
import { runningLines } from './context.js';
import { CELL_GAP, type Doc, type Line } from './text.js';
import { HEADING_WORDS, ROLE_CUES, type SectionRole } from './structure-cues.js';

export interface LineStructure {
  /** The role of the section the line is in (by the last heading above it). */
  section: SectionRole;
  /** The role the line's own words point at, or null ("Underwritten by …" inside the schedule). */
  cue: SectionRole | null;
  /** 0-based page, by the line's words (else the page of the line before). */
  page: number;
  /** Where the line sits on its page from the top, 0..1 (by its words, else by its place among the page's lines). */
  top: number;
  /** The line heads a section. */
  heading: boolean;
  /** 0-based block: lines between empty lines. */
  block: number;
}

export interface Section {
  role: SectionRole;
  /** First and last line (inclusive). */
  from: number;
  to: number;
}

/** "Label: value" or "Label   value" on one line: a form's or a table row's pair. */
export interface LabelValuePair {
  line: number;
  label: string;
  value: string;
}

export interface Structure {
  lines: LineStructure[];
  sections: Section[];
  pairs: LabelValuePair[];
  pages: number;
  /** Lines printed again on other pages (a running header or footer): the document's, not one section's. */
  running: ReadonlySet<number>;
}

const words = (line: Line) => line.folded.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

function cueOf(folded: string): SectionRole | null {
  for (const { role, pattern } of ROLE_CUES) if (pattern.test(folded)) return role;
  return null;
}

/** A short line, or one in capitals, or one ending in a colon: how a heading looks in text. */
function looksLikeHeading(line: Line): boolean {
  const text = line.text.trim();
  if (text.length === 0 || CELL_GAP.test(text)) return false;
  return words(line) <= HEADING_WORDS || (text === text.toUpperCase() && /\p{L}{3}/u.test(text)) || /:\s*$/.test(text);
}

/** The page of each line by its placed words, carried forward over lines without words. */
function pagesOf(doc: Doc): number[] {
  let page = 0;
  return doc.lines.map((line) => (page = line.words?.[0]?.page ?? page));
}

/** Each line's place from the top of its page: by its words' boxes (page height known), else by line count. */
function topsOf(doc: Doc, pages: readonly number[], heights: ReadonlyMap<number, number>): number[] {
  const count = new Map<number, { first: number; last: number }>();
  for (const [n, page] of pages.entries()) {
    const known = count.get(page);
    count.set(page, { first: known?.first ?? n, last: n });
  }
  return doc.lines.map((line, n) => {
    const word = line.words?.[0];
    const height = word ? heights.get(word.page) : undefined;
    if (word && height) return Math.min(1, Math.max(0, word.y0 / height));
    const { first, last } = count.get(pages[n]!)!;
    return last === first ? 0 : (n - first) / (last - first);
  });
}

/** The structure of a prepared document; `heights` are the pages' heights in the words' units, when known. */
export function readStructure(doc: Doc, heights: ReadonlyMap<number, number> = new Map()): Structure {
  const pages = pagesOf(doc);
  const tops = topsOf(doc, pages, heights);
  const lines: LineStructure[] = [];
  const sections: Section[] = [];
  const pairs: LabelValuePair[] = [];
  let section: SectionRole = 'other';
  let block = 0;
  for (const [n, line] of doc.lines.entries()) {
    if (line.text.trim() === '') {
      if (n > 0 && doc.lines[n - 1]!.text.trim() !== '') block++;
    }
    const cue = cueOf(line.folded);
    // A letter begins at its salutation whatever its length; other roles change at a heading.
    const heading =
      cue !== null &&
      (looksLikeHeading(line) || (cue === 'letter' && /^\s*(?:dear|sehr|madame|liebe)/.test(line.folded)));
    // A second heading of the same role (a letter's closing, a schedule's sub-heading) continues its section.
    if (heading && cue !== section) {
      section = cue;
      const last = sections.at(-1);
      if (last) last.to = n - 1;
      sections.push({ role: cue, from: n, to: doc.lines.length - 1 });
    }
    lines.push({ section, cue, page: pages[n]!, top: tops[n]!, heading, block });
    const pair = /^\s*([\p{L}][\p{L}\s.°'/()-]{1,40}?)\s*(?::|\s{3,})\s*(\S.*)$/u.exec(line.text);
    if (pair) pairs.push({ line: n, label: pair[1]!.trim(), value: pair[2]!.trim() });
  }
  return { lines, sections, pairs, pages: Math.max(0, ...pages) + 1, running: runningLines(doc) };
}
