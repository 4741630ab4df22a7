// Vitest 4 says only "Worker exited unexpectedly" when a fork dies mid-file, and the file's results vanish from
// the count without its name (207 passed of 209, and no failure to read). This reporter names, after the summary,
// every file that started and never finished, so the tail of a CI log says where to look.
import type { Reporter, TestModule } from 'vitest/node';

export default class UnfinishedReporter implements Reporter {
  private readonly started = new Map<string, TestModule>();

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, module);
  }

  onTestModuleEnd(module: TestModule): void {
    this.started.delete(module.moduleId);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const unfinished = new Map(this.started);
    // A module the pool never handed back shows as pending or queued even if its start went unreported.
    for (const module of modules) {
      const state = module.state();
      if (state === 'pending' || state === 'queued') unfinished.set(module.moduleId, module);
    }
    if (unfinished.size === 0) return;
    const lines = [...unfinished.values()].map(
      (module) => `  ${module.project.name}: ${module.relativeModuleId} (${module.state()})`,
    );
    process.stderr.write(`\nTest files that started and never finished (their fork exited?):\n${lines.join('\n')}\n`);
  }
}
