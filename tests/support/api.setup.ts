// Vitest setup of the API tests: the local development context (see src/server/env.ts), and a fresh
// database of this test file's own, migrations applied, closed after it.
import { afterAll, afterEach } from "vitest";
import { closeDatabase } from "../../src/server/platform/database";
// Tests that call the server's modules straight (the outbox worker, reconciliation) meet the rooms as
// every function does: through the composition list's registrations.
import "../../src/server/participants";
import { startTestDatabase } from "./database";
import { setDeployContext } from "./deployContext";
import { takeSchemaViolations } from "./squareSchema";

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
  await closeDatabase();
  await database.stop();
});
