// `npm run dev`: the whole service in one process on embedded engines (PGlite under DATA_DIR, a Temporal dev
// server as a child process), or on the production engines whose addresses are configured.
import path from 'node:path';
import { DevConsole } from '../infra/console/terminal.js';
import { DirectoryLockedError, lockDirectory } from '../infra/lock.js';
import { ensureTemporalBinary } from '../infra/temporal/binary.js';
import { startDevServer, type DevServer } from '../infra/temporal/dev-server.js';
import { boot, onShutdown } from './boot.js';
import { openContext } from './context.js';
import {
  startApi,
  startDatasetRefreshes,
  startProjector,
  startWorker,
  workerTaskQueues,
  type Running,
} from './service.js';

const devConsole = new DevConsole(process.stdout);
const { config, logger } = boot('dev', {
  print: (text) => devConsole.line(text),
  // The Datasets line below counts them: one log line per dataset loaded would bury it.
  skip: (line) => line.msg === 'dataset refreshed' && (line.level ?? 30) <= 30,
});
const say = (line: string) => devConsole.line(line);
// Each step is printed as it happens, with the seconds since start, so a slow start shows where it is slow.
const began = Date.now();
const elapsed = () => ((Date.now() - began) / 1000).toFixed(1).padStart(5);
const step = (line: string) => say(`[${elapsed()} s] ${line}`);
const shutdown = onShutdown(logger);

try {
  // Refuse before starting anything else when another process owns the data directory.
  if (config.embedded) {
    const release = lockDirectory(config.DATA_DIR);
    shutdown.defer(async () => release());
  }

  let devServer: DevServer | null = null;
  let temporalAddress = config.TEMPORAL_ADDRESS;
  if (!temporalAddress) {
    const binary = await ensureTemporalBinary(config.TEMPORAL_CLI_PATH, (label, state) =>
      devConsole.progress(label, state),
    );
    step('Temporal server: starting…');
    devServer = await startDevServer({
      binary,
      dbFilename: path.join(config.DATA_DIR, 'temporal.db'),
      port: config.TEMPORAL_DEV_PORT,
      uiPort: config.TEMPORAL_UI_PORT,
      // Its UI decodes sealed payloads through the service (npm run dev lets that UI in without the admin token).
      uiCodecEndpoint: `${config.PUBLIC_BASE_URL}/codec`,
      logFile: path.join(config.DATA_DIR, 'temporal.log'),
    });
    shutdown.defer(() => devServer!.stop());
    temporalAddress = devServer.address;
    step(`Temporal server: running at ${temporalAddress} (UI ${devServer.uiUrl ?? 'off'})`);
  }

  // No mail server in a local trial: the portal's links are printed here (never in the log) as well as kept as
  // .eml files under DATA_DIR/mail.
  const onMailFile = (file: string, mail: { subject: string; text: string }) => {
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    say(`Mail "${mail.subject}" written to ${path.relative(process.cwd(), file)}`);
    for (const link of links) say(`  open: ${link}`);
  };
  step(
    `Database: opening ${config.embedded ? `PGlite in ${path.join(config.DATA_DIR, 'pg')}` : 'PostgreSQL at DATABASE_URL'}…`,
  );
  const context = await openContext(config, logger, { temporalAddress, ...(config.SMTP_URL ? {} : { onMailFile }) });
  shutdown.defer(() => context.close());
  step('Database: open, migrations applied');
  const parts: Running[] = [];
  const started = (part: Running) => {
    parts.push(part);
    shutdown.defer(() => part.stop());
  };
  started(await startProjector(context));
  step('Projector: read models caught up with the events');
  step('Worker: bundling the workflows…');
  started(await startWorker(context));
  step(`Worker: workflows bundled, polling task queues ${Object.values(workerTaskQueues(config)).join(', ')}`);
  // Loopback unless HOST says otherwise: a development stack is not a server for the network.
  const api = await startApi(context, config.PORT, {
    host: config.HOST ?? '127.0.0.1',
    quietRequests: true,
    ...(devServer?.uiUrl ? { devTemporalUi: devServer.uiUrl } : {}),
  });
  started(api);
  step(
    `API: listening on port ${config.PORT}${config.ADMIN_LISTEN ? `, admin API and /metrics on ${config.ADMIN_LISTEN}` : ''}`,
  );

  say('');
  say('Policy Verification and Public Datasets Service');
  say(`  API            ${config.PUBLIC_BASE_URL}   (readiness: ${config.PUBLIC_BASE_URL}/readyz)`);
  say(
    `  Get a key      ${config.PUBLIC_BASE_URL}/portal   (mail ${config.SMTP_URL ? 'through SMTP_URL' : `printed here and kept in ${path.join(config.DATA_DIR, 'mail')}`})`,
  );
  say(`  Temporal UI    ${devServer?.uiUrl ?? `(external Temporal at ${temporalAddress})`}`);
  say(`  Admin token    ${context.secrets.adminTokenFile ?? 'from ADMIN_TOKEN'}`);
  say(
    `  Admin API      ${api.adminUrl}/admin   (npx pvs-admin … finds it through ${path.join(config.DATA_DIR, 'admin-url')})`,
  );
  say(`  Data           ${config.embedded ? `${config.DATA_DIR} (PGlite, Temporal)` : 'PostgreSQL at DATABASE_URL'}`);
  say(`  Request log    each request's line at debug: LOG_LEVEL=debug npm run dev shows them`);
  say('');
  step('Datasets: loading the public datasets (readyz turns green when they are in)…');
  // On a terminal one line counts them up in place; piped, a line per dataset (each says how far it is).
  const loading = devConsole.tty ? devConsole.progress('Datasets', 'loading') : null;
  let failed = 0;
  await startDatasetRefreshes(context, {
    onSettled: ({ slug, ok, done, total }) => {
      if (!ok) failed += 1;
      if (!loading) step(`Datasets: ${done} of ${total} ${ok ? 'loaded' : 'FAILED'} (${slug})`);
      else if (!ok) say(`Datasets: ${slug} FAILED to load`);
      if (loading && done === total)
        loading.done(
          `[${elapsed()} s] Datasets: ${total - failed} of ${total} loaded${failed ? `, ${failed} failed` : ''}`,
        );
      else loading?.update(`${done} of ${total} loaded (${slug})`);
    },
  });
  await untilReady(api.url);
  step('Ready: /readyz answers 200. Ctrl-C stops everything.');
} catch (error) {
  // A signal during start-up: the shutdown handler is stopping everything and exits.
  if (shutdown.stopping.aborted) await new Promise(() => {});
  if (!(error instanceof DirectoryLockedError)) logger.error({ err: error }, 'start-up failed');
  process.stderr.write(`\n${(error as Error).message}\n`);
  await shutdown.stopAll();
  process.exit(1);
}

/** Polls /readyz until it answers 200; every 10 s says which checks still fail. */
async function untilReady(url: string): Promise<void> {
  let last = Date.now();
  for (;;) {
    const res = await fetch(`${url}/readyz`).catch(() => null);
    if (res?.status === 200) return;
    if (Date.now() - last >= 10_000) {
      last = Date.now();
      const body = (await res?.json().catch(() => null)) as { checks?: Record<string, string> } | null;
      const failing = Object.entries(body?.checks ?? {})
        .filter(([, status]) => status !== 'ok')
        .map(([name]) => name);
      step(`Waiting for readiness: ${failing.length > 0 ? failing.join(', ') : 'no answer'}`);
    } else {
      await res?.body?.cancel();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
