import { monitorStream } from '../../domain/monitors/monitor.js';
import { readEvents, type EventStore } from '../../infra/eventstore/types.js';
import { evolveMonitorRow, timelineEntry, type MonitorRow, type TimelineEntry } from '../monitor-record.js';
import { findMonitor, listMonitors, type MonitorOwner } from '../monitors.js';
import { readAt, type AtLeast, type ReaderDeps } from './read-at.js';

// The monitors read model (GET /api/v1/monitors, /monitors/{id}, the dashboard's monitors pages): a monitor is
// never missing for its owner right after its POST or PATCH, the read model lagging or not, since it folds from
// its own stream; the list waits for the position its caller names and says so when it cannot.

export type MonitorView = { row: MonitorRow; timeline: TimelineEntry[] };

/** A monitor and its timeline folded from its events, as its owner sees them (another's is none). */
async function foldedMonitor(events: EventStore, monitorId: string, owner: MonitorOwner): Promise<MonitorView | null> {
  let row: MonitorRow | null = null;
  const timeline: TimelineEntry[] = [];
  for (const event of await readEvents(events, monitorStream, monitorId)) {
    row = evolveMonitorRow(row, event, monitorId);
    if (row) timeline.push(timelineEntry(event));
  }
  if (!row || row.account_id !== owner.accountId || (owner.mode && row.mode !== owner.mode)) return null;
  return { row, timeline };
}

export function monitorReader(deps: ReaderDeps) {
  return {
    /** The monitor and its timeline as its owner sees them; another account's, or the other mode's, is null. */
    get: (monitorId: string, owner: MonitorOwner, at: AtLeast = {}) =>
      readAt(deps, at, {
        projection: 'monitors',
        what: `monitor ${monitorId}`,
        read: () => findMonitor(deps.sql, monitorId, owner),
        fold: () => foldedMonitor(deps.events, monitorId, owner),
      }),
    /** A page of the owner's monitors, newest first, once the read model shows `at.atLeast`. */
    list: async (
      owner: MonitorOwner,
      query: { status?: string | undefined; limit: number; offset: number },
      at: AtLeast = {},
    ) =>
      (await readAt(deps, at, {
        projection: 'monitors',
        what: 'the monitors',
        read: () => listMonitors(deps.sql, owner, query),
      }))!,
  };
}

export type MonitorReader = ReturnType<typeof monitorReader>;
