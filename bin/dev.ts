// `npm run dev`: the whole service in one process on embedded engines (PGlite under DATA_DIR, a Temporal dev
// server as a child process), or on the production engines whose addresses are configured.
import path from 'node:path';
import { DirectoryLockedError, lockDirectory } from '../infra/lock.js';
import { ensureTemporalBinary } from '../infra/temporal/binary.js';
import { startDevServer, type DevServer } from '../infra/temporal/dev-server.js';
import { boot, onShutdown } from './boot.js';
import { openContext, startApi, startDatasetRefreshes, startProjector, startWorker, type Running } from './service.js';

const { config, logger } = boot('dev');
const say = (line: string) => process.stdout.write(`${line}\n`);
const stack: (() => Promise<void>)[] = [];
const stopAll = async () => {
  while (stack.length > 0) await stack.pop()!().catch((error: unknown) => logger.error({ err: error }, 'stop failed'));
};
onShutdown(logger, stopAll);

try {
  // Refuse before starting anything else when another process owns the data directory.
  if (config.embedded) {
    const release = lockDirectory(config.DATA_DIR);
    stack.push(async () => release());
  }

  let devServer: DevServer | null = null;
  let temporalAddress = config.TEMPORAL_ADDRESS;
  if (!temporalAddress) {
    const binary = await ensureTemporalBinary(config.TEMPORAL_CLI_PATH, say);
    if (!binary) say('No Temporal CLI and no Go toolchain: downloading the dev server through the Temporal SDK…');
    devServer = await startDevServer({
      binary,
      dbFilename: path.join(config.DATA_DIR, 'temporal.db'),
      port: config.TEMPORAL_DEV_PORT,
      uiPort: config.TEMPORAL_UI_PORT,
      logFile: path.join(config.DATA_DIR, 'temporal.log'),
    });
    stack.push(() => devServer!.stop());
    temporalAddress = devServer.address;
  }

  // No mail server in a local trial: the portal's links are printed here (never in the log) as well as kept as
  // .eml files under DATA_DIR/mail.
  const onMailFile = (file: string, mail: { subject: string; text: string }) => {
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    say(`Mail "${mail.subject}" written to ${path.relative(process.cwd(), file)}`);
    for (const link of links) say(`  open: ${link}`);
  };
  const context = await openContext(config, logger, { temporalAddress, ...(config.SMTP_URL ? {} : { onMailFile }) });
  stack.push(() => context.close());
  const parts: Running[] = [await startProjector(context), await startWorker(context)];
  const api = await startApi(context);
  parts.push(api);
  for (const part of parts) stack.push(() => part.stop());

  say('');
  say('Policy Verification and Public Datasets Service is running');
  say(`  API            ${config.PUBLIC_BASE_URL}   (readiness: ${config.PUBLIC_BASE_URL}/readyz)`);
  say(`  Get a key      ${config.PUBLIC_BASE_URL}/portal   (mail ${config.SMTP_URL ? 'through SMTP_URL' : `printed here and kept in ${path.join(config.DATA_DIR, 'mail')}`})`);
  say(`  Temporal UI    ${devServer?.uiUrl ?? `(external Temporal at ${temporalAddress})`}`);
  say(`  Admin token    ${context.secrets.adminTokenFile ?? 'from ADMIN_TOKEN'}`);
  say(`  Data           ${config.embedded ? `${config.DATA_DIR} (PGlite, Temporal)` : 'PostgreSQL at DATABASE_URL'}`);
  say('Loading the public datasets (readyz turns green when they are in)…');
  await startDatasetRefreshes(context);
  say('Ready. Ctrl-C stops everything.');
} catch (error) {
  if (!(error instanceof DirectoryLockedError)) logger.error({ err: error }, 'start-up failed');
  process.stderr.write(`\n${(error as Error).message}\n`);
  await stopAll();
  process.exit(1);
}
