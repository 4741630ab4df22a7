// The alerting rules of ops/prometheus (issue 58, item 3): valid for Prometheus, each tested firing and resolving by
// promtool's own rule tests, each with a runbook section in docs/operations.md, and the Prometheus and Alertmanager
// configurations the compose file loads are valid. Debian's prometheus and prometheus-alertmanager packages ship
// promtool and amtool (.ci/run installs them).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../infra/paths.js';
import { runsWhere } from '../support/ci.js';

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const run = (command: string, ...args: string[]) => {
  const result = spawnSync(command, args, { cwd: fromRoot(), encoding: 'utf8' });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
};

interface Rules {
  groups: { rules: { alert: string; annotations: Record<string, string>; labels: Record<string, string> }[] }[];
}
const alerts = (yaml.load(readFileSync(fromRoot('ops/prometheus/alerts.yml'), 'utf8')) as Rules).groups.flatMap(
  (group) => group.rules,
);

describe.runIf(runsWhere(has('promtool')))('the alerting rules', () => {
  it('are valid, and pass their unit tests (each alert fires on its state and resolves after it)', () => {
    const checked = run('promtool', 'check', 'rules', 'ops/prometheus/alerts.yml');
    expect(checked.out).toContain(`SUCCESS: ${alerts.length} rules found`);
    const tested = run('promtool', 'test', 'rules', 'ops/prometheus/alerts.test.yml');
    expect(tested.out, tested.out).toContain('SUCCESS');
    expect(tested.code).toBe(0);
  });

  it("promtool's tests fail when a rule no longer fires where it should", () => {
    // The same tests against a copy whose parked-events threshold is raised: the firing case must fail.
    const dir = execFileSync('mktemp', ['-d'], { encoding: 'utf8' }).trim();
    const rules = readFileSync(fromRoot('ops/prometheus/alerts.yml'), 'utf8').replace(
      'max by (projection) (pvs_projection_parked_events) > 0',
      'max by (projection) (pvs_projection_parked_events) > 5',
    );
    execFileSync('sh', ['-c', `cat > ${dir}/alerts.yml`], { input: rules });
    execFileSync('cp', [fromRoot('ops/prometheus/alerts.test.yml'), dir]);
    const tested = spawnSync('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: dir, encoding: 'utf8' });
    expect(tested.status).not.toBe(0);
    expect(tested.stdout + tested.stderr).toContain('alertname: ProjectionParkedEvents');
  });

  it('every alert is tested, firing and resolved, and has a summary, a severity and a runbook section', () => {
    const tests = readFileSync(fromRoot('ops/prometheus/alerts.test.yml'), 'utf8');
    const runbook = readFileSync(fromRoot('docs/operations.md'), 'utf8');
    for (const alert of alerts) {
      expect(tests, alert.alert).toMatch(new RegExp(`alertname: ${alert.alert}\\n\\s+exp_alerts:\\n\\s+- exp_labels`));
      expect(tests, alert.alert).toMatch(new RegExp(`alertname: ${alert.alert}, exp_alerts: \\[\\] \\}`));
      expect(alert.annotations.summary, alert.alert).toBeTruthy();
      expect(['warning', 'critical']).toContain(alert.labels.severity);
      expect(alert.annotations.runbook).toBe(`docs/operations.md#${alert.alert.toLowerCase()}`);
      const section = new RegExp(`^### ${alert.alert}\\n[\\s\\S]*?What it means[\\s\\S]*?Look at[\\s\\S]*?Do`, 'm');
      expect(runbook, `docs/operations.md has a runbook for ${alert.alert}`).toMatch(section);
    }
  });

  it('the Prometheus configuration the compose file mounts loads the rules and points at Alertmanager', () => {
    const checked = run('promtool', 'check', 'config', 'ops/prometheus/prometheus.yml');
    expect(checked.out).toContain(`SUCCESS: ${alerts.length} rules found`);
    const config = yaml.load(readFileSync(fromRoot('ops/prometheus/prometheus.yml'), 'utf8')) as Record<string, any>;
    expect(config.rule_files).toEqual(['alerts.yml']);
    expect(config.alerting.alertmanagers[0].static_configs[0].targets).toEqual(['alertmanager:9093']);
  });
});

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(fromRoot('ops/grafana/dashboards/pvs-business.json'), 'utf8')) as {
    panels: { title: string; description?: string; targets: { expr: string }[] }[];
  };
  const metricsOf = (expr: string) =>
    new Set([...expr.matchAll(/\b(pvs_[a-z_]+|http_request_duration_seconds_[a-z]+|up)\b/g)].map((m) => m[1]!));

  it('says on every panel what normal looks like', () => {
    for (const panel of dashboard.panels) expect(panel.description ?? '', panel.title).toMatch(/Normal: \S/);
  });

  it('has a panel for what every alert watches', () => {
    const shown = new Set(dashboard.panels.flatMap((panel) => panel.targets.flatMap((t) => [...metricsOf(t.expr)])));
    const rules = yaml.load(readFileSync(fromRoot('ops/prometheus/alerts.yml'), 'utf8')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    for (const rule of rules.groups.flatMap((group) => group.rules)) {
      // `up` is Prometheus's own: the scrape failing has no panel of the service's to show it.
      const watched = [...metricsOf(rule.expr)].filter((name) => name !== 'up');
      for (const name of watched) expect(shown.has(name), `${rule.alert}: ${name} on a panel`).toBe(true);
    }
  });
});

describe.runIf(runsWhere(has('amtool')))('the Alertmanager configuration', () => {
  it('is valid', () => {
    const checked = run('amtool', 'check-config', 'ops/alertmanager/alertmanager.yml');
    expect(checked.out).toContain('SUCCESS');
    expect(checked.code).toBe(0);
  });
});
