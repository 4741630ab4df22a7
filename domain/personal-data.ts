import { accountStream } from './accounts/account.js';
import { batchStream } from './jobs/batch.js';
import { jobStream } from './jobs/job.js';
import { monitorStream } from './monitors/monitor.js';

// Which fields of which events are personal (docs/architecture.md#personal-data), and what each reads as once its stream's data key is
// gone. The event store seals these fields under a key per stream (infra/eventstore/sealed.ts): an account's
// stream for its contact, a job's or a batch's for what was asked and answered. Deleting a stream's key (closing
// the account, retention of the job) erases them from every copy of the events at once, while the rest of each
// event (statuses, times, charges) still replays.

/** A field by its path in an event's data, and the value it reads as after erasure. */
export interface PersonalField {
  path: readonly string[];
  /** The path dotted: the field's name among the sealed ones. */
  key: string;
  erased: unknown;
}

const field = (path: string, erased: unknown): PersonalField => ({ path: path.split('.'), key: path, erased });

/** By stream prefix, then event type. Ledger, usage and dataset events hold nothing personal. */
const PERSONAL: Record<string, Record<string, readonly PersonalField[]>> = {
  [accountStream.prefix]: {
    // The address, the name and the address's keyed hash (the read model's lookup column).
    AccountOpened: [field('contact', {})],
    // A key's label, free text an operator gives it ("Jane's integration"): it may name a person.
    KeyActivated: [field('name', null)],
  },
  [jobStream.prefix]: {
    JobSubmitted: [field('request', {}), field('webhook_url', null)],
    JobCompleted: [field('result', null)],
    WebhookResent: [field('url', null)],
    // A corrected field's values, and the person who corrected it (a key's id is not personal).
    ExtractionCorrected: [field('from', null), field('to', null), field('by.person', null)],
  },
  // A monitor's policy, where its notices go, the client's own ids, and everything the registry said of the policy.
  [monitorStream.prefix]: {
    MonitorStarted: [field('request', {}), field('webhook_url', null), field('metadata', {})],
    PolicyObserved: [field('observation', null), field('changes', [])],
    MonitorNoticeDue: [field('detail', null)],
    MonitorChanged: [field('settings', {})],
  },
  [batchStream.prefix]: {
    BatchSubmitted: [field('policies', [])],
    BatchItemCompleted: [
      field('result.policy_number', null),
      field('result.provider', null),
      field('result.insurer', null),
    ],
  },
};

/** The personal fields of an event of this type on this stream; none for most. */
const BY_PREFIX = Object.entries(PERSONAL);

export function personalFields(stream: string, type: string): readonly PersonalField[] {
  for (const [prefix, types] of BY_PREFIX) {
    if (stream.startsWith(prefix)) return types[type] ?? [];
  }
  return [];
}

/** The event types that carry personal fields, by stream prefix (for sealing the events of before). */
export const personalEventTypes = (): { prefix: string; types: string[] }[] =>
  Object.entries(PERSONAL).map(([prefix, types]) => ({ prefix, types: Object.keys(types) }));

type Data = Record<string, unknown>;

const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The data without its personal fields, and those fields by dotted path (null when it has none). */
export function splitPersonal(
  data: unknown,
  fields: readonly PersonalField[],
): { rest: unknown; personal: Data | null } {
  if (!isRecord(data) || fields.length === 0) return { rest: data, personal: null };
  let rest: Data = data;
  const personal: Data = {};
  for (const { path } of fields) {
    const parent = path.slice(0, -1).reduce<unknown>((at, part) => (isRecord(at) ? at[part] : undefined), rest);
    const leaf = path[path.length - 1]!;
    if (!isRecord(parent) || !(leaf in parent)) continue;
    personal[path.join('.')] = parent[leaf];
    rest = withField(rest, path, undefined);
  }
  return Object.keys(personal).length > 0 ? { rest, personal } : { rest: data, personal: null };
}

/**
 * The data with its personal fields put back; with `null` (the key is gone), each reads as erased. The records on
 * the fields' paths are copied once each, however many fields they hold (a rebuild opens hundreds of thousands).
 */
export function joinPersonal(rest: unknown, fields: readonly PersonalField[], personal: Data | null): unknown {
  if (!isRecord(rest)) return rest;
  const copies = new Set<Data>();
  const own = (record: Data): Data => {
    if (copies.has(record)) return record;
    const copy = { ...record };
    copies.add(copy);
    return copy;
  };
  const data = own(rest);
  for (const { path, key, erased } of fields) {
    if (personal && !(key in personal)) continue;
    let at: Data | null = data;
    for (const part of path.slice(0, -1)) {
      const child: unknown = at[part];
      if (!isRecord(child)) {
        at = null;
        break;
      }
      at = at[part] = own(child);
    }
    if (!at) continue;
    const value = personal ? personal[key] : erased;
    const leaf = path[path.length - 1]!;
    if (value === undefined) delete at[leaf];
    else at[leaf] = value;
  }
  return data;
}

/** A copy with one field set (undefined: removed), copying only the records on its path. */
function withField(data: Data, path: readonly string[], value: unknown): Data {
  const [head, ...tail] = path;
  if (head === undefined) return data;
  if (tail.length === 0) {
    const { [head]: _dropped, ...others } = data;
    return value === undefined ? others : { ...others, [head]: value };
  }
  const child = data[head];
  if (!isRecord(child)) return data;
  return { ...data, [head]: withField(child, tail, value) };
}
