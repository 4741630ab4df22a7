// The extraction tables as data: a pattern's alternatives listed one a line, each with a comment saying what it
// matches and an example, and joined into one RegExp here. A table reads (and changes) one alternative at a time
// instead of as a regex of hundreds of characters. Alternatives are RegExp sources over folded text (lower case,
// no accents: text.ts), written as String.raw where they hold a backslash.

/** Any of the alternatives, anywhere. */
export const anyOf = (alternatives: readonly string[], flags = 'g'): RegExp =>
  new RegExp(alternatives.join('|'), flags);

/** Any of the alternatives as a whole word (or words): `\b(?:a|b)\b`. */
export const wordOf = (alternatives: readonly string[], flags = 'g'): RegExp =>
  new RegExp(String.raw`\b(?:${alternatives.join('|')})\b`, flags);
