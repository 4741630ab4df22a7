// One narrow SQL interface over a `pg` Pool or a PGlite instance, so that every adapter, projection and
// read model is written once and runs on both engines.

export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with $n parameters. int8 and numeric come back as strings on both engines. */
  query<R extends Row = Row>(text: string, params?: readonly unknown[]): Promise<R[]>;
  /** Several statements, no parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Sql extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Calls back on every NOTIFY on the channel; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Quotes an identifier we build ourselves (schema names in tests); refuses anything odd. */
export function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}
