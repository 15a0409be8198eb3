// A Netlify Database for tests: PGlite (Postgres compiled to WebAssembly, as the local dev server
// runs it) in this process, in memory, with the project's migrations applied as Netlify applies them
// on deploy. The code under test reaches it the way a deployed function does, through NETLIFY_DB_URL.
import { join } from "node:path";
import { NetlifyDB } from "@netlify/database-dev";

export const MIGRATIONS = join(import.meta.dirname, "..", "..", "netlify", "database", "migrations");

export interface TestDatabase {
  url: string;
  /** Rows of a statement run directly on the database (to look at what the code stored). */
  rows<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The number of rows of a table, optionally with a WHERE condition. */
  count(table: string, where?: string, params?: unknown[]): Promise<number>;
  stop(): Promise<void>;
}

let current: TestDatabase | undefined;

/** The database of this test file (started by tests/support/api.setup.ts). */
export function testDatabase(): TestDatabase {
  if (!current) throw new Error("No test database: API tests start one in tests/support/api.setup.ts");
  return current;
}

export async function startTestDatabase(): Promise<TestDatabase> {
  const database = new NetlifyDB({ logger: () => {} });
  // A user in the URL, as the one Netlify gives a deployed function has (tests also play deployed contexts).
  const url = (await database.start()).replace("postgres://", "postgres://postgres@");
  // PGlite's wire server leaves Nagle's algorithm on: each parameterised statement (several small
  // messages each way) then waits ~40 ms for a delayed ACK. A real Postgres sets TCP_NODELAY.
  (database as unknown as { server?: import("node:net").Server }).server?.on("connection", (socket) => socket.setNoDelay(true));
  await database.applyMigrations(MIGRATIONS);
  process.env.NETLIFY_DB_URL = url;
  process.env.NETLIFY_DB_DRIVER = "server";
  const rows = async <T>(text: string, params?: unknown[]) => (await database.query<T>(text, params)).rows;
  const started: TestDatabase = {
    url,
    rows,
    async count(table, where, params) {
      const [row] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}${where ? ` WHERE ${where}` : ""}`, params);
      return row?.n ?? 0;
    },
    async stop() {
      if (current === started) current = undefined;
      await database.stop();
    },
  };
  // The first database started in a test file is the file's (a second one stands for another deploy's).
  current ??= started;
  return started;
}
