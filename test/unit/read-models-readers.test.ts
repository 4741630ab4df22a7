// One reader per read model (docs/architecture.md#the-read-side, issue 38 item 3), checked over the source: no code outside projections/
// (which owns the readers) and bin/ (which wires their wait) waits on the projections or queries their tables,
// and no wait anywhere has its answer thrown away.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../infra/paths.js';
import { allProjections } from '../../projections/index.js';

const ROOMS = ['api', 'activities', 'bin', 'contracts', 'domain', 'infra', 'projections', 'workflows', 'scripts'];

function sources(dir: string): string[] {
  return readdirSync(fromRoot(dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Each file's code lines (comments dropped), with their numbers. */
const files = ROOMS.flatMap(sources).map((file) => ({
  file,
  lines: readFileSync(fromRoot(file), 'utf8')
    .split('\n')
    .map((text, i) => ({ text, at: `${file}:${i + 1}` }))
    .filter(({ text }) => !/^\s*(\/\/|\/?\*)/.test(text)),
}));

const offending = (keep: (file: string) => boolean, pattern: RegExp) =>
  files
    .filter(({ file }) => keep(file))
    .flatMap(({ lines }) =>
      lines.filter(({ text }) => pattern.test(text)).map(({ at, text }) => `${at}: ${text.trim()}`),
    );

const outside =
  (...rooms: string[]) =>
  (file: string) =>
    !rooms.some((room) => file.startsWith(`${room}/`));

const tables = allProjections.flatMap((projection) => projection.tables);

describe('the read models are read through their readers', () => {
  it('waits on the projections in projections/ and bin/ only', () => {
    expect(offending(outside('projections', 'bin'), /\b(readModelsAt|waitForCheckpoints|waitFor)\b/)).toEqual([]);
  });

  it('never discards the answer of a wait', () => {
    expect(
      offending(
        () => true,
        /^\s*(if \(.*\)\s*)?(await\s+)?[\w.?]*\b(readModelsAt|waitForCheckpoints|waitFor)\??\.?\(.*\);\s*$/,
      ),
    ).toEqual([]);
  });

  it('queries the read-model tables in projections/ only, and never retypes a stream prefix', () => {
    const table = new RegExp(`\\b(from|join|update|into|delete from)\\s+(${tables.join('|')})\\b`, 'i');
    expect(offending(outside('projections'), table)).toEqual([]);
    expect(offending(() => true, /'(account|job|batch|credits|usage)-%'/)).toEqual([]);
  });
});
