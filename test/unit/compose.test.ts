// No Docker engine runs in CI: docker-compose.yml and the Dockerfile are checked by reading them, against the
// code they deploy (the configuration schema, the entry points, the heartbeat files), so that they cannot drift.
import { readFileSync } from 'node:fs';
import { load as loadYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig, splitHostPort } from '../../infra/config.js';
import { fromRoot } from '../../infra/paths.js';

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  ports?: (string | number)[];
  expose?: (string | number)[];
  volumes?: string[];
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
}

const load = loadYaml as (text: string) => unknown;
const compose = load(readFileSync(fromRoot('docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync(fromRoot('Dockerfile'), 'utf8');
const PROCESSES = { api: 'dist/bin/api.js', worker: 'dist/bin/worker.js', projector: 'dist/bin/projector.js' } as const;

/** A service's environment as its process sees it when the operator's shell sets nothing: `${X:-d}` gives d. */
const envOf = (service: Service): Record<string, string> =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [
      key,
      String(value ?? '').replace(
        /\$\{[A-Z_]+(?::?-([^}]*))?\}/g,
        (_m, fallback: string | undefined) => fallback ?? '',
      ),
    ]),
  );

// Variables of infra/config.ts that compose deliberately leaves to their defaults. A variable added to the
// configuration fails this test until compose sets it or it is listed here with its reason.
const LEFT_TO_DEFAULT: Record<string, string> = {
  TEMPORAL_CLI_PATH: 'npm run dev only: compose runs a Temporal server',
  TEMPORAL_DEV_PORT: 'npm run dev only',
  TEMPORAL_UI_PORT: 'npm run dev only (compose runs temporal-ui)',
  REDIS_KEY_PREFIX: 'one deployment per Redis: the default namespace',
  WEBHOOK_RETRY_SECONDS: 'the product default (10 s, doubling)',
  MAIL_RETRY_SECONDS: 'the product default (10 s, doubling)',
  JOB_RETENTION_DAYS: 'the product default (30 days)',
  MONITOR_MINUTELY_SECONDS: 'tests only: shortens the sandbox’s minutely monitors',
  TRAINING_TEXT_ACCOUNTS: 'none by default: no account’s document text goes into a training export',
  KEY_UNUSED_EXPIRY_SECONDS: 'the product default (7 days); shorter only in tests',
  OCR_PAGE_BUDGET_SECONDS: 'the product default (90 s)',
  WORKER_QUEUES:
    'one worker service polling both task queues; a second one with WORKER_QUEUES=extraction scales OCR apart',
  ADMIN_LISTEN: 'set on the api service alone (the only process with an HTTP listener)',
  HOST: 'every interface of the container, the default',
  TRUST_PROXY: 'off, the default: compose publishes the API itself; set it when a proxy fronts the api',
  LOG_FORMAT: 'auto, the default: a container has no terminal, so its logs are JSON',
};

// Set on every process: the production engines and the shared state. Without them a process would run on
// embedded engines or look for servers on its own loopback.
const REQUIRED_EVERYWHERE = ['DATABASE_URL', 'EVENTSTORE_URL', 'TEMPORAL_ADDRESS', 'REDIS_URL', 'DATA_DIR'];

