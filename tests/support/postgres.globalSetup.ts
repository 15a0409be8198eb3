// Once per test run (API tests and browser journeys): one real PostgreSQL server, its template database
// migrated; every test file copies the template into a fresh database of its own (tests/support/database.ts).
import { SERVER_VARIABLE, startTestServer } from "./database";

export default async function setup(): Promise<() => Promise<void>> {
  const { adminUrl, server } = await startTestServer();
  // The test files' processes are started after this and inherit it.
  process.env[SERVER_VARIABLE] = adminUrl;
  return async () => {
    await server?.stop();
  };
}
