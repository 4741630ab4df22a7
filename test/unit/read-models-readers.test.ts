// One reader per read model (docs/architecture.md#the-read-side, issue 38 item 3), checked over the source: no code outside projections/
// (which owns the readers) and bin/ (which wires their wait) waits on the projections or queries their tables,
// and no wait anywhere has its answer thrown away.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../infra/paths.js';
import { allProjections } from '../../projections/index.js';
import { projectionMigrations } from '../../projections/runner.js';

const ROOMS = [
  'api',
  'activities',
  'application',
  'bin',
  'contracts',
  'domain',
  'infra',
  'projections',
  'workflows',
  'scripts',
];
/** Tests wait on the projections as they please, but never throw a wait's answer away. */
const TESTS = ['test', 'bench'];

function sources(dir: string): string[] {
  return readdirSync(fromRoot(dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Each file's code lines (comments dropped), with their numbers. */
const read = (file: string) => ({
  file,
  lines: readFileSync(fromRoot(file), 'utf8')
    .split('\n')
    .map((text, i) => ({ text, at: `${file}:${i + 1}` }))
    .filter(({ text }) => !/^\s*(\/\/|\/?\*)/.test(text)),
});
const files = ROOMS.flatMap(sources).map(read);
const tests = TESTS.flatMap(sources).map(read);

const offending = (keep: (file: string) => boolean, pattern: RegExp, among = files) =>
  among
    .filter(({ file }) => keep(file))
    .flatMap(({ lines }) =>
      lines.filter(({ text }) => pattern.test(text)).map(({ at, text }) => `${at}: ${text.trim()}`),
    );

const outside =
  (...rooms: string[]) =>
  (file: string) =>
    !rooms.some((room) => file.startsWith(`${room}/`));

/**
 * Every table the read models make, as their DDL names it (not their `tables`, which a projection may leave out of
 * what it declares): a new table is covered the day its migration is written.
 */
const tables = [
  ...new Set(
    projectionMigrations(allProjections).flatMap((migration) =>
      [...migration.sql.matchAll(/\bcreate\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?(\w+)/gi)].map((match) =>
        match[1]!.toLowerCase(),
      ),
    ),
  ),
];

describe('the read models are read through their readers', () => {
  it('waits on the projections in projections/ and bin/ only', () => {
    expect(offending(outside('projections', 'bin'), /\b(readModelsAt|waitForCheckpoints|waitFor)\b/)).toEqual([]);
  });

  it('never discards the answer of a wait, in the service or in its tests', () => {
    // A call that is its statement: on one line, or awaited at the start of a statement spread over several (the
    // line before it ends one), where an argument of `expect(` does not count.
    const wait = String.raw`[\w.?]*\b(readModelsAt|waitForCheckpoints|waitFor)\??\.?\(`;
    const oneLine = new RegExp(String.raw`^\s*(if \(.*\)\s*)?(await\s+)?${wait}.*\);\s*$`);
    const spread = new RegExp(String.raw`^\s*(if \(.*\)\s*)?await\s+${wait}`);
    const discarded = (among: typeof files) =>
      among.flatMap(({ lines }) =>
        lines
          .filter(
            ({ text }, i) =>
              oneLine.test(text) || (spread.test(text) && (i === 0 || /[;{}]\s*$/.test(lines[i - 1]!.text))),
          )
          .map(({ at, text }) => `${at}: ${text.trim()}`),
      );
    expect(discarded(files)).toEqual([]);
    expect(discarded(tests)).toEqual([]);
  });

  it('knows every table of the read models from their DDL', () => {
    expect(tables).toEqual(
      expect.arrayContaining(['call_audit', 'jobs', 'projection_parked', 'projection_checkpoints']),
    );
  });

  it('queries the read-model tables in projections/ only, and never retypes a stream prefix', () => {
    const table = new RegExp(`\\b(from|join|update|into|delete from)\\s+(${tables.join('|')})\\b`, 'i');
    expect(offending(outside('projections'), table)).toEqual([]);
    expect(offending(() => true, /'(account|job|batch|credits|usage)-%'/)).toEqual([]);
  });
});
