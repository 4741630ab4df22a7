// What "points outside the repository" looks like, for test/unit/self-contained.test.ts (the repository and the
// OpenAPI document) and test/integration/self-contained-pages.test.ts (the pages): a relative path that climbs
// out of the checkout, the design notes the project was started from (their names and their section signs), or
// the shared folder they sat in. A section sign after an RFC's number cites the RFC, and one followed by "Abs." or
// by a statute's abbreviation ("§ 257 SGB V", "§ 1 PflVG") a German statute's paragraph (the insurance documents of
// the corpora and the parser's tests quote them): both anyone can read.
export const OUTSIDE_REFERENCES: readonly { name: string; pattern: RegExp }[] = [
  {
    name: 'a path to the shared folder beside the checkout',
    pattern: /(?:\.\.\/)+shared\b|\bshared\/(?:data|hooks)\//,
  },
  { name: 'the design notes by name', pattern: /\b(?:SPEC|DESIGN)(?:\.md)?\b/ },
  {
    name: 'a section of a document not in the repository',
    pattern: /(?<!RFC \d{3,5} )§\s?\d(?!\d*[a-z]?\s+(?:Abs\.|[A-Z][A-Za-z]*[A-Z]\b))/,
  },
];

/** Each reference to outside the repository in `text`, as `name: excerpt`. */
export function outsideReferences(text: string): string[] {
  const found: string[] = [];
  for (const { name, pattern } of OUTSIDE_REFERENCES) {
    const global = new RegExp(pattern.source, 'g');
    for (const match of text.matchAll(global)) {
      const at = match.index ?? 0;
      found.push(`${name}: …${text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, ' ')}…`);
    }
  }
  return found;
}

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens. */
export const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
