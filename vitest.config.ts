// Three test projects: unit (beside the code, milliseconds), api (function handlers against a database
// of each file's own on one real PostgreSQL, and a fake Square), e2e (Chromium against the production build, served locally
// with its functions, at a fixed clock; and tests/e2e/netlify-runtime.e2e.ts, the same build under Netlify's own local runtime
// with the functions bundled as a deploy bundles them).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "unit", include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tools/**/*.test.ts"], environment: "node" },
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
          // One Chromium at a time: two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
