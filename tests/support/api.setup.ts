// Vitest setup of the API tests: the local development context (see src/server/env.ts), and a fresh
// database of this test file's own, migrations applied, closed after it.
import { afterAll } from "vitest";
import { closeDatabase } from "../../src/server/platform/database";
import { startTestDatabase } from "./database";
import { setDeployContext } from "./deployContext";

setDeployContext("dev");
// Mail, new charges and Square calls go as fast as the tests send them (the fake Square has no limit);
// each bound is proven where a test sets its own.
process.env.MAIL_RATE_PER_MINUTE ??= "60000";
process.env.SQUARE_CHECKOUTS_PER_SECOND ??= "1000";
process.env.SQUARE_CALLS_IN_FLIGHT ??= "0";
const database = await startTestDatabase();

afterAll(async () => {
  await closeDatabase();
  await database.stop();
});
