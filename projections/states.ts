import type { Fold } from '../domain/decider.js';
import type { Event, Recorded } from '../domain/streams.js';
import type { Queryable } from '../infra/sql/sql.js';

// Single-stream projections after Emmett's: a table holds one entity's state per row, the state its decider
// (domain/decider.ts) folds from the entity's stream, so the read model cannot tell a different story from the
// domain. A batch of the feed costs two statements whatever its size: the rows of the entities it touches are read
// at once, folded in memory, and the changed ones written back at once.

/** A table of states: its key column, and each state field's column with its SQL type. */
export interface StateTable {
  name: string;
  key: string;
  columns: Readonly<Record<string, string>>;
  /** State fields the table does not hold as columns, read as these SQL expressions over the row. */
  derived?: Readonly<Record<string, string>>;
}

/** The stored states of these entities, by id (those with no row are absent). */
async function readStates<S>(tx: Queryable, table: StateTable, ids: readonly string[]): Promise<Map<string, S>> {
  const fields = [
    ...Object.keys(table.columns),
    ...Object.entries(table.derived ?? {}).map(([name, expression]) => `${expression} as ${name}`),
  ];
  const rows = await tx.query(
    `select ${table.key}, ${fields.join(', ')} from ${table.name} where ${table.key} = any($1::text[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => {
      const { [table.key]: id, ...state } = row;
      return [id as string, state as S];
    }),
  );
}

/**
 * The entities of a batch that may have rows already: each once, but not those whose first event here is their
 * stream's first (a row is the fold of an entity's events up to the checkpoint, and none of them is). A rebuild's
 * page starts most of its entities, whose rows then need no read.
 */
export function entitiesWithRows(events: readonly { event: { revision: number }; id: string }[]): string[] {
  const seen = new Set<string>();
  const known: string[] = [];
  for (const { event, id } of events) {
    if (seen.has(id)) continue;
    seen.add(id);
    if (event.revision > 0) known.push(id);
  }
  return known;
}

/** Writes these states over their rows (a missing row is inserted). Derived fields are the caller's to write. */
async function writeStates<S extends object>(
  tx: Queryable,
  table: StateTable,
  states: ReadonlyMap<string, S>,
): Promise<void> {
  if (states.size === 0) return;
  const columns = Object.keys(table.columns);
  const rows = [...states].map(([id, state]) => ({ ...state, [table.key]: id }));
  await tx.query(
    `insert into ${table.name} (${table.key}, ${columns.join(', ')})
     select ${table.key}, ${columns.join(', ')}
       from jsonb_to_recordset($1::jsonb) as r(${table.key} text, ${columns.map((c) => `${c} ${table.columns[c]}`).join(', ')})
     on conflict (${table.key}) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`,
    [JSON.stringify(rows)],
  );
}

/**
 * Folds a batch's events (in feed order) onto the stored states of their entities with the entity's decider, and
 * writes back those that changed; answers what was read and what was written, for a projection that keeps more
 * than the row (a batch's items). An entity with no row starts from the decider's initial state; a null state is
 * no row, and evolve gives back the state it was given when an event changes nothing.
 */
export async function projectStates<S extends object, E extends Event>(
  tx: Queryable,
  table: StateTable,
  events: readonly { event: Recorded<E> & { revision: number }; id: string }[],
  decider: Fold<S | null, Recorded<E>>,
): Promise<{ stored: ReadonlyMap<string, S>; changed: ReadonlyMap<string, S> }> {
  const known = entitiesWithRows(events);
  const stored = known.length > 0 ? await readStates<S>(tx, table, known) : new Map<string, S>();
  const states = new Map<string, S | null>(stored);
  const changed = new Map<string, S>();
  for (const { event, id } of events) {
    const row = states.get(id);
    const before = row === undefined ? decider.initialState() : row;
    const after = decider.evolve(before, event);
    if (after === before || after === null) continue;
    states.set(id, after);
    changed.set(id, after);
  }
  await writeStates(tx, table, changed);
  return { stored, changed };
}
