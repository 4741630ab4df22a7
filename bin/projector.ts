// `npm run projector`: folds events into the read models.
// `npm run projector -- rebuild [--page-size N] [name…]`: replays every event into new tables for the read models
// (all, or those named) beside the live ones, swaps them in once caught up, then exits. The service may go on
// running meanwhile (on PostgreSQL; PGlite belongs to one process); a rebuild that fails or is killed changes
// nothing. `--page-size`: events in one page (default 75,000; two are held in memory at once, 600 to 680 MB at the peak over the rebuild bench's mix).
import { parseArgs } from 'node:util';
import { rebuild } from '../projections/rebuild.js';
import { boot, heartbeat, onShutdown } from './boot.js';
import { openContext } from './context.js';
import { startProjector } from './service.js';

const { config, logger } = boot('projector');
const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'page-size': { type: 'string' } } });
const [command, ...names] = positionals;
const pageSize = values['page-size'] === undefined ? undefined : Number(values['page-size']);
if (pageSize !== undefined && !(Number.isSafeInteger(pageSize) && pageSize > 0)) {
  process.stderr.write('--page-size takes a whole number of events above 0\n');
  process.exit(2);
}
const context = await openContext(config, logger, { temporalAddress: null });

if (command === 'rebuild') {
  const unknown = names.filter((name) => !context.projections.some((p) => p.name === name));
  if (unknown.length > 0) {
    process.stderr.write(
      `unknown projection(s): ${unknown.join(', ')}; known: ${context.projections.map((p) => p.name).join(', ')}\n`,
    );
    process.exit(2);
  }
  const chosen = context.projections.filter((p) => names.length === 0 || names.includes(p.name));
  try {
    process.stdout.write(
      `${JSON.stringify(await rebuild({ sql: context.engines.sql, events: context.engines.events, logger }, chosen, pageSize ? { batchSize: pageSize } : {}))}\n`,
    );
  } catch (error) {
    logger.error({ err: error }, 'rebuild failed; the live read models are as they were');
    process.exitCode = 1;
  }
  await context.close();
} else if (command === undefined) {
  const shutdown = onShutdown(logger);
  shutdown.defer(() => context.close());
  await shutdown.start(async () => {
    const projector = await startProjector(context);
    shutdown.defer(() => projector.stop());
    logger.info({ projections: context.projections.map((p) => p.name) }, 'projector running');
    heartbeat('projector', () => projector.runner.healthy());
  });
} else {
  process.stderr.write('usage: npm run projector [-- rebuild [--page-size N] [name…]]\n');
  process.exit(2);
}
