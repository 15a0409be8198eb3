// Vitest setup: tests run as the local development context, like `astro dev` (see src/server/env.ts).
import { afterEach, beforeEach } from "vitest";
import { whatPagesShow } from "./browser";
import { setDeployContext } from "./deployContext";
import { takeSchemaViolations } from "./squareSchema";

setDeployContext("dev");
// Staff passwords at a cheaper scrypt cost, as in the API tests (tests/support/api.setup.ts).
process.env.STAFF_PASSWORD_SCRYPT_LOG2N ??= "10";

// A journey whose requests to the fake Square, or whose fake's answers, break Square's published API
// description fails here, naming each field (tests/support/squareSchema.ts).
afterEach(() => {
  const violations = takeSchemaViolations();
  if (violations.length > 0) throw new Error(`Square API description broken:\n${[...new Set(violations)].join("\n")}`);
});

// A failed journey prints what its open pages showed when it failed.
beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    const shown = await whatPagesShow();
    if (shown) console.error(`What the open pages showed when the test failed:\n${shown}`);
  });
});
