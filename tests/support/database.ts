// A Netlify Database for tests: a real PostgreSQL (tools/localPostgres.ts), one server per test run,
// and a fresh database for each test file copied from a template that has every migration applied (as
// Netlify applies them on deploy). The code under test reaches it the way a deployed function does,
// through NETLIFY_DB_URL, on its own pool of several connections.
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { ensureDatabase, migrate, startLocalPostgres, withClient, type LocalPostgres } from "../../tools/localPostgres.ts";

/** Where a run's server is, for the processes of that run (set by tests/support/postgres.globalSetup.ts). */
export const SERVER_VARIABLE = "JEALOUS_FORK_TEST_POSTGRES";
const TEMPLATE = "jealous_fork_template";

export interface TestDatabase {
  url: string;
  /** Rows of a statement run directly on the database (to look at what the code stored). */
  rows<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The number of rows of a table, optionally with a WHERE condition. */
  count(table: string, where?: string, params?: unknown[]): Promise<number>;
  stop(): Promise<void>;
}

export interface TestServer {
  /** The server's administration database, where databases are created from the template. */
  adminUrl: string;
  server?: LocalPostgres;
}

/**
 * Starts a scratch server (data in a temporary folder, removed at stop) with the migrated template.
 * A test run does this once (global setup); a tool that runs alone (load, bench) does it itself.
 */
export async function startTestServer(): Promise<TestServer> {
  const folder = await mkdtemp(join(tmpdir(), "jealous-fork-postgres-"));
  const server = await startLocalPostgres({ dataDir: join(folder, "data"), port: 55432, persistent: false, scratch: true });
  await ensureDatabase(server.url(), TEMPLATE);
  await migrate(server.url(TEMPLATE));
  return { adminUrl: server.url(), server };
}

let ownServer: Promise<TestServer> | undefined;

/** The run's server, or one of this process's own when no run started one. */
function testServer(): Promise<TestServer> {
  const shared = process.env[SERVER_VARIABLE];
  if (shared) return Promise.resolve({ adminUrl: shared });
  ownServer ??= startTestServer().then((started) => {
    process.once("beforeExit", () => void started.server?.stop());
    return started;
  });
  return ownServer;
}

/** Stops this process's own server, if it started one (tools that end). */
export async function stopOwnTestServer(): Promise<void> {
  const started = await ownServer;
  ownServer = undefined;
  await started?.server?.stop();
}

let current: TestDatabase | undefined;

/** The database of this test file (started by tests/support/api.setup.ts). */
export function testDatabase(): TestDatabase {
  if (!current) throw new Error("No test database: API tests start one in tests/support/api.setup.ts");
  return current;
}

/** A fresh database with every migration applied, its URL in NETLIFY_DB_URL. */
export async function startTestDatabase(): Promise<TestDatabase> {
  const { adminUrl } = await testServer();
  const name = `test_${randomBytes(6).toString("hex")}`;
  await withClient(adminUrl, async (client) => {
    // Two files copying the template at the same instant: Postgres refuses the second (55006) while the
    // first copy holds it; a moment later it succeeds.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
      } catch (error) {
        if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on("error", () => undefined);
  process.env.NETLIFY_DB_URL = url.toString();
  process.env.NETLIFY_DB_DRIVER = "server";
  const rows = async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[];
  const started: TestDatabase = {
    url: url.toString(),
    rows,
    async count(table, where, params) {
      const [row] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}${where ? ` WHERE ${where}` : ""}`, params);
      return row?.n ?? 0;
    },
    async stop() {
      if (current === started) current = undefined;
      await pool.end();
      await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);
    },
  };
  // The first database started in a test file is the file's (a second one stands for another deploy's).
  current ??= started;
  return started;
}