describe('docker-compose.yml', () => {
  it('runs api, worker and projector from the Dockerfile, each with its entry point and a healthcheck', () => {
    for (const [name, entry] of Object.entries(PROCESSES)) {
      const service = compose.services[name];
      expect(service, name).toBeDefined();
      expect(service!.build, name).toBe('.');
      expect(service!.command, name).toContain(entry);
      expect(service!.healthcheck?.test, name).toBeDefined();
      for (const engine of ['postgres', 'eventstore', 'temporal', 'redis']) {
        expect(service!.depends_on?.[engine]?.condition, `${name} waits for ${engine}`).toBe('service_healthy');
        expect(compose.services[engine]?.healthcheck, `${engine} has a healthcheck`).toBeDefined();
      }
    }
    // The processes that serve no HTTP are checked by the file their heartbeat touches (bin/boot.ts).
    for (const name of ['worker', 'projector'] as const) {
      expect(readFileSync(fromRoot(`bin/${name}.ts`), 'utf8')).toContain(`heartbeat('${name}'`);
      expect(JSON.stringify(compose.services[name]!.healthcheck!.test)).toContain(`/tmp/${name}.alive`);
    }
  });

  it('sets every variable the configuration reads, or leaves it to its default on purpose, and nothing unknown', () => {
    const api = envOf(compose.services.api!);
    const unaccounted = CONFIG_VARIABLES.filter((variable) => !(variable in api) && !(variable in LEFT_TO_DEFAULT));
    expect(unaccounted).toEqual([]);
    for (const name of Object.keys(PROCESSES)) {
      const env = envOf(compose.services[name]!);
      // A typo or a variable the code no longer reads would be silently ignored by the process.
      expect(
        Object.keys(env).filter((key) => !(CONFIG_VARIABLES as string[]).includes(key)),
        name,
      ).toEqual([]);
      for (const variable of REQUIRED_EVERYWHERE) expect(env[variable], `${name}: ${variable}`).toBeTruthy();
      // The values parse as the process will parse them, and select the production engines.
      const config = loadConfig(env);
      expect(config.embedded, name).toBe(false);
    }
  });

  it('publishes the API port and its healthcheck calls /readyz on it; the admin listener is not published', () => {
    const api = compose.services.api!;
    const config = loadConfig(envOf(api));
    expect(api.ports).toEqual([`${config.PORT}:${config.PORT}`]);
    expect(JSON.stringify(api.healthcheck!.test)).toContain(`127.0.0.1:${config.PORT}/readyz`);

    expect(config.ADMIN_LISTEN).toBeDefined();
    const admin = splitHostPort(config.ADMIN_LISTEN!);
    expect(admin.port).not.toBe(config.PORT);
    for (const [name, service] of Object.entries(compose.services)) {
      const published = (service.ports ?? []).map((entry) => String(entry).split(':').at(-1)!.split('/')[0]);
      expect(published, `${name} publishes the admin port`).not.toContain(String(admin.port));
    }
    // The worker and projector serve no HTTP.
    expect(compose.services.worker!.ports).toBeUndefined();
    expect(compose.services.projector!.ports).toBeUndefined();
  });

  it('mounts the shared state volume at DATA_DIR in every process and declares every named volume', () => {
    const declared = Object.keys(compose.volumes);
    for (const [name, service] of Object.entries(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (!source.startsWith('.') && !source.startsWith('/'))
          expect(declared, `${name}: ${volume}`).toContain(source);
      }
    }
    for (const name of Object.keys(PROCESSES)) {
      const env = envOf(compose.services[name]!);
      expect(compose.services[name]!.volumes, name).toContain(`state:${env.DATA_DIR}`);
    }
  });
});

describe('Dockerfile', () => {
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('builds with npm run build, which copies the web assets into dist', () => {
    expect(dockerfile).toMatch(/^RUN npm run build\b/m);
    const pkg = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toContain('cp -r api/web/assets dist/api/web/');
    expect(runtime).toContain('COPY --from=build /app/dist ./dist');
    expect(runtime).toContain('COPY --from=build /app/data ./data');
  });

  it('creates DATA_DIR owned by the user the processes run as, before switching to it', () => {
    const dataDir = envOf(compose.services.api!).DATA_DIR!;
    const user = /^USER (\S+)$/m.exec(runtime)?.[1];
    expect(user).toBe('node');
    const create = runtime.split('\n').find((line) => line.startsWith('RUN ') && line.includes(`mkdir -p ${dataDir}`));
    expect(create, `a RUN line creating ${dataDir}`).toBeDefined();
    expect(create).toMatch(new RegExp(`chown -R ${user}:${user} ${dataDir}(\\s|$)`));
    expect(runtime.indexOf(create!)).toBeLessThan(runtime.indexOf(`USER ${user}`));
  });
});
