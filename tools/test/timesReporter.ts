// A Vitest reporter that keeps each test file's time (its import, setup and hooks included, which the
// JSON reporter's per-file times leave out) in test-results/times.json, for `node tools/test/times.ts`.
// It reads the same figures from a live run and from `vitest --merge-reports` (what `npm test` prints).
// `npm test` runs Vitest twice (unit and API, then the journeys): a run replaces the files of its own
// projects and keeps the others', so the file holds the whole command's figures at its end.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export const TIMES_FILE = join(import.meta.dirname, "..", "..", "test-results", "times.json");

export interface FileTime {
  project: string;
  /** The path from the repository's root. */
  file: string;
  tests: number;
  failed: boolean;
  /**
   * When the file began (epoch milliseconds; 0 when no test ran): its first test's start less the
   * import and set-up before it (a beforeAll's time is not known apart, so it is left out).
   */
  startedAt: number;
  /** Environment, harness, import, setup files, tests and hooks. */
  ms: number;
}

export default class TimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const root = join(import.meta.dirname, "..", "..");
    const files: FileTime[] = modules.map((module) => {
      const spent = module.diagnostic();
      const starts = [...module.children.allTests()].map((test) => test.diagnostic()?.startTime ?? 0).filter((start) => start > 0);
      const before = spent.environmentSetupDuration + spent.prepareDuration + spent.collectDuration + spent.setupDuration;
      return {
        project: module.project.name,
        file: relative(root, module.moduleId),
        tests: [...module.children.allTests()].length,
        failed: !module.ok(),
        startedAt: starts.length ? Math.round(Math.min(...starts) - before) : 0,
        ms: Math.round(spent.environmentSetupDuration + spent.prepareDuration + spent.collectDuration + spent.setupDuration + spent.duration),
      };
    });
    const projects = new Set(files.map((file) => file.project));
    const kept = existsSync(TIMES_FILE)
      ? (JSON.parse(readFileSync(TIMES_FILE, "utf8")) as { files: FileTime[] }).files.filter((file) => !projects.has(file.project))
      : [];
    mkdirSync(dirname(TIMES_FILE), { recursive: true });
    writeFileSync(TIMES_FILE, `${JSON.stringify({ writtenAt: new Date().toISOString(), files: [...kept, ...files] }, null, 1)}\n`);
  }
}
