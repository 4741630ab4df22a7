// The projector (docs/architecture.md#the-read-side): every read model follows the feed on its own, from its own
// checkpoint, committing its writes and its checkpoint in one transaction of its own. An event one of them cannot
// apply is retried, then parked (projections/parked.ts), and never holds back the others. Two schedulers drive the
// same applier (projections/apply.ts) over the same checkpoints (projections/checkpoints.ts): the live follower
// (projections/follower.ts) and the lock-step catch-up of a rebuild (projections/catch-up.ts).
import type { EventStore, Position } from '../infra/eventstore/types.js';
import type { Logger } from '../infra/logger.js';
import type { Migration } from '../infra/sql/migrate.js';
import type { Sql } from '../infra/sql/sql.js';
import { PageApplier } from './apply.js';
import { CatchUp } from './catch-up.js';
import { checkpointMigrations, Checkpoints } from './checkpoints.js';
import { LiveFollower } from './follower.js';
import { parkedMigrations } from './parked.js';
import type { Projection } from './projection.js';

export const projectionMigrations = (projections: readonly Projection[]): Migration[] => [
  ...checkpointMigrations,
  ...parkedMigrations,
  ...projections.flatMap((projection) => projection.migrations),
];

export interface ProjectionRunnerDeps {
  sql: Sql;
  events: EventStore;
  logger: Logger;
}

export interface RunnerOptions {
  /** Tries of one event before it is parked; the delay doubles from `retryMs`. */
  attempts?: number;
  retryMs?: number;
  /** False for a rebuild: an event that cannot be applied fails the run instead of being parked. */
  park?: boolean;
  /** Events a read of the feed returns. */
  batchSize?: number;
}

export class ProjectionRunner {
  private readonly checkpoints: Checkpoints;
  private readonly follower: LiveFollower;
  private readonly catchingUp: CatchUp;

  constructor(
    deps: ProjectionRunnerDeps,
    readonly projections: readonly Projection[],
    options: RunnerOptions = {},
  ) {
    const { attempts, retryMs, park, batchSize } = {
      attempts: 5,
      retryMs: 100,
      park: true,
      batchSize: 500,
      ...options,
    };
    this.checkpoints = new Checkpoints(
      deps.sql,
      projections.map((p) => p.name),
    );
    const applier = new PageApplier(deps, this.checkpoints, { attempts, retryMs, park });
    this.follower = new LiveFollower(deps, projections, this.checkpoints, applier, batchSize);
    this.catchingUp = new CatchUp(deps.events, projections, this.checkpoints, applier, batchSize);
  }

  /** Follows the feed until stopped (projections/follower.ts). */
  start(): Promise<void> {
    return this.follower.start();
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }

  healthy(): boolean {
    return this.follower.healthy();
  }

  /** Applies everything in the feed now, without subscribing (projections/catch-up.ts). */
  catchUp(): Promise<void> {
    return this.catchingUp.run();
  }

  /** Whether the projections have passed `position` (projections/checkpoints.ts). */
  waitFor(position: Position, timeoutMs = 5000, names?: readonly string[]): Promise<boolean> {
    return this.checkpoints.waitFor(position, timeoutMs, names);
  }
}
