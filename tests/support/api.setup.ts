// Vitest setup of the API tests: the local development context (see src/server/env.ts), and a fresh
// database of this test file's own, migrations applied, closed after it.
import { afterAll, afterEach, vi } from "vitest";
import { closeDatabase } from "../../src/server/platform/database";
import { forgetInstanceMemory } from "../../src/server/platform/instanceMemory";
// Tests that call the server's modules straight (the outbox worker, reconciliation) meet the rooms as
// every function does: through the composition list's registrations.
import "../../src/server/participants";
import { startTestDatabase } from "./database";
import { settleBackgroundWork } from "./functions";
import { setDeployContext } from "./deployContext";
import { takeSchemaViolations } from "./squareSchema";

// The test files of one worker share a process (the project's `isolate: false`: the server's modules are
// loaded once per worker, not once per file), so each file leaves it as it found it: the environment (its
// fake Square's address, a budget it set), what the server keeps in memory, mocks and clocks.
const environment = { ...process.env };
setDeployContext("dev");
// Mail, new charges and Square calls go as fast as the tests send them (the fake Square has no limit);
// each bound is proven where a test sets its own.
process.env.MAIL_RATE_PER_MINUTE ??= "60000";
process.env.SQUARE_CHECKOUTS_PER_SECOND ??= "1000";
process.env.SQUARE_CALLS_IN_FLIGHT ??= "0";
// Staff passwords hashed at scrypt's N = 2^10 instead of 2^16: the suites count slow hashes, not their
// cost, and sign in hundreds of times; the deployed cost is src/server/staff/passwords.test.ts's to prove.
process.env.STAFF_PASSWORD_SCRYPT_LOG2N ??= "10";
const database = await startTestDatabase();

// A test whose requests to the fake Square, or whose fake's answers, break Square's published API
// description fails here, naming each field (tests/support/squareSchema.ts).
afterEach(() => {
  const violations = takeSchemaViolations();
  if (violations.length > 0) throw new Error(`Square API description broken:\n${[...new Set(violations)].join("\n")}`);
});

afterAll(async () => {
  await settleBackgroundWork();
  await closeDatabase();
  await database.stop();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  forgetInstanceMemory();
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
