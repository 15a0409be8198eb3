// Three test projects: unit (beside the code, milliseconds), api (function handlers against a database
// of each file's own on one real PostgreSQL, and a fake Square), e2e (Chromium against the production build, served locally
// with its functions, at a fixed clock; and tests/e2e/netlify-runtime.e2e.ts, the same build under Netlify's own local runtime
// with the functions bundled as a deploy bundles them).
import { defineConfig } from "vitest/config";
import SlowFirst from "./tools/test/slowFirst";

export default defineConfig({
  test: {
    // Each file's time, its hooks included, in test-results/times.json: `node tools/test/times.ts` prints them.
    reporters: ["default", "./tools/test/timesReporter.ts"],
    sequence: { sequencer: SlowFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tools/**/*.test.ts"],
          environment: "node",
          // Two workers, in the API project's group: Vitest's default on two cores is one worker, and projects
          // of one group share the run's workers, so the unit files fill the API files' waits (Postgres, the
          // fakes' sockets, a production time-out) instead of running alone before them.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          // One PostgreSQL server per run; each file copies its migrated template into a database of its own.
          globalSetup: ["tests/support/postgres.globalSetup.ts"],
          setupFiles: ["tests/support/api.setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest's default on two cores is one worker; files wait on Postgres, the fakes and their
          // sockets as much as on the CPU, and share nothing (a database, fakes and ports of their own).
          maxWorkers: 2,
          // The server's modules are loaded once per worker, not once per file: loading them took most of a
          // small file's time (5.5 s of 8 on a busy machine). Each file still gets its own database, and
          // api.setup.ts leaves the process as the file found it (environment, kept memory, mocks).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          setupFiles: ["tests/support/local.setup.ts"],
          // One production build per run, served in-process to each file (tests/support/site.ts).
          globalSetup: ["tests/support/postgres.globalSetup.ts", "tests/support/e2e.globalSetup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for what a page will show; Vitest's default second is shorter than a busy
          // machine's render after a click, and a poll that passes at once is not slowed by it.
          expect: { poll: { timeout: 15_000 } },
          // Three files at a time, each with its own site, database, fakes and browser. The deployed-bundle file
          // (no browser; minutes of bundling, then one call after another) holds a worker for most of the run,
          // and a journey waits on its pages as much as it computes: with two workers, one journey at a time
          // ran beside it and the two cores were 1.25 busy on average (docs/testing.md has the figures).
          maxWorkers: 3,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
