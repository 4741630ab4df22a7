// The pieces of npm run dev's console: the progress line (in place on a terminal, a line every 30 s piped, never
// the same line twice), the Temporal CLI build's phases read from `go install -v`, and log lines for a person.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prettyLine } from '../../infra/console/pretty.js';
import { DevConsole, PIPED_PROGRESS_EVERY_MS } from '../../infra/console/terminal.js';
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
        found = await ensureTemporalBinary(
          undefined,
          (label, state) => console.progress(label, state),
          script,
          path.join(dir, 'none'),
        );
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
