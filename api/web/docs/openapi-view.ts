// The OpenAPI document as the reference page reads it: operations grouped by tag (and the service's own calls,
// the webhooks), each schema flattened into rows of fields a person can scan on any screen width, and an example
// value for every body. Pure functions of the document; the page (reference.tsx) only draws what these return.

export type Json = Record<string, unknown>;

export interface Field {
  /** Dotted, with [] for array items: `policies[].policy_number`. */
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** Allowed values, bounds, default: short phrases. */
  notes: string[];
}

export interface Parameter extends Field {
  in: string;
  example: unknown;
}

export interface Response {
  status: string;
  description: string;
  fields: Field[];
  example: unknown;
}

export type Access = 'key' | 'optional-key' | 'none' | 'signed';

export interface Operation {
  id: string;
  method: string;
  /** The path, or for a webhook, its name (the receiver's URL is the subscriber's). */
  path: string;
  webhook: boolean;
  tag: string;
  summary: string;
  description: string;
  access: Access;
  parameters: Parameter[];
  body: { type: string; fields: Field[]; example: unknown } | null;
  responses: Response[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const MAX_DEPTH = 4;

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema with its $ref (and a single allOf) resolved against the document's components. */
export function resolve(doc: Json, schema: unknown): Json {
  if (!isJson(schema)) return {};
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const schemas = (doc.components as Json | undefined)?.schemas as Json | undefined;
    return resolve(doc, schemas?.[ref.slice('#/components/schemas/'.length)]);
  }
  return schema;
}

/** A short type: `string`, `integer | null`, `array of object`, `one of 2 shapes`, with the format when there is one. */
export function typeOf(doc: Json, raw: unknown): string {
  const schema = resolve(doc, raw);
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (variants) return [...new Set(variants.map((v) => typeOf(doc, v)))].join(' | ');
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  const named = types.map((t) => (t === 'array' ? `array of ${typeOf(doc, schema.items)}` : t));
  const base = named.join(' | ') || (schema.properties ? 'object' : 'any');
  return typeof schema.format === 'string' ? `${base} (${schema.format})` : base;
}

function notesOf(schema: Json): string[] {
  const notes: string[] = [];
  const values = (schema.enum as unknown[] | undefined)?.filter((v) => v !== null);
  if (values?.length) notes.push(`one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (typeof schema.minimum === 'number' || typeof schema.maximum === 'number')
    notes.push(`${schema.minimum ?? '…'} to ${schema.maximum ?? '…'}`);
  if (typeof schema.maxLength === 'number') notes.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.maxItems === 'number') notes.push(`${schema.minItems ?? 0} to ${schema.maxItems} items`);
  return notes;
}

/** Every field of an object schema, nested ones under their parent's name; variants (oneOf) merged. */
export function fieldsOf(doc: Json, raw: unknown, prefix = '', depth = 0): Field[] {
  const schema = resolve(doc, raw);
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (variants) {
    const seen = new Map<string, Field>();
    for (const variant of variants)
      for (const field of fieldsOf(doc, variant, prefix, depth)) if (!seen.has(field.name)) seen.set(field.name, field);
    return [...seen.values()];
  }
  if (typeOf(doc, schema).startsWith('array of')) return fieldsOf(doc, schema.items, `${prefix}[]`, depth);
  const properties = schema.properties as Json | undefined;
  if (!properties || depth >= MAX_DEPTH) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).flatMap(([key, value]) => {
    const child = resolve(doc, value);
    const name = prefix ? `${prefix}.${key}` : key;
    const own: Field = {
      name,
      type: typeOf(doc, child),
      required: required.has(key),
      description: String(child.description ?? (value as Json).description ?? ''),
      notes: notesOf(child),
    };
    return [own, ...fieldsOf(doc, child, name, depth + 1)];
  });
}

/** An example value of a schema: its own example, else one made from its fields' examples and types. */
export function exampleOf(doc: Json, raw: unknown, depth = 0): unknown {
  const schema = resolve(doc, raw);
  if (schema.example !== undefined) return schema.example;
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (variants?.length) return exampleOf(doc, variants[0], depth);
  if (depth > MAX_DEPTH) return null;
  const properties = schema.properties as Json | undefined;
  if (properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    // A deprecated field (`type`, the old name of insurance_type) is documented but never put in an example.
    const entries = Object.entries(properties).filter(([key, value]) => {
      const property = resolve(doc, value);
      return property.deprecated !== true && (required.has(key) || property.example !== undefined);
    });
    return Object.fromEntries(entries.map(([key, value]) => [key, exampleOf(doc, value, depth + 1)]));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'array') return [exampleOf(doc, schema.items, depth + 1)];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  return type === 'integer' || type === 'number' ? 0 : type === 'boolean' ? true : type === 'string' ? 'string' : null;
}

function accessOf(op: Json, webhook: boolean): Access {
  if (webhook) return 'signed';
  const security = op.security as Json[] | undefined;
  if (!security?.length) return 'none';
  return security.some((entry) => Object.keys(entry).length === 0) ? 'optional-key' : 'key';
}

function contentOf(holder: Json | undefined): { type: string; schema: unknown; example: unknown } | null {
  const content = holder?.content as Json | undefined;
  if (!content) return null;
  const [type, media] = Object.entries(content)[0] as [string, Json];
  const examples = media.examples as Record<string, Json> | undefined;
  const example = media.example ?? (examples ? Object.values(examples)[0]?.value : undefined);
  return { type, schema: media.schema, example };
}

function operationOf(doc: Json, method: string, path: string, op: Json, webhook: boolean): Operation {
  const body = contentOf(op.requestBody as Json | undefined);
  return {
    id: String(op.operationId ?? `${method}-${path}`).replace(/[^A-Za-z0-9_-]+/g, '-'),
    method: method.toUpperCase(),
    path,
    webhook,
    tag: webhook ? 'Webhooks' : String((op.tags as string[] | undefined)?.[0] ?? 'Other'),
    summary: String(op.summary ?? ''),
    description: String(op.description ?? ''),
    access: accessOf(op, webhook),
    parameters: ((op.parameters as Json[] | undefined) ?? []).map((p) => ({
      name: String(p.name),
      in: String(p.in),
      type: typeOf(doc, p.schema),
      required: p.required === true,
      description: String(p.description ?? ''),
      notes: notesOf(resolve(doc, p.schema)),
      example: p.example ?? resolve(doc, p.schema).example,
    })),
    body: body
      ? { type: body.type, fields: fieldsOf(doc, body.schema), example: body.example ?? exampleOf(doc, body.schema) }
      : null,
    responses: Object.entries((op.responses as Record<string, Json> | undefined) ?? {}).map(([status, response]) => {
      const content = contentOf(response);
      return {
        status,
        description: String(response.description ?? ''),
        fields: content ? fieldsOf(doc, content.schema) : [],
        example: content?.example ?? null,
      };
    }),
  };
}

/** Every operation of the document, then its webhooks, in the document's order. */
export function operationsOf(doc: Json): Operation[] {
  const from = (items: unknown, webhook: boolean) =>
    Object.entries((items as Record<string, Json> | undefined) ?? {}).flatMap(([path, item]) =>
      METHODS.filter((m) => isJson(item[m])).map((m) => operationOf(doc, m, path, item[m] as Json, webhook)),
    );
  return [...from(doc.paths, false), ...from(doc.webhooks, true)];
}

/** Operations by tag, tags in order of first appearance. */
export function byTag(operations: readonly Operation[]): [string, Operation[]][] {
  const groups = new Map<string, Operation[]>();
  for (const op of operations) groups.set(op.tag, [...(groups.get(op.tag) ?? []), op]);
  return [...groups];
}

/** Whether an operation matches a search: every word in its method, path, summary, description or field names. */
export function matches(op: Operation, query: string): boolean {
  const text = searchText(op);
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

export const searchText = (op: Operation): string =>
  [
    op.method,
    op.path,
    op.tag,
    op.summary,
    op.description,
    ...op.parameters.map((p) => p.name),
    ...(op.body?.fields.map((f) => f.name) ?? []),
  ]
    .join(' ')
    .toLowerCase();
