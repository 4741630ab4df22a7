import type { EventStore } from '../../infra/eventstore/types.js';
import type { ProjectionHealth } from '../../infra/operations-metrics.js';
import type { Queryable } from '../../infra/sql/sql.js';
import { projectionStatuses } from '../parked.js';
import type { Projection } from '../projection.js';

/**
 * Each read model's parked events and how far behind the feed it is, for the alerting rules: the lag is the age of
 * the first event after its checkpoint, so a projection that stopped (or parks everything) grows older by the
 * second while one that is merely busy stays near zero. Read through the event store port, so EventStoreDB's feed
 * answers as the PostgreSQL table does.
 */
export const projectionHealth =
  (db: Queryable, events: EventStore, projections: readonly Projection[]) =>
  async (now = Date.now()): Promise<ProjectionHealth[]> => {
    const statuses = await projectionStatuses(db, projections);
    return Promise.all(
      statuses.map(async (status) => {
        const [hi, lo] = status.position.split('/').map((part) => BigInt(part));
        const [next] = await events.readAll({ after: { hi: hi!, lo: lo! }, maxCount: 1 });
        const lagSeconds = next ? Math.max(0, (now - next.created.getTime()) / 1000) : 0;
        return { projection: status.name, parked: status.parked, lagSeconds };
      }),
    );
  };
