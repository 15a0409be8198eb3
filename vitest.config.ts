// Three test projects: unit (beside the code, milliseconds), api (function handlers against a local
// blobs server and a fake Square), e2e (Chromium against the dev server with a fixed clock).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "unit", include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tools/**/*.test.ts"], environment: "node" },
      },
      {
        test: { name: "api", include: ["tests/api/**/*.test.ts"], setupFiles: ["tests/support/api.setup.ts"], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          setupFiles: ["tests/support/local.setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts its own dev server; two cores cannot run several at once.
          fileParallelism: false,
        },
      },
    ],
  },
});
