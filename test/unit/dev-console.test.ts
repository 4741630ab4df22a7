// The pieces of npm run dev's console: the progress line (in place on a terminal, a line every 30 s piped, never
// the same line twice), the Temporal CLI build's phases read from `go install -v`, and log lines for a person.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prettyLine } from '../../infra/console/pretty.js';
import { DevConsole, PIPED_PROGRESS_EVERY_MS } from '../../infra/console/terminal.js';
import { fromRoot } from '../../infra/paths.js';
import { buildPhase, ensureTemporalBinary } from '../../infra/temporal/binary.js';

const stream = (isTTY: boolean) => {
  const writes: string[] = [];
  return { isTTY, columns: 120, write: (text: string) => writes.push(text), writes };
};

afterEach(() => vi.useRealTimers());

describe('the progress line', () => {
  it('updates one line in place on a terminal, the time so far in it, and prints other lines above it', () => {
    vi.useFakeTimers();
    const out = stream(true);
    const console = new DevConsole(out);
    const progress = console.progress('Temporal CLI', 'building');
    vi.advanceTimersByTime(3_000);
    progress.update('compiling (3 packages: go.temporal.io/api/common/v1)');
    console.line('a log line');
    vi.advanceTimersByTime(2_000);
    progress.done('Temporal CLI: built in 5 s');
    const text = out.writes.join('');
    // Only two lines end: the log line and the last one; everything else was redrawn with \r.
    const shown = text
      // eslint-disable-next-line no-control-regex -- the terminal's escape sequences are what it strips
      .replace(/\u001b\[[0-9;]*[A-Za-z]/g, '')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\r').pop());
    expect(shown).toEqual(['a log line', 'Temporal CLI: built in 5 s']);
    expect(text).toContain('Temporal CLI: building (3 s)');
    expect(text).toContain('compiling (3 packages: go.temporal.io/api/common/v1) (5 s)');
  });

  it('piped, prints the step once and then a line every 30 s, each with its time, never the same twice', () => {
    vi.useFakeTimers();
    const out = stream(false);
    const progress = new DevConsole(out).progress('Temporal CLI', 'building');
    progress.update('downloading modules (12: go.temporal.io/sdk)');
    vi.advanceTimersByTime(PIPED_PROGRESS_EVERY_MS * 3 + 1_000);
    progress.done('Temporal CLI: built in 91 s');
    const lines = out.writes.join('').split('\n').filter(Boolean);
    expect(out.writes.join('')).not.toContain('\r');
    expect(lines).toEqual([
      'Temporal CLI: building',
      'Temporal CLI: downloading modules (12: go.temporal.io/sdk) (30 s)',
      'Temporal CLI: downloading modules (12: go.temporal.io/sdk) (60 s)',
      'Temporal CLI: downloading modules (12: go.temporal.io/sdk) (90 s)',
      'Temporal CLI: built in 91 s',
    ]);
  });
});

describe('the Temporal CLI build', () => {
  it('reads downloading and compiling from go install -v', () => {
    const counts = { modules: 0, packages: 0 };
    expect(buildPhase('go: downloading go.temporal.io/api v1.43.0', counts)).toBe(
      'downloading modules (1: go.temporal.io/api)',
    );
    expect(buildPhase('github.com/temporalio/cli/temporalcli', counts)).toBe(
      'compiling (1 packages: github.com/temporalio/cli/temporalcli)',
    );
    expect(buildPhase('some other chatter here', counts)).toBeNull();
  });

  it('shows the build on one progress line and ends with what it did', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pvs-build-'));
    try {
      const script = path.join(dir, 'build.sh');
      writeFileSync(
        script,
        [
          'echo "go: downloading go.temporal.io/api v1.43.0" >&2',
          'echo "go.temporal.io/api/common/v1" >&2',
          'echo "github.com/temporalio/cli/temporalcli" >&2',
          `echo ${dir}/temporal`,
        ].join('\n'),
      );
      chmodSync(script, 0o755);
      const out = stream(true);
      const console = new DevConsole(out);
      // No binary anywhere (no TEMPORAL_CLI_PATH, none on PATH, none built in the checkout) and Go present (a
      // stand-in): the build runs.
      writeFileSync(path.join(dir, 'go'), '#!/bin/sh\necho go version go1.25 stand-in\n');
      chmodSync(path.join(dir, 'go'), 0o755);
      const savedPath = process.env.PATH;
      process.env.PATH = `${dir}:/usr/bin:/bin`;
      let found: string | null;
      try {
        found = await ensureTemporalBinary(undefined, (label, state) => console.progress(label, state), {
          script,
          built: path.join(dir, 'none'),
          downloads: path.join(dir, 'downloads'),
          probe: async () => {
            throw new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } });
          },
        });
      } finally {
        process.env.PATH = savedPath;
      }
      expect(found).toBe(`${dir}/temporal`);
      const text = out.writes.join('');
      expect(text).toContain('compiling (2 packages: github.com/temporalio/cli/temporalcli)');
      expect(text.split('\n').filter(Boolean).pop()).toMatch(
        /Temporal CLI: built in \d+ s \(1 modules downloaded, 2 packages compiled\)$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the first start: the released dev server downloaded where it can be, built with Go where not', () => {
  /** A stand-in build script printing its binary's path, a stand-in `go` on PATH, and where downloads go. */
  const standIns = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pvs-first-start-'));
    const script = path.join(dir, 'build.sh');
    writeFileSync(script, `echo "github.com/temporalio/cli/temporalcli" >&2\necho ${dir}/built-temporal\n`);
    writeFileSync(path.join(dir, 'go'), '#!/bin/sh\necho go version go1.25 stand-in\n');
    chmodSync(path.join(dir, 'go'), 0o755);
    return { dir, script, built: path.join(dir, 'none'), downloads: path.join(dir, 'downloads') };
  };
  const run = async (sources: Parameters<typeof ensureTemporalBinary>[2] & { dir: string }) => {
    const out = stream(false);
    const console = new DevConsole(out);
    const savedPath = process.env.PATH;
    process.env.PATH = `${sources.dir}:/usr/bin:/bin`;
    try {
      const found = await ensureTemporalBinary(undefined, (label, state) => console.progress(label, state), sources);
      return { found, lines: out.writes.join('').split('\n').filter(Boolean) };
    } finally {
      process.env.PATH = savedPath;
    }
  };

  it('offline, gives up the download at once and says so, then builds, saying what a build costs', async () => {
    const s = standIns();
    try {
      let downloads = 0;
      const { found, lines } = await run({
        ...s,
        probe: async () => {
          throw new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } });
        },
        download: async () => void (downloads += 1),
      });
      expect(found).toBe(`${s.dir}/built-temporal`);
      expect(downloads).toBe(0);
      expect(lines).toEqual([
        'Temporal CLI: not found: downloading the released dev server (seconds to a minute; tried only if temporal.download answers)',
        'Temporal CLI: no download (ENOTFOUND) after 0 s',
        'Temporal CLI: building it with Go (once; 2 to 7 minutes on 2 cores)',
        expect.stringMatching(/^Temporal CLI: built in \d+ s \(0 modules downloaded, 1 packages compiled\)$/),
      ]);
    } finally {
      rmSync(s.dir, { recursive: true, force: true });
    }
  });

  it('bounds a download that hangs by its timeout, then builds', async () => {
    const s = standIns();
    try {
      const { found, lines } = await run({
        ...s,
        probe: async () => undefined,
        download: () => new Promise(() => undefined),
        downloadTimeoutMs: 300,
      });
      expect(found).toBe(`${s.dir}/built-temporal`);
      expect(lines[1]).toBe('Temporal CLI: no download (the download took longer than 0 s) after 0 s');
      expect(lines[2]).toBe('Temporal CLI: building it with Go (once; 2 to 7 minutes on 2 cores)');
    } finally {
      rmSync(s.dir, { recursive: true, force: true });
    }
  });

  it('uses the download when there is one, and finds it there at the next start without asking again', async () => {
    const s = standIns();
    try {
      const download = async (dir: string) => {
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, 'temporal-sdk-typescript-1.24.0.downloading'), '');
        writeFileSync(path.join(dir, 'temporal-sdk-typescript-1.24.0'), '#!/bin/sh\n');
        chmodSync(path.join(dir, 'temporal-sdk-typescript-1.24.0'), 0o755);
      };
      const first = await run({ ...s, probe: async () => undefined, download });
      expect(first.found).toBe(path.join(s.downloads, 'temporal-sdk-typescript-1.24.0'));
      expect(first.lines.pop()).toMatch(/^Temporal CLI: downloaded in \d+ s$/);
      const second = await run({
        ...s,
        probe: () => Promise.reject(new Error('not asked')),
        download: () => Promise.reject(new Error('not asked')),
      });
      expect(second).toEqual({ found: first.found, lines: [] });
    } finally {
      rmSync(s.dir, { recursive: true, force: true });
    }
  });

  it('is what the README says a first start costs, in its first lines', () => {
    const head = readFileSync(fromRoot('README.md'), 'utf8').split('\n').slice(0, 30).join(' ');
    expect(head).toContain('What the first start costs');
    expect(head).toMatch(/downloads the released one \(a few\s+seconds to a minute/);
    expect(head).toMatch(/\*\*2 to 7 minutes\*\*/);
    expect(head).toMatch(/Ready in about \*\*10 s\*\*/);
  });
});

describe('log lines for a person', () => {
  it('prints one short line: time, level, component, message, an error as its class and message, no stack', () => {
    const json = JSON.stringify({
      level: 40,
      time: Date.UTC(2026, 0, 1, 12, 4, 5),
      pid: 1,
      hostname: 'h',
      name: 'dev',
      component: 'temporal',
      msg: 'callback of job j1 failed (HTTP 500), attempt 2; next try in 2 s',
      job_id: 'j1',
      status: 500,
      err: {
        type: 'ApplicationFailure',
        message: 'webhook attempt 2 failed',
        stack: 'ApplicationFailure: x\n    at y',
      },
    });
    const line = prettyLine(json)!;
    expect(line).toMatch(
      /^\d\d:\d\d:\d\d +WARN +temporal +callback of job j1 failed \(HTTP 500\), attempt 2; next try in 2 s {2}\(ApplicationFailure: webhook attempt 2 failed\) {2}job_id=j1 status=500$/,
    );
    expect(line).not.toMatch(/stack|\n|pid|hostname/);
    expect(prettyLine('not json')).toBeNull();
  });
});
