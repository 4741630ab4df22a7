import type { RegistryRecord } from './types.js';

// A registry record's history (issue 55, item 6): what changes on it from a date, so that a sample registry
// answers as a real one does as time passes (a policy is cancelled, renewed with a new period, moved to another
// insurer) and a monitor sees it change. Only the bundled samples carry one; a production connector simply
// answers as its registry stands when it is asked.

export interface RegistryChange {
  /** The first day (YYYY-MM-DD) the registry answers with this change. */
  from: string;
  status?: RegistryRecord['status'];
  cancelled_on?: string;
  insurer_name?: string;
  insurer_reference?: string;
  start_date?: string;
  end_date?: string;
}

/** The record as the registry answers on `today`: every change from on or before it, in date order. */
export function recordAsOf(record: RegistryRecord, history: readonly RegistryChange[], today: string): RegistryRecord {
  let answer = record;
  for (const change of [...history].sort((a, b) => (a.from < b.from ? -1 : 1))) {
    if (change.from > today) break;
    const { from: _, ...fields } = change;
    answer = { ...answer, ...fields };
  }
  return answer;
}
